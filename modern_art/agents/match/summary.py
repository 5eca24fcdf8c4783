"""A match summed up: games, wins, win rate with its 95% interval, rating, errors per kind."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from attrs import frozen

from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.ratings import has_ratings, rate
from modern_art.agents.match.sprt import Decision
from modern_art.agents.runner.game import GameResult
from modern_art.agents.standings import wilson_interval

__all__ = ["ERROR_KINDS", "MatchResult", "PlayerResult", "SprtResult", "summarize"]

ERROR_KINDS = ("crashed", "timed_out", "illegal", "protocol")
"""The kinds of protocol failure a summary counts, in its order."""


@frozen
class PlayerResult:
    """How one PLAYER of a match did."""

    player: str
    """The PLAYER as given (``"heuristic"``, ``"engine:node bot.js"``)."""
    name: str
    """The bot's name, or the engine's from its ``ready`` (may hold anything: escape it)."""
    games: int
    """Games played (one seat in each)."""
    wins: float
    """Games won; a victory shared by ``k`` seats counts ``1/k``."""
    win_rate: float
    """``wins / games``; a player no better than its rivals wins ``1 / players``."""
    ci: tuple[float, float]
    """A 95% confidence interval for the win rate (Wilson score interval)."""
    rating: tuple[float, float] | None
    """The OpenSkill rating ``(mu, sigma)``; ``None`` without the ``match`` extra."""
    errors: Mapping[str, int]
    """Protocol failures by kind: ``crashed``, ``timed_out``, ``illegal``, ``protocol``."""


@frozen
class SprtResult:
    """What ``--sprt P0 P1`` found about the first PLAYER's win rate."""

    p0: float
    """H0's win rate."""
    p1: float
    """H1's win rate."""
    alpha: float
    """The chance allowed of accepting H1 when H0 holds."""
    beta: float
    """The chance allowed of accepting H0 when H1 holds."""
    decision: Decision | None
    """``"H0"``, ``"H1"``, or ``None`` when the games ran out first."""
    games: int
    """Games the test counted."""
    llr: float
    """The final log-likelihood ratio."""
    bounds: tuple[float, float]
    """The ratio's bounds: H0 at or below the first, H1 at or above the second."""
    fixed_games: int
    """Games a fixed-length test with the same error chances would need."""


@frozen
class MatchResult:
    """The outcome of a match (:func:`~modern_art.agents.match.runner.run_match`)."""

    games: int
    """Games in the match (those of a resumed records file included)."""
    players: tuple[PlayerResult, ...]
    """One entry per PLAYER, in the order given."""
    played: int
    """Games played by this run (the others were in the records file)."""
    sprt: SprtResult | None = None
    """The SPRT's outcome, for a match run with one."""

    def to_dict(self) -> dict[str, object]:
        """The summary as ``modern-art match --json`` prints it."""
        doc: dict[str, object] = {
            "games": self.games,
            "players": [
                {
                    "player": p.player,
                    "name": p.name,
                    "games": p.games,
                    "wins": p.wins,
                    "win_rate": p.win_rate,
                    "ci": list(p.ci),
                    "rating": None
                    if p.rating is None
                    else {"mu": p.rating[0], "sigma": p.rating[1]},
                    "errors": dict(p.errors),
                }
                for p in self.players
            ],
        }
        if self.sprt is not None:
            s = self.sprt
            doc["sprt"] = {
                "p0": s.p0,
                "p1": s.p1,
                "alpha": s.alpha,
                "beta": s.beta,
                "decision": s.decision,
                "games": s.games,
                "llr": s.llr,
                "bounds": list(s.bounds),
                "fixed_games": s.fixed_games,
            }
        return doc


def share(result: GameResult, entry: int) -> float:
    """Player ``entry``'s share of the win in ``result``: 1, 0, or 1/k of a shared victory."""
    seat = result.seats.index(entry)
    winners = result.outcome.winners
    return 1 / len(winners) if seat in winners else 0.0


def summarize(
    plan: MatchPlan, results: Sequence[GameResult], played: int, sprt: SprtResult | None
) -> MatchResult:
    """Sum up ``results``, the match's games in order."""
    n = len(plan.players)
    ratings: list[tuple[float, float]] | list[None] = (
        rate(n, ((r.seats, r.outcome.money) for r in results)) if has_ratings() else [None] * n
    )
    table = []
    for entry, player in enumerate(plan.players):
        wins = sum(share(r, entry) for r in results)
        errors = dict.fromkeys(ERROR_KINDS, 0)
        name = player.bot or ""
        for r in results:
            seat = r.seats.index(entry)
            for error in r.errors:
                if error.seat == seat:
                    errors[error.kind] += 1
            if not name and not any(e.seat == seat and e.step is None for e in r.errors):
                name = r.names[seat]
        if not name:
            name = results[0].names[results[0].seats.index(entry)] if results else player.label
        games = len(results)
        table.append(
            PlayerResult(
                player.given,
                name,
                games,
                wins,
                wins / games if games else 0.0,
                wilson_interval(wins, games),
                ratings[entry],
                errors,
            )
        )
    return MatchResult(len(results), tuple(table), played, sprt)
