"""The audit's "the opener knows every hand": seeds, tokens and invitations.

``POST /api/tables`` took a seed the other people were not told, which
predicts every hand and the deck; and the opener received every person's
token, so could read or act for any friend's seat; a token could not be
replaced.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.webkit import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Store, create_app  # noqa: E402
from tests.helpers.webclient import FAST, NO_LIMITS, auth  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402

FRIENDS = {"players": 3, "humans": [0, 1], "names": ["Ann", "Bea", "Bot"]}


def _app(registry: Registry) -> TestClient:
    return TestClient(create_app(registry, limits=NO_LIMITS))


def test_a_table_of_friends_takes_no_seed() -> None:
    """A seed on a table of more than one person is refused (400): it would predict every hand."""
    client = _app(Registry(FAST, clock=Clock()))
    reply = client.post("/api/tables", json={**FRIENDS, "seed": 5})
    assert reply.status_code == 400 and "predict every hand" in reply.json()["error"]


def test_a_table_of_friends_is_shuffled_with_secrets_and_shows_no_seed() -> None:
    """No seat learns a seed; the deal is none that a small seed gives."""
    registry = Registry(FAST, clock=Clock())
    client = _app(registry)
    body = client.post("/api/tables", json=FRIENDS).json()
    assert body["summary"]["seed"] is None and body["summary"]["practice"] is False
    table = registry.tables[body["table"]]
    assert table.seed is None and table.record().seed is None
    names = ["Ann", "Bea", "Bot"]
    hands = table.state.players[0].hand
    assert all(ma.new_game(names, seed=s).players[0].hand != hands for s in range(2000))


def test_a_practice_table_shows_its_seed_to_its_seat() -> None:
    """One person and bots: the seed, chosen or drawn, is in the summary from the start."""
    client = _app(Registry(FAST, clock=Clock()))
    chosen = client.post("/api/tables", json={"players": 3, "humans": [0], "seed": 41}).json()
    assert chosen["summary"]["seed"] == 41 and chosen["summary"]["practice"] is True
    drawn = client.post("/api/tables", json={"players": 3, "humans": [0]}).json()
    seed = drawn["summary"]["seed"]
    assert isinstance(seed, int)
    seat = client.get(
        f"/api/tables/{drawn['table']}/seat", headers=auth(drawn["you"]["token"])
    ).json()
    assert seat["table"]["seed"] == seed


def test_the_opener_holds_only_their_own_token() -> None:
    """The reply has one token; the invitation is no token, and opens no seat by itself."""
    client = _app(Registry(FAST, clock=Clock()))
    body = client.post("/api/tables", json=FRIENDS).json()
    table = body["table"]
    code = body["invitations"][0]["link"].split("#invite=")[1]
    assert client.get(f"/api/tables/{table}/seat", headers=auth(code)).status_code == 403
    mine = client.get(f"/api/tables/{table}/seat", headers=auth(body["you"]["token"])).json()
    assert mine["view"]["seat"] == 0
    assert [s["seat"] for s in body["seats"] if "#token=" in s["link"]] == [0]


def test_an_invitation_claims_its_seat_once() -> None:
    """The first claim gets the seat's token; a second claim of the same code is 403."""
    client = _app(Registry(FAST, clock=Clock()))
    body = client.post("/api/tables", json=FRIENDS).json()
    table = body["table"]
    code = body["invitations"][0]["link"].split("#invite=")[1]
    first = client.post(f"/api/tables/{table}/claim", json={"invite": code})
    assert first.status_code == 201 and first.json()["seat"] == 1
    token = first.json()["token"]
    assert token != body["you"]["token"]
    seat = client.get(f"/api/tables/{table}/seat", headers=auth(token)).json()
    assert seat["view"]["seat"] == 1
    again = client.post(f"/api/tables/{table}/claim", json={"invite": code})
    assert again.status_code == 403 and "already used" in again.json()["error"]
    for bad in ({"invite": 5}, {"invite": "a b"}, {"code": code}, [code]):
        assert client.post(f"/api/tables/{table}/claim", json=bad).status_code == 400


def test_a_seat_rotates_its_token_and_the_old_one_stops_working(tmp_path: Path) -> None:
    """After a rotation the old token is 403 and the new one works, also after a restart."""
    path = tmp_path / "web.sqlite3"
    registry = Registry(FAST, clock=Clock(), store=Store(str(path)))
    client = _app(registry)
    body = client.post("/api/tables", json=FRIENDS).json()
    table, old = body["table"], body["you"]["token"]
    reply = client.post(f"/api/tables/{table}/token", json={}, headers=auth(old))
    assert reply.status_code == 200
    new = reply.json()["token"]
    assert client.get(f"/api/tables/{table}/seat", headers=auth(old)).status_code == 403
    assert client.get(f"/api/tables/{table}/seat", headers=auth(new)).status_code == 200
    code = body["invitations"][0]["link"].split("#invite=")[1]
    claimed = client.post(f"/api/tables/{table}/claim", json={"invite": code}).json()["token"]
    assert registry.store is not None
    registry.store.close()
    again = _app(Registry(FAST, clock=Clock(), store=Store(str(path))))
    assert again.get(f"/api/tables/{table}/seat", headers=auth(old)).status_code == 403
    assert again.get(f"/api/tables/{table}/seat", headers=auth(new)).status_code == 200
    assert again.get(f"/api/tables/{table}/seat", headers=auth(claimed)).status_code == 200
    spent = again.post(f"/api/tables/{table}/claim", json={"invite": code})
    assert spent.status_code == 403
