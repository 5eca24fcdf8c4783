"""The standings of a tournament: win rates with confidence intervals, money.

:func:`~modern_art.tournament` plays the games; this module sums up their
outcomes (:class:`~modern_art.agents.runner.game.Outcome`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from attrs import frozen

from modern_art.agents.runner.game import Outcome

__all__ = ["Outcome", "Standing", "TournamentResult", "standings", "wilson_interval"]


@frozen
class Standing:
    """How one agent did over a tournament."""

    name: str
    """The agent's short name; seats of agents with the same name are pooled."""
    seats: int
    """How many seats it held in each game."""
    games: int
    """Games played."""
    wins: float
    """Games won; a shared victory of k seats gives each winning seat 1/k."""
    win_rate: float
    """``wins / games``: the share of games won. With ``seats`` of ``players``
    seats, an agent no better than its rivals wins ``seats / players``."""
    win_rate_ci: tuple[float, float]
    """A 95% confidence interval for the win rate (Wilson score interval)."""
    mean_money: float
    """Mean final money per seat it held."""
    money_sd: float
    """Standard deviation of its seats' final money."""
    final_money: tuple[int, ...] = ()
    """Every final money of its seats, game by game: the distribution behind the mean."""


@frozen
class TournamentResult:
    """The outcome of :func:`tournament`."""

    games: int
    """Games played."""
    players: int
    """Seats at each table."""
    standings: tuple[Standing, ...]
    """One entry per agent name, best win rate first."""

    def standing(self, name: str) -> Standing:
        """The standing of the agent called ``name``."""
        for entry in self.standings:
            if entry.name == name:
                return entry
        raise KeyError(name)

    def _repr_html_(self) -> str:
        """The standings as a table and two charts: what Jupyter shows for a result."""
        from modern_art.svg import standings_html  # noqa: PLC0415 (drawing is imported on request)

        return standings_html(self)


def standings(outcomes: Sequence[Outcome], players: int) -> TournamentResult:
    """Sum up ``outcomes``, games of ``players`` seats, one standing per agent name."""
    names = sorted({name for o in outcomes for name in o.agents})
    table = []
    for name in names:
        shares: list[float] = []
        money: list[int] = []
        seats = 0
        for o in outcomes:
            mine = [s for s, agent in enumerate(o.agents) if agent == name]
            seats = len(mine)
            shares.append(sum(1 for s in o.winners if s in mine) / len(o.winners))
            money.extend(o.money[s] for s in mine)
        wins = sum(shares)
        games = len(outcomes)
        mean = sum(money) / len(money)
        sd = (
            math.sqrt(sum((m - mean) ** 2 for m in money) / (len(money) - 1))
            if len(money) > 1
            else 0.0
        )
        table.append(
            Standing(
                name,
                seats,
                games,
                wins,
                wins / games,
                wilson_interval(wins, games),
                mean,
                sd,
                tuple(money),
            )
        )
    table.sort(key=lambda s: (-s.win_rate, s.name))
    return TournamentResult(len(outcomes), players, tuple(table))


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with the default ``z``).

    >>> low, high = wilson_interval(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
