"""The web table's push: a seat's documents as server-sent events, from a cursor."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402
from modern_art.web.invitations import rotate  # noqa: E402
from modern_art.web.push import Hub, seat_stream  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import NO_LIMITS, auth  # noqa: E402

clock = webclient.clock  # the fixture
SHORT = Timings(bot_delay=0.0, keepalive=0.05, stream=0.3, tick=None)


def messages(text: str) -> list[dict[str, Any]]:
    """The messages of an event stream: each one's fields, ``data`` parsed."""
    found = []
    for block in text.split("\n\n"):
        fields: dict[str, Any] = {}
        for line in block.splitlines():
            name, _, value = line.partition(": ")
            fields[name] = json.loads(value) if name == "data" else value
        if fields:
            found.append(fields)
    return found


def test_a_stream_sends_the_seat_document_with_its_cursor(clock: Clock) -> None:
    """The first message is the poll's document, ``id`` its cursor; keepalives follow; it ends."""
    registry = Registry(SHORT, clock=clock)
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=4, invitations=False
    )
    # Polled first: the first document loads the JSON converter, which on a loaded
    # machine can take longer than this stream's 0.3 s life, leaving no keepalive.
    polled = client.get(f"/api/tables/{table.id}/seat", headers=auth(tokens[0])).json()
    reply = client.get(f"/api/tables/{table.id}/stream", headers=auth(tokens[0]))
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/event-stream")
    assert reply.headers["cache-control"] == "no-store"
    found = messages(reply.text)
    first = found[0]
    assert first["event"] == "seat" and first["id"] == str(first["data"]["next"])
    assert first["data"]["view"] == polled["view"] and first["data"]["log"] == polled["log"]
    assert {c["id"] for c in first["data"]["view"]["hand"]} == {
        c.id for c in table.state.players[0].hand
    }
    assert {"": "keepalive"} in found[1:]
    cursor = first["id"]
    later = client.get(f"/api/tables/{table.id}/stream?since={cursor}", headers=auth(tokens[0]))
    assert messages(later.text)[0]["data"]["log"] == []


def test_a_stream_needs_a_seat_token_and_a_table(clock: Clock) -> None:
    """No token is 401, another's 403, no table 404, a bad cursor 400: all before streaming."""
    registry = Registry(SHORT, clock=clock)
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0], seed=4)
    url = f"/api/tables/{table.id}/stream"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth("y" * 32)).status_code == 403
    assert client.get("/api/tables/nope/stream", headers=auth("y" * 32)).status_code == 404
    assert client.get(url + "?since=x", headers=auth("y" * 32)).status_code == 400


def test_news_wakes_the_stream_and_a_newer_stream_replaces_it(clock: Clock) -> None:
    """News is pushed at once, not at a keepalive; a second stream of the seat ends the first."""
    registry = Registry(Timings(bot_delay=5.0, keepalive=30.0, tick=None), clock=clock)
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0, 1], seed=4, invitations=False)
    hub = Hub()

    async def run() -> list[str]:
        stream = seat_stream(registry, hub, table.id, 1, 0)
        said = [await anext(stream)]
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        with registry.lock:
            table.act(0, ma.legal_actions(table.state, 0)[0], 0, clock())
        hub.publish(registry)
        said.append(await asyncio.wait_for(waiting, 2.0))
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        newer = seat_stream(registry, hub, table.id, 1, 0)
        await anext(newer)
        said.append(await asyncio.wait_for(waiting, 2.0))
        await newer.aclose()
        return said

    first, pushed, replaced = asyncio.run(run())
    assert first.startswith("id: ") and "event: seat" in first
    assert "event: seat" in pushed and '"index":0' in pushed and '"CardPlayed"' in pushed
    assert "event: replaced" in replaced


def test_a_stream_says_when_its_table_is_gone(clock: Clock) -> None:
    """A table that expires ends its streams with ``event: gone``."""
    registry = Registry(Timings(keepalive=30.0, tick=None), clock=clock)
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0], seed=4)
    hub = Hub()

    async def run() -> str:
        stream = seat_stream(registry, hub, table.id, 0, 0)
        await anext(stream)
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        clock.advance(registry.timings.ttl)
        registry.tick()
        hub.publish(registry)
        return await asyncio.wait_for(waiting, 2.0)

    assert "event: gone" in asyncio.run(run())


def test_a_rotated_token_ends_the_stream_opened_with_the_old_one(clock: Clock) -> None:
    """The audit: 109 documents (the hand included) reached the old token's stream after a
    rotation. Now the rotation ends it at once, and no document follows, whatever moves."""
    registry = Registry(Timings(bot_delay=0.0, keepalive=30.0, tick=None), clock=clock)
    app = create_app(registry, limits=NO_LIMITS)
    client = TestClient(app)
    table, tokens = registry.open_table(["Ann", "Bea", "Bot"], humans=[0, 1], invitations=False)
    hub: Hub = app.state.hub

    async def run() -> list[str]:
        stream = seat_stream(registry, hub, table.id, 1, 0)
        said = [await anext(stream)]
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        rotated = client.post(f"/api/tables/{table.id}/token", json={}, headers=auth(tokens[1]))
        assert rotated.status_code == 200, rotated.text
        for _ in range(5):  # the game moves on: nothing of it may reach the old stream
            with registry.lock:
                seat = min(table.state.to_act)
                table.act(seat, ma.legal_actions(table.state, seat)[0], table.state.step, clock())
            hub.publish(registry)
            await asyncio.sleep(0)
        said.append(await asyncio.wait_for(waiting, 2.0))
        with contextlib.suppress(StopAsyncIteration):
            said.append(await asyncio.wait_for(anext(stream), 2.0))
        return said

    first, *rest = asyncio.run(run())
    assert "event: seat" in first
    assert len(rest) == 1 and "event: replaced" in rest[0] and "token" in rest[0]


def test_a_changed_token_ends_the_stream_even_unannounced(clock: Clock) -> None:
    """A token changed where the hub is not told (another process, say): the next news ends it."""
    registry = Registry(Timings(bot_delay=0.0, keepalive=30.0, tick=None), clock=clock)
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0, 1], invitations=False)
    hub = Hub()

    async def run() -> list[str]:
        stream = seat_stream(registry, hub, table.id, 1, 0)
        said = [await anext(stream)]
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.01)
        with registry.lock:
            rotate(registry, table, 1)
            table.act(0, ma.legal_actions(table.state, 0)[0], 0, clock())
        hub.publish(registry)
        said.append(await asyncio.wait_for(waiting, 2.0))
        return said

    first, last = asyncio.run(run())
    assert "event: seat" in first
    assert "event: replaced" in last and '"CardPlayed"' not in last
