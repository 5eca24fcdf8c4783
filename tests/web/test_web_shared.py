"""Two servers sharing one PostgreSQL database, in one process: each its own registry and store.

What several processes (tests/web/test_web_processes.py) rely on, seen up close:
a table opened on one is played on the other, simultaneous actions for one
step have one winner, only the lease's holder runs a table's bots and
clocks, a killed holder's tables are taken over, the limits count both
servers' tables, and a notification carries a table id and a revision only.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")
psycopg = need("psycopg", "pip install -e '.[test-web]'")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.data.errors import StoreError, TableError  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402
from modern_art.web.postgres import CHANNEL, PostgresStore  # noqa: E402
from modern_art.web.store import open_store  # noqa: E402
from tests.helpers import postgres  # noqa: E402
from tests.helpers.webclient import NO_LIMITS, auth, open_http, post_action, seat_view  # noqa: E402
from tests.helpers.webkit import short_rules  # noqa: E402

ONE_STORE = True  # about the shared store itself (tests/web/conftest.py)

QUICK = Timings(bot_delay=0.0, ttl=600.0, poll=0.05, tick=0.05)
_names = iter(range(10**6))


@pytest.fixture
def url(cluster: postgres.Cluster) -> str:
    """A new database on the session's PostgreSQL server."""
    return postgres.fresh_database(cluster, f"shared_{time.monotonic_ns()}_{next(_names)}")


@pytest.fixture
def servers(url: str) -> Iterator[list[Registry]]:
    """Two registries on two stores of one database, closed after the test."""
    made = [Registry(QUICK, store=PostgresStore(url)) for _ in range(2)]
    yield made
    for registry in made:
        assert registry.store is not None
        registry.store.close()


def _play_across(clients: list[TestClient], table: str, tokens: dict[int, str]) -> ma.GameState:
    """Each seat plays on client ``seat % len(clients)``, its first legal action, to the end."""
    for _ in range(3000):
        view = seat_view(clients[0], table, tokens[0])["view"]
        if view["phase"]["type"] == "GameOver":
            texts = {c.get(f"/api/tables/{table}/record", headers=auth(tokens[0])).text
                     for c in clients}  # fmt: skip
            assert len(texts) == 1  # every server gives the one record
            return ma.replay(ma.from_json(texts.pop(), "record"))
        for seat in view["to_act"]:
            client = clients[seat % len(clients)]
            mine = seat_view(client, table, tokens[seat])["view"]
            if mine["legal_actions"]:
                action = ma.from_json(_json(mine["legal_actions"][0]), "action")
                reply = post_action(client, table, tokens[seat], action, mine["step"])
                assert reply.status_code in (200, 409), reply.text
    raise AssertionError("the game did not end")


def _json(entry: Any) -> str:
    return json.dumps(entry)


def test_a_whole_game_whose_seats_sit_on_two_servers(servers: list[Registry]) -> None:
    """Seat 0 and 2 post to one server, seat 1 to the other; every answer is the game's."""
    first, second = servers
    table, tokens = first.open_table(
        ["Ann", "Bea", "Cy"], humans=[0, 1, 2], invitations=False, seed=5, rules=short_rules(4)
    )
    with (
        TestClient(create_app(first, limits=NO_LIMITS)) as a,
        TestClient(create_app(second, limits=NO_LIMITS)) as b,
    ):
        final = _play_across([a, b], table.id, tokens)
    assert final.is_over and final.step > 20
    assert first.store is not None
    kept = first.store.finished_record(table.id)
    assert kept is not None and ma.replay(ma.from_json(kept, "record")) == final


def test_of_simultaneous_actions_for_one_step_exactly_one_wins(servers: list[Registry]) -> None:
    """The same seat's offer posted to both servers at once: one 200, one 409, one step."""
    first, second = servers
    table, tokens = first.open_table(["Ann", "Bea", "Cy"], humans=[0, 1, 2], invitations=False)
    second.get(table.id)  # both servers have the table at the same revision
    action = ma.legal_actions(table.state, 0)[0]
    replies: list[int] = []
    with (
        TestClient(create_app(first, limits=NO_LIMITS)) as a,
        TestClient(create_app(second, limits=NO_LIMITS)) as b,
    ):
        start = threading.Barrier(2)

        def post(client: TestClient) -> None:
            start.wait()
            replies.append(post_action(client, table.id, tokens[0], action, 0).status_code)

        threads = [threading.Thread(target=post, args=(c,)) for c in (a, b)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(replies) == [200, 409]
        assert seat_view(b, table.id, tokens[1])["view"]["step"] == 1
        assert seat_view(a, table.id, tokens[2])["view"]["step"] == 1


def test_only_the_lease_holder_runs_the_bots_and_a_killed_one_is_taken_over(url: str) -> None:
    """A table of bots moves on one server only; when it dies, the other takes it over."""
    holder = Registry(QUICK, store=PostgresStore(url))
    other = Registry(QUICK, store=PostgresStore(url))
    try:
        table, _ = holder.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=3)
        assert other.get(table.id).runs_clock is False
        assert holder.tables[table.id].runs_clock is True
        other.tick()  # takes no lease: the holder has it
        assert holder.shared is not None and other.shared is not None
        assert table.id not in other.shared.held
        holder.shared.close()  # its connections close, as a killed process's do
        deadline = time.monotonic() + 5
        while table.id not in other.shared.held and time.monotonic() < deadline:
            other.tick()
            time.sleep(0.05)
        assert table.id in other.shared.held
        assert other.tables[table.id].runs_clock is True
    finally:
        assert other.store is not None
        other.store.close()


def test_a_table_taken_over_keeps_its_clock(url: str) -> None:
    """The clock carries on from the log's times: a takeover gives nobody a fresh turn."""
    holder = Registry(QUICK, store=PostgresStore(url))
    other = Registry(QUICK, store=PostgresStore(url))
    try:
        table, _ = holder.open_table(["Ann", "Bea", "Cy"], humans=[0, 1, 2], invitations=False)
        state = table.state
        table.act(0, ma.legal_actions(state, 0)[0], state.step, holder.clock())
        time.sleep(1.5)  # the seats to act have waited 1.5 s of their turn
        assert holder.shared is not None and other.shared is not None
        holder.shared.close()
        deadline = time.monotonic() + 5
        while table.id not in other.shared.held and time.monotonic() < deadline:
            other.tick()
            time.sleep(0.05)
        clock = other.tables[table.id].clock(other.clock())
        assert clock is not None
        assert float(clock["passes_in"]) <= float(clock["total"]) - 1.4  # type: ignore[arg-type]
    finally:
        assert other.store is not None
        other.store.close()


def test_a_move_on_one_server_reaches_the_other_s_memory_by_notification(
    servers: list[Registry],
) -> None:
    """The other server catches the table up without being asked (its streams wake)."""
    first, second = servers
    table, tokens = first.open_table(["Ann", "Bea", "Cy"], humans=[0, 1, 2], invitations=False)
    with (
        TestClient(create_app(first, limits=NO_LIMITS)) as a,
        TestClient(create_app(second, limits=NO_LIMITS)),
    ):
        second.get(table.id)
        action = ma.legal_actions(table.state, 0)[0]
        assert post_action(a, table.id, tokens[0], action, 0).status_code == 200
        deadline = time.monotonic() + 5
        while second.tables[table.id].state.step != 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert second.tables[table.id].state.step == 1


def test_the_table_limits_count_every_server_s_tables(url: str) -> None:
    """One network, two tables each at most: a third is refused on either server."""
    first = Registry(QUICK, store=PostgresStore(url), per_owner=2)
    second = Registry(QUICK, store=PostgresStore(url), per_owner=2)
    try:
        first.open_table(["A", "B", "C"], humans=[0], owner="10.1.1.1")
        second.open_table(["A", "B", "C"], humans=[0], owner="10.1.1.2")
        for registry in (first, second):
            with pytest.raises(TableError) as why:
                registry.open_table(["A", "B", "C"], humans=[0], owner="10.1.1.3")
            assert getattr(why.value, "status", None) == 429
    finally:
        for registry in (first, second):
            assert registry.store is not None
            registry.store.close()


def test_a_notification_names_a_table_and_a_revision_and_nothing_else(
    servers: list[Registry], url: str
) -> None:
    """No seat's secret (no hand, no token) is ever in a payload."""
    first, _ = servers
    heard: list[str] = []
    with psycopg.connect(url, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        table, tokens = first.open_table(
            ["Ann", "Bea", "Cy"], humans=[0, 1, 2], invitations=False, seed=8
        )
        state = table.state
        for _ in range(12):
            seat = min(state.to_act)
            table.act(seat, ma.legal_actions(state, seat)[0], state.step, first.clock())
            state = table.state
        for note in listener.notifies(timeout=1.0):
            heard.append(note.payload)
    assert len(heard) >= 12
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+ -?\d+", payload) for payload in heard), heard
    secrets_ = set(tokens.values()) | {str(card) for p in state.players for card in p.hand}
    assert not any(secret in payload for payload in heard for secret in secrets_)


def test_open_store_names_the_extra_and_the_database(url: str) -> None:
    """``--db postgresql://…`` opens a shared store; a database nobody runs is one line."""
    store = open_store(url)
    try:
        assert store.shared and "postgresql://" in store.path
    finally:
        store.close()
    with pytest.raises(StoreError) as why:
        open_store("postgresql://nobody:secret@127.0.0.1:1/none")
    assert "cannot reach the database" in str(why.value)
    assert "secret" not in str(why.value)


def test_a_database_of_a_newer_schema_is_refused_and_the_schema_is_made_once(url: str) -> None:
    """Three stores opened at once make the schema once; a later version is refused, unchanged."""
    opened: list[PostgresStore] = []
    start = threading.Barrier(3)

    def open_one() -> None:
        start.wait()
        opened.append(PostgresStore(url))

    threads = [threading.Thread(target=open_one) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in opened:
        store.close()
    assert len(opened) == 3
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT count(*) FROM modern_art_schema").fetchone() == (1,)
        db.execute("UPDATE modern_art_schema SET version = 99")
    with pytest.raises(StoreError, match="newer modern-art"):
        PostgresStore(url)
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT version FROM modern_art_schema").fetchone() == (99,)


def test_R7_2_no_reply_or_stream_of_either_server_tells_another_seat_s_secrets(url: str) -> None:
    """The single server's leak test across two: each seat polls and streams where it sits."""
    from tests.web.test_web_hidden import TIMINGS, check, stream_documents

    clock = Clock()
    registries = [
        Registry(TIMINGS, clock=clock, wall=clock, store=PostgresStore(url, wall=clock))
        for _ in (0, 1)
    ]
    try:
        clients = [TestClient(create_app(r, limits=NO_LIMITS)) for r in registries]
        table_id, tokens = open_http(clients[0], players=4, humans=[0, 1, 2])
        rng = random.Random(3)
        checked = 0
        for _ in range(3000):
            truth = registries[0].get(table_id).state  # the holder's: the newest
            check(clients[1].get(f"/api/tables/{table_id}").json(), truth, None)
            moved = False
            for seat, token in tokens.items():
                client = clients[seat % 2]
                doc = client.get(f"/api/tables/{table_id}/seat", headers=auth(token)).json()
                check(doc, registries[0].get(table_id).state, seat)
                checked += 1
                if rng.random() < 0.05:
                    since = rng.randrange(doc["next"] + 1)
                    for pushed in stream_documents(client, table_id, token, since):
                        check(pushed, registries[0].get(table_id).state, seat)
                legal = doc["view"]["legal_actions"]
                if legal and not moved:
                    choice = json.dumps({**rng.choice(legal), "format": ma.FORMAT})
                    reply = post_action(client, table_id, token, choice, doc["view"]["step"])
                    assert reply.status_code in (200, 409), reply.text
                    moved = True
            if truth.is_over:
                break
            if not moved:
                clock.advance(100.0)  # nobody could act: the holder's clocks move it on
        assert registries[0].get(table_id).state.is_over and checked > 100
    finally:
        for registry in registries:
            assert registry.store is not None
            registry.store.close()


def test_a_database_of_schema_1_is_brought_to_the_last_version_keeping_its_tables(
    url: str,
) -> None:
    """A database written at version 1 (before the shared limits) gains migration 2, once."""
    from modern_art.web.postgres import MIGRATIONS, SCHEMA_VERSION

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(MIGRATIONS[0])
        db.execute("CREATE TABLE modern_art_schema (version INTEGER NOT NULL)")
        db.execute("INSERT INTO modern_art_schema VALUES (1)")
        db.execute(
            "INSERT INTO game_tables (id, setup, status, opened, moved, touched)"
            " VALUES ('old', '{}', 'finished', 0, 0, 0)"
        )
    PostgresStore(url).close()
    PostgresStore(url).close()  # the second finds nothing to do
    with psycopg.connect(url, autocommit=True) as db:
        assert db.execute("SELECT version FROM modern_art_schema").fetchall() == [
            (SCHEMA_VERSION,)
        ]
        assert db.execute("SELECT id FROM game_tables").fetchall() == [("old",)]
        assert db.execute("SELECT count(*) FROM network_buckets").fetchone() == (0,)


def test_two_processes_limits_take_from_one_bucket_and_count_each_other_s_streams(
    url: str,
) -> None:
    """Synced by hand: what one process took, the other cannot take again; holdings add up."""
    from modern_art.web.shared_limits import SharedLimits

    PostgresStore(url).close()  # the schema
    clock = Clock()
    first, second = (SharedLimits(url, clock=clock) for _ in range(2))
    a, b = (limits.buckets("requests", rate=1.0, burst=2.0) for limits in (first, second))
    streams = {"10.0.0.0/24": 3}
    first.holdings("streams", lambda: streams)
    second.holdings("streams", dict)
    with psycopg.connect(url) as one, psycopg.connect(url) as two:
        first.sync(one)
        second.sync(two)  # the rows are there: 3 streams elsewhere, a full bucket
        assert second.elsewhere("streams", "10.0.0.0/24") == 3
        assert first.elsewhere("streams", "10.0.0.0/24") == 0
        assert a.take("10.0.0.0/24", clock()) is None
        assert a.take("10.0.0.0/24", clock()) is None
        assert b.take("10.0.0.0/24", clock()) is None  # its copy did not know yet: owed
        first.sync(one)
        second.sync(two)
        # Three taken of two: the bucket owes one, and a second's refill pays only that.
        wait = b.take("10.0.0.0/24", clock())
        assert wait is not None and wait > 1.5
        assert b.take("10.0.1.0/24", clock()) is None  # another network: a bucket of its own
        streams.clear()
        first.sync(one)
        second.sync(two)
        assert second.elsewhere("streams", "10.0.0.0/24") == 0
    first.close()
    second.close()
