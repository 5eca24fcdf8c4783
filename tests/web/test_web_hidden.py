"""Hidden information over whole games at the web table: no reply or stream tells a secret.

Two or three people and a bot play whole games over the API. Every document
a seat is sent (each poll, a push stream's messages now and then, the
public view) is read for what the seat may not know (R7.2): a card of
another hand or of the deck, another seat's sealed bid before the reveal,
another seat's screened money before the end. The practice aids are refused
there, and the replay is refused until the end.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402
from tests.helpers.webclient import NO_LIMITS, auth, open_http, post_action  # noqa: E402

TIMINGS = Timings(bot_delay=0.0, keepalive=0.01, stream=0.02, ttl=1e9, tick=None)


def card_ids(document: Any) -> set[int]:
    """Every card id anywhere in a JSON document but its rules (which list the whole deck)."""
    found: set[int] = set()
    if isinstance(document, dict):
        if {"id", "artist", "auction"} <= document.keys():
            found.add(document["id"])
        for key, value in document.items():
            if key != "rules":
                found |= card_ids(value)
    elif isinstance(document, list):
        for value in document:
            found |= card_ids(value)
    return found


def events_of(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for line in document.get("log", []) for e in line["events"]["events"]]


def check(document: dict[str, Any], state: ma.GameState, seat: int | None) -> None:
    """Nothing in ``document`` that ``seat`` (``None``: a spectator) may not know now."""
    secret = {c.id for s, p in enumerate(state.players) if s != seat for c in p.hand}
    secret |= {c.id for c in state.deck}
    assert not card_ids(document) & secret, "a card of another hand or of the deck"
    for event in events_of(document):
        if event["type"] == "BidSealed" and event["seat"] != seat:
            assert event["amount"] is None, "another seat's sealed bid"
    view = document.get("view")
    if view is None:
        return
    phase = view["phase"]
    if phase["type"] == "HiddenAuctionView":
        assert set(phase) & {"bids", "amounts"} == set(), "the sealed bids in the view"
    if not state.rules.open_money and not state.is_over:
        others = [p["money"] for s, p in enumerate(view["players"]) if s != seat]
        assert others == [None] * len(others), "another seat's screened money"


def stream_documents(client: TestClient, table: str, token: str, since: int) -> list[Any]:
    reply = client.get(f"/api/tables/{table}/stream?since={since}", headers=auth(token))
    assert reply.status_code == 200
    found = []
    for block in reply.text.split("\n\n"):
        if "event: seat" in block:
            found.append(json.loads(block.split("data: ", 1)[1]))
    return found


@pytest.mark.parametrize(("players", "people", "seed"), [(3, 2, 1), (4, 3, 2)])
def test_R7_2_no_reply_or_stream_tells_another_seats_secrets_over_whole_games(
    players: int, people: int, seed: int
) -> None:
    """Every poll, stream message and public view of a whole game, for every seat."""
    clock = Clock()
    registry = Registry(TIMINGS, clock=clock)
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table_id, tokens = open_http(client, players=players, humans=list(range(people)))
    table = registry.tables[table_id]
    rng = random.Random(seed)
    checked = 0
    for _ in range(3000):
        public = client.get(f"/api/tables/{table_id}").json()
        check(public, table.state, None)  # the state the reply was made from
        moved = False
        for seat, token in tokens.items():
            doc = client.get(f"/api/tables/{table_id}/seat", headers=auth(token)).json()
            check(doc, table.state, seat)
            checked += 1
            if rng.random() < 0.05:
                for pushed in stream_documents(
                    client, table_id, token, rng.randrange(doc["next"] + 1)
                ):
                    check(pushed, table.state, seat)
            for aid in (
                ("analysis", "replay") if rng.random() < 0.1 and not table.state.is_over else ()
            ):
                refused = client.get(f"/api/tables/{table_id}/{aid}", headers=auth(token))
                assert refused.status_code in (403, 409) and "hand" not in refused.text
            legal = doc["view"]["legal_actions"]
            if legal and not moved:
                choice = {**rng.choice(legal), "format": ma.FORMAT}
                reply = post_action(
                    client, table_id, token, json.dumps(choice), doc["view"]["step"]
                )
                assert reply.status_code in (200, 409), reply.text
                moved = True
        if table.state.is_over:
            break
        if not moved:
            clock.advance(100.0)  # nobody could act: the clocks move the table on
    assert table.state.is_over and checked > 100
