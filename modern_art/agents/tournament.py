"""Many games between agents, seats rotated: :func:`tournament`.

Deal luck is shared out fairly: games come in blocks of one deal per player
count, and within a block every rotation of the lineup plays the same deal,
so each agent sits in each seat with each hand (a "duplicate" format).

Every game's seeds come from the tournament's seed and the game's number
alone, so a game is the same whichever process or machine plays it: the
standings and the records file are the same in-process, in a process pool,
on Ray or on Dask.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from attrs import frozen

from modern_art.agents.base import agent_name
from modern_art.agents.dispatch import Submitter, run_in_order
from modern_art.agents.factories import AgentFactory, AgentMaker, agent_maker
from modern_art.agents.play import play_game
from modern_art.agents.standings import (
    Outcome,
    Standing,
    TournamentResult,
    standings,
    wilson_interval,
)
from modern_art.agents.workers import worker_context
from modern_art.core.records import GameRecord
from modern_art.data.rules import Rules

if TYPE_CHECKING:
    from modern_art.agents.records_file import RecordsFile

__all__ = ["AgentFactory", "Standing", "TournamentResult", "tournament", "wilson_interval"]

ProgressCallback: TypeAlias = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""

# The names tests/players/test_agents.py knew before the standings had their own module.
_Outcome = Outcome
_standings = standings


@frozen
class _Plan:
    """Everything a worker needs to play any game of the tournament (picklable)."""

    makers: tuple[AgentMaker, ...]
    rules: Rules | None
    seed: int
    keep_records: bool


@frozen
class _Played:
    outcome: Outcome
    record: GameRecord | None


def _derived_seed(*parts: object) -> int:
    """A 59-bit seed from ``parts``, the same on every machine and run.

    59 bits keep a seed within the 18 digits that JSON documents may hold
    (:func:`~modern_art.from_json`), so a game record's deal seed reads back.
    """
    return random.Random(":".join(map(str, parts))).getrandbits(59)


def _deal_seed(seed: int, players: int, game: int) -> int:
    """The deal of game ``game``: consecutive blocks of ``players`` games share one."""
    return _derived_seed("deal", seed, game // players)


def _play_one(plan: _Plan, game: int) -> _Played:
    players = len(plan.makers)
    # Seat s of game g holds lineup entry (s + g) % players.
    agents = [
        plan.makers[(s + game) % players](_derived_seed("agent", plan.seed, game, s))
        for s in range(players)
    ]
    played = play_game(agents, rules=plan.rules, seed=_deal_seed(plan.seed, players, game))
    assert played.money is not None and played.winners is not None
    outcome = Outcome(game, played.players, played.money, played.winners)
    return _Played(outcome, played if plan.keep_records else None)


def _play_batch(plan: _Plan, games: range) -> list[_Played]:
    return [_play_one(plan, game) for game in games]


def tournament(
    lineup: Sequence[AgentFactory],
    games: int,
    *,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int = 1,
    executor: Submitter | None = None,
    records: str | os.PathLike[str] | None = None,
    progress: ProgressCallback | None = None,
) -> TournamentResult:
    """Play ``games`` games between fresh agents made by ``lineup``, seats rotated.

    Each game seats ``len(lineup)`` players; in game ``g`` seat ``s`` is
    played by an agent made afresh by ``lineup[(s + g) % len(lineup)]``.
    Consecutive blocks of ``len(lineup)`` games share one deal, so each agent
    plays every seat of every deal. A factory with a parameter named
    ``seed`` is called with ``seed=``, a seed derived from ``seed``, ``g``
    and ``s``; any other factory is called with no arguments
    (:ref:`agent-factories`). The same arguments give the same
    result whatever plays the games.

    Args:
        lineup: one agent factory per seat: an agent class, a
            ``functools.partial`` of one, or a function. Entries that make
            agents with the same name are pooled in the standings.
        games: how many games; a multiple of ``len(lineup)`` rotates fully.
        rules: the variant; CMON by default.
        seed: the tournament's seed.
        workers: without ``executor``, the processes to play in (1 plays
            here, more start a ``concurrent.futures`` process pool whose
            factories must be picklable: no lambdas). With ``executor``, how
            many games it can play at once, to size the work kept queued.
        executor: plays the games instead: any ``concurrent.futures.Executor``
            (or object whose ``submit`` returns a ``concurrent.futures.Future``),
            such as a Dask client's ``get_executor()`` or
            :func:`modern_art.scale.ray_executor`. Games are sent in small
            batches; the caller keeps the executor and shuts it down.
        records: a JSON Lines file to stream every game's
            :class:`~modern_art.GameRecord` to, one :func:`~modern_art.to_json`
            document a line, in game order, each flushed as it is written. If
            the file already holds games of this tournament (a run that was
            stopped), they are not played again: the run resumes after the
            last whole line and ends as an uninterrupted run would.
        progress: called with (games done, games in all) as games finish,
            and first with the games found in ``records``, if any.

    Raises:
        ValueError: fewer than one game or worker; a records file that holds
            a line that is not a game record, games of another tournament, or
            more than ``games`` games.
        TypeError: a lineup entry that cannot make agents, a lineup that
            cannot be sent to worker processes, or an ``executor`` without
            ``submit``.
        OSError: the records file cannot be read or written.

    >>> import modern_art as ma
    >>> result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=1)
    >>> [s.name for s in result.standings], result.standing("random").seats
    (['heuristic', 'random'], 2)
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"executor must have a submit method like concurrent.futures.Executor,"
            f" got {type(executor).__name__!r}"
        )
    makers = tuple(agent_maker(factory, entry) for entry, factory in enumerate(lineup))
    plan = _Plan(makers, rules, seed, keep_records=records is not None)
    players = len(makers)
    outcomes: list[Outcome] = []
    log: RecordsFile | None = None
    if records is not None:
        # The JSON documents (cattrs and its converter) load only for a run that keeps records.
        from modern_art.agents.records_file import RecordsFile  # noqa: PLC0415

        log = RecordsFile(records)
    if log is not None:
        check = _ResumeCheck(plan, str(log.path))
        for game, record in enumerate(log.read()):
            if game == games:
                raise ValueError(f"{log.path} holds more than the {games} games asked for")
            outcomes.append(check(game, record))
        if outcomes and progress is not None:
            progress(len(outcomes), games)
    todo = range(len(outcomes), games)

    def deliver(batch: list[_Played]) -> None:
        for played in batch:
            if log is not None:
                assert played.record is not None
                log.write(played.record)
            outcomes.append(played.outcome)
        if progress is not None:
            progress(len(outcomes), games)

    with log if log is not None else contextlib.nullcontext():
        if not todo:
            pass
        elif executor is None and workers == 1:
            for game in todo:
                deliver([_play_one(plan, game)])
        elif executor is None:
            _check_picklable(plan)
            # multiprocessing loads only for a run that starts a process pool.
            from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

            with ProcessPoolExecutor(max_workers=workers, mp_context=worker_context()) as pool:
                _run(pool, plan, todo, workers, deliver)
        else:
            _run(executor, plan, todo, workers, deliver)
    return standings(outcomes, players)


def _run(
    executor: Submitter,
    plan: _Plan,
    todo: range,
    workers: int,
    deliver: Callable[[list[_Played]], None],
) -> None:
    # Batches of up to 8 games amortise the cost of sending a task; with at
    # least 4 batches per worker queued, no worker waits for the next one.
    parallel = max(workers, 8)
    size = max(1, min(8, len(todo) // (4 * parallel)))
    task = functools.partial(_play_batch, plan)
    run_in_order(executor, task, todo, deliver, size=size, window=4 * parallel)


def _check_picklable(plan: _Plan) -> None:
    try:
        pickle.dumps(plan)
    except (pickle.PicklingError, AttributeError, TypeError) as exc:
        raise TypeError(
            f"the lineup cannot be sent to worker processes ({exc}): use agent classes,"
            " functions defined at module level or functools.partial of them, not"
            " lambdas or local functions; or play with workers=1"
        ) from None


class _ResumeCheck:
    """Checks that each record of a records file is the game this tournament would play."""

    def __init__(self, plan: _Plan, path: str) -> None:
        self.plan = plan
        self.path = path
        self.rules = plan.rules if plan.rules is not None else Rules()
        self._names: tuple[str, ...] | None = None

    def names(self) -> tuple[str, ...]:
        """The name of each lineup entry's agents, from the agents of game 0."""
        if self._names is None:
            self._names = tuple(
                agent_name(maker(_derived_seed("agent", self.plan.seed, 0, entry)))
                for entry, maker in enumerate(self.plan.makers)
            )
        return self._names

    def __call__(self, game: int, record: GameRecord) -> Outcome:
        players = len(self.plan.makers)
        expected = _deal_seed(self.plan.seed, players, game)
        seated = tuple(self.names()[(s + game) % players] for s in range(players))
        if record.players != seated:
            why = f"seats {', '.join(record.players)}, not {', '.join(seated)}"
        elif record.rules != self.rules:
            why = "was played with other rules"
        elif record.seed != expected or record.first_auctioneer != 0:
            why = f"has deal seed {record.seed}, not {expected} (tournament seed {self.plan.seed})"
        elif record.money is None or record.winners is None:
            why = "is not finished"
        else:
            why = ""
        if why:
            raise ValueError(
                f"{self.path} holds games of another tournament: game {game} (line"
                f" {game + 1}) {why}; use another records file"
            )
        assert record.money is not None and record.winners is not None
        return Outcome(game, record.players, record.money, record.winners)
