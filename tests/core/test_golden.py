"""Golden games: recorded complete games replayed, their money checked against hand-worked figures.

Each ``tests/core/golden/<name>.json`` holds a stacked deck (round 1 hands, then
the later deals), the actions, each round's ranking and money, and the final
money; ``<name>.md`` beside it works the figures out by hand. A change in
scoring or payment cannot pass unnoticed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import modern_art as ma
from modern_art.testing import GameChecker

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
WITH_EVENTS = [p for p in FILES if '"money_events"' in p.read_text(encoding="utf-8")]


def _card(rules: ma.Rules, text: str) -> ma.Card:
    """The card written as ``str(card)``, e.g. ``"Daniel Melim (open) #25"``."""
    card = rules.deck[int(text.rsplit("#", 1)[1])]
    assert str(card) == text, f"{text!r} is not card #{card.id} ({card})"
    return card


def _rules(spec: dict[str, Any]) -> ma.Rules:
    fields = dict(spec)
    if "deal_schedule" in fields:
        fields["deal_schedule"] = {int(k): tuple(v) for k, v in fields["deal_schedule"].items()}
    if "hidden_tie" in fields:
        fields["hidden_tie"] = ma.HiddenTie(fields["hidden_tie"])
    if "double_payment" in fields:
        fields["double_payment"] = ma.DoublePayment(fields["double_payment"])
    if "value_tiles" in fields:
        fields["value_tiles"] = tuple(fields["value_tiles"])
    return ma.Rules(**fields)


def _action(rules: ma.Rules, spec: list[Any]) -> ma.Action:
    kind, seat, *rest = spec
    if kind == "PlayCard":
        return ma.PlayCard(seat, _card(rules, rest[0]))
    if kind == "Bid":
        return ma.Bid(seat, rest[0])
    if kind == "SetPrice":
        return ma.SetPrice(seat, rest[0])
    if kind == "Accept":
        return ma.Accept(seat)
    assert kind == "Pass", f"unknown action {spec!r}"
    return ma.Pass(seat)


def load(path: Path) -> tuple[dict[str, Any], ma.GameState, list[ma.Action]]:
    """The record, its start state and its actions."""
    record = json.loads(path.read_text(encoding="utf-8"))
    rules = _rules(record["rules"])
    if "deck" in record:
        deck = tuple(_card(rules, text) for text in record["deck"])
    else:
        hands = [[_card(rules, text) for text in hand] for hand in record["hands"]]
        then = [_card(rules, text) for text in record.get("then", ())]
        deck = ma.stack_deck(hands, rules=rules, then=then)
    start = ma.new_game(
        record["players"], deck=deck, rules=rules, first_auctioneer=record["first_auctioneer"]
    )
    return record, start, [_action(rules, spec) for spec in record["actions"]]


def _money_event(event: ma.Event) -> list[Any] | None:
    """The golden files' compact form of an event that moves money, else ``None``."""
    if isinstance(event, ma.AuctionWon):
        return [
            "won",
            event.buyer,
            event.price,
            [[p.payer, p.payee, p.amount] for p in event.payments],
        ]
    if isinstance(event, ma.PaintingsSold):
        return ["sold", event.seat, event.artist, event.paintings, event.value, event.amount]
    return None


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_to_its_worked_out_money(path: Path) -> None:
    """The recorded actions replay, every invariant holding, to the recorded rounds and money."""
    record, start, actions = load(path)
    assert (GOLDEN / record["explained_in"]).is_file(), "each golden game is explained beside it"
    checker = GameChecker(start)
    rounds: list[dict[str, Any]] = []
    money_events: list[list[Any]] = []
    for action in actions:
        step = checker.advance(action)
        for event in step.events:
            if isinstance(event, ma.RoundEnded):
                rounds.append({"round": event.round, "ranking": list(event.ranking)})
            compact = _money_event(event)
            if compact is not None:
                money_events.append(compact)
        if any(isinstance(e, ma.RoundEnded) for e in step.events):
            rounds[-1]["money_after"] = [p.money for p in step.state.players]
    state = checker.state
    assert state.is_over
    assert rounds == record["rounds"]
    if "money_events" in record:
        for i, (got, expected) in enumerate(
            zip(money_events, record["money_events"], strict=True)
        ):
            assert got == expected, f"money event {i}"
    assert [p.money for p in state.players] == record["final_money"]
    assert list(ma.winners(state)) == record["winners"]


@pytest.mark.parametrize("path", WITH_EVENTS, ids=[p.stem for p in WITH_EVENTS])
def test_golden_money_adds_up_without_the_engine(path: Path) -> None:
    """Where a record lists its money events, they alone give its final money (no engine)."""
    record, start, _ = load(path)
    money = [p.money for p in start.players]
    for event in record["money_events"]:
        if event[0] == "won":
            _, buyer, price, payments = event
            assert sum(amount for _, _, amount in payments) == price
            assert all(payer == buyer for payer, _, _ in payments)
            for payer, payee, amount in payments:
                money[payer] -= amount
                if payee is not None:
                    money[payee] += amount
        else:
            _, seat, _, paintings, value, amount = event
            assert amount == paintings * value
            money[seat] += amount
    assert money == record["final_money"]
