"""Open connections, before any request: how many, from whom, and for how long.

uvicorn alone keeps a connection that sends half a request open forever, so
a client holding a thousand of them uses up the server's file descriptors
and everyone else's requests wait. ``modern-art serve`` runs uvicorn with the
HTTP protocol made here (:func:`guarded_protocol`), which

- closes at once a connection from an address that already holds
  ``per_address`` of them, or one beyond ``total`` in all (kept below the
  process's file-descriptor limit, ``ulimit -n``);
- closes a connection whose request headers have not all arrived
  ``header_timeout`` seconds after it opened or after its last reply;
- closes one whose request body has not all arrived ``body_timeout``
  seconds after its headers.

A push stream is one long reply to a complete request: no timeout cuts it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from attrs import field, frozen, validators
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["ConnectionLimits", "guarded_protocol"]

_SPARE_FILES = 64  # descriptors kept free for the database, logs and the listening socket


@frozen
class ConnectionLimits:
    """The limits on open connections; see the module's description."""

    per_address: int = field(default=32, validator=validators.ge(1))
    """Connections one address may hold open at once."""
    total: int = field(default=900, validator=validators.ge(1))
    """Connections open at once in all (at most the file-descriptor limit less a margin)."""
    header_timeout: float = field(default=10.0, validator=validators.gt(0.0))
    """Seconds a connection has to send a whole request's headers."""
    body_timeout: float = field(default=30.0, validator=validators.gt(0.0))
    """Seconds a request has to send its whole body after its headers."""

    def effective_total(self) -> int:
        """:attr:`total`, lowered to fit the process's file-descriptor limit (where it has one)."""
        try:
            import resource  # noqa: PLC0415 (POSIX only: Windows has no such limit to fit)
        except ImportError:  # pragma: no cover (not on Linux)
            return self.total
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft == resource.RLIM_INFINITY:
            return self.total
        return max(1, min(self.total, soft - _SPARE_FILES))


class _Counts:
    def __init__(self) -> None:
        self.by_address: dict[str, int] = {}
        self.total = 0

    def add(self, address: str) -> None:
        self.by_address[address] = self.by_address.get(address, 0) + 1
        self.total += 1

    def remove(self, address: str) -> None:
        self.total -= 1
        left = self.by_address[address] - 1
        if left:
            self.by_address[address] = left
        else:
            del self.by_address[address]


def guarded_protocol(limits: ConnectionLimits) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``limits``: pass it as ``uvicorn.Config(http=...)``."""
    counts = _Counts()
    total = limits.effective_total()

    class GuardedProtocol(H11Protocol):
        """One connection, counted against its address and timed while it sends."""

        _address: str | None = None
        _timer: asyncio.TimerHandle | None = None
        _cycle: Any = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if peer else "unknown"
            if counts.total >= total or counts.by_address.get(address, 0) >= limits.per_address:
                transport.abort()  # before any byte: the client sees the connection reset
                return
            self._address = address
            counts.add(address)
            super().connection_made(transport)
            self._wait_for_headers()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._address is None:
                return  # refused in connection_made: uvicorn never knew it
            counts.remove(self._address)
            self._address = None
            self._stop_timer()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.cycle is not None and self.cycle is not self._cycle:
                self._cycle = self.cycle  # a new request's headers are in: time its body
                self._stop_timer()
                if self.cycle.more_body:
                    self._timer = self.loop.call_later(limits.body_timeout, self._body_late)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._wait_for_headers()

        def _wait_for_headers(self) -> None:
            self._stop_timer()
            self._timer = self.loop.call_later(limits.header_timeout, self._headers_late)

        def _stop_timer(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _headers_late(self) -> None:
            self._timer = None
            if self.cycle is self._cycle or self.cycle is None:
                self.transport.close()

        def _body_late(self) -> None:
            self._timer = None
            cycle = self.cycle
            if cycle is not None and cycle.more_body and not cycle.response_complete:
                self.transport.close()

    return GuardedProtocol
