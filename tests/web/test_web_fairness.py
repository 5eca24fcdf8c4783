"""The audit's lock-out, header and name findings: each failed before the service's defences.

Eight addresses holding eight tables each filled the server, and a client
rotating ``X-Forwarded-For`` filled it alone and met no rate limit; a
``Host`` of another name opened tables (DNS rebinding); unmatched ``/api/``
paths answered plain text.
"""

from __future__ import annotations

from tests.helpers.webkit import need

need("starlette.testclient")

from attrs import evolve  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from modern_art.data.errors import TableError  # noqa: E402
from modern_art.web import Limits, Registry, create_app  # noqa: E402
from modern_art.web.addresses import Proxies, allowed_hosts  # noqa: E402
from tests.helpers.webclient import FAST, JSON, NO_LIMITS, auth  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402

PRACTICE = {"players": 3, "humans": [0]}
SLOW_EXPIRY = evolve(FAST, ttl=86400.0)  # idle tables stay until closed for a newcomer


def _client(app: object, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))  # type: ignore[arg-type]


def test_eight_addresses_cannot_lock_out_a_ninth_once_a_table_is_idle() -> None:
    """A full server closes the longest-idle table of the biggest holder for a newcomer."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=64, per_owner=8, idle_evict=600.0)
    app = create_app(registry, limits=NO_LIMITS)
    opened: dict[str, list[tuple[str, str]]] = {}
    for a in range(8):
        client = _client(app, f"10.0.0.{a}")
        for _ in range(8):
            body = client.post("/api/tables", json=PRACTICE).json()
            opened.setdefault(f"10.0.0.{a}", []).append((body["table"], body["you"]["token"]))
            clock.advance(1.0)
    newcomer = _client(app, "10.0.9.9")
    refused = newcomer.post("/api/tables", json=PRACTICE)
    assert refused.status_code == 503, refused.text
    assert int(refused.headers["retry-after"]) >= 1
    clock.advance(600.0)
    reply = newcomer.post("/api/tables", json=PRACTICE)
    assert reply.status_code == 201, reply.text
    oldest, token = opened["10.0.0.0"][0]  # the first table opened: idle the longest
    told = _client(app, "10.0.0.0").get(f"/api/tables/{oldest}/seat", headers=auth(token))
    assert told.status_code == 410
    assert "closed to make room" in told.json()["error"]
    assert len([t for t in registry.tables.values() if not t.state.is_over]) == 64


def test_a_table_played_at_is_not_closed_for_a_newcomer() -> None:
    """Only a table nobody acted at for ``idle_evict`` seconds is closed; else 503."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=2, per_owner=2, idle_evict=600.0)
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")
    clock.advance(599.0)
    try:
        registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.2")
    except TableError as err:
        assert err.status == 503 and err.retry_after is not None and err.retry_after <= 2
    else:
        raise AssertionError("a table was closed before it was idle")


def test_an_address_cannot_close_the_tables_of_one_holding_as_few() -> None:
    """No table is closed for an address that holds as many tables as any other."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=2, per_owner=2, idle_evict=10.0)
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.2")
    clock.advance(60.0)
    try:
        registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.2")
    except TableError as err:
        assert err.status == 503
    else:
        raise AssertionError("10.0.0.2 closed 10.0.0.1's only table")


def test_rotated_forwarded_for_headers_give_no_new_address() -> None:
    """Without --trust-proxy, X-Forwarded-For is ignored: the peer holds 8 tables, then 429."""
    registry = Registry(FAST, clock=Clock(), max_tables=64, per_owner=8)
    client = _client(create_app(registry, limits=NO_LIMITS), "127.0.0.1")
    statuses = [
        client.post(
            "/api/tables", json=PRACTICE, headers={"X-Forwarded-For": f"198.51.100.{n}"}
        ).status_code
        for n in range(12)
    ]
    assert statuses == [201] * 8 + [429] * 4
    assert {t.owner for t in registry.tables.values()} == {"127.0.0.1"}


def test_rotated_headers_meet_the_rate_limit() -> None:
    """300 requests with rotating headers from one peer are held to its one request bucket."""
    clock = Clock()
    limits = Limits(rate=20.0, burst=60.0)
    app = create_app(Registry(FAST, clock=clock), limits=limits, guard_clock=clock)
    client = _client(app, "127.0.0.1")
    statuses = [
        client.get("/api/tables/none", headers={"X-Forwarded-For": f"203.0.113.{n % 250}"})
        for n in range(300)
    ]
    assert sum(r.status_code == 429 for r in statuses) == 240


def test_a_trusted_proxy_names_the_client() -> None:
    """Behind a proxy named by --trust-proxy, the client is whom it forwards for."""
    registry = Registry(FAST, clock=Clock(), per_owner=1)
    app = create_app(registry, limits=NO_LIMITS, proxies=Proxies.parse(["127.0.0.1"]))
    client = _client(app, "127.0.0.1")
    for n in range(3):
        forwarded = {"X-Forwarded-For": f"6.6.6.6, 198.51.100.{n}"}
        assert client.post("/api/tables", json=PRACTICE, headers=forwarded).status_code == 201
    assert {t.owner for t in registry.tables.values()} == {f"198.51.100.{n}" for n in range(3)}


def test_a_host_the_server_does_not_answer_to_is_refused() -> None:
    """DNS rebinding: Host evil.example with a matching Origin gets 400, no table opens."""
    registry = Registry(FAST, clock=Clock())
    hosts = allowed_hosts("127.0.0.1", ["play.example.org"])
    client = TestClient(create_app(registry, limits=NO_LIMITS, allowed_hosts=hosts))
    evil = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000", **JSON}
    reply = client.post("/api/tables", json=PRACTICE, headers=evil)
    assert reply.status_code == 400 and "does not answer to" in reply.json()["error"]
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    assert registry.tables == {}
    for name in ("127.0.0.1:8000", "localhost:8000", "play.example.org"):
        origin = {"Host": name, "Origin": f"http://{name}", **JSON}
        assert client.post("/api/tables", json=PRACTICE, headers=origin).status_code == 201


def test_unmatched_api_paths_answer_json() -> None:
    """An unknown /api/ path is JSON 404, a wrong method JSON 405, like every API error."""
    client = TestClient(create_app(Registry(FAST, clock=Clock()), limits=NO_LIMITS))
    for reply, status in (
        (client.get("/api/nothing/here"), 404),
        (client.delete("/api/tables"), 405),
        (client.post("/api/tables/abc", json={}), 405),
    ):
        assert reply.status_code == status
        assert reply.headers["content-type"].startswith("application/json")
        assert reply.json()["status"] == status and reply.json()["error"]
