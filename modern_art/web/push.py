"""Push: a seat's news as server-sent events, from a cursor, one stream per seat.

``GET /api/tables/<table>/stream?since=K`` (with the seat's token in the
``Authorization`` header, never in the URL: the page reads it with
``fetch``, not ``EventSource``) answers ``text/event-stream``. Every message
is the same document a poll answers (:func:`~modern_art.web.documents.seat_document`),
as one ``event: seat`` whose ``id`` is the next log line, so a page that
lost its stream asks again from that cursor and misses nothing. With no news
a comment is sent every ``timings.keepalive`` seconds; a stream ends after
``timings.stream`` seconds, when a newer stream of the same seat starts
(``event: replaced``), or when the table goes (``event: gone``). After an
undo (:mod:`modern_art.web.practice`) the next document's log starts again
at line 0.

Tables change under the registry's lock, in the server's event loop (a
request, or the ticker); :meth:`Hub.publish` then wakes the streams of the
tables whose ``version`` moved.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator

from modern_art.web.documents import seat_document_text
from modern_art.web.registry import Registry

__all__ = ["Hub", "seat_stream"]


class Hub:
    """Wakes each waiting stream when its table changes, and keeps one stream per seat."""

    def __init__(self) -> None:
        self._wakers: dict[str, asyncio.Event] = {}
        self._published: dict[str, int] = {}
        self._claims: dict[tuple[str, int], int] = {}

    def publish(self, registry: Registry) -> None:
        """Wake the streams of every table that changed since the last call."""
        with registry.lock:
            for table_id in list(self._wakers):
                table = registry.tables.get(table_id)
                version = -1 if table is None else table.version
                if self._published.get(table_id) != version:
                    self._published[table_id] = version
                    self._wakers.pop(table_id).set()
            for table_id in list(self._published):
                if table_id not in registry.tables and table_id not in self._wakers:
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

    def holds(self, table_id: str, seat: int, claim: int) -> bool:
        """Whether the stream that made ``claim`` is still the seat's newest."""
        return self._claims.get((table_id, seat)) == claim

    def release(self, table_id: str, seat: int, claim: int) -> None:
        """Forget a finished stream's claim, if no newer stream took the seat."""
        if self.holds(table_id, seat, claim):
            del self._claims[(table_id, seat)]


def _message(event: str, data: str, cursor: int | None = None) -> str:
    head = f"id: {cursor}\n" if cursor is not None else ""
    return f"{head}event: {event}\ndata: {data}\n\n"  # data: JSON, so one line


async def seat_stream(
    registry: Registry, hub: Hub, table_id: str, seat: int, since: int
) -> AsyncGenerator[str, None]:
    """The messages of one seat's stream; see the module's description."""
    loop = asyncio.get_running_loop()
    timings = registry.timings
    ends = loop.time() + timings.stream
    claim = hub.claim(table_id, seat)
    cursor, sent, undos = since, -1, None
    try:
        while True:
            message = None  # made under the lock, sent after it: never yield holding it
            with registry.lock:
                table = registry.tables.get(table_id)
                if table is None:
                    why = registry.closed.get(table_id, f"the table {table_id!r} has closed")
                    gone = json.dumps({"error": why})  # closed for a newcomer: says why
                    message = _message("gone", gone)
                elif table.version != sent:
                    now = registry.clock()
                    table.touched = now
                    if undos is not None and table.undos != undos:
                        cursor = 0  # a decision was taken back: the log is sent again, whole
                    undos = table.undos
                    document, cursor = seat_document_text(table, seat, cursor, now)
                    sent = table.version
                    message = _message("seat", document, cursor)
            if message is not None:
                yield message
            if table is None:
                return
            left = ends - loop.time()
            if left <= 0:
                return
            changed = await hub.wait(table_id, min(timings.keepalive, left))
            if not hub.holds(table_id, seat, claim):
                yield _message(
                    "replaced", json.dumps({"error": "this seat is open in another page"})
                )
                return
            if not changed:
                yield ": keepalive\n\n"
    finally:
        hub.release(table_id, seat, claim)
