"""Push: a seat's news as server-sent events, from a cursor, one stream per seat.

``GET /api/tables/<table>/stream?since=K`` (with the seat's token in the
``Authorization`` header, never in the URL: the page reads it with
``fetch``, not ``EventSource``) answers ``text/event-stream``. Every message
is the same document a poll answers (:func:`~modern_art.web.documents.seat_document`),
as one ``event: seat`` whose ``id`` is the next log line, so a page that
lost its stream asks again from that cursor and misses nothing. With no news
a comment is sent every ``timings.keepalive`` seconds; a stream ends after
``timings.stream`` seconds, when a newer stream of the same seat starts
(``event: replaced``), when the seat's token is rotated (``event:
replaced`` too: the stream ends before any document of the new token's
time), or when the table goes (``event: gone``). After an
undo (:mod:`modern_art.web.practice`) the next document's log starts again
at line 0.

Tables change under the registry's lock, in the tables' thread
(:mod:`modern_art.web.thread`: a request, or the ticker); :meth:`Hub.publish`,
on the event loop, then wakes the streams of the tables whose ``version``
moved, reading the versions without the lock (a table's version only grows).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator, Awaitable, Callable
from typing import TypeVar

from modern_art.web.documents import seat_document_text
from modern_art.web.registry import Registry

__all__ = ["Hub", "seat_stream"]

T = TypeVar("T")


async def _inline(work: Callable[[], T]) -> T:
    return work()


class Hub:
    """Wakes each waiting stream when its table changes, and keeps one stream per seat."""

    def __init__(self) -> None:
        self._wakers: dict[str, asyncio.Event] = {}
        self._published: dict[str, int] = {}
        self._claims: dict[tuple[str, int], int] = {}

    def publish(self, registry: Registry) -> None:
        """Wake the streams of every table that changed since the last call (on the loop)."""
        tables = registry.tables
        for table_id in list(self._wakers):
            table = tables.get(table_id)
            version = -1 if table is None else table.version
            if self._published.get(table_id) != version:
                self._published[table_id] = version
                self._wakers.pop(table_id).set()
        for table_id in list(self._published):
            if table_id not in tables and table_id not in self._wakers:
                del self._published[table_id]

    async def wait(self, table_id: str, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for ``table_id`` to change; whether it did."""
        waker = self._wakers.setdefault(table_id, asyncio.Event())
        try:
            await asyncio.wait_for(waker.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def claim(self, table_id: str, seat: int) -> int:
        """Start a stream for ``seat``: any older one of the same seat will end."""
        key = (table_id, seat)
        self._claims[key] = self._claims.get(key, 0) + 1
        waker = self._wakers.pop(table_id, None)
        if waker is not None:  # the older stream notices now, not at its next keepalive
            waker.set()
        return self._claims[key]

    def revoke(self, table_id: str, seat: int) -> None:
        """End the seat's stream now (its token was rotated): it holds no claim any more."""
        key = (table_id, seat)
        if key in self._claims:
            self._claims[key] += 1
            waker = self._wakers.pop(table_id, None)
            if waker is not None:
                waker.set()

    def holds(self, table_id: str, seat: int, claim: int) -> bool:
        """Whether the stream that made ``claim`` is still the seat's newest."""
        return self._claims.get((table_id, seat)) == claim

    def release(self, table_id: str, seat: int, claim: int) -> None:
        """Forget a finished stream's claim, if no newer stream took the seat."""
        if self.holds(table_id, seat, claim):
            del self._claims[(table_id, seat)]


_ELSEWHERE = "this seat is open in another page"


def _message(event: str, data: str, cursor: int | None = None) -> str:
    head = f"id: {cursor}\n" if cursor is not None else ""
    return f"{head}event: {event}\ndata: {data}\n\n"  # data: JSON, so one line


async def seat_stream(
    registry: Registry,
    hub: Hub,
    table_id: str,
    seat: int,
    since: int,
    locked: Callable[[Callable[[], tuple[str | None, bool]]], Awaitable[tuple[str | None, bool]]]
    | None = None,
) -> AsyncGenerator[str, None]:
    """The messages of one seat's stream; see the module's description.

    ``locked`` runs a document's making under the registry's lock
    (:meth:`~modern_art.web.thread.TablesThread.run`); without it the
    lock is taken here.
    """
    loop = asyncio.get_running_loop()
    timings = registry.timings
    ends = loop.time() + timings.stream
    claim = hub.claim(table_id, seat)
    cursor, sent, undos = since, -1, None
    at_start = registry.tables.get(table_id)
    opened = None if at_start is None else at_start.seats[seat].token_hash
    rotated = json.dumps({"error": "this seat's token was changed: open the seat's new link"})

    def next_message() -> tuple[str | None, bool]:
        """The message to send now, if any, and whether the stream ends after it."""
        nonlocal cursor, sent, undos
        table = registry.tables.get(table_id)
        if table is None:
            why = registry.closed.get(table_id, f"the table {table_id!r} has closed")
            return _message("gone", json.dumps({"error": why})), True  # says why
        if table.seats[seat].token_hash != opened:
            return _message("replaced", rotated), True
        if table.version == sent:
            return None, False
        now = registry.clock()
        table.touched = now
        if undos is not None and table.undos != undos:
            cursor = 0  # a decision was taken back: the log is sent again, whole
        undos = table.undos
        document, cursor = seat_document_text(table, seat, cursor, now)
        sent = table.version
        return _message("seat", document, cursor), False

    def under_lock() -> tuple[str | None, bool]:
        with registry.lock:
            return next_message()

    make = locked or (lambda work: _inline(under_lock))
    try:
        while True:
            message, done = await make(next_message)  # made under the lock, sent after it
            if message is not None:
                yield message
            if done:
                return
            left = ends - loop.time()
            if left <= 0:
                return
            changed = await hub.wait(table_id, min(timings.keepalive, left))
            if not hub.holds(table_id, seat, claim):  # a newer page, or a new token
                message, done = await make(next_message)
                if not done or message is None:  # not gone, not rotated: another page
                    message = _message("replaced", json.dumps({"error": _ELSEWHERE}))
                yield message
                return
            if not changed:
                yield ": keepalive\n\n"
    finally:
        hub.release(table_id, seat, claim)
