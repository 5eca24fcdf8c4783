"""The end-of-game rewards the adapters pay: ``"rank"`` (the default) or ``"money"``.

With them, the checks and bounds every adapter shares, so that they refuse
alike and declare the same observation space.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from modern_art.data.rules import Rules

__all__ = [
    "REWARDS",
    "Reward",
    "check_render_mode",
    "check_reward",
    "final_rewards",
    "most_money",
    "observation_high",
    "reward_bounds",
]

Reward = Literal["rank", "money"]
"""How a finished game is scored for learning."""

REWARDS: tuple[Reward, ...] = ("rank", "money")


def check_reward(reward: object) -> Reward:
    """``reward`` if it names a scoring, else a ValueError."""
    if reward == "rank":
        return "rank"
    if reward == "money":
        return "money"
    raise ValueError(f"reward must be one of {REWARDS!r}, got {reward!r}")


def check_players(rules: Rules, players: object) -> int:
    """``players`` if it is a table size ``rules`` allow (R1.1), else a ValueError.

    Every adapter checks its ``players`` argument with this, so they refuse alike.
    """
    if type(players) is not int or not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"players must be from {rules.min_players} to {rules.max_players},"
            f" got {players!r} (R1.1)"
        )
    return players


def check_render_mode(render_mode: object) -> str | None:
    """``render_mode`` if it is ``None`` or ``"ansi"`` (the spectator's board as text).

    Anything else is a ValueError.
    """
    if render_mode is None:
        return None
    if render_mode == "ansi":
        return "ansi"
    raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")


def observation_high(rules: Rules, players: int) -> float:
    """The largest number an observation holds: a count of cards, or money over starting money.

    >>> import modern_art as ma
    >>> from modern_art.envs.rewards import observation_high
    >>> observation_high(ma.Rules(), 4)
    85.6
    """
    return max(len(rules.deck), most_money(rules, players) / (rules.starting_money or 1))


def final_rewards(money: Sequence[int], reward: Reward, rules: Rules) -> tuple[float, ...]:
    """Each seat's reward for a game that ended with ``money``; the rewards sum to 0.

    - ``"rank"``: (seats with less money - seats with more money) / (n - 1):
      1 for a sole winner, -1 for the sole last, shared places in between
      (R8.2: most money wins; exact ties share).
    - ``"money"``: (own money - the table's mean money) / ``rules.starting_money``.

    >>> import modern_art as ma
    >>> from modern_art.envs.rewards import final_rewards
    >>> final_rewards([120, 90, 120], "rank", ma.Rules())
    (0.5, -1.0, 0.5)
    >>> final_rewards([120, 90, 120], "money", ma.Rules())
    (0.1, -0.2, 0.1)
    """
    n = len(money)
    if reward == "rank":
        return tuple(
            (sum(m < mine for m in money) - sum(m > mine for m in money)) / (n - 1)
            for mine in money
        )
    mean = sum(money) / n
    scale = rules.starting_money or 1
    return tuple(round((mine - mean) / scale, 12) for mine in money)


def most_money(rules: Rules, players: int) -> int:
    """The most money one seat (or the whole table) can ever hold.

    The starting money plus every dealt painting sold at the highest value an
    artist can reach, one top tile a round: the bound of
    :func:`modern_art.testing.max_money`, repeated here so that the adapters
    need no Hypothesis.

    >>> import modern_art as ma
    >>> from modern_art.envs.rewards import most_money
    >>> most_money(ma.Rules(), 4)
    8560
    """
    cards = players * sum(rules.deals(players))
    top = max(rules.value_tiles, default=0)
    return players * rules.starting_money + cards * rules.rounds * top


def reward_bounds(reward: Reward, rules: Rules, players: int) -> tuple[float, float]:
    """The least and the most reward a seat can get.

    >>> import modern_art as ma
    >>> from modern_art.envs.rewards import reward_bounds
    >>> reward_bounds("rank", ma.Rules(), 3)
    (-1.0, 1.0)
    """
    if reward == "rank":
        return (-1.0, 1.0)
    bound = most_money(rules, players) / (rules.starting_money or 1)
    return (-bound, bound)
