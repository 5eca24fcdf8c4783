"""Running a match: :func:`run_match`, in this process or in worker processes.

Games are played in game order here, or ``workers`` at a time in a
``multiprocessing`` pool whose results come back in game order, so the
records file, the ratings and the SPRT are the same however many workers
play. A match that is interrupted (Ctrl-C, ``SIGTERM``), or that the SPRT
stops, ends its workers, and every engine process they started, before
:func:`run_match` returns or raises.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
from collections.abc import Callable, Generator
from types import FrameType

from modern_art.agents.engine.pool import EnginePool
from modern_art.agents.match.game import GameResult, play_match_game
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.records import MatchRecords, game_line
from modern_art.agents.match.sprt import Sprt, fixed_games
from modern_art.agents.match.summary import MatchResult, SprtResult, share, summarize
from modern_art.agents.workers import worker_context

__all__ = ["run_match"]

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""


def run_match(
    plan: MatchPlan,
    games: int,
    *,
    records: str | os.PathLike[str] | None = None,
    workers: int = 1,
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    progress: Progress | None = None,
) -> MatchResult:
    """Play ``games`` games of ``plan`` (fewer if the SPRT decides first) and sum them up.

    Args:
        plan: the players, seeds, rules and clocks (:meth:`MatchPlan.of`).
        games: how many games at most; a multiple of the players' number
            plays every deal from every seat.
        records: a JSON Lines file to stream every game to (see
            :mod:`~modern_art.agents.match.records`); games already in it
            (a stopped match) are kept and not played again.
        workers: processes to play in (1: this one).
        sprt: ``(P0, P1)`` or ``(P0, P1, alpha, beta)``: stop as soon as the
            SPRT decides whether the first PLAYER's win rate is P0 or P1.
        progress: called with (games done, games in all) as games finish.

    Raises:
        ValueError: fewer than one game or worker, bad SPRT rates, or a
            records file of another match.
        OSError: the records file cannot be read or written.

    >>> from modern_art.agents.match.plan import MatchPlan
    >>> result = run_match(MatchPlan.of(["heuristic", "random", "random"], seed=1), 6)
    >>> [(p.player, p.games) for p in result.players]
    [('heuristic', 6), ('random', 6), ('random', 6)]
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    test = Sprt(*sprt) if sprt is not None else None
    log = MatchRecords(records, plan) if records is not None else None
    results: list[GameResult] = []
    if log is not None:
        for result in log.read():
            if len(results) == games:
                raise ValueError(f"{log.path} holds more than the {games} games asked for")
            results.append(result)
            if test is not None:
                test.update(share(result, 0))
    kept = len(results)
    if progress is not None and kept:
        progress(kept, games)
    if test is None or test.decision is None:
        played = _played(plan, range(kept, games), workers)
        with log if log is not None else _NoLog(), contextlib.closing(played):
            for result in played:
                if log is not None:
                    log.write(game_line(plan, result))
                results.append(result)
                if progress is not None:
                    progress(len(results), games)
                if test is not None and test.update(share(result, 0)) is not None:
                    break
    outcome = None
    if test is not None:
        outcome = SprtResult(
            test.p0,
            test.p1,
            test.alpha,
            test.beta,
            test.decision,
            test.games,
            test.llr,
            (test.lower, test.upper),
            fixed_games(test.p0, test.p1, test.alpha, test.beta),
        )
    return summarize(plan, results, len(results) - kept, outcome)


class _NoLog:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def _played(plan: MatchPlan, todo: range, workers: int) -> Generator[GameResult, None, None]:
    """The games of ``todo``, in order; closing the iterator early ends every worker."""
    if workers == 1 or len(todo) <= 1:
        pool = EnginePool()
        try:
            for game in todo:
                yield play_match_game(plan, game, pool)
        finally:
            pool.close()
        return
    workers_pool = worker_context().Pool(min(workers, len(todo)), initializer=_worker_started)
    try:
        yield from workers_pool.imap(functools.partial(_play_in_worker, plan), todo)
        workers_pool.close()
    finally:
        # Stopped early (SPRT, Ctrl-C, an error): SIGTERM makes each worker close its engines.
        workers_pool.terminate()
        workers_pool.join()


_ENGINES = EnginePool()
"""In a worker process: its engines between games, closed when the worker exits."""


def _play_in_worker(plan: MatchPlan, game: int) -> GameResult:
    return play_match_game(plan, game, _ENGINES)


def _worker_started() -> None:
    """In a worker: Ctrl-C is the parent's to handle; SIGTERM closes the worker's engines."""
    # multiprocessing loads only in a worker; its finalizers run as the worker exits.
    from multiprocessing.util import Finalize  # noqa: PLC0415

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_now)
    Finalize(None, _ENGINES.close, exitpriority=10)


def _exit_now(number: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + number)
