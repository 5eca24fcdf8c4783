"""How the bots' worker processes start: never by a bare ``fork`` of a process with threads.

A tournament or a match with ``workers > 1`` plays its games in a pool of
processes. Forking the parent copies its locks but not its threads: a lock
some other thread held at that moment (a logging handler's, an engine's
reader's, an analysis pool's) stays held in the child for ever, and the
worker hangs. ``spawn`` starts each worker as a fresh interpreter instead,
on every platform: it costs each worker its imports (a fraction of a second,
once per pool), and unlike ``forkserver`` it leaves no server process
running after the pool has ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

__all__ = ["worker_context"]


def worker_context() -> BaseContext:
    """The multiprocessing context for a pool of game workers (see the module's docstring)."""
    # multiprocessing loads only for a run that starts a process pool.
    import multiprocessing  # noqa: PLC0415

    return multiprocessing.get_context("spawn")
