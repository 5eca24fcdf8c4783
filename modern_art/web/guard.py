"""What stands before the endpoints: names, per-network limits, JSON-only posts, headers.

:class:`Guard` is plain ASGI middleware, so that push streams pass through it
untouched. For every request it finds the client's address (the socket's
peer, or whom a trusted proxy forwards for: :mod:`modern_art.web.addresses`)
and its network (:class:`~modern_art.web.addresses.Networks`, which every
limit counts), and refuses a ``Host`` the server does not answer to (400).
For every request to ``/api/`` it

- takes a token from the network's request bucket (``rate`` a second, up to
  ``burst`` at once) and, to open a table, one from its table bucket
  (``tables_per_minute``, up to ``table_burst``); an empty bucket is 429 with
  ``Retry-After``;
- allows each network ``streams`` push streams open at once (429 beyond);
- with ``shared``, counts the buckets and the streams with every other
  server process on the same PostgreSQL (:mod:`modern_art.web.shared_limits`);
- refuses a ``POST`` whose ``Content-Type`` is not ``application/json``
  (415: an HTML form cannot send one, so no other site can post a form here)
  and one whose ``Origin`` is not this server's own (403,
  :class:`~modern_art.web.addresses.Origins`: ``--public-origin``, or what a
  trusted proxy says the browser used);

and it adds the security headers to every reply: a Content-Security-Policy
allowing only this server's own script, style and connections (no inline
script, no framing), ``X-Content-Type-Options``, ``Referrer-Policy`` and
``X-Frame-Options``.

>>> bucket = TokenBucket(rate=1.0, burst=2.0, now=0.0)
>>> [bucket.take(0.0), bucket.take(0.0), bucket.take(0.0), bucket.take(1.0)]
[True, True, False, True]
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from typing import TYPE_CHECKING, Any

from attrs import field, frozen, validators

from modern_art.web.addresses import Networks, Origins, Proxies, host_name

if TYPE_CHECKING:
    from modern_art.web.shared_limits import SharedLimits

__all__ = ["SECURITY_HEADERS", "Buckets", "Guard", "Limits", "TokenBucket"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SECURITY_HEADERS: dict[str, str] = {
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
"""Sent with every reply."""

_MAX_ADDRESSES = 10_000  # buckets kept; full ones are dropped first when there are more


@frozen
class Limits:
    """Per-network limits; ``rate`` or ``tables_per_minute`` 0 turns that limit off."""

    rate: float = field(default=20.0, validator=validators.ge(0.0))
    """Requests a second each network may make, on average."""
    burst: float = field(default=60.0, validator=validators.gt(0.0))
    """Requests a network may make at once."""
    tables_per_minute: float = field(default=4.0, validator=validators.ge(0.0))
    """Tables each network may open a minute, on average."""
    table_burst: float = field(default=4.0, validator=validators.gt(0.0))
    """Tables a network may open at once."""
    streams: int = field(default=8, validator=validators.ge(1))
    """Push streams a network may hold open at once (a page holds one)."""


class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` a second; each request takes one."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.at = now

    def take(self, now: float) -> bool:
        """Take a token if there is one; whether there was."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until the next token."""
        return 0.0 if self.rate <= 0 else max(0.0, (1.0 - self.tokens) / self.rate)

    def full(self, now: float) -> bool:
        """Whether the bucket would be full by ``now`` (nothing to remember)."""
        return self.tokens + (now - self.at) * self.rate >= self.burst


class Buckets:
    """A token bucket for each network, made when it first asks; ``rate`` 0: no limit."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.by_address: dict[str, TokenBucket] = {}

    def bucket(self, address: str, now: float) -> TokenBucket:
        """``address``'s bucket, a full one if it had none (full ones are forgotten first)."""
        bucket = self.by_address.get(address)
        if bucket is None:
            if len(self.by_address) >= _MAX_ADDRESSES:
                self.by_address = {a: b for a, b in self.by_address.items() if not b.full(now)}
            bucket = self.by_address[address] = TokenBucket(self.rate, self.burst, now)
        return bucket

    def take(self, address: str, now: float) -> float | None:
        """``None`` if ``address`` may go on, else the seconds it should wait."""
        if self.rate <= 0:
            return None
        bucket = self.bucket(address, now)
        return None if bucket.take(now) else bucket.wait()


class Guard:
    """The middleware; see the module's description.

    Args:
        app: the application it guards.
        limits: the per-network limits.
        clock: seconds, monotonic; tests inject one.
        proxies: the proxies whose ``X-Forwarded-For`` names the client.
        hosts: the ``Host`` names answered (lower case); ``None``: any.
        networks: how addresses are grouped into the networks the limits count.
        public_origin: ``--public-origin`` (made by
            :func:`~modern_art.web.addresses.public_origin`), or ``None``.
        shared: the limits counted with the other processes on one PostgreSQL
            (:class:`~modern_art.web.shared_limits.SharedLimits`), or ``None``:
            this process counts alone.
    """

    def __init__(
        self,
        app: ASGIApp,
        limits: Limits | None = None,
        clock: Callable[[], float] = time.monotonic,
        proxies: Proxies | None = None,
        hosts: Collection[str] | None = None,
        networks: Networks | None = None,
        public_origin: str | None = None,
        shared: SharedLimits | None = None,
    ) -> None:
        self.app = app
        self.limits = limits or Limits()
        self.clock = clock
        self.proxies = proxies or Proxies()
        self.networks = networks or Networks()
        self.origins = Origins(public_origin, self.proxies)
        self.hosts = None if hosts is None else frozenset(h.lower() for h in hosts)
        self.streams: dict[str, int] = {}
        """The push streams open here, by network."""
        rates = (
            ("requests", self.limits.rate, self.limits.burst),
            ("openings", self.limits.tables_per_minute / 60.0, self.limits.table_burst),
        )
        if shared is None:
            self.requests, self.openings = (Buckets(rate, burst) for _, rate, burst in rates)
        else:
            self.requests, self.openings = (shared.buckets(*kind) for kind in rates)
            shared.holdings("streams", self.streams.copy)
        self.shared = shared

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(k.encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
                message["headers"] = headers
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        client = scope.get("client")
        peer = client[0] if client else "unknown"
        address = self.proxies.client(peer, headers.get("x-forwarded-for"))
        scope = {**scope, "client": (address, client[1] if client else 0)}
        network = self.networks.key(address)
        refusal = self._refusal(scope, headers, peer, network)
        if refusal is not None:
            status, text, extra = refusal
            await _json_error(send_with_headers, status, text, extra)
            return
        if not scope.get("path", "").endswith("/stream"):
            await self.app(scope, receive, send_with_headers)
            return
        self.streams[network] = self.streams.get(network, 0) + 1
        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            self.streams[network] -= 1
            if not self.streams[network]:
                del self.streams[network]

    def _streams_of(self, network: str) -> int:
        """The push streams ``network`` holds open, here and on the other processes."""
        elsewhere = 0 if self.shared is None else self.shared.elsewhere("streams", network)
        return self.streams.get(network, 0) + elsewhere

    def _refusal(
        self, scope: Scope, headers: dict[str, str], peer: str, network: str
    ) -> tuple[int, str, dict[str, str]] | None:
        path: str = scope.get("path", "")
        if self.hosts is not None:
            name = host_name(headers.get("host", ""))
            if name not in self.hosts:
                shown = headers.get("host", "")[:64]
                return 400, f"this server does not answer to the name {shown!a}", {}
        if not path.startswith("/api/"):
            return None
        now = self.clock()
        wait = self.requests.take(network, now)
        if wait is None and scope["method"] == "POST" and path == "/api/tables":
            wait = self.openings.take(network, now)
        if wait is not None:
            seconds = max(1, round(wait + 0.5))
            text = f"too many requests; try again in {seconds}s"
            return 429, text, {"retry-after": str(seconds)}
        if path.endswith("/stream") and self._streams_of(network) >= self.limits.streams:
            streams = "1 stream" if self.limits.streams == 1 else f"{self.limits.streams} streams"
            text = f"your network has {streams} open; close a page first"
            return 429, text, {"retry-after": "5"}
        if scope["method"] != "POST":
            return None
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return 415, "a POST must carry Content-Type: application/json", {}
        origin = headers.get("origin")
        if origin is not None:
            own = self.origins.own(peer, str(scope.get("scheme", "http")), headers)
            if origin != own:
                shown = origin[:100]
                return 403, f"requests from {shown!r} are not accepted here (this is {own})", {}
        if headers.get("sec-fetch-site") == "cross-site":
            return 403, "cross-site requests are not accepted here", {}
        return None


async def _json_error(send: Send, status: int, text: str, extra: dict[str, str]) -> None:
    body = json.dumps({"error": text, "rule": None, "status": status}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        *((k.encode(), v.encode()) for k, v in extra.items()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
