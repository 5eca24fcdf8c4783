"""Open connections, before any request: how many, from whom, and for how long.

uvicorn alone keeps a connection that sends half a request open forever, so
a client holding a thousand of them uses up the server's file descriptors
and everyone else's requests wait. ``modern-art serve`` runs uvicorn with the
HTTP protocol made here (:func:`guarded_protocol`), which

- counts connections by the client's network
  (:class:`~modern_art.web.addresses.Networks`: a ``/24`` of IPv4, a ``/64``
  of IPv6) and closes at once a connection from a network that already
  holds ``per_address`` of them (here and, with ``shared``, on the other
  processes of one PostgreSQL: :mod:`modern_art.web.shared_limits`);
- when ``total`` are open (kept below the process's file-descriptor limit,
  ``ulimit -n``), makes room for a new one by closing an idle keep-alive
  connection (no request in progress) of the network holding the most, and
  more than the newcomer's (:func:`~modern_art.web.fairness.heaviest`): so
  sockets held open from many addresses crowd out their own networks, not
  everyone; only when none is idle is the new connection closed;
- closes a connection whose request headers have not all arrived
  ``header_timeout`` seconds after it opened or after its last reply;
- closes one whose request body has not all arrived ``body_timeout``
  seconds after its headers.

A push stream is one long reply to a complete request: no timeout cuts it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from attrs import field, frozen, validators
from uvicorn.protocols.http.h11_impl import H11Protocol

from modern_art.web.addresses import Networks
from modern_art.web.fairness import heaviest

if TYPE_CHECKING:
    from modern_art.web.shared_limits import SharedLimits

__all__ = ["BACKLOG", "ConnectionLimits", "guarded_protocol"]

_SPARE_FILES = 64  # descriptors kept free for the database, logs and the listening socket

BACKLOG = 256
"""Connections the kernel queues for the server (``uvicorn.Config(backlog=...)``).

asyncio accepts up to this many in one go before a refused one is closed, so
as many descriptors as this are kept free above :attr:`ConnectionLimits.total`:
a flood that reached ``ulimit -n`` would make ``accept`` fail, and asyncio
then stops listening for a second and logs a traceback for each failure.
"""


@frozen
class ConnectionLimits:
    """The limits on open connections; see the module's description."""

    per_address: int = field(default=32, validator=validators.ge(1))
    """Connections one network may hold open at once (``--connections-per-address``)."""
    total: int = field(default=900, validator=validators.ge(1))
    """Connections open at once in all (at most the file-descriptor limit less a margin)."""
    header_timeout: float = field(default=10.0, validator=validators.gt(0.0))
    """Seconds a connection has to send a whole request's headers."""
    body_timeout: float = field(default=30.0, validator=validators.gt(0.0))
    """Seconds a request has to send its whole body after its headers."""

    def effective_total(self) -> int:
        """:attr:`total`, lowered to fit the process's file-descriptor limit (where it has one).

        The limit, less spares for the database and logs and :data:`BACKLOG`.
        """
        try:
            import resource  # noqa: PLC0415 (POSIX only: Windows has no such limit to fit)
        except ImportError:  # pragma: no cover (not on Linux)
            return self.total
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft == resource.RLIM_INFINITY:
            return self.total
        return max(1, min(self.total, soft - _SPARE_FILES - BACKLOG))


class _Open:
    """The open connections, by network (each network's in the order they opened)."""

    def __init__(self) -> None:
        self.by_network: dict[str, dict[Any, None]] = {}
        self.total = 0

    def add(self, network: str, connection: Any) -> None:
        self.by_network.setdefault(network, {})[connection] = None
        self.total += 1

    def remove(self, network: str, connection: Any) -> None:
        held = self.by_network[network]
        del held[connection]
        self.total -= 1
        if not held:
            del self.by_network[network]

    def held(self, network: str) -> int:
        return len(self.by_network.get(network, ()))

    def counts(self) -> dict[str, int]:
        """The connections by network (read from another thread: copied first)."""
        return {network: len(held) for network, held in self.by_network.copy().items()}

    def idle_of_heaviest(self, newcomer: str) -> Any:
        """An idle connection of the network holding the most, and more than ``newcomer``."""
        for network in heaviest(self.counts(), above=self.held(newcomer) + 1):
            for connection in self.by_network[network]:
                if connection.idle():
                    return connection
        return None


def guarded_protocol(
    limits: ConnectionLimits,
    networks: Networks | None = None,
    shared: SharedLimits | None = None,
) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``limits``: pass it as ``uvicorn.Config(http=...)``.

    ``networks`` groups the peers' addresses (the default ``/24`` and ``/64``);
    ``shared`` counts each network's connections with the other processes'.
    """
    opened = _Open()
    total = limits.effective_total()
    grouping = networks or Networks()
    if shared is not None:
        shared.holdings("connections", opened.counts)

    def held(network: str) -> int:
        elsewhere = 0 if shared is None else shared.elsewhere("connections", network)
        return opened.held(network) + elsewhere

    class GuardedProtocol(H11Protocol):
        """One connection, counted against its network and timed while it sends."""

        _network: str | None = None  # counted in ``opened``
        _known = False  # handed to uvicorn
        _timer: asyncio.TimerHandle | None = None
        _cycle: Any = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            peer = transport.get_extra_info("peername")
            network = grouping.key(str(peer[0]) if peer else "unknown")
            if held(network) >= limits.per_address:
                transport.abort()  # before any byte: the client sees the connection reset
                return
            if opened.total >= total:
                idle = opened.idle_of_heaviest(network)
                if idle is None:
                    transport.abort()
                    return
                idle.drop()  # room for the newcomer, from whoever holds the most
            self._network = network
            opened.add(network, self)
            self._known = True
            super().connection_made(transport)
            self._wait_for_headers()

        def idle(self) -> bool:
            """Whether no request is in progress: closing it loses no answer."""
            return self.cycle is None or self.cycle.response_complete

        def drop(self) -> None:
            """Close this idle connection now, to make room (it is uncounted at once)."""
            if self._network is not None:
                opened.remove(self._network, self)
                self._network = None
                self._stop_timer()
            self.transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._network is not None:  # not already uncounted by drop()
                opened.remove(self._network, self)
                self._network = None
            self._stop_timer()
            if self._known:  # not refused in connection_made
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
