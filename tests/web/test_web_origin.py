"""The server's own origin behind a proxy with TLS: ``--public-origin`` and trusted headers.

The audit: behind the TLS proxy docs/web-hosting.rst prescribes, every
browser ``POST`` was refused (``403 requests from 'https://play.example.org'
are not accepted here``): the server compared the browser's ``https://``
``Origin`` with ``http://<Host>`` and never read ``X-Forwarded-Proto``, even
from a trusted proxy. Each test here sends exactly what the documented
nginx and Caddy configurations send upstream (``NGINX``, ``CADDY``: the
headers they set, plus what a browser's ``fetch`` of the page sends);
``tools/web_proxies.py`` runs the real proxies against a real server.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers.webkit import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

from modern_art.web import Registry, create_app  # noqa: E402
from modern_art.web.addresses import Proxies, allowed_hosts, public_origin  # noqa: E402
from tests.helpers.webclient import FAST, NO_LIMITS, ROOT  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402

PUBLIC = "https://play.example.org"
BROWSER = {  # what a browser's fetch() from https://play.example.org/ sends with a POST
    "Origin": PUBLIC,
    "Content-Type": "application/json",
    "Sec-Fetch-Site": "same-origin",
    "Sec-Fetch-Mode": "cors",
}
# docs/web-hosting.rst's nginx location: Host $host, X-Forwarded-For
# $proxy_add_x_forwarded_for, X-Forwarded-Proto $scheme (HTTP/1.1, no Connection header).
NGINX = {
    "Host": "play.example.org",
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
}
# Caddy's reverse_proxy: the Host unchanged, X-Forwarded-For, -Proto and -Host.
CADDY = {
    "Host": "play.example.org",
    "X-Forwarded-For": "203.0.113.9",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-Host": "play.example.org",
}
TABLE = {"players": 3, "humans": [0]}


def _behind_proxy(*, origin: str | None, trusted: bool = True) -> TestClient:
    """A client at 127.0.0.1 (the proxy) on an app told what ``serve`` would tell it."""
    registry = Registry(FAST, clock=Clock())
    app = create_app(
        registry,
        limits=NO_LIMITS,
        proxies=Proxies.parse(["127.0.0.1"] if trusted else []),
        allowed_hosts=allowed_hosts("127.0.0.1", ["play.example.org"]),
        public_origin=None if origin is None else public_origin(origin),
    )
    return TestClient(app, base_url="http://127.0.0.1:8000", client=("127.0.0.1", 50000))


@pytest.mark.parametrize("proxy", [NGINX, CADDY], ids=["nginx", "caddy"])
@pytest.mark.parametrize("origin", [PUBLIC, None], ids=["public-origin", "forwarded-proto"])
def test_the_documented_proxies_pass_a_browsers_post(
    proxy: dict[str, str], origin: str | None
) -> None:
    """With --public-origin, or from a trusted proxy's X-Forwarded-Proto: 201, and play goes on."""
    client = _behind_proxy(origin=origin)
    opened = client.post("/api/tables", json=TABLE, headers={**proxy, **BROWSER})
    assert opened.status_code == 201, opened.text
    table, token = opened.json()["table"], opened.json()["you"]["token"]
    headers = {**proxy, **BROWSER, "Authorization": f"Bearer {token}"}
    rotated = client.post(f"/api/tables/{table}/token", json={}, headers=headers)
    assert rotated.status_code == 200, rotated.text


@pytest.mark.parametrize("proxy", [NGINX, CADDY], ids=["nginx", "caddy"])
def test_another_origin_is_refused_behind_the_proxy(proxy: dict[str, str]) -> None:
    """Another site, or the plain-http spelling of this one, is still 403 (no table opens)."""
    for origin in (PUBLIC, None):
        client = _behind_proxy(origin=origin)
        for other in ("https://evil.example", "http://play.example.org", "null"):
            refused = client.post(
                "/api/tables", json=TABLE, headers={**proxy, **BROWSER, "Origin": other}
            )
            assert refused.status_code == 403, (origin, other, refused.text)
            assert "not accepted" in refused.json()["error"]


def test_forwarded_headers_of_an_untrusted_peer_are_ignored() -> None:
    """X-Forwarded-Proto from a peer not named by --trust-proxy: the origin stays http://Host."""
    client = _behind_proxy(origin=None, trusted=False)
    refused = client.post("/api/tables", json=TABLE, headers={**CADDY, **BROWSER})
    assert refused.status_code == 403
    plain = {**CADDY, **BROWSER, "Origin": "http://play.example.org"}
    assert client.post("/api/tables", json=TABLE, headers=plain).status_code == 201


def test_without_the_fix_the_proxy_was_refused() -> None:
    """The audit's case, named: a trusted nginx, no --public-origin, the browser's https Origin."""
    client = _behind_proxy(origin=None)
    assert client.post("/api/tables", json=TABLE, headers={**NGINX, **BROWSER}).status_code == 201


def test_public_origin_is_checked_and_written_one_way() -> None:
    """A URL with a path, a query, a user or another scheme is refused with the option's name."""
    assert public_origin("HTTPS://Play.Example.ORG:443") == PUBLIC
    assert public_origin("https://play.example.org:8443/") == "https://play.example.org:8443"
    for bad in (
        "play.example.org",
        "ftp://x.example",
        "https://x.example/play",
        "https://a@x.example",
        "https://x.example?x=1",
        "https://x.example:99999",
        "https://bad host",
    ):
        with pytest.raises(ValueError, match="--public-origin"):
            public_origin(bad)


def test_serve_refuses_a_bad_public_origin_in_one_line() -> None:
    """``modern-art serve --public-origin play.example.org`` stops with the option's message."""
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "serve", "--public-origin", "play.example.org"],
        cwd=ROOT,
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "--public-origin takes the URL browsers open" in done.stderr
    assert "Traceback" not in done.stderr
