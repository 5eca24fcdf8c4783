"""The web table's clocks: a person who leaves in any phase does not stall the others.

Seat 0 (Ann) is a person who stays, seat 1 (Bea) a person who walks away,
seat 2 a bot. Each case leads the game to a decision of Bea's, then lets her
clock run out.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers.webkit import DOUBLE, FIXED, HIDDEN, ONE, OPEN, Clock, need, short_rules

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art.web import GameTable, Registry, Timings  # noqa: E402
from modern_art.web.clocks import default_action  # noqa: E402
from tests.helpers import webclient  # noqa: E402
from tests.helpers.webclient import FAST, auth, seat_view  # noqa: E402

clock, registry, client = webclient.clock, webclient.registry, webclient.client  # the fixtures

ANN, BEA, BOT = 0, 1, 2


def table_for(registry: Registry, ann: list[Any], bea: list[Any], first: int = ANN) -> GameTable:
    """Ann and Bea (people, both seated), a bot, stacked first hands; ``first`` offers first."""
    bot = [("silveira", OPEN), ("silveira", ONE), ("silveira", HIDDEN)]
    rules = short_rules(len(ann))
    deck = ma.stack_deck([ann, bea, bot], rules=rules)
    table, _ = registry.open_table(
        ["Ann", "Bea", "Bot"],
        humans=[ANN, BEA],
        rules=rules,
        deck=deck,
        seed=1,
        first_auctioneer=first,
        invitations=False,  # both seats taken: their clocks run (an invited seat's waits)
    )
    return table


def act(registry: Registry, table: GameTable, action: ma.Action) -> None:
    """A person's action, as the server applies it."""
    with registry.lock:
        table.act(action.seat, action, table.state.step, registry.clock())


def offer(registry: Registry, table: GameTable, seat: int, auction: ma.Auction) -> None:
    """``seat`` offers its first card of kind ``auction``."""
    card = next(c for c in table.state.players[seat].hand if c.auction is auction)
    act(registry, table, ma.PlayCard(seat, card))


Move = tuple[int, ma.Auction] | ma.Action
"""A seat offering its first card of a kind, or an action."""

PHASES: dict[str, tuple[list[Any], list[Any], int, list[Move]]] = {
    "offering": (
        [("melim", OPEN)] * 3,
        [("thaler", ONE), ("thaler", OPEN), ("thaler", HIDDEN)],
        BEA,
        [],
    ),
    "double offer": (
        [("melim", OPEN)] * 3,
        [("martins", DOUBLE), ("martins", OPEN), ("thaler", OPEN)],
        BEA,
        [(BEA, DOUBLE)],
    ),
    "one-offer bid": (
        [("melim", ONE), ("melim", OPEN), ("melim", OPEN)],
        [("thaler", OPEN)] * 3,
        ANN,
        [(ANN, ONE)],
    ),
    "hidden bid": (
        [("melim", HIDDEN), ("melim", OPEN), ("melim", OPEN)],
        [("thaler", OPEN)] * 3,
        ANN,
        [(ANN, HIDDEN), ma.Bid(ANN, 4)],
    ),
    "naming a fixed price": (
        [("melim", OPEN)] * 3,
        [("thaler", FIXED), ("thaler", OPEN), ("thaler", OPEN)],
        BEA,
        [(BEA, FIXED)],
    ),
    "buying at a fixed price": (
        [("melim", FIXED), ("melim", OPEN), ("melim", OPEN)],
        [("thaler", OPEN)] * 3,
        ANN,
        [(ANN, FIXED), ma.SetPrice(ANN, 12)],
    ),
    "open auction": (
        [("melim", OPEN)] * 3,
        [("thaler", OPEN)] * 3,
        ANN,
        [(ANN, OPEN), ma.Pass(ANN)],
    ),
}


@pytest.mark.parametrize("phase", list(PHASES))
def test_a_person_who_leaves_does_not_stall_the_table_beyond_the_clock(
    registry: Registry, clock: Clock, phase: str
) -> None:
    """Whatever Bea is asked, her clock runs out and the table takes her default action."""
    ann, bea, first, lead_in = PHASES[phase]
    table = table_for(registry, ann, bea, first)
    for move in lead_in:
        if isinstance(move, tuple):
            offer(registry, table, *move)
        else:
            act(registry, table, move)
    registry.get(table.id)  # the bot acts
    assert BEA in table.state.to_act, table.state.phase
    waiting = table.state
    expected = default_action(waiting, BEA)
    limit = FAST.open_idle + 2 * FAST.going if phase == "open auction" else FAST.turn
    clock.advance(limit - 0.01)
    assert registry.get(table.id).state is waiting  # not before the clock runs out
    clock.advance(0.01)
    registry.get(table.id)
    assert table.state.step > waiting.step
    timed_out = [e for e in table.log if e.by == "clock"]
    assert timed_out and timed_out[0].seat == BEA and timed_out[0].step == waiting.step
    assert table.actions[waiting.step] == expected


def test_the_default_actions_are_pass_else_the_first_choice() -> None:
    """Pass where the rules allow it; else a hidden 0, the lowest price, the first card."""
    table_rules = short_rules(3)
    deck = ma.stack_deck(
        [
            [("melim", HIDDEN), ("melim", FIXED), ("melim", OPEN)],
            [("thaler", OPEN)] * 3,
            [("silveira", OPEN)] * 3,
        ],
        rules=table_rules,
    )
    state = ma.new_game(3, deck=deck, rules=table_rules)
    assert default_action(state, 0) == ma.PlayCard(0, state.players[0].hand[0])
    hidden = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state
    assert default_action(hidden, 1) == ma.Bid(1, 0)
    fixed = ma.apply(state, ma.PlayCard(0, state.players[0].hand[1])).state
    assert default_action(fixed, 0) == ma.SetPrice(0, 1)
    priced = ma.apply(fixed, ma.SetPrice(0, 9)).state
    assert default_action(priced, 1) == ma.Pass(1)
    with pytest.raises(ValueError, match="may not act"):
        default_action(state, 2)


def test_the_turn_clock_is_shown_to_the_page(registry: Registry, client: TestClient) -> None:
    """A person's document shows how long they have; another's shows the same deadline."""
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=5, invitations=False
    )
    mine = seat_view(client, table.id, tokens[0])["clock"]
    assert mine == {"stage": "turn", "passes_in": FAST.turn, "total": FAST.turn, "going": 0.0}
    registry.clock.advance(10.0)  # type: ignore[attr-defined]
    assert seat_view(client, table.id, tokens[1])["clock"]["passes_in"] == FAST.turn - 10.0


def test_after_missed_turns_a_bot_plays_the_seat_until_the_person_comes_back(
    clock: Clock, client: TestClient, registry: Registry
) -> None:
    """After ``bot_after`` missed clocks a bot plays the seat (logged); the link takes it back."""
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Bot"], humans=[0, 1], seed=5, invitations=False
    )
    for _ in range(60):
        if all(table.seats[s].away for s in (0, 1)):
            break
        clock.advance(FAST.turn)
        registry.get(table.id)
    assert table.seats[0].away and table.seats[1].away
    for seat in (0, 1):
        note = next(i for i, e in enumerate(table.log) if e.note == "away" and e.seat == seat)
        missed = [e for e in table.log[:note] if e.by == "clock" and e.seat == seat]
        assert len(missed) >= FAST.bot_after
        assert all(e.by != "player" for e in table.log[:note] if e.seat == seat)
    body = seat_view(client, table.id, tokens[0])
    assert body["table"]["seats"][0]["away"] is True
    notes = [line for line in body["log"] if line["note"] == "away"]
    assert [line["seat"] for line in notes] == [0, 1] and notes[0]["by"] == "table"
    clock.advance(1.0)
    registry.get(table.id)  # the bots now play for both
    assert any(e.by == "bot" and e.seat in (0, 1) for e in table.log)
    reply = client.post(f"/api/tables/{table.id}/return", json={}, headers=auth(tokens[0]))
    assert reply.status_code == 200 and reply.json()["away"] is False
    assert not table.seats[0].away and table.seats[1].away
    assert table.log[-1].note == "back" and table.log[-1].seat == 0
    assert seat_view(client, table.id, tokens[0])["table"]["seats"][0]["away"] is False


def test_acting_takes_the_seat_back(clock: Clock) -> None:
    """A person whose seat a bot plays takes it back by acting before the bot does."""
    registry = Registry(Timings(bot_delay=5.0, tick=None), clock=clock)
    table, _ = registry.open_table(["Ann", "Bea", "Bot"], humans=[0, 1], seed=5, invitations=False)
    table.hand_to_bot(0, clock())
    assert table.seats[0].away and 0 in table.state.to_act
    act(registry, table, ma.legal_actions(table.state, 0)[0])
    assert not table.seats[0].away and table.log[2].by == "player"
    assert [e.note for e in table.log if e.note] == ["away", "back"]


def test_the_turn_clock_starts_when_a_seat_is_taken(
    registry: Registry, client: TestClient
) -> None:
    """An invited seat to act has no clock until its invitation is claimed; then a whole turn."""
    table, links = registry.open_table(["Bea", "Ann", "Bot"], humans=[1, 0], seed=5)
    assert table.state.to_act == frozenset({0})  # the invited seat offers first
    registry.clock.advance(FAST.turn * 5)  # type: ignore[attr-defined]
    with registry.lock:
        assert table.advance(registry.clock()) == 0  # nobody sat down: nothing is played for it
        assert table.clock(registry.clock()) is None
    claimed = client.post(f"/api/tables/{table.id}/claim", json={"invite": links[0]})
    assert claimed.status_code == 201, claimed.text
    mine = seat_view(client, table.id, claimed.json()["token"])["clock"]
    assert mine["passes_in"] == FAST.turn
    registry.clock.advance(FAST.turn + 1)  # type: ignore[attr-defined]
    with registry.lock:
        assert table.advance(registry.clock()) >= 1  # now the clock runs out for the seat


def test_the_api_page_gives_every_limit_and_clock_with_its_default() -> None:
    """docs/web-api.rst's table of limits says each option's default as serve has it."""
    import re

    from modern_art.web import serve
    from modern_art.web.inputs import MAX_BODY_BYTES
    from tests.helpers.webclient import ROOT

    page = (ROOT / "docs" / "web-api.rst").read_text(encoding="utf-8")
    rows = dict(re.findall(r"(?m)^   \* - ``(--[\w-]+)``\n     - ([\d.]+)$", page))
    defaults = {name: default for name, default, _, _ in serve._NUMBERS}
    assert len(rows) >= 12
    for option, written in rows.items():
        assert float(written) == defaults[option], option
    assert f"A body is at most {MAX_BODY_BYTES // 1024} KiB" in page
