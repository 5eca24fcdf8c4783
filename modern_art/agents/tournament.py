"""Many games between agents, seats rotated: :func:`tournament`.

Deal luck is shared out fairly: games come in blocks of one deal per player
count, and within a block every rotation of the lineup plays the same deal,
so each agent sits in each seat with each hand (a "duplicate" format).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeAlias

from attrs import frozen

from modern_art.agents.base import Agent
from modern_art.agents.play import play_game
from modern_art.rules import Rules

__all__ = ["AgentFactory", "Standing", "TournamentResult", "tournament", "wilson_interval"]

AgentFactory: TypeAlias = Callable[[int], Agent]
"""Makes a fresh agent from a seed: an agent class such as ``RandomAgent``, or a
``functools.partial`` of one (it must be picklable to run in worker processes)."""

ProgressCallback: TypeAlias = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""


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


@frozen
class _Outcome:
    game: int
    agents: tuple[str, ...]
    money: tuple[int, ...]
    winners: tuple[int, ...]


def _derived_seed(*parts: object) -> int:
    """A 63-bit seed from ``parts``, the same on every machine and run."""
    return random.Random(":".join(map(str, parts))).getrandbits(63)


def _seating(players: int, game: int) -> list[int]:
    """Seat ``s`` of game ``game`` holds lineup entry ``(s + game) % players``."""
    return [(s + game) % players for s in range(players)]


def _play_one(
    lineup: Sequence[AgentFactory], rules: Rules | None, seed: int, game: int
) -> _Outcome:
    players = len(lineup)
    entries = _seating(players, game)
    agents = [
        lineup[entry](_derived_seed("agent", seed, game, s)) for s, entry in enumerate(entries)
    ]
    deal = _derived_seed("deal", seed, game // players)
    played = play_game(agents, rules=rules, seed=deal)
    assert played.money is not None and played.winners is not None
    return _Outcome(game, played.players, played.money, played.winners)


def _play_chunk(
    lineup: Sequence[AgentFactory], rules: Rules | None, seed: int, games: Sequence[int]
) -> list[_Outcome]:
    return [_play_one(lineup, rules, seed, game) for game in games]


def _chunks(games: int, size: int) -> Iterator[range]:
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def tournament(
    lineup: Sequence[AgentFactory],
    games: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: ProgressCallback | None = None,
) -> TournamentResult:
    """Play ``games`` games between fresh agents made by ``lineup``, seats rotated.

    Each game seats ``len(lineup)`` players; in game ``g`` seat ``s`` is
    played by ``lineup[(s + g) % len(lineup)]``, made afresh with a seed
    derived from ``seed``, ``g`` and ``s``. Consecutive blocks of
    ``len(lineup)`` games share one deal, so each agent plays every seat of
    every deal. The same arguments give the same result, with any number of
    workers.

    Args:
        lineup: one agent factory per seat; entries that make agents with
            the same name are pooled in the standings.
        games: how many games; a multiple of ``len(lineup)`` rotates fully.
        rules: the variant; CMON by default.
        seed: the tournament's seed.
        workers: processes to play in (``concurrent.futures``); 1 plays here.
        progress: called with (games done, games in all) as games finish.

    Raises:
        ValueError: fewer than one game or worker.

    >>> import modern_art as ma
    >>> result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
    >>> [s.name for s in result.standings], result.standing("random").seats
    (['heuristic', 'random'], 2)
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    outcomes: list[_Outcome] = []
    if workers == 1:
        for game in range(games):
            outcomes.append(_play_one(lineup, rules, seed, game))
            if progress is not None:
                progress(len(outcomes), games)
    else:
        size = max(1, min(8, games // (workers * 4)))
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [
                pool.submit(_play_chunk, lineup, rules, seed, chunk)
                for chunk in _chunks(games, size)
            ]
            for future in futures:
                outcomes.extend(future.result())
                if progress is not None:
                    progress(len(outcomes), games)
    return _standings(sorted(outcomes, key=lambda o: o.game), len(lineup))


def _standings(outcomes: Sequence[_Outcome], players: int) -> TournamentResult:
    names = sorted({name for o in outcomes for name in o.agents})
    standings = []
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
        standings.append(
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
    standings.sort(key=lambda s: (-s.win_rate, s.name))
    return TournamentResult(len(outcomes), players, tuple(standings))


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
