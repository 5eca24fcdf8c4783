"""The replay of a finished game through the API: each step as one seat (or the public) saw it.

Only a finished game is replayed: before its end nobody, seated or not,
gets a step of it (that would tell hands the game still hides).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Store, create_app  # noqa: E402
from modern_art.web.documents import log_line, view_document  # noqa: E402
from modern_art.web.tables import Entry  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import (  # noqa: E402
    FAST,
    NO_LIMITS,
    auth,
    open_http,
    play_to_the_end,
)

clock, registry, client = webclient.clock, webclient.registry, webclient.client  # the fixtures


def replay(client: TestClient, table: str, token: str | None = None, /, **query: str | int) -> Any:
    headers = auth(token) if token else {}
    return client.get(f"/api/tables/{table}/replay", params=query, headers=headers)


def expected(record: ma.GameRecord, step: int, seat: int | None) -> tuple[Any, list[Any]]:
    """The view after ``step`` actions and the log lines up to it, as ``seat`` saw them."""
    state = record.start()
    names = [p.name for p in state.players]
    lines = []
    for index, action in enumerate(record.actions[:step]):
        done = ma.apply(state, action)
        entry = Entry(state.step, action.seat, "replay", done.events)
        lines.append(json.loads(log_line(entry, index, seat, names, 0)))
        state = done.state
    return view_document(ma.view(state, seat)), lines


@pytest.mark.parametrize("spectators", ["none", "public", "after"])
def test_R7_2_a_game_in_play_has_no_replay_for_anybody(
    client: TestClient, spectators: str
) -> None:
    """409 for its people and its spectators alike, whatever the policy: no hand leaks."""
    table, tokens = open_http(client, spectators=spectators)
    for token in (tokens[0], None):
        for query in ({}, {"step": 0, "as": 1}, {"as": "public"}):
            reply = replay(client, table, token, **query)
            assert reply.status_code == 409, reply.text
            assert "not over yet" in reply.json()["error"] and "hand" not in reply.text


def test_each_step_is_the_seats_view_after_that_many_actions(
    client: TestClient, registry: Registry
) -> None:
    """Step 0 is the deal, the last the end; the log holds the seat's lines up to the step."""
    table, tokens = open_http(client)
    play_to_the_end(registry, table)
    record = registry.tables[table].record()
    steps = len(record.actions)
    for step in (0, 1, 7, steps):
        body = replay(client, table, tokens[0], step=step).json()
        view, lines = expected(record, step, 0)
        assert body["replay"] == {"step": step, "steps": steps, "as": 0}
        assert body["view"] == view and body["log"] == lines and body["next"] == step
        assert body["seat"] == 0 and body["clock"] is None and body["table"]["over"]
    assert replay(client, table, tokens[0]).json()["replay"]["step"] == steps  # the end
    later = replay(client, table, tokens[0], step=9, since=7).json()
    assert [line["index"] for line in later["log"]] == [7, 8]


def test_after_the_end_a_player_may_replay_as_any_seat_or_the_public(
    client: TestClient, registry: Registry
) -> None:
    """**(decision)** The record, every hand in it, is the table's people's after the end."""
    table, tokens = open_http(client, spectators="none")
    play_to_the_end(registry, table)
    record = registry.tables[table].record()
    other = replay(client, table, tokens[0], step=5, **{"as": 2}).json()
    assert (other["seat"], other["view"]) == (2, expected(record, 5, 2)[0])
    assert {c["id"] for c in other["view"]["hand"]} == {
        c.id for c in ma.replay(ma.record(record.start(), record.actions[:5])).players[2].hand
    }
    public = replay(client, table, tokens[0], step=5, **{"as": "public"}).json()
    assert public["seat"] is None and public["view"]["hand"] == []
    assert public["view"] == expected(record, 5, None)[0]


def test_spectators_replay_by_the_tables_policy(client: TestClient, registry: Registry) -> None:
    """ "none": 403; "public": the public view only; "after": any seat's view."""
    tables = {}
    for policy in ("none", "public", "after"):
        tables[policy], _ = open_http(client, spectators=policy)
        play_to_the_end(registry, tables[policy])
    reply = replay(client, tables["none"])
    assert reply.status_code == 403 and "nobody watches" in reply.json()["error"]
    public = replay(client, tables["public"], step=3)
    assert public.status_code == 200 and public.json()["seat"] is None
    refused = replay(client, tables["public"], step=3, **{"as": 1})
    assert refused.status_code == 403 and "public view only" in refused.json()["error"]
    after = replay(client, tables["after"], step=3, **{"as": 1}).json()
    assert after["seat"] == 1 and len(after["view"]["hand"]) > 0
    assert replay(client, tables["after"]).json()["seat"] is None  # a spectator: the public


def test_a_bad_step_seat_or_token_is_a_clear_4xx(client: TestClient, registry: Registry) -> None:
    """400 for a step outside the game or a seat of none, 403 for another table's token."""
    table, tokens = open_http(client)
    play_to_the_end(registry, table)
    steps = len(registry.tables[table].actions)
    for query, says in (
        ({"step": steps + 1}, f"step must be from 0 to {steps}"),
        ({"step": "-1"}, "must be a whole number"),
        ({"as": 3}, "as must be a seat from 0 to 2 or 'public'"),
        ({"as": "\u0663"}, "as must be a seat"),
        ({"since": "x"}, "must be a whole number"),
    ):
        reply = replay(client, table, tokens[0], **query)
        assert reply.status_code == 400 and says in reply.json()["error"], reply.text
    assert replay(client, table, "y" * 32).status_code == 403
    assert replay(client, "nope").status_code == 404


def test_a_finished_game_is_replayed_from_the_database_after_a_restart(
    tmp_path: Path, clock: Clock
) -> None:
    """The finished table left the server's memory: its stored record is replayed the same."""
    path = str(tmp_path / "web.sqlite3")
    first = Registry(FAST, clock=clock, store=Store(path))
    client = TestClient(create_app(first, limits=NO_LIMITS))
    table, tokens = open_http(client, spectators="after")
    play_to_the_end(first, table)
    before = replay(client, table, tokens[0], step=12).json()
    again = Registry(FAST, clock=clock, store=Store(path))
    assert table not in again.tables  # only games in play come back to memory
    restarted = TestClient(create_app(again, limits=NO_LIMITS))
    after = replay(restarted, table, tokens[0], step=12).json()
    assert after["view"] == before["view"] and after["log"] == before["log"]
    assert after["replay"] == before["replay"]
    assert [s["name"] for s in after["table"]["seats"]] == [
        s["name"] for s in before["table"]["seats"]
    ]
    assert after["table"]["seats"][0]["you"] and after["table"]["seats"][0]["kind"] == "human"
    assert replay(restarted, table, step=12, **{"as": 2}).json()["seat"] == 2  # "after"
    assert replay(restarted, table, "y" * 32).status_code == 403
