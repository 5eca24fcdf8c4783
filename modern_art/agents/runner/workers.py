"""A run's worker processes: how they start (never by a bare ``fork``), and how they stop.

A tournament or a match with ``workers > 1`` plays its games in a pool of
processes. Forking the parent copies its locks but not its threads: a lock
some other thread held at that moment (a logging handler's, an engine's
reader's, an analysis pool's) stays held in the child for ever, and the
worker hangs. ``spawn`` starts each worker as a fresh interpreter instead,
on every platform: it costs each worker its imports (a fraction of a second,
once per pool), and unlike ``forkserver`` it leaves no server process
running after the pool has ended.

:func:`in_workers` plays games in such a pool that can be ended mid-game: a
run that is interrupted (Ctrl-C, ``SIGTERM``), or that stops early (an
SPRT's decision), ends its workers, and every engine process they started,
before it returns or raises.
"""

from __future__ import annotations

import functools
import signal
from collections.abc import Callable, Generator
from types import FrameType
from typing import TYPE_CHECKING, TypeVar

from modern_art.agents.runner.dispatch import Games, OneGame, here

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

    from modern_art.agents.engine.pool import EnginePool

__all__ = ["in_workers", "worker_context"]

T = TypeVar("T")


def worker_context() -> BaseContext:
    """The multiprocessing context for a pool of game workers (see the module's docstring)."""
    # multiprocessing loads only for a run that starts a process pool.
    import multiprocessing  # noqa: PLC0415

    return multiprocessing.get_context("spawn")


def in_workers(one: OneGame[T], workers: int, engines: Callable[[], EnginePool]) -> Games[T]:
    """Games played one a task by up to ``workers`` processes; closing the iterator ends them.

    Each worker keeps its engines between games in a pool of ``engines()``
    (a picklable callable, such as the class), closed as the worker exits.
    """

    def play(todo: range) -> Generator[list[T], None, None]:
        if len(todo) <= 1:
            yield from here(one, engines)(todo)
            return
        pool = worker_context().Pool(
            min(workers, len(todo)), initializer=_worker_started, initargs=(engines,)
        )
        try:
            for result in pool.imap(functools.partial(_play_in_worker, one), todo):
                yield [result]
            pool.close()
        finally:
            # Stopped early (SPRT, Ctrl-C, an error): SIGTERM makes each worker close its engines.
            pool.terminate()
            pool.join()

    return play


_ENGINES: EnginePool | None = None
"""In a worker process: its engines between games, closed when the worker exits."""


def _play_in_worker(one: OneGame[T], game: int) -> T:
    return one(game, _ENGINES)


def _worker_started(engines: Callable[[], EnginePool]) -> None:
    """In a worker: Ctrl-C is the parent's to handle; SIGTERM closes the worker's engines."""
    # multiprocessing loads only in a worker; its finalizers run as the worker exits.
    from multiprocessing.util import Finalize  # noqa: PLC0415

    global _ENGINES  # noqa: PLW0603 (one pool a worker process, made as it starts)
    _ENGINES = engines()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_now)
    Finalize(None, _ENGINES.close, exitpriority=10)


def _exit_now(number: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + number)
