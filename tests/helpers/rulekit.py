"""Helpers for the rule tests: stacked games, scripted actions, nobody-buys auctions.

Every rule test builds its exact situation from a stacked deck
(:func:`modern_art.stack_deck`) and a small deal schedule, then plays a short
script. Cards are named ``(artist, auction)``, the artist by a unique part of
its name, so a script reads like a table talk: ``offer(0, MEL, OPEN)``.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest

import modern_art as ma

OPEN = ma.Auction.OPEN
ONE = ma.Auction.ONE_OFFER
HIDDEN = ma.Auction.HIDDEN
FIXED = ma.Auction.FIXED_PRICE
DOUBLE = ma.Auction.DOUBLE

# The CMON artists in board order, left to right (R1.3).
CAR = "carvalho"
THA = "thaler"
MEL = "melim"
MAR = "martins"
SIL = "silveira"

Script = ma.Action | Callable[[ma.GameState], ma.Action]
E = TypeVar("E")


def rules(*deals: int, **fields: object) -> ma.Rules:
    """CMON rules dealing ``deals`` (one count per round) to every player count."""
    return ma.Rules(deal_schedule={n: deals for n in (3, 4, 5)}, **fields)  # type: ignore[arg-type]


def game(
    hands: Sequence[Sequence[ma.CardSpec]],
    *,
    later: Sequence[int] = (0, 0, 0),
    then: Sequence[ma.CardSpec] = (),
    first: int = 0,
    **fields: object,
) -> ma.GameState:
    """A game whose round-1 hands are exactly ``hands``; later rounds deal ``later``."""
    r = rules(len(hands[0]), *later, **fields)
    deck = ma.stack_deck(hands, rules=r, then=then)
    return ma.new_game(len(hands), deck=deck, rules=r, first_auctioneer=first)


def card(state: ma.GameState, seat: int, artist: str, kind: ma.Auction) -> ma.Card:
    """The first card in ``seat``'s hand by ``artist`` (a part of the name) of ``kind``."""
    for c in state.players[seat].hand:
        if artist in c.artist.lower() and c.auction is kind:
            return c
    raise AssertionError(f"seat {seat} holds no {kind.label} {artist}")


def offer(seat: int, artist: str, kind: ma.Auction) -> Callable[[ma.GameState], ma.Action]:
    """A script step: ``seat`` plays its ``kind`` card by ``artist``."""
    return lambda state: ma.PlayCard(seat, card(state, seat, artist, kind))


def run(state: ma.GameState, *script: Script) -> tuple[ma.GameState, list[ma.Event]]:
    """Apply each step of ``script`` in turn; the final state and every event."""
    events: list[ma.Event] = []
    for item in script:
        action = item(state) if callable(item) else item
        step = ma.apply(state, action)
        state = step.state
        events.extend(step.events)
    return state, events


def let_go(state: ma.GameState) -> tuple[ma.GameState, list[ma.Event]]:
    """Nobody wants the lot: everyone passes, bids 0 or declines, until it goes free."""
    events: list[ma.Event] = []
    while True:
        phase = state.phase
        if isinstance(phase, ma.OpenAuction | ma.DoubleOffer):
            action: ma.Action = ma.Pass(min(state.to_act))
        elif isinstance(phase, ma.OneOfferAuction):
            action = ma.Pass(phase.turn)
        elif isinstance(phase, ma.HiddenAuction):
            action = ma.Bid(min(state.to_act), 0)
        else:
            return state, events
        step = ma.apply(state, action)
        state = step.state
        events.extend(step.events)


def offer_free(state: ma.GameState, *offers: tuple[int, str, ma.Auction]) -> ma.GameState:
    """Each ``(seat, artist, kind)`` is offered in turn and goes free to its auctioneer."""
    for seat, artist, kind in offers:
        state, _ = run(state, offer(seat, artist, kind))
        state, _ = let_go(state)
    return state


def money(state: ma.GameState) -> tuple[int, ...]:
    """Every seat's money."""
    return tuple(p.money for p in state.players)


def only(events: Sequence[object], kind: type[E]) -> list[E]:
    """The events of one class."""
    return [e for e in events if isinstance(e, kind)]


def snapshot(value: object) -> bytes:
    """Every field of ``value``, recursively, as bytes: to prove later that nothing changed.

    A deep copy would not do: frozen values return themselves from ``copy`` and
    ``deepcopy``, so a copy taken before would change along with the value.
    Pickling rebuilds each value through its constructor and writes every field.
    """
    return pickle.dumps(value)


def refused(state: ma.GameState, action: object, rule: str) -> ma.IllegalAction:
    """Assert ``action`` is refused citing ``rule`` and leaves ``state`` as it was."""
    before = snapshot(state)
    with pytest.raises(ma.IllegalAction) as info:
        ma.apply(state, action)  # type: ignore[call-overload]
    err = info.value
    assert err.rule == rule, str(err)
    assert err.action is action
    assert f"({rule})" in str(err)
    assert err.reason == err.reason.strip() and err.reason[0].islower(), err.reason
    assert snapshot(state) == before
    return err
