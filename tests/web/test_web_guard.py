"""The web table's guard: per-address limits, JSON-only posts, security headers, bad input."""

from __future__ import annotations

import asyncio
import json
import logging
import re

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.requests import Request  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.data.errors import TableError  # noqa: E402
from modern_art.web import Limits, Registry, create_app  # noqa: E402
from modern_art.web.app import STATIC  # noqa: E402
from modern_art.web.inputs import read_body  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import FAST, JSON, NO_LIMITS, auth, open_http, post_action, seat_view  # noqa: E402

clock, registry, client = webclient.clock, webclient.registry, webclient.client  # the fixtures


def guarded(registry: Registry, clock: Clock, address: str, limits: Limits) -> TestClient:
    """A client from ``address`` on an app with ``limits``, on the hand-moved clock."""
    app = create_app(registry, limits=limits, guard_clock=clock)
    return TestClient(app, client=(address, 40000))


# -- a flood from one address --------------------------------------------------------


def test_a_flood_of_tables_from_one_address_leaves_room_for_others(
    registry: Registry, clock: Clock
) -> None:
    """One address opening tables as fast as it can is stopped; another still opens and plays."""
    limits = Limits(rate=1000.0, burst=1000.0, tables_per_minute=600.0, table_burst=100.0)
    flood = guarded(registry, clock, "10.0.0.1", limits)
    codes = [flood.post("/api/tables", json={"players": 3}).status_code for _ in range(80)]
    assert codes.count(201) == registry.per_owner == 8
    assert set(codes[8:]) == {429}
    other = guarded(registry, clock, "10.0.1.2", limits)  # another /24: another network
    table, tokens = open_http(other)
    body = seat_view(other, table, tokens[0])
    card = body["view"]["legal_actions"][0]
    reply = post_action(other, table, tokens[0], json.dumps({**card, "format": ma.FORMAT}), 0)
    assert reply.status_code == 200


def test_table_openings_per_address_are_rate_limited(registry: Registry, clock: Clock) -> None:
    """An address may open ``table_burst`` tables at once, then ``tables_per_minute``."""
    limits = Limits(rate=0.0, tables_per_minute=2.0, table_burst=2.0)
    first = guarded(registry, clock, "10.0.0.3", limits)
    codes = [first.post("/api/tables", json={"players": 3}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    refused = first.post("/api/tables", json={"players": 3})
    assert refused.json()["error"].startswith("too many requests")
    assert int(refused.headers["retry-after"]) >= 1
    clock.advance(30.0)  # one more table's worth of tokens
    assert first.post("/api/tables", json={"players": 3}).status_code == 201
    assert (
        guarded(registry, clock, "10.0.0.4", limits)
        .post("/api/tables", json={"players": 3})
        .status_code
        == 201
    )


def test_requests_per_address_are_rate_limited(registry: Registry, clock: Clock) -> None:
    """A polling flood (``since=0``) from one address is cut at its burst; others go on."""
    table, tokens = open_http(TestClient(create_app(registry, limits=NO_LIMITS)))
    limits = Limits(rate=5.0, burst=10.0)
    flood = guarded(registry, clock, "10.0.0.5", limits)
    url = f"/api/tables/{table}/seat?since=0"
    codes = [flood.get(url, headers=auth(tokens[0])).status_code for _ in range(30)]
    assert codes[:10] == [200] * 10 and set(codes[10:]) == {429}
    other = guarded(registry, clock, "10.0.0.6", limits)
    assert other.get(url, headers=auth(tokens[0])).status_code == 200
    clock.advance(1.0)
    assert flood.get(url, headers=auth(tokens[0])).status_code == 200


def test_finished_tables_release_their_slot_at_once(registry: Registry, clock: Clock) -> None:
    """A finished game holds no table slot; it stays readable for ``finished_ttl``."""
    registry.max_tables = 1
    table, _ = registry.open_table(["A", "B", "C"], humans=[0], seed=2)
    with pytest.raises(TableError) as full:
        registry.open_table(["A", "B", "C"], humans=[0], seed=3)
    assert full.value.status == 503
    table.hand_to_bot(0, clock())
    clock.advance(1.0)
    registry.get(table.id)  # the bots play the game to its end
    assert table.state.is_over
    registry.open_table(["A", "B", "C"], humans=[0], seed=3)
    assert table.id in registry.tables
    clock.advance(FAST.finished_ttl)
    registry.expire()
    assert table.id not in registry.tables


# -- posts from other sites ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Content-Type": "text/plain"}, 415),
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
        ({"Content-Type": "multipart/form-data; boundary=x"}, 415),
        ({}, 415),
        ({**JSON, "Origin": "https://evil.example"}, 403),
        ({**JSON, "Origin": "null"}, 403),
        ({**JSON, "Sec-Fetch-Site": "cross-site"}, 403),
    ],
)
def test_cross_site_and_non_json_posts_are_refused(
    client: TestClient, registry: Registry, headers: dict[str, str], status: int
) -> None:
    """A form post (text/plain and friends) or a post from another origin opens no table."""
    reply = client.post("/api/tables", content=b'{"players": 3}', headers=headers)
    assert reply.status_code == status
    assert reply.json()["status"] == status and reply.json()["error"]
    assert registry.tables == {}


def test_a_same_origin_post_is_accepted(client: TestClient) -> None:
    """The page's own post, with its own ``Origin``, opens a table."""
    headers = {**JSON, "Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    assert client.post("/api/tables", content=b"{}", headers=headers).status_code == 201


# -- security headers -----------------------------------------------------------------


def test_every_reply_carries_the_security_headers(client: TestClient) -> None:
    """Pages, files, API replies and refusals carry CSP, nosniff, referrer and framing rules."""
    replies = [
        client.get("/"),
        client.get("/static/table.js"),
        client.get("/api/tables/nope"),
        client.post("/api/tables", content=b"x", headers={"Content-Type": "text/plain"}),
    ]
    for reply in replies:
        csp = reply.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert reply.headers["x-content-type-options"] == "nosniff"
        assert reply.headers["referrer-policy"] == "no-referrer"
        assert reply.headers["x-frame-options"] == "DENY"


def test_the_page_needs_no_inline_script_or_style() -> None:
    """index.html loads its script and style from files, so the CSP can forbid inline ones."""
    html = (STATIC / "index.html").read_text()
    scripts = [
        f'<script src="/static/{name}.js">'
        for name in ("render", "connection", "practice", "replay", "table")
    ]
    assert re.findall(r"<script[^>]*>", html) == scripts
    assert "<style" not in html and " style=" not in html
    assert not re.search(r"\son[a-z]+=", html)


# -- every bad input is a clear 4xx, and the table stays -------------------------------------


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b'{"bot": []}', "bot must be one of"),
        (b'{"bot": {}}', "bot must be one of"),
        (b'{"names": ["A", "B", "\\ud800"]}', "the name of seat 2 holds a control"),
        (b'{"names": ["A", "B\\u0000", "C"]}', "the name of seat 1 holds a control"),
        (b'{"names": ["A", "B", "\\u202eC"]}', "the name of seat 2 holds a control"),
        (b'{"players": 3, "players": 4}', "repeats the key 'players'"),
        (b'{"seed": NaN}', "not JSON"),
        (b'{"seed": Infinity}', "not JSON"),
        (b'{"seed": 1e400}', "seed must be a whole number"),
        (b'"\\ud800"', "expected a JSON object"),
        (b"\xed\xa0\x80", "not JSON"),
        (b"[" * 20_000, "over 16384 bytes"),
    ],
)
def test_bad_requests_to_open_a_table_are_4xx_and_open_nothing(
    client: TestClient, registry: Registry, body: bytes, says: str
) -> None:
    """Each bad request (the issue's list and its cousins) is a 4xx JSON error, no table opened."""
    reply = client.post("/api/tables", content=body, headers=JSON)
    assert 400 <= reply.status_code < 500, reply.text
    assert says in reply.json()["error"]
    assert registry.tables == {}


def test_bad_tokens_and_numbers_are_4xx_and_change_nothing(
    client: TestClient, registry: Registry
) -> None:
    """A non-ASCII token, Unicode digits as ``step`` or ``since``: 4xx, the table untouched."""
    table, tokens = open_http(client)
    before = registry.tables[table].state
    url = f"/api/tables/{table}"
    for token in ("t\u00e9st".encode("latin-1"), b"\xff\xfe", b"tok en", b"a" * 200):
        headers = {b"Authorization": b"Bearer " + token, b"Content-Type": b"application/json"}
        assert client.get(f"{url}/seat", headers=headers).status_code in (401, 403)
        reply = client.post(f"{url}/actions?step=0", content=b"{}", headers=headers)
        assert reply.status_code in (401, 403)
    for digits in ("\u0663", "\uff11", "\u00b2", "1\u0660"):
        reply = post_action(client, table, tokens[0], ma.Pass(0), digits)  # type: ignore[arg-type]
        assert reply.status_code == 400
        assert "'step' must be a whole number" in reply.json()["error"]
        reply = client.get(f"{url}/seat?since={digits}", headers=auth(tokens[0]))
        assert reply.status_code == 400
    duplicated = b'{"format": "modern-art/1", "type": "Pass", "seat": 0, "seat": 0}'
    reply = post_action(client, table, tokens[0], duplicated, 0)
    assert reply.status_code == 400 and "appears twice" in reply.json()["error"]
    assert registry.tables[table].state is before


def test_a_client_leaving_mid_upload_is_one_log_line(caplog: pytest.LogCaptureFixture) -> None:
    """A body cut short by the client going away gives one warning line and no traceback."""
    messages: list[dict[str, object]] = [
        {"type": "http.request", "body": b'{"pla', "more_body": True},
        {"type": "http.disconnect"},
    ]

    async def receive() -> dict[str, object]:
        return messages.pop(0)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/tables",
        "headers": [],
        "client": ("10.0.0.9", 5000),
        "query_string": b"",
    }
    with caplog.at_level(logging.WARNING), pytest.raises(TableError) as err:
        asyncio.run(read_body(Request(scope, receive)))
    assert err.value.status == 400
    lines = [r for r in caplog.records if r.name == "modern_art.web.inputs"]
    assert len(lines) == 1 and lines[0].exc_info is None
    assert lines[0].getMessage() == "client 10.0.0.9 went away during POST /api/tables"
