"""Win rates against fixed bots, with Wilson intervals: what the learning curve plots.

The policy (greedy, as the bot ``learned`` plays it) takes one seat against
three of a registry bot (``players - 1`` at other table sizes) in a
:func:`~modern_art.tournament`: seats rotated, every deal played from every
seat, the same seed at every evaluation (so each evaluation plays the same
deals). The rate and its 95% Wilson interval are the tournament's own
(:attr:`~modern_art.Standing.win_rate_ci`). Par is ``1 / players``.
"""

from __future__ import annotations

import functools

from attrs import frozen

from modern_art.agents.learned import LearnedAgent
from modern_art.agents.registry import bot_factory
from modern_art.agents.tournament import tournament
from modern_art.envs.learned import NumpyPolicy

__all__ = ["Evaluation", "evaluate"]


@frozen
class Evaluation:
    """The policy's result against one fixed bot."""

    against: str
    games: int
    win_rate: float
    low: float
    """The 95% Wilson interval's lower end."""
    high: float


def evaluate(
    policy: NumpyPolicy,
    against: str,
    games: int,
    *,
    players: int = 4,
    seed: int = 0,
    workers: int = 1,
) -> Evaluation:
    """Play ``games`` games of ``policy`` against ``players - 1`` bots ``against``.

    >>> from modern_art.envs.learned import load_policy
    >>> from modern_art.train.evaluate import evaluate
    >>> result = evaluate(load_policy(), "random", 8, seed=1)
    >>> result.games, 0 <= result.low <= result.win_rate <= result.high <= 1
    (8, True)
    """
    me = functools.partial(LearnedAgent, policy=policy)
    rival = bot_factory(against)
    result = tournament([me, *[rival] * (players - 1)], games, seed=seed, workers=workers)
    standing = result.standing("learned")
    low, high = standing.win_rate_ci
    return Evaluation(against, result.games, standing.win_rate, low, high)
