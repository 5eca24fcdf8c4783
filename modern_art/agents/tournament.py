"""Many games between agents, seats rotated: :func:`tournament`.

Deal luck is shared out fairly: games come in blocks of one deal per player
count, and within a block every rotation of the lineup plays the same deal,
so each agent sits in each seat with each hand (a "duplicate" format).

Every game's seeds come from the tournament's seed and the game's number
alone, so a game is the same whichever process or machine plays it: the
standings and the records file are the same in-process, in a process pool,
on Ray or on Dask. The games are played by the one many-game runner
(:mod:`modern_art.agents.runner`), as a match's are.
"""

from __future__ import annotations

import functools
import os
import pickle
from collections.abc import Generator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from attrs import frozen

from modern_art.agents.base import Agent, agent_name
from modern_art.agents.factories import AgentFactory, AgentMaker, agent_maker
from modern_art.agents.runner.dispatch import Games, Submitter, here, on_executor
from modern_art.agents.runner.game import Outcome, play_seated
from modern_art.agents.runner.run import ProgressCallback, check_counts, run_games
from modern_art.agents.runner.seating import Rotation
from modern_art.agents.runner.workers import worker_context
from modern_art.agents.standings import Standing, TournamentResult, standings, wilson_interval
from modern_art.core.records import GameRecord
from modern_art.data.rules import Rules

if TYPE_CHECKING:
    from modern_art.agents.engine.pool import EnginePool
    from modern_art.agents.runner.records import RecordsFile

__all__ = ["AgentFactory", "Standing", "TournamentResult", "tournament", "wilson_interval"]

# The names tests/agents/test_agents.py knew before the standings had their own module.
_Outcome = Outcome
_standings = standings


@frozen
class _Plan:
    """Everything a worker needs to play any game of the tournament (picklable)."""

    makers: tuple[AgentMaker, ...]
    rules: Rules
    rotation: Rotation
    keep_records: bool

    def agent(self, entry: int, seed: int, pool: EnginePool | None) -> Agent:
        return self.makers[entry](seed)

    def table_name(self, entry: int, agent: Agent) -> str:
        return agent_name(agent)

    def engine(self, agent: Agent) -> None:
        # An engine a lineup's factory made starts on its first act and is its own to close.
        return None


@frozen
class _Played:
    outcome: Outcome
    record: GameRecord | None


def _kept_record(played: _Played) -> GameRecord:
    assert played.record is not None
    return played.record


def _play_one(plan: _Plan, game: int, pool: EnginePool | None) -> _Played:
    result = play_seated(plan, game, pool)
    return _Played(result.outcome, result.record if plan.keep_records else None)


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
    check_counts(games, workers)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"executor must have a submit method like concurrent.futures.Executor,"
            f" got {type(executor).__name__!r}"
        )
    makers = tuple(agent_maker(factory, entry) for entry, factory in enumerate(lineup))
    plan = _Plan(
        makers,
        rules if rules is not None else Rules(),
        Rotation(len(makers), seed),
        keep_records=records is not None,
    )
    log: RecordsFile[_Played] | None = None
    if records is not None:
        # The JSON documents (cattrs and its converter) load only for a run that keeps records.
        from modern_art.agents.runner.records import RecordLines, RecordsFile  # noqa: PLC0415

        check = _ResumeCheck(plan, str(Path(records)))
        log = RecordsFile(records, RecordLines(check, _kept_record))
    one = functools.partial(_play_one, plan)
    play: Games[_Played]
    if executor is not None:
        play = on_executor(executor, one, workers)
    elif workers == 1:
        play = here(one)
    else:
        play = functools.partial(_in_process_pool, plan, workers)
    played, _ = run_games(games, play, log=log, progress=progress)
    return standings([p.outcome for p in played], len(makers))


def _in_process_pool(
    plan: _Plan, workers: int, todo: range
) -> Generator[list[_Played], None, None]:
    """The games of ``todo`` in a ``concurrent.futures`` pool of spawned processes."""
    if not todo:
        return
    _check_picklable(plan)
    # multiprocessing loads only for a run that starts a process pool.
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415

    with ProcessPoolExecutor(max_workers=workers, mp_context=worker_context()) as pool:
        yield from on_executor(pool, functools.partial(_play_one, plan), workers)(todo)


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
        self._names: tuple[str, ...] | None = None

    def names(self) -> tuple[str, ...]:
        """The name of each lineup entry's agents, from the agents of game 0."""
        if self._names is None:
            self._names = tuple(
                agent_name(maker(self.plan.rotation.agent_seed(0, entry)))
                for entry, maker in enumerate(self.plan.makers)
            )
        return self._names

    def __call__(self, game: int, record: GameRecord) -> _Played:
        rotation = self.plan.rotation
        expected = rotation.deal_seed(game)
        seated = tuple(self.names()[entry] for entry in rotation.seats(game))
        if record.players != seated:
            why = f"seats {', '.join(record.players)}, not {', '.join(seated)}"
        elif record.rules != self.plan.rules:
            why = "was played with other rules"
        elif record.seed != expected or record.first_auctioneer != 0:
            why = f"has deal seed {record.seed}, not {expected} (tournament seed {rotation.seed})"
        elif record.money is None or record.winners is None:
            why = "is not finished"
        else:
            why = ""
        if why:
            raise ValueError(
                f"{self.path} holds games of another tournament: game {game} (line"
                f" {game + 1}) {why}; use another records file"
            )
        return _Played(Outcome.of(game, record), None)
