"""Where a run's games are played, in order: here, or on any executor.

A run needs its games back in game order, so that its summary and its
records file do not depend on which worker finished first. Each way of
playing is a :data:`Games`: given the games still to play, it yields their
results in batches, in game order; closing it early stops the games not yet
delivered. :func:`here` plays them in this process; :func:`on_executor`
hands batches to any ``concurrent.futures`` executor (a process pool, Ray,
Dask...), keeping a bounded window of batches in flight;
:func:`~modern_art.agents.runner.workers.in_workers` plays them in worker
processes that can be ended mid-game.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Generator, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeVar

if TYPE_CHECKING:
    from modern_art.agents.engine.pool import EnginePool

__all__ = ["Games", "OneGame", "Submitter", "batches", "here", "in_order", "on_executor"]

T = TypeVar("T")

OneGame: TypeAlias = Callable[[int, "EnginePool | None"], T]
"""Plays game number ``g`` (engines from the pool, if any) and returns what the run keeps."""

Games: TypeAlias = Callable[[range], Generator[list[T], None, None]]
"""Plays the games of a range; yields their results in batches, in game order.
Closing the generator early stops the games not yet delivered."""


class Submitter(Protocol):
    """What :func:`in_order` needs of an executor: ``concurrent.futures``'s ``submit``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Schedule ``fn(*args, **kwargs)`` and return its future."""
        ...  # pragma: no cover


def here(one: OneGame[T], engines: Callable[[], EnginePool] | None = None) -> Games[T]:
    """Games played one at a time in this process, in a pool of ``engines()`` if given.

    The pool keeps the engines between games; it is closed when the games end.
    """

    def play(todo: range) -> Generator[list[T], None, None]:
        pool = engines() if engines is not None else None
        try:
            for game in todo:
                yield [one(game, pool)]
        finally:
            if pool is not None:
                pool.close()

    return play


def on_executor(executor: Submitter, one: OneGame[T], workers: int) -> Games[T]:
    """Games sent to ``executor`` in batches, ``workers`` of them playing at once."""

    def play(todo: range) -> Generator[list[T], None, None]:
        # Batches of up to 8 games amortise the cost of sending a task; with at
        # least 4 batches per worker queued, no worker waits for the next one.
        parallel = max(workers, 8)
        size = max(1, min(8, len(todo) // (4 * parallel)))
        task = functools.partial(_play_batch, one)
        return in_order(executor, task, todo, size=size, window=4 * parallel)

    return play


def _play_batch(one: OneGame[T], games: range) -> list[T]:
    return [one(game, None) for game in games]


def batches(todo: range, size: int) -> Iterator[range]:
    """``todo`` cut into consecutive ranges of ``size`` games (the last may be shorter)."""
    for start in range(todo.start, todo.stop, size):
        yield range(start, min(todo.stop, start + size))


def in_order(
    executor: Submitter,
    task: Callable[[range], list[T]],
    todo: range,
    *,
    size: int,
    window: int,
) -> Generator[list[T], None, None]:
    """Run ``task`` on batches of ``todo`` on ``executor``; their results, in order.

    ``task(batch)`` returns one result per game of ``batch``. At most
    ``window`` batches are submitted or waiting to be delivered at a time,
    which bounds the memory held for batches that finished early. Closing
    the iterator cancels the batches not yet started.

    Raises:
        TypeError: ``executor.submit`` did not return a ``concurrent.futures.Future``.
        Exception: whatever a task raised, as soon as its batch is done,
            once the batches before it that are done have been delivered;
            batches not yet started are then cancelled.
    """
    pending: dict[Future[list[T]], int] = {}
    finished: dict[int, list[T]] = {}
    upcoming = batches(todo, size)
    next_game = todo.start
    try:
        while True:
            while len(pending) + len(finished) < window:
                batch = next(upcoming, None)
                if batch is None:
                    break
                future = executor.submit(task, batch)
                if not isinstance(future, Future):
                    raise TypeError(
                        f"executor.submit returned {type(future).__name__!r}, not a"
                        " concurrent.futures.Future: pass a concurrent.futures.Executor"
                        " or an object whose submit returns one"
                    )
                pending[future] = batch.start
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            # In game order, so that a failed batch loses no game finished before it.
            for future in sorted(done, key=pending.__getitem__):
                finished[pending.pop(future)] = future.result()
                while next_game in finished:
                    results = finished.pop(next_game)
                    yield results
                    next_game += len(results)
    finally:
        for future in pending:
            future.cancel()
