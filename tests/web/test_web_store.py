"""The web table's SQLite store: nothing is lost when the server stops, however it stops."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")
httpx = need("httpx")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Store, create_app  # noqa: E402
from modern_art.web.documents import seat_document  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import FAST, NO_LIMITS, auth, free_port, seat_view, serve  # noqa: E402

ONE_STORE = True  # about the SQLite file itself (tests/web/conftest.py)

clock = webclient.clock  # the fixture


def on(path: Path, clock: Clock) -> tuple[Registry, TestClient]:
    """A registry (and a client on it) keeping its tables in the database at ``path``."""
    registry = Registry(FAST, clock=clock, store=Store(str(path)))
    return registry, TestClient(create_app(registry, limits=NO_LIMITS))


def play_a_little(registry: Registry, table: Any, moves: int) -> None:
    """Seat 0 and 1 (people) take their first legal action ``moves`` times."""
    for _ in range(moves):
        seat = min(s for s in table.state.to_act if s in (0, 1))
        with registry.lock:
            action = ma.legal_actions(table.state, seat)[-1]
            table.act(seat, action, table.state.step, registry.clock())


def documents(registry: Registry, table_id: str) -> list[dict[str, Any]]:
    """Both people's whole documents, without the clock (which restarts with the server)."""
    table = registry.tables[table_id]
    found = []
    for seat in (0, 1):
        document = seat_document(table, seat, 0, registry.clock())
        document.pop("clock")
        found.append(json.loads(json.dumps(document)))
    return found


def test_a_restarted_registry_goes_on_at_the_same_step_with_the_same_views(
    tmp_path: Path, clock: Clock
) -> None:
    """Tables, their logs (notices too), views and tokens come back from the database."""
    path = tmp_path / "web.sqlite3"
    first, _ = on(path, clock)
    table, tokens = first.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=7, invitations=False
    )
    other, _ = first.open_table(
        ["Cy", "Bot", "Dee"], humans=[0, 2], seed=8, bot="random", invitations=False
    )
    play_a_little(first, table, 6)
    table.hand_to_bot(1, clock())
    table.come_back(1, clock())
    before = documents(first, table.id)
    # No close, no clean shutdown: a new registry opens the same file.
    second, client = on(path, clock)
    assert set(second.tables) == {table.id, other.id}
    back = second.tables[table.id]
    assert back.state == table.state and back.log == table.log
    assert documents(second, table.id) == before
    assert seat_view(client, table.id, tokens[1])["view"] == before[1]["view"]
    assert second.tables[other.id].state == other.state
    play_a_little(second, back, 3)
    third, _ = on(path, clock)
    assert third.tables[table.id].state == back.state


def test_seat_tokens_are_stored_hashed(tmp_path: Path, clock: Clock) -> None:
    """The database holds each token's SHA-256, never the token."""
    path = tmp_path / "web.sqlite3"
    registry, _ = on(path, clock)
    _, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=7, invitations=False
    )
    assert registry.store is not None
    registry.store.close()
    raw = path.read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("web.sqlite3-*"))
    assert all(token.encode() not in raw for token in tokens.values())
    setup = sqlite3.connect(path).execute("SELECT setup FROM game_tables").fetchone()[0]
    hashes = [seat["token_hash"] for seat in json.loads(setup)["seats"]]
    assert hashes[2] is None and all(len(h) == 64 for h in hashes[:2])


def test_expired_tables_do_not_come_back(tmp_path: Path, clock: Clock) -> None:
    """A table that expired for want of players stays gone after a restart."""
    path = tmp_path / "web.sqlite3"
    registry, _ = on(path, clock)
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0], seed=7)
    clock.advance(FAST.ttl)
    assert registry.expire() == [table.id]
    assert on(path, clock)[0].tables == {}


def test_a_finished_game_can_be_downloaded(tmp_path: Path, clock: Clock) -> None:
    """Its people download the record (the library's JSON), also after it left memory."""
    registry, client = on(tmp_path / "web.sqlite3", clock)
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=3, invitations=False
    )
    url = f"/api/tables/{table.id}/record"
    early = client.get(url, headers=auth(tokens[0]))
    assert early.status_code == 409 and "not over yet" in early.json()["error"]
    table.hand_to_bot(0, clock())
    table.hand_to_bot(1, clock())
    clock.advance(1.0)
    registry.get(table.id)
    assert table.state.is_over
    reply = client.get(url, headers=auth(tokens[1]))
    assert reply.status_code == 200 and "attachment" in reply.headers["content-disposition"]
    game = ma.from_json(reply.text, "record")
    assert game.is_finished and ma.replay(game) == table.state
    text = client.get(url + "?format=text", headers=auth(tokens[0]))
    assert text.status_code == 200 and text.headers["content-type"].startswith("text/plain")
    assert ma.read_records(text.text) == [game]
    assert client.get(url + "?format=pgn", headers=auth(tokens[0])).status_code == 400
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth("x" * 32)).status_code == 403
    clock.advance(FAST.finished_ttl)
    registry.expire()
    assert table.id not in registry.tables
    kept = client.get(url, headers=auth(tokens[0]))
    assert kept.status_code == 200 and ma.from_json(kept.text, "record") == game
    assert client.get(url, headers=auth("x" * 32)).status_code == 403
    assert client.get("/api/tables/nope/record", headers=auth(tokens[0])).status_code == 404


def test_memory_keeps_nothing(clock: Clock) -> None:
    """``--db :memory:`` works, and a second store in memory starts empty."""
    registry = Registry(FAST, clock=clock, store=Store(":memory:"))
    registry.open_table(["Ann", "Bea", "Bot"], humans=[0], seed=7)
    assert Registry(FAST, clock=clock, store=Store(":memory:")).tables == {}


# -- a real server process, killed ------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, int, list[subprocess.Popen[bytes]]]]:
    """A database path, a port, and every server process started (killed at the end)."""
    processes: list[subprocess.Popen[bytes]] = []
    yield tmp_path / "web.sqlite3", free_port(), processes
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def test_a_killed_server_goes_on_with_every_game(
    served: tuple[Path, int, list[subprocess.Popen[bytes]]],
) -> None:
    """SIGKILL mid-game, start again on the same database: same step, same views."""
    db, port, processes = served
    base = f"http://127.0.0.1:{port}"
    processes.append(serve(db, port))
    opened = httpx.post(f"{base}/api/tables", json={"players": 3, "humans": [0, 1]}).json()
    table = opened["table"]
    code = opened["invitations"][0]["link"].split("#invite=")[1]
    claimed = httpx.post(f"{base}/api/tables/{table}/claim", json={"invite": code}).json()
    tokens = [opened["you"]["token"], claimed["token"]]
    for _ in range(5):
        body = httpx.get(f"{base}/api/tables/{table}/seat", headers=auth(tokens[0])).json()
        seat = 0 if body["view"]["legal_actions"] else 1
        body = httpx.get(f"{base}/api/tables/{table}/seat", headers=auth(tokens[seat])).json()
        if not body["view"]["legal_actions"]:
            break
        choice = {**body["view"]["legal_actions"][-1], "format": ma.FORMAT}
        url = f"{base}/api/tables/{table}/actions?step={body['view']['step']}"
        assert httpx.post(url, json=choice, headers=auth(tokens[seat])).status_code == 200
    before = [httpx.get(f"{base}/api/tables/{table}/seat", headers=auth(t)).json() for t in tokens]
    assert before[0]["view"]["step"] > 0
    os.kill(processes[-1].pid, signal.SIGKILL)
    processes[-1].wait(timeout=10)
    processes.append(serve(db, port))
    after = [httpx.get(f"{base}/api/tables/{table}/seat", headers=auth(t)).json() for t in tokens]
    for old, new in zip(before, after, strict=True):
        assert new["view"] == old["view"] and new["log"] == old["log"]
        assert new["next"] == old["next"] and new["table"] == old["table"]


def test_a_step_the_database_refuses_is_not_taken(
    tmp_path: Path, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """When the database cannot save a step the person gets 503 and the table stays as it was."""
    registry, client = on(tmp_path / "web.sqlite3", clock)
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=7, invitations=False
    )
    before, log = table.state, list(table.log)
    assert registry.store is not None
    registry.store.close()
    action = ma.legal_actions(before, 0)[0]
    reply = client.post(
        f"/api/tables/{table.id}/actions?step=0",
        content=ma.to_json(action),
        headers=auth(tokens[0]),
    )
    assert reply.status_code == 503 and "could not save" in reply.json()["error"]
    assert table.state is before and table.log == log
    assert "could not save a step" in caplog.text
    opened = client.post("/api/tables", json={"players": 3})
    assert opened.status_code == 503 and len(registry.tables) == 1, opened.text
