"""The one thread where tables change and the database is written, off the event loop.

Every request that reads or changes a table, and the ticker that moves the
tables on, runs its work under the registry's lock in this thread
(:meth:`TablesThread.run`); the event loop only awaits it. So a database
another process holds locked (SQLite waits up to its busy timeout, then the
step is refused with 503) holds up the tables' requests, never the loop:
the page, ``GET /api/options``, the push streams' keep-alives and every
other connection are answered meanwhile. A push stream renders its document
on the loop when the lock is free, the common case, and in this thread
otherwise (:meth:`TablesThread.locked`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["TablesThread"]

T = TypeVar("T")


class TablesThread:
    """One worker thread running table work in order (started on first use)."""

    def __init__(self, lock: threading.RLock) -> None:
        self.lock = lock
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` in the thread, holding the lock; what it returns (or raises)."""
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="modern-art-tables"
            )
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._holding, work)

    async def locked(self, work: Callable[[], T]) -> T:
        """``work()`` holding the lock: here at once if it is free, else in the thread."""
        if self.lock.acquire(blocking=False):
            try:
                return work()
            finally:
                self.lock.release()
        return await self.run(work)

    def _holding(self, work: Callable[[], T]) -> T:
        with self.lock:
            return work()

    def close(self) -> None:
        """Let the work already asked for finish, then stop the thread."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
