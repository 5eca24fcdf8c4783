"""No plain-text tracebacks: every request the audit found answered ``500 text/plain`` is JSON.

The second audit: ``replay?as=`` with 4,301 digits (Python's limit on
``int()`` of a string), a finished game's damaged record (its replay and its
text record) and a damaged token hash each answered ``500 Internal Server
Error`` in plain text, with the traceback in the log. Now each is a JSON
refusal, and a bug nobody foresaw is a JSON 500 under ``/api``.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

from modern_art.web import Registry, Store, create_app  # noqa: E402
from tests.helpers.webclient import FAST, NO_LIMITS, auth, open_http, play_to_the_end  # noqa: E402

HUGE = "9" * 4301


def _json(reply: object, status: int) -> dict[str, object]:
    assert reply.status_code == status, reply.text  # type: ignore[attr-defined]
    assert reply.headers["content-type"].startswith("application/json")  # type: ignore[attr-defined]
    body: dict[str, object] = reply.json()  # type: ignore[attr-defined]
    assert body["status"] == status and body["error"]
    assert "Traceback" not in str(body)
    return body


def _finished_and_forgotten(tmp_path: Path) -> tuple[Path, str, str]:
    """A finished game kept only in the database (the server restarted); path, id, token."""
    path = tmp_path / "web.sqlite3"
    clock = Clock()
    first = Registry(FAST, clock=clock, store=Store(str(path)))
    table, tokens = open_http(TestClient(create_app(first, limits=NO_LIMITS)), spectators="after")
    play_to_the_end(first, table)
    assert first.store is not None
    first.store.close()
    return path, table, tokens[0]


def _client_on(path: Path) -> TestClient:
    registry = Registry(FAST, clock=Clock(), store=Store(str(path)))
    return TestClient(create_app(registry, limits=NO_LIMITS))


@pytest.mark.parametrize("with_token", [True, False])
def test_a_replay_seat_of_4301_digits_is_a_json_400(tmp_path: Path, with_token: bool) -> None:
    """``as=`` past int()'s digit limit is refused as any bad seat, with or without a token."""
    path, table, token = _finished_and_forgotten(tmp_path)
    client = _client_on(path)
    headers = auth(token) if with_token else {}
    reply = client.get(f"/api/tables/{table}/replay", params={"as": HUGE}, headers=headers)
    body = _json(reply, 400)
    assert "as must be a seat" in str(body["error"]) and len(str(body["error"])) < 300


def _damage_record(path: Path, table: str, text: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE game_tables SET result = ? WHERE id = ?", (text, table))


@pytest.mark.parametrize(
    "damage",
    ["{not json", json.dumps({"format": "modern-art/1", "kind": "record"}), "[]"],
    ids=["not-json", "no-fields", "not-a-record"],
)
def test_a_damaged_finished_record_is_a_json_500(tmp_path: Path, damage: str) -> None:
    """Its replay and both its records: JSON 500 naming the damage, for every way of asking."""
    path, table, token = _finished_and_forgotten(tmp_path)
    _damage_record(path, table, damage)
    client = _client_on(path)
    for url in (
        f"/api/tables/{table}/replay",
        f"/api/tables/{table}/record?format=text",
        f"/api/tables/{table}/record?format=json",
    ):
        body = _json(client.get(url, headers=auth(token)), 500)
        assert "stored record is damaged" in str(body["error"]), url


def test_a_damaged_token_hash_is_a_refusal_not_a_crash(tmp_path: Path) -> None:
    """A seat whose stored hash is a number, or not ASCII: that seat's token is refused (403)."""
    path, table, token = _finished_and_forgotten(tmp_path)
    with sqlite3.connect(path) as db:
        (setup,) = db.execute("SELECT setup FROM game_tables WHERE id = ?", (table,)).fetchone()
        seats = json.loads(setup)
        seats["seats"][0]["token_hash"] = 12345
        seats["seats"][1]["token_hash"] = "é" * 64
        db.execute("UPDATE game_tables SET setup = ? WHERE id = ?", (json.dumps(seats), table))
    client = _client_on(path)
    for url in (f"/api/tables/{table}/replay", f"/api/tables/{table}/record"):
        _json(client.get(url, headers=auth(token)), 403)


def test_an_unforeseen_bug_is_a_json_500_under_api(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever fails inside an endpoint: JSON 500, no traceback in the answer."""
    registry = Registry(FAST, clock=Clock())
    client = TestClient(create_app(registry, limits=NO_LIMITS), raise_server_exceptions=False)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug nobody foresaw")

    monkeypatch.setattr(registry, "get", broken)
    body = _json(client.get("/api/tables/abc"), 500)
    assert "a bug nobody foresaw" not in str(body)
    page = client.get("/t/abc")
    assert page.status_code == 200  # the page itself does not ask the registry
