"""The web table's server (modern_art/web): every endpoint, through Starlette's test client."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import BOT_HANDS, DOUBLE, FIVE_KINDS_HAND, HIDDEN, ONE, OPEN, Clock, need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.data.errors import TableError  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import (  # noqa: E402
    FAST,
    JSON,
    NO_LIMITS,
    auth,
    open_http,
    post_action,
    seat_view,
    stacked,
)

clock, registry, client = webclient.clock, webclient.registry, webclient.client  # the fixtures

# -- the page -------------------------------------------------------------


def test_page_and_static_files_are_served(client: TestClient) -> None:
    """The lobby, a table's page and its script and style are served with no build step."""
    for path in ("/", "/t/anything"):
        reply = client.get(path)
        assert reply.status_code == 200
        assert "text/html" in reply.headers["content-type"]
        assert '<script src="/static/table.js">' in reply.text
    assert "function render()" in client.get("/static/table.js").text
    assert "function cardNode(" in client.get("/static/render.js").text
    assert "async function listen()" in client.get("/static/connection.js").text
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/static/nothing.js").status_code == 404


# -- opening tables ---------------------------------------------------------


def test_open_table_gives_the_opener_a_token_and_the_others_invitations(
    client: TestClient,
) -> None:
    """The opener gets their seat's random token, every other person an invitation link."""
    reply = client.post(
        "/api/tables", json={"players": 4, "humans": [0, 2], "names": ["A", "B", "C", "D"]}
    )
    assert reply.status_code == 201
    body = reply.json()
    assert [s["seat"] for s in body["seats"]] == [0, 2]
    assert body["you"]["seat"] == 0 and len(body["you"]["token"]) >= 32
    assert body["you"]["link"] == f"/t/{body['table']}#token={body['you']['token']}"
    (invitation,) = body["invitations"]
    assert invitation["seat"] == 2 and invitation["link"].startswith(f"/t/{body['table']}#invite=")
    assert "token" not in invitation["link"]
    kinds = [s["kind"] for s in body["summary"]["seats"]]
    assert kinds == ["human", "bot", "human", "bot"]
    assert [s["name"] for s in body["summary"]["seats"]] == ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"{not json", "not JSON"),
        (b"[1, 2]", "expected a JSON object"),
        (b'{"players": 2}', "players must be 3, 4 or 5, got 2 (R1.1)"),
        (b'{"players": "4"}', "players must be 3, 4 or 5"),
        (b'{"players": 3, "humans": []}', "humans must be a list of distinct seats"),
        (b'{"players": 3, "humans": [3]}', "humans must be a list of distinct seats"),
        (b'{"players": 3, "humans": [0, 0]}', "humans must be a list of distinct seats"),
        (b'{"players": 3, "names": ["a", "b"]}', "names must be 3 names"),
        (b'{"names": ["a", "b"]}', "players must be 3, 4 or 5, got 2"),
        (b'{"names": ["a", "b", ""]}', "the name of seat 2 must be 1 to 24 characters"),
        (
            b'{"bot": "genius"}',
            "bot must be one of ['heuristic', 'learned', 'montecarlo', 'random', 'search']",
        ),
        (b'{"seed": -1}', "seed must be a whole number"),
        (b'{"seed": true}', "seed must be a whole number"),
        (b'{"colour": "red"}', "unknown fields ['colour']"),
    ],
)
def test_open_table_refuses_bad_requests(client: TestClient, body: bytes, says: str) -> None:
    """A request to open a table that is not a well-formed object gets 400 and why."""
    reply = client.post("/api/tables", content=body, headers=JSON)
    assert reply.status_code == 400
    assert says in reply.json()["error"]


def test_open_table_refuses_an_oversized_body(client: TestClient) -> None:
    """A body over the limit is refused with 413 before it is parsed."""
    reply = client.post("/api/tables", content=b" " * 20_000, headers=JSON)
    assert reply.status_code == 413


def test_open_table_refuses_when_every_table_is_in_use(clock: Clock) -> None:
    """When max_tables tables are open, another is refused with 503."""
    client = TestClient(create_app(Registry(FAST, clock=clock, max_tables=2), limits=NO_LIMITS))
    open_http(client)
    open_http(client)
    reply = client.post("/api/tables", json={"players": 3})
    assert reply.status_code == 503
    assert "all 2 tables are in use" in reply.json()["error"]


# -- public facts -------------------------------------------------------------


def test_public_endpoint_shows_a_spectator_view_only(client: TestClient) -> None:
    """Without a token a table shows its seats and a spectator's view: no hand, no money."""
    table, _ = open_http(client)
    reply = client.get(f"/api/tables/{table}")
    assert reply.status_code == 200
    body = reply.json()
    assert body["table"]["id"] == table
    view = body["view"]
    assert view["type"] == "PlayerView" and view["seat"] is None
    assert view["hand"] == [] and view["legal_actions"] == []
    assert [p["money"] for p in view["players"]] == [None, None, None]


def test_missing_table_is_404_everywhere(client: TestClient) -> None:
    """Every table endpoint answers 404 for a table that does not exist."""
    _, tokens = open_http(client)
    token = tokens[0]
    assert client.get("/api/tables/nope").status_code == 404
    assert client.get("/api/tables/nope/seat", headers=auth(token)).status_code == 404
    reply = post_action(client, "nope", token, ma.Pass(0), 0)
    assert reply.status_code == 404
    assert "there is no table 'nope'" in reply.json()["error"]


# -- a seat's view --------------------------------------------------------------


def test_seat_view_holds_own_hand_and_no_other_secret(
    client: TestClient, registry: Registry
) -> None:
    """A seat's reply holds its own hand and money, others' hand sizes only, as library JSON."""
    table, tokens = open_http(client, humans=[0, 1])
    state = registry.tables[table].state
    for seat in (0, 1):
        body = seat_view(client, table, tokens[seat])
        view = body["view"]
        assert body["seat"] == seat == view["seat"]
        assert view["format"] == ma.FORMAT and view["type"] == "PlayerView"
        assert {c["id"] for c in view["hand"]} == {c.id for c in state.players[seat].hand}
        assert [p["money"] for p in view["players"]][seat] == 100
        assert [p["money"] for i, p in enumerate(view["players"]) if i != seat] == [None, None]
        assert all("hand" not in p for p in view["players"])
        others = {c.id for s, p in enumerate(state.players) if s != seat for c in p.hand}
        shown = json.dumps(body)
        assert all(f'"id": {i},' not in shown for i in others)
        assert ma.view(state, seat).step == view["step"]


def test_seat_view_needs_the_right_token(client: TestClient) -> None:
    """No token is 401; a wrong one, or another table's, is 403; neither shows a view."""
    table, tokens = open_http(client)
    other_table, other_tokens = open_http(client)
    url = f"/api/tables/{table}/seat"
    for headers, status in [
        ({}, 401),
        ({"Authorization": "Token abc"}, 401),
        ({"Authorization": "Bearer "}, 401),
        (auth("x" * 32), 403),
        (auth(other_tokens[0]), 403),
        (auth(tokens[0][:-1]), 403),
    ]:
        reply = client.get(url, headers=headers)
        assert reply.status_code == status
        assert "view" not in reply.json() and "hand" not in reply.text
    assert client.get(url, headers=auth(tokens[0])).status_code == 200
    assert (
        client.get(f"/api/tables/{other_table}/seat", headers=auth(tokens[0])).status_code == 403
    )


def test_seat_view_refuses_a_bad_since(client: TestClient) -> None:
    """``since`` must be a whole number; past the log's end it gives no entries."""
    table, tokens = open_http(client)
    for bad in ("abc", "-1", "1.5", "9" * 12):
        reply = client.get(f"/api/tables/{table}/seat?since={bad}", headers=auth(tokens[0]))
        assert reply.status_code == 400
        assert "'since' must be a whole number" in reply.json()["error"]
    assert seat_view(client, table, tokens[0], since=10_000)["log"] == []


def test_log_is_redacted_for_each_seat(registry: Registry, client: TestClient) -> None:
    """Each seat's log hides others' sealed bids and dealt cards, and shows its own."""
    table, tokens = stacked(
        registry,
        [[("melim", HIDDEN), ("melim", OPEN)], [("thaler", OPEN)] * 2, [("martins", OPEN)] * 2],
        humans=[0, 1],
    )
    post_action(client, table.id, tokens[0], ma.PlayCard(0, table.state.players[0].hand[0]), 0)
    step = table.state.step
    assert post_action(client, table.id, tokens[0], ma.Bid(0, 7), step).status_code == 200
    sealed = [
        [e for x in seat_view(client, table.id, tokens[s])["log"] for e in x["events"]["events"]]
        for s in (0, 1)
    ]
    mine = [e for e in sealed[0] if e["type"] == "BidSealed" and e["seat"] == 0]
    theirs = [e for e in sealed[1] if e["type"] == "BidSealed" and e["seat"] == 0]
    assert mine[0]["amount"] == 7 and theirs[0]["amount"] is None
    body = seat_view(client, table.id, tokens[1])
    assert body["log"][0]["events"]["type"] == "Events" and body["next"] == len(table.log)


def test_the_log_says_each_event_with_describe_to_each_seat(
    registry: Registry, client: TestClient
) -> None:
    """Each line's text is ma.describe of the seat's own redacted events, "you" for the seat."""
    table, tokens = stacked(
        registry,
        [[("melim", HIDDEN), ("melim", OPEN)], [("thaler", OPEN)] * 2, [("martins", OPEN)] * 2],
        humans=[0, 1],
    )
    post_action(client, table.id, tokens[0], ma.PlayCard(0, table.state.players[0].hand[0]), 0)
    post_action(client, table.id, tokens[0], ma.Bid(0, 7), table.state.step)
    names = ["Ann", "Bea", "Cy"]
    for seat in (0, 1):
        for line in seat_view(client, table.id, tokens[seat])["log"]:
            entry = table.log[line["index"]]
            said = [
                ma.describe(e, names=names, you=seat)
                for e in ma.visible_events(entry.events, seat)
            ]
            assert line["text"] == said
    mine = [t for x in seat_view(client, table.id, tokens[0])["log"] for t in x["text"]]
    theirs = [t for x in seat_view(client, table.id, tokens[1])["log"] for t in x["text"]]
    assert any(t.startswith("You ") and "7" in t for t in mine)
    assert not any("7" in t for t in theirs if t.startswith("Ann"))


# -- actions ----------------------------------------------------------------------


def test_action_applies_and_bots_answer_promptly(registry: Registry, client: TestClient) -> None:
    """A legal action through from_json applies, and the bots then act until a person must."""
    table, tokens = open_http(client)
    body = seat_view(client, table, tokens[0])
    card = body["view"]["legal_actions"][0]
    assert card["type"] == "PlayCard"
    doc = json.dumps({**card, "format": ma.FORMAT})
    reply = post_action(client, table, tokens[0], doc, body["view"]["step"])
    assert reply.status_code == 200
    state = registry.tables[table].state
    assert reply.json() == {"step": state.step}
    assert state.step >= 1 and (state.is_over or 0 in state.to_act)
    assert {e.by for e in registry.tables[table].log} <= {"player", "bot"}


def test_malformed_actions_are_400_and_change_nothing(
    registry: Registry, client: TestClient
) -> None:
    """Malformed JSON, a wrong kind of document or an unknown card is 400 and the state stays."""
    table, tokens = open_http(client)
    before = registry.tables[table].state
    bad = [
        b"{",
        b"[]",
        b'{"format": "modern-art/1", "type": "TurnStarted", "seat": 0}',
        b'{"format": "modern-art/1", "type": "Bid", "seat": 0}',
        b'{"format": "modern-art/1", "type": "Bid", "seat": 0, "amount": "ten"}',
        b'{"format": "modern-art/9", "type": "Pass", "seat": 0}',
        b'{"format": "modern-art/1", "type": "PlayCard", "seat": 0,'
        b' "card": {"id": 99, "artist": "Nobody", "auction": "open"}}',
        b"\xff\xfe",
    ]
    for body in bad:
        reply = post_action(client, table, tokens[0], body, 0)
        assert reply.status_code == 400, body
        assert reply.json()["error"].startswith("invalid action document"), reply.json()
        assert registry.tables[table].state is before


def test_illegal_and_out_of_turn_actions_are_400_with_the_rule(
    registry: Registry, client: TestClient
) -> None:
    """An action the rules forbid, out of turn included, is 400 naming the rule; nothing moves."""
    table, tokens = open_http(client, humans=[0, 1])
    before = registry.tables[table].state
    other = before.players[1].hand[0]
    cases: list[tuple[str, ma.Action]] = [
        (tokens[1], ma.PlayCard(1, other)),  # seat 1 offers out of turn
        (tokens[0], ma.Bid(0, 5)),  # no auction yet
        (tokens[0], ma.PlayCard(0, other)),  # not in seat 0's hand
    ]
    for token, action in cases:
        reply = post_action(client, table, token, action, 0)
        assert reply.status_code == 400
        body = reply.json()
        assert body["rule"] and body["rule"].startswith("R")
        assert body["error"].endswith(f"({body['rule']})")
        assert registry.tables[table].state is before


def test_action_for_another_seat_is_403(registry: Registry, client: TestClient) -> None:
    """A token may act only for its own seat."""
    table, tokens = open_http(client, humans=[0, 1])
    before = registry.tables[table].state
    reply = post_action(client, table, tokens[1], ma.PlayCard(0, before.players[0].hand[0]), 0)
    assert reply.status_code == 403
    assert "seat token is for seat 1, the action names seat 0" in reply.json()["error"]
    assert registry.tables[table].state is before


def test_action_needs_the_right_token(registry: Registry, client: TestClient) -> None:
    """Acting without a token is 401 and with a wrong one 403; the state stays."""
    table, _ = open_http(client)
    before = registry.tables[table].state
    action = ma.PlayCard(0, before.players[0].hand[0])
    body = ma.to_json(action)
    url = f"/api/tables/{table}/actions?step=0"
    assert client.post(url, content=body, headers=JSON).status_code == 401
    assert client.post(url, content=body, headers=auth("nope" * 8)).status_code == 403
    assert registry.tables[table].state is before


def test_stale_step_is_409_and_changes_nothing(registry: Registry, client: TestClient) -> None:
    """An action made on an old step that no longer means the same is refused with 409."""
    table, tokens = open_http(client)
    state = registry.tables[table].state
    ok = post_action(client, table, tokens[0], ma.PlayCard(0, state.players[0].hand[0]), 0)
    assert ok.status_code == 200
    after = registry.tables[table].state
    late = post_action(client, table, tokens[0], ma.PlayCard(0, state.players[0].hand[1]), 0)
    assert late.status_code == 409
    assert "choose again" in late.json()["error"]
    assert registry.tables[table].state is after
    ahead = post_action(client, table, tokens[0], ma.Pass(0), after.step + 5)
    assert ahead.status_code == 409


def test_action_step_parameter_is_required(client: TestClient) -> None:
    """An action without a whole-number ``step`` is 400."""
    table, tokens = open_http(client)
    url = f"/api/tables/{table}/actions"
    body = ma.to_json(ma.Pass(0))
    assert client.post(url, content=body, headers=auth(tokens[0])).status_code == 400
    reply = client.post(url + "?step=x", content=body, headers=auth(tokens[0]))
    assert reply.status_code == 400 and "'step'" in reply.json()["error"]
    reply = client.post(url + "?step=0", content=b"x" * 20_000, headers=auth(tokens[0]))
    assert reply.status_code == 413


def test_a_whole_game_through_the_api(registry: Registry, client: TestClient) -> None:
    """A person taking legal actions over HTTP finishes a game; the end is in their log."""
    table, tokens = open_http(client, players=4, seed=9)
    body = seat_view(client, table, tokens[0])
    log = list(body["log"])
    while not body["table"]["over"]:
        view = body["view"]
        if view["legal_actions"]:
            choice = view["legal_actions"][-1 if view["phase"]["type"] == "Offering" else 0]
            doc = json.dumps({**choice, "format": view["format"]})
            assert post_action(client, table, tokens[0], doc, view["step"]).status_code == 200
        else:
            registry.clock.advance(20)  # type: ignore[attr-defined]
        body = seat_view(client, table, tokens[0], since=body["next"])
        log += body["log"]
    ended = [e for x in log for e in x["events"]["events"] if e["type"] == "GameEnded"]
    assert len(ended) == 1
    assert ended[0]["money"] == [p["money"] for p in body["view"]["players"]]
    assert body["view"]["winners"] == ended[0]["winners"]
    final = registry.tables[table].state
    after = post_action(client, table, tokens[0], ma.Pass(0), final.step)
    assert after.status_code == 400 and after.json()["rule"] == "R8.1"


# -- the open-auction clock, bots and time ------------------------------------------


def open_auction_table(registry: Registry) -> Any:
    """Seats 0 and 1 are people, seat 2 a bot; seat 0 holds an open Melim to offer."""
    return stacked(
        registry,
        [[("melim", OPEN), ("melim", ONE)], [("thaler", OPEN)] * 2, [("martins", OPEN)] * 2],
        humans=[0, 1],
    )


def test_open_auction_clock_goes_once_twice_then_passes_idle_players(
    registry: Registry, client: TestClient, clock: Clock
) -> None:
    """After the open idle time the clock shows going once, going twice, then passes for idlers."""
    table, tokens = open_auction_table(registry)
    card = table.state.players[0].hand[0]
    assert post_action(client, table.id, tokens[0], ma.PlayCard(0, card), 0).status_code == 200
    assert isinstance(table.state.phase, ma.OpenAuction)
    stages = []
    for wait in (1.0, 3.5, 2.0):  # t = 1, 4.5, 6.5 of idle 4 + going 2 + going 2
        clock.advance(wait)
        stages.append(seat_view(client, table.id, tokens[1])["clock"]["stage"])
    assert stages == ["open", "going once", "going twice"]
    clock.advance(1.6)  # t = 8.1: past the deadline
    body = seat_view(client, table.id, tokens[1])
    assert not isinstance(table.state.phase, ma.OpenAuction)
    assert (body["clock"] or {}).get("stage") in (None, "turn")
    by_clock = [e for e in table.log if e.by == "clock"]
    assert by_clock and all(isinstance(e.events[0], ma.Passed) for e in by_clock)
    assert {e.seat for e in by_clock} <= {0, 1}
    assert [x["by"] for x in body["log"]].count("clock") == len(by_clock)


def test_a_raise_restarts_the_open_auction_clock(
    registry: Registry, client: TestClient, clock: Clock
) -> None:
    """A bid during "going once" restarts the quiet time; passes do not."""
    table, tokens = open_auction_table(registry)
    post_action(client, table.id, tokens[0], ma.PlayCard(0, table.state.players[0].hand[0]), 0)
    clock.advance(5.0)
    body = seat_view(client, table.id, tokens[1])
    assert body["clock"]["stage"] == "going once"
    phase = table.state.phase
    assert isinstance(phase, ma.OpenAuction)
    reply = post_action(
        client, table.id, tokens[1], ma.Bid(1, phase.high_bid + 1), table.state.step
    )
    assert reply.status_code == 200
    clock.advance(0.5)
    body = seat_view(client, table.id, tokens[1])
    assert body["clock"]["stage"] == "open" and body["clock"]["passes_in"] == pytest.approx(7.5)


def test_bots_wait_their_delay(clock: Clock) -> None:
    """With a bot delay, a bot acts only once that much time has passed since the last action."""
    registry = Registry(Timings(bot_delay=2.0, tick=None), clock=clock)
    table, _ = registry.open_table(["Bot", "Ann", "Bot 2"], humans=[1], seed=3)
    assert table.state.step == 0  # seat 0, a bot, offers first
    clock.advance(1.0)
    assert registry.get(table.id).state.step == 0
    clock.advance(1.0)
    assert registry.get(table.id).state.step == 1


def test_the_background_ticker_moves_bots_without_requests() -> None:
    """While the app runs, bots act on their own time, with nobody polling."""
    registry = Registry(Timings(bot_delay=0.01, tick=0.01))
    with TestClient(create_app(registry)):
        table, _ = registry.open_table(["Bot", "Ann", "Bot 2"], humans=[1], seed=3)
        deadline = time.monotonic() + 5
        while table.state.step == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table.state.step >= 1


# -- several tables, expiry ------------------------------------------------------------


def test_several_tables_run_apart(registry: Registry, client: TestClient) -> None:
    """Two tables keep their own games; a move at one leaves the other alone."""
    first, tokens_a = open_http(client, seed=1)
    second, _ = open_http(client, seed=2)
    other = registry.tables[second].state
    hand = registry.tables[first].state.players[0].hand
    assert post_action(client, first, tokens_a[0], ma.PlayCard(0, hand[0]), 0).status_code == 200
    assert registry.tables[first].state.step > 0
    assert registry.tables[second].state is other


def test_abandoned_tables_expire(registry: Registry, client: TestClient, clock: Clock) -> None:
    """A table nobody seated looks at for the time to live is gone; one in use stays."""
    idle, _ = open_http(client)
    busy, tokens = open_http(client)
    clock.advance(FAST.ttl - 1)
    seat_view(client, busy, tokens[0])  # touching keeps it
    assert client.get(f"/api/tables/{idle}").status_code == 200  # a spectator does not
    clock.advance(2)
    assert client.get(f"/api/tables/{idle}").status_code == 404
    assert seat_view(client, busy, tokens[0])["table"]["id"] == busy
    clock.advance(FAST.ttl)
    assert registry.tick() == 0 and registry.tables == {}
    reply = client.get(f"/api/tables/{busy}/seat", headers=auth(tokens[0]))
    assert reply.status_code == 404 and "may have expired" in reply.json()["error"]


def test_timings_refuse_impossible_values() -> None:
    """Negative delays, a zero time to live or a zero tick are refused when Timings is made."""
    for bad in ({"bot_delay": -1.0}, {"going": -0.5}, {"ttl": 0.0}, {"poll": 0.0}, {"tick": 0.0}):
        with pytest.raises(ValueError):
            Timings(**bad)  # type: ignore[arg-type]
    assert Timings(tick=None).tick is None


def test_registry_refuses_bad_tables(registry: Registry) -> None:
    """Opening a table checks the bot kind and the people's seats."""
    with pytest.raises(ValueError, match="bot must be one of"):
        registry.open_table(["a", "b", "c"], humans=[0], bot="genius")
    with pytest.raises(ValueError, match="humans must be some of the seats"):
        registry.open_table(["a", "b", "c"], humans=[])
    with pytest.raises(TableError) as err:
        registry.get("missing")
    assert err.value.status == 404


def test_every_auction_kind_can_be_played_over_http(
    registry: Registry, client: TestClient
) -> None:
    """A stacked hand lets a person run all five kinds of auction through the API."""
    table, tokens = stacked(registry, [FIVE_KINDS_HAND, *BOT_HANDS], humans=[0])
    while not table.state.is_over:
        state = table.state
        legal = ma.legal_actions(state, 0)
        if not legal:
            registry.clock.advance(20)  # type: ignore[attr-defined]
            registry.get(table.id)
            continue
        if isinstance(state.phase, ma.Offering):
            run = {e.kind if len(e.lot) == 1 else DOUBLE for e in started(table, 0)}
            action: ma.Action = next(
                (ma.PlayCard(0, c) for c in state.players[0].hand if c.auction not in run),
                legal[0],
            )
        else:
            action = next((a for a in legal if isinstance(a, ma.PlayCard | ma.SetPrice)), legal[0])
        assert post_action(client, table.id, tokens[0], action, state.step).status_code == 200
    kinds = [e.kind if len(e.lot) == 1 else DOUBLE for e in started(table, 0)]
    assert sorted(k.value for k in kinds) == sorted(k.value for k in ma.Auction)


def started(table: Any, seat: int) -> list[ma.AuctionStarted]:
    """The auctions ``seat`` has run at ``table``."""
    return [
        e
        for entry in table.log
        for e in entry.events
        if isinstance(e, ma.AuctionStarted) and e.auctioneer == seat
    ]


def test_the_command_line_help() -> None:
    """``modern-art serve --help`` documents the command and its timings."""
    out = subprocess.run(
        [sys.executable, "-m", "modern_art", "serve", "--help"],
        cwd=Path(__file__).parents[2],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    assert "modern-art serve" in out and "--open-idle" in out and "--port" in out
