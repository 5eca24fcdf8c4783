"""Who is asking, and under which name: the client's address and the ``Host`` header.

The client's address is the socket's peer. A ``X-Forwarded-For`` header
counts only when that peer is one of the proxies the server was told to
trust (``modern-art serve --trust-proxy``); then the client is the
right-most address in it that is not itself a trusted proxy (the left-most
entries are whatever the client wrote). Every per-address limit is counted
on that address, so a client cannot give itself a new one by writing a
header.

A request whose ``Host`` is not one of the names the server answers to
(``--allowed-host``) is refused: a page on another site that points a name
it owns at this server (DNS rebinding) cannot use it.

>>> proxies = Proxies.parse(["10.0.0.1"])
>>> proxies.client("10.0.0.1", "203.0.113.9, 10.0.0.1")
'203.0.113.9'
>>> proxies.client("198.51.100.7", "203.0.113.9")   # not a trusted proxy: its header is ignored
'198.51.100.7'
>>> host_name("Example.org:8000"), host_name("[::1]:8000"), host_name("bad host")
('example.org', '::1', None)
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable, Sequence

from attrs import frozen

__all__ = ["Proxies", "allowed_hosts", "host_name"]

_NAME = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?", re.ASCII)
_PORT = re.compile(r"[0-9]{1,5}", re.ASCII)
_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@frozen
class Proxies:
    """The proxies whose ``X-Forwarded-For`` the server believes (none by default)."""

    networks: tuple[_Network, ...] = ()

    @classmethod
    def parse(cls, given: Iterable[str]) -> Proxies:
        """From addresses or networks (``10.0.0.1``, ``10.0.0.0/8``, ``::1``).

        Raises:
            ValueError: one is neither, naming it.
        """
        networks = []
        for text in given:
            try:
                networks.append(ipaddress.ip_network(text.strip(), strict=False))
            except ValueError:
                raise ValueError(
                    f"--trust-proxy takes IP addresses or networks, got {text!r}"
                ) from None
        return cls(tuple(networks))

    def trusts(self, address: str) -> bool:
        """Whether ``address`` is one of the trusted proxies."""
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def client(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: ``peer``, or, behind a trusted proxy, who it forwards for."""
        if forwarded_for is None or not self.trusts(peer):
            return peer
        hops = [hop.strip() for hop in forwarded_for.split(",")[-32:]]
        for hop in reversed(hops):
            if not _is_address(hop):
                return peer  # a mangled header: count the proxy itself
            if not self.trusts(hop):
                return hop
        return peer


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def host_name(header: str) -> str | None:
    """The name in a ``Host`` header, lower-cased and without its port; ``None`` if malformed."""
    text = header.strip().lower()
    if text.startswith("["):  # an IPv6 literal: [::1]:8000
        end = text.find("]")
        rest = text[end + 1 :]
        if end < 0 or (rest and not (rest.startswith(":") and _PORT.fullmatch(rest[1:]))):
            return None
        inner = text[1:end]
        return inner if _is_address(inner) else None
    name, colon, port = text.partition(":")
    if colon and not _PORT.fullmatch(port):
        return None
    return name if _NAME.fullmatch(name) else None


def allowed_hosts(listening: str, extra: Sequence[str] = ()) -> frozenset[str]:
    """The names a server on ``listening`` answers to: it, ``localhost``, ``127.0.0.1``, ``extra``.

    A server listening on every address (``0.0.0.0``, ``::``) needs its public
    name in ``extra``: no request names ``0.0.0.0``.

    Raises:
        ValueError: a name of ``extra`` that no ``Host`` header could carry.
    """
    names = {"localhost", "127.0.0.1", "::1"}
    for given in (listening, *extra):
        name = host_name(given if ":" not in given or given.startswith("[") else f"[{given}]")
        if name is None:
            raise ValueError(f"--allowed-host takes host names or addresses, got {given!r}")
        names.add(name)
    return frozenset(names)
