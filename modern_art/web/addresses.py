"""Who is asking, from which network, under which name, and from which origin.

The client's address is the socket's peer. A ``X-Forwarded-For`` header
counts only when that peer is one of the proxies the server was told to
trust (``modern-art serve --trust-proxy``); then the client is the
right-most address in it that is not itself a trusted proxy (the left-most
entries are whatever the client wrote). Every per-address limit is counted
on that address, so a client cannot give itself a new one by writing a
header.

Every limit counts a client's *network*, not its address
(:class:`Networks`: an IPv4 ``/24`` and an IPv6 ``/64`` by default, ``serve
--ipv4-prefix`` and ``--ipv6-prefix``): one host of IPv6 holds a whole
``/64`` and can write any address of it, and a client renting addresses
rents them next to each other.

A request whose ``Host`` is not one of the names the server answers to
(``--allowed-host``) is refused: a page on another site that points a name
it owns at this server (DNS rebinding) cannot use it.

The server's own origin (:class:`Origins`), which a browser's ``Origin`` of
a ``POST`` must match, is ``--public-origin`` when given (behind a proxy
with TLS, ``https://play.example.org``); otherwise it is made from the
request, and a trusted proxy's ``X-Forwarded-Proto`` and
``X-Forwarded-Host`` say which scheme and name the browser used.

>>> proxies = Proxies.parse(["10.0.0.1"])
>>> proxies.client("10.0.0.1", "203.0.113.9, 10.0.0.1")
'203.0.113.9'
>>> proxies.client("198.51.100.7", "203.0.113.9")   # not a trusted proxy: its header is ignored
'198.51.100.7'
>>> Networks().key("203.0.113.9"), Networks().key("2001:db8:1:2:3::4")
('203.0.113.0/24', '2001:db8:1:2::/64')
>>> Networks(ipv4=32).key("203.0.113.9"), Networks().key("::ffff:203.0.113.9")
('203.0.113.9/32', '203.0.113.0/24')
>>> origins = Origins(public_origin("HTTPS://Play.Example.org:443/"))
>>> origins.public, origins.own("127.0.0.1", "http", {"host": "127.0.0.1:8000"})
('https://play.example.org', 'https://play.example.org')
>>> behind = Origins(None, Proxies.parse(["127.0.0.1"]))
>>> behind.own("127.0.0.1", "http", {"host": "play.example.org", "x-forwarded-proto": "https"})
'https://play.example.org'
>>> behind.own("198.51.100.7", "http", {"host": "a.example", "x-forwarded-proto": "https"})
'http://a.example'
>>> host_name("Example.org:8000"), host_name("[::1]:8000"), host_name("bad host")
('example.org', '::1', None)
"""

from __future__ import annotations

import functools
import ipaddress
import re
import urllib.parse
from collections.abc import Iterable, Mapping, Sequence

from attrs import field, frozen, validators

__all__ = ["Networks", "Origins", "Proxies", "allowed_hosts", "host_name", "public_origin"]

_NAME = re.compile(r"[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?", re.ASCII)
_PORT = re.compile(r"[0-9]{1,5}", re.ASCII)
_Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@frozen
class Networks:
    """How client addresses are grouped into the networks every limit counts.

    An IPv4 address counts with the others of its ``/ipv4`` network, an IPv6
    one with those of its ``/ipv6`` (an IPv4-mapped IPv6 address as the IPv4
    one); ``ipv4=32, ipv6=128`` counts every address alone. What is not an
    address (a test's ``testclient``, ``unknown``) is its own network.
    """

    ipv4: int = field(default=24, validator=[validators.ge(8), validators.le(32)])
    """The prefix length of an IPv4 client's network (``--ipv4-prefix``)."""
    ipv6: int = field(default=64, validator=[validators.ge(16), validators.le(128)])
    """The prefix length of an IPv6 client's network (``--ipv6-prefix``)."""

    def key(self, address: str) -> str:
        """The network of ``address``, written as a network (``203.0.113.0/24``)."""
        return _network_key(address, self.ipv4, self.ipv6)


@functools.lru_cache(maxsize=8192)
def _network_key(address: str, ipv4: int, ipv6: int) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = ipv4 if ip.version == 4 else ipv6
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def public_origin(url: str) -> str:
    """``--public-origin``'s URL as an origin: ``scheme://host[:port]``, lower case.

    >>> from modern_art.web.addresses import public_origin
    >>> public_origin("https://play.example.org"), public_origin("http://[::1]:8080/")
    ('https://play.example.org', 'http://[::1]:8080')

    Raises:
        ValueError: not an ``http`` or ``https`` URL of a host, or one with a
            path, query, fragment or user.
    """
    parts = urllib.parse.urlsplit(url.strip())
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = -1
    name = host_name(parts.netloc.rpartition("@")[2]) if parts.netloc else None
    if (
        scheme not in ("http", "https")
        or name is None
        or port == -1
        or "@" in parts.netloc
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise ValueError(
            "--public-origin takes the URL browsers open, such as https://play.example.org"
            f" (a scheme, a name and a port, nothing after), got {url!r}"
        )
    shown = f"[{name}]" if ":" in name else name
    default = 443 if scheme == "https" else 80
    return f"{scheme}://{shown}" + ("" if port in (None, default) else f":{port}")


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


@frozen
class Origins:
    """The server's own origin, which a ``POST``'s ``Origin`` must be.

    ``public`` (``--public-origin``, made by :func:`public_origin`) is the
    origin whenever it is given. Without it the origin is the request's
    scheme and ``Host``, where a trusted proxy's ``X-Forwarded-Proto``
    (``http`` or ``https``) and ``X-Forwarded-Host`` say what the browser
    used; the same headers from any other peer are ignored.
    """

    public: str | None = None
    proxies: Proxies = Proxies()

    def own(self, peer: str, scheme: str, headers: Mapping[str, str]) -> str:
        """The origin a request from ``peer`` (socket scheme ``scheme``) must come from."""
        if self.public is not None:
            return self.public
        host = headers.get("host", "")
        if self.proxies.trusts(peer):
            proto = headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
            if proto in ("http", "https"):
                scheme = proto
            forwarded = headers.get("x-forwarded-host", "").split(",")[0].strip()
            if forwarded and host_name(forwarded) is not None:
                host = forwarded
        scheme = "https" if scheme in ("https", "wss") else "http"
        return f"{scheme}://{host}"


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
