"""Running numbered games on any executor, and getting them back in order.

:func:`~modern_art.tournament` hands batches of game numbers to an executor
(a process pool, Ray, Dask...) and needs their results in game order, so
that the standings and the records file do not depend on which worker
finished first. :func:`run_in_order` keeps a bounded window of batches in
flight and delivers each batch once every earlier one has been delivered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any, Protocol, TypeVar

__all__ = ["Submitter", "batches", "run_in_order"]

T = TypeVar("T")


class Submitter(Protocol):
    """What :func:`run_in_order` needs of an executor: ``concurrent.futures``'s ``submit``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Schedule ``fn(*args, **kwargs)`` and return its future."""
        ...  # pragma: no cover


def batches(todo: range, size: int) -> Iterator[range]:
    """``todo`` cut into consecutive ranges of ``size`` games (the last may be shorter)."""
    for start in range(todo.start, todo.stop, size):
        yield range(start, min(todo.stop, start + size))


def run_in_order(
    executor: Submitter,
    task: Callable[[range], list[T]],
    todo: range,
    deliver: Callable[[list[T]], None],
    *,
    size: int,
    window: int,
) -> None:
    """Run ``task`` on batches of ``todo`` on ``executor``; ``deliver`` results in order.

    ``task(batch)`` returns one result per game of ``batch``. At most
    ``window`` batches are submitted or waiting to be delivered at a time,
    which bounds the memory held for batches that finished early.

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
                    deliver(results)
                    next_game += len(results)
    finally:
        for future in pending:
            future.cancel()
