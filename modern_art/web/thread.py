"""The tables' work, off the event loop whenever it would wait for the database.

Every request that reads or changes a table runs its work under the
registry's lock through :meth:`TablesThread.run`: at once, on the event
loop, when the lock is free and the database answers without waiting (the
common case: no thread to hand it to); else in one worker thread, where the
database may wait for another process's lock (up to its busy timeout, then
the step is refused with 503). The store never waits on the loop
(:meth:`~modern_art.web.store.Store.never_wait_in`): a lock met there raises
:class:`~modern_art.web.tables.JournalBusyError` before anything changed, and the
same work is done again in the thread. The ticker always runs in the thread
(:meth:`TablesThread.in_thread`). So a database another process holds
locked holds up the tables' requests, never the loop: the page,
``GET /api/options``, the push streams' keep-alives and every other
connection are answered meanwhile.

Over a shared store (:mod:`modern_art.web.postgres`) every call is made in
the thread, and work refused with
:class:`~modern_art.web.tables.StaleTableError` (another process changed
the table first; nothing changed here) is done again once the registry has
caught that table up, so that it is judged on the game as it now is.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Callable
from typing import TypeVar

from modern_art.web.tables import JournalBusyError, StaleTableError

__all__ = ["TablesThread"]

T = TypeVar("T")


_TRIES = 8  # a table changed by other processes this often in a row is refused (409)


class TablesThread:
    """One worker thread running table work in order (started on first use).

    Args:
        lock: the registry's lock, held for every piece of work.
        refresh: catches a table up with a shared store (the registry's
            :meth:`~modern_art.web.registry.Registry.refresh`).
        shared: the store is shared with other processes: every call goes to
            the thread, whose database calls cross the network.
    """

    def __init__(
        self,
        lock: threading.RLock,
        refresh: Callable[[str], None] | None = None,
        *,
        shared: bool = False,
    ) -> None:
        self.lock = lock
        self.refresh = refresh
        self.shared = shared
        self._pool: concurrent.futures.ThreadPoolExecutor | None = None

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` holding the lock: here if it is free and nothing waits, else in the thread.

        ``work`` is done again in the thread after a :class:`JournalBusyError`:
        each of its steps writes the database before it changes anything.
        """
        if not self.shared and self.lock.acquire(blocking=False):
            try:
                return work()
            except JournalBusyError:
                pass  # another process holds the database: wait for it there, not here
            finally:
                self.lock.release()
        return await self.in_thread(work)

    async def in_thread(self, work: Callable[[], T]) -> T:
        """``work()`` in the thread, holding the lock; what it returns (or raises)."""
        if self._pool is None:
            self._pool = concurrent.futures.ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="modern-art-tables"
            )
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._holding, work)

    def _holding(self, work: Callable[[], T]) -> T:
        with self.lock:
            for _ in range(_TRIES - 1):
                try:
                    return work()
                except StaleTableError as stale:
                    if self.refresh is None:
                        raise
                    self.refresh(stale.table_id)  # then judged again on the game as it is
            return work()

    def close(self) -> None:
        """Let the work already asked for finish, then stop the thread."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
