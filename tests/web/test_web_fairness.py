"""The audits' lock-out, header and name findings: each failed before the service's defences.

Eight addresses holding eight tables each filled the server, and a client
rotating ``X-Forwarded-For`` filled it alone and met no rate limit; a
``Host`` of another name opened tables (DNS rebinding); unmatched ``/api/``
paths answered plain text. The second audit: with the default flags eight
addresses still locked everyone out (an action and its undo every few
seconds kept a table "active"), eight addresses of one IPv6 ``/64`` filled
every table behind a trusted proxy, and ``/api``, ``/API/options`` and
``/api/tables/`` answered plain text or a redirect.

The attackers here are many clients, told apart as a trusted proxy names
them (``X-Forwarded-For``) or by the test client's address.
"""

from __future__ import annotations

from typing import Any

from tests.helpers.webkit import need

need("starlette.testclient")

from attrs import evolve  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.data.errors import TableError  # noqa: E402
from modern_art.web import Limits, Registry, create_app  # noqa: E402
from modern_art.web.addresses import Networks, Proxies, allowed_hosts  # noqa: E402
from modern_art.web.practice import undo  # noqa: E402
from tests.helpers.webclient import FAST, JSON, NO_LIMITS, auth  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402

PRACTICE = {"players": 3, "humans": [0], "seed": 5}
SLOW_EXPIRY = evolve(FAST, ttl=86400.0)  # idle tables stay until closed for a newcomer
PROXY = "127.0.0.1"


def _client(app: object, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))  # type: ignore[arg-type]


class Attacker:
    """One client behind the trusted proxy: opens tables and keeps them busy."""

    def __init__(self, client: TestClient, address: str) -> None:
        self.client = client
        self.headers = {"X-Forwarded-For": address}
        self.tables: list[tuple[str, str]] = []

    def open(self) -> int:
        reply = self.client.post("/api/tables", json=PRACTICE, headers=self.headers)
        if reply.status_code == 201:
            body = reply.json()
            self.tables.append((body["table"], body["you"]["token"]))
        return reply.status_code

    def _view(self, table: str, token: str) -> dict[str, Any] | None:
        reply = self.client.get(
            f"/api/tables/{table}/seat", headers={**auth(token), **self.headers}
        )
        return reply.json() if reply.status_code == 200 else None

    def act(self, table: str, token: str, *, undo: bool) -> None:
        """An action at the table (and, if ``undo``, its undo): every request documented."""
        seen = self._view(table, token)
        if seen is None or not seen["view"]["legal_actions"]:
            return
        action = {**seen["view"]["legal_actions"][0], "format": ma.FORMAT}
        self.client.post(
            f"/api/tables/{table}/actions?step={seen['view']['step']}",
            json=action,
            headers={**auth(token), **self.headers},
        )
        if undo:
            self.client.post(
                f"/api/tables/{table}/undo", json={}, headers={**auth(token), **self.headers}
            )
        self.client.post(
            f"/api/tables/{table}/return", json={}, headers={**auth(token), **self.headers}
        )

    def keep_busy(self, *, undo: bool) -> None:
        for table, token in self.tables:
            self.act(table, token, undo=undo)


def _attack(
    attackers: int, per_attacker: int, address: str, *, undo: bool, max_tables: int = 64
) -> tuple[Registry, Clock, TestClient, list[Attacker]]:
    """``attackers`` clients (``address.format(n)``) fill the server and keep it busy."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=max_tables, per_owner=8)
    app = create_app(registry, limits=NO_LIMITS, proxies=Proxies.parse([PROXY]))
    client = _client(app, PROXY)
    crowd = [Attacker(client, address.format(n)) for n in range(attackers)]
    for _ in range(per_attacker):
        for attacker in crowd:
            attacker.open()
            clock.advance(0.5)
    for _ in range(3):  # minutes of play, with or without taking every move back
        for attacker in crowd:
            attacker.keep_busy(undo=undo)
            clock.advance(8.0)
    return registry, clock, client, crowd


def _playing(registry: Registry) -> list[Any]:
    return [t for t in registry.tables.values() if not t.state.is_over]


def test_eight_networks_cannot_lock_out_a_newcomer_by_acting_and_undoing() -> None:
    """8 networks x 8 tables, each an action and its undo every few seconds: a newcomer plays.

    The stalest table of a network holding the most is closed at the newcomer's
    first request, and its person is told why.
    """
    registry, _, client, crowd = _attack(8, 8, "198.51.{}.7", undo=True)
    assert len(_playing(registry)) == 64
    newcomer = Attacker(client, "203.0.113.50")
    assert newcomer.open() == 201  # at once: no Retry-After to wait
    closed = [(a, t) for a in crowd for t in a.tables if t[0] not in registry.tables]
    assert len(closed) == 1
    ((attacker, (table, token)),) = closed
    told = client.get(f"/api/tables/{table}/seat", headers={**auth(token), **attacker.headers})
    assert told.status_code == 410 and "closed to make room" in told.json()["error"]
    assert len(_playing(registry)) == 64


def test_sixty_four_networks_playing_on_cannot_lock_out_a_newcomer() -> None:
    """64 networks, one table each, played on (real progress): a newcomer still gets one."""
    registry, _, client, _ = _attack(64, 1, "198.51.{}.7", undo=False)
    assert len(_playing(registry)) == 64
    for n in range(3):  # newcomers, one after another, each at the first request
        assert Attacker(client, f"203.0.{n}.9").open() == 201


def test_sixty_four_addresses_of_one_network_hold_eight_tables() -> None:
    """127.0.0.x and one IPv6 /64: every address of a network counts as that network."""
    registry, _, _, crowd = _attack(64, 1, "127.0.0.{}", undo=True)
    assert len(_playing(registry)) == 8
    assert sum(len(a.tables) for a in crowd) == 8
    registry6, _, client6, _ = _attack(8, 8, "2001:db8:0:7::{}", undo=True)
    assert len(_playing(registry6)) == 8
    assert Attacker(client6, "2001:db8:0:8::1").open() == 201  # the next /64 is another


def test_the_networks_are_configurable() -> None:
    """``Networks(ipv4=32)`` counts every address alone; a /16 counts wider."""
    clock = Clock()
    alone = Registry(SLOW_EXPIRY, clock=clock, per_owner=1, networks=Networks(ipv4=32))
    alone.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")
    alone.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.2")
    wide = Registry(SLOW_EXPIRY, clock=clock, per_owner=1, networks=Networks(ipv4=16))
    wide.open_table(["A", "B", "C"], humans=[0], owner="10.0.1.1")
    try:
        wide.open_table(["A", "B", "C"], humans=[0], owner="10.0.2.1")
    except TableError as err:
        assert err.status == 429 and "network" in str(err)
    else:
        raise AssertionError("two addresses of one /16 held two tables")


def test_an_undo_is_no_progress() -> None:
    """A table whose person acts and takes it back is stale; one played on is in use."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=2, per_owner=2, idle_evict=600.0)
    undone, _ = registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1", seed=2)
    played, _ = registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1", seed=2)
    opened_at = clock()
    for _ in range(5):
        clock.advance(100.0)
        for table in (undone, played):
            action = ma.legal_actions(table.state, 0)[0]
            table.act(0, action, table.state.step, clock())
        undo(undone, 0, clock())
    assert undone.moved == opened_at + 100.0  # its first action only: the rest were taken back
    assert played.moved == clock()
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.9.1")
    assert undone.id not in registry.tables and played.id in registry.tables


def test_an_idle_table_goes_before_the_stalest_of_the_biggest_holder() -> None:
    """A table not moved for ``idle_evict`` of any bigger holder goes first."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=3, per_owner=2, idle_evict=600.0)
    big = [registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")[0] for _ in "ab"]
    small, _ = registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.1.1")
    clock.advance(601.0)
    for table in big:  # the biggest holder plays on; the other's table lies idle
        table.act(0, ma.legal_actions(table.state, 0)[0], table.state.step, clock())
    try:
        registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.2.1")
    except TableError as err:
        raise AssertionError(f"refused: {err}") from None
    assert small.id not in registry.tables  # idle, of a network holding more than the newcomer
    assert all(
        t.id in registry.tables for t in big
    )  # in use: kept, though their network holds most


def test_an_address_cannot_close_the_tables_of_one_holding_as_few() -> None:
    """No table is closed for a network that holds as many tables as any other: 503."""
    clock = Clock()
    registry = Registry(SLOW_EXPIRY, clock=clock, max_tables=2, per_owner=2, idle_evict=10.0)
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.0.1")
    registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.1.1")
    clock.advance(60.0)
    try:
        registry.open_table(["A", "B", "C"], humans=[0], owner="10.0.1.2")
    except TableError as err:
        assert err.status == 503 and err.retry_after is not None and err.retry_after >= 1
    else:
        raise AssertionError("10.0.1.0/24 closed 10.0.0.0/24's only table")


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
        forwarded = {"X-Forwarded-For": f"6.6.6.6, 198.51.{n}.100"}
        assert client.post("/api/tables", json=PRACTICE, headers=forwarded).status_code == 201
    assert {t.owner for t in registry.tables.values()} == {f"198.51.{n}.100" for n in range(3)}


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
        (client.get("/api"), 404),
        (client.get("/API/options"), 404),
        (client.get("/api/tables/", follow_redirects=False), 404),
        (client.post("/api/tables/", json={}, follow_redirects=False), 404),
    ):
        assert reply.status_code == status
        assert reply.headers["content-type"].startswith("application/json")
        assert reply.json()["status"] == status and reply.json()["error"]
