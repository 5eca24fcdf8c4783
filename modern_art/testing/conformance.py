"""Conformance checks: play many random games and check every invariant after every step."""

from __future__ import annotations

import random
import time

from attrs import frozen
from hypothesis import Phase, find, settings
from hypothesis.errors import NoSuchExample

from modern_art.data.rules import Rules
from modern_art.testing.invariants import GameChecker
from modern_art.testing.strategies import PlayedGame, games
from modern_art.testing.violation import InvariantViolation

__all__ = ["CheckReport", "check_game", "check_played"]


@frozen
class CheckReport:
    """What :func:`check_game` checked: games, steps, the longest game."""

    games: int
    """Games played and checked (shrinking included)."""
    steps: int
    """Actions applied and checked after, over all games."""
    longest: int
    """The most actions in one game."""


def check_played(game: PlayedGame, *, exhaustive: bool = False) -> int:
    """Check every invariant after every step of ``game``; return the steps checked.

    Raises:
        InvariantViolation: an invariant fails; the message replays the game.
    """
    checker = GameChecker(game.start, exhaustive=exhaustive)
    for action, step in zip(game.actions, game.steps, strict=False):
        checker.advance(action, step)
    if game.error is not None:
        if len(game.steps) < len(game.actions):
            checker.actions.append(game.actions[-1])
        checker.fail(9 if "raised" in game.error else 5, game.error)
    return checker.steps


def check_game(
    rules: Rules | None = None,
    *,
    games: int = 100,
    players: int | None = None,
    seed: int = 0,
    exhaustive: bool = False,
    shrink_seconds: float = 60.0,
) -> CheckReport:
    """Play ``games`` random games under ``rules`` and check every invariant after every step.

    Each game draws its table size (unless ``players`` is given), a seed or a
    stacked deck, the first auctioneer, and every action from
    :func:`~modern_art.legal_actions`. The nine invariants of
    :data:`~modern_art.testing.INVARIANTS` are checked after every action.
    Like OpenSpiel's ``random_sim_test``, for a new preset, agent or engine
    change.

    Args:
        rules: the rules to check; the CMON defaults if ``None``.
        games: how many games to generate.
        players: a fixed player count; every count the rules allow otherwise.
        seed: makes the run reproducible: the same seed plays the same games.
        exhaustive: try every action of the probe space at every step
            (slow: use small deal schedules).
        shrink_seconds: on a failure, how long Hypothesis may spend shrinking
            the game to a shorter failing one (0: report the first found).

    Returns:
        How many games and steps were checked.

    Raises:
        InvariantViolation: with the shortest failing game found, as a script.

    >>> import modern_art as ma
    >>> from modern_art.testing import check_game
    >>> rules = ma.Rules(min_players=3, max_players=3, deal_schedule={3: (3, 2, 2, 0)})
    >>> report = check_game(rules, games=5)
    >>> report.games, report.steps > 0
    (5, True)
    """
    rules = rules if rules is not None else Rules()
    counts = {"games": 0, "steps": 0, "longest": 0}
    shortest: list[InvariantViolation] = []
    deadline: list[float] = []

    def fails(game: PlayedGame) -> bool:
        if deadline and time.monotonic() > deadline[0]:
            raise _OutOfTime  # stop shrinking: the shortest failure so far is reported
        counts["games"] += 1
        try:
            steps = check_played(game, exhaustive=exhaustive)
        except InvariantViolation as violation:
            counts["steps"] += len(violation.actions)
            if not shortest or len(violation.actions) < len(shortest[0].actions):
                shortest[:] = [violation]
            if not deadline:
                deadline.append(time.monotonic() + shrink_seconds)
            return True
        counts["steps"] += steps
        counts["longest"] = max(counts["longest"], steps)
        return False

    phases = [Phase.explicit, Phase.generate] + ([Phase.shrink] if shrink_seconds > 0 else [])
    try:
        find(
            _games(rules, players=players),
            fails,
            settings=settings(max_examples=games, database=None, deadline=None, phases=phases),
            random=random.Random(seed),
        )
    except (NoSuchExample, _OutOfTime):
        if not shortest:
            return CheckReport(counts["games"], counts["steps"], counts["longest"])
    raise shortest[0]


class _OutOfTime(BaseException):
    """Raised through Hypothesis (which lets BaseExceptions pass) to end shrinking."""


_games = games
