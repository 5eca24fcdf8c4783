"""The space of actions a checker tries on a state: legal, illegal and plain garbage (R1.5, R3).

:func:`action_space` builds every action of every type for every seat (and
for the seats just outside the table), with amounts from -1 to the seat's
money + 1 and cards from the whole deck, plus objects that are not actions
at all. The checker then demands that :func:`modern_art.apply` accepts
exactly the members of :func:`modern_art.legal_actions` and refuses the rest
with :class:`~modern_art.IllegalAction` and nothing else.
"""

from __future__ import annotations

import random

from modern_art.core.legal import legal_actions
from modern_art.data.actions import Accept, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState

__all__ = ["GARBAGE_AMOUNTS", "action_space", "garbage_cards", "legal_sample"]

GARBAGE_AMOUNTS: tuple[object, ...] = (True, False, 0.0, 1.5, "5", None)
"""Amounts that are not whole money units: refused under R3.1."""

GARBAGE_SEATS: tuple[object, ...] = (None, True, False, 0.0, "0")
"""Seats that are not ints: refused under R1.5 even where they equal a seat."""

NOT_ACTIONS: tuple[object, ...] = (None, "Pass(0)", 0, (0, 1))
"""Objects that are not actions at all."""


def garbage_cards(rules: Rules) -> tuple[object, ...]:
    """Things offered as a card that are no card of the deck.

    ``None``, an artist's name, a card with an id past the deck's end, and a
    forged card that copies a real card's id with another symbol.
    """
    first = rules.deck[0] if rules.deck else Card(0, rules.artists[0], Auction.OPEN)
    other = Auction.DOUBLE if first.auction is not Auction.DOUBLE else Auction.OPEN
    return (
        None,
        rules.artists[0],
        Card(len(rules.deck), rules.artists[0], Auction.OPEN),
        Card(first.id, first.artist, other),
    )


def unchecked(kind: type, *fields: object) -> object:
    """``kind(*fields)``, built past the type checker on purpose.

    The probes hold seats, amounts and cards of the wrong type, which
    :func:`modern_art.apply` must refuse at run time like any other illegal action.
    """
    return kind(*fields)


def _interesting_amounts(state: GameState, money: int) -> set[int]:
    """Amounts at the edges of what the phase allows."""
    amounts = {-1, 0, 1, 2, money - 1, money, money + 1}
    phase = state.phase
    if isinstance(phase, OpenAuction | OneOfferAuction):
        amounts |= {phase.high_bid - 1, phase.high_bid, phase.high_bid + 1}
    if isinstance(phase, FixedPriceAuction) and phase.price is not None:
        amounts |= {phase.price - 1, phase.price, phase.price + 1}
    return amounts


def action_space(
    state: GameState, *, exhaustive: bool = False, rng: random.Random | None = None
) -> list[object]:
    """Actions to try on ``state``: every type, seats -1 to n, and garbage.

    With ``exhaustive``, every amount from -1 to each seat's money + 1 and
    every card of the deck, for every seat (thousands of actions). Otherwise
    a sample that keeps every edge: for each seat that may act, the phase's
    amounts at the edges (-1, 0, 1, the high bid or price and one either side,
    its money and one either side) and amounts that are no whole number, and
    when a card is expected every card in any hand or under auction; for the
    other seats and the seats off the table one action of each type; seats
    that are no int; objects that are no action; and 12 random draws from the
    whole space (``rng``, seeded by the caller for reproducible runs).
    """
    rules = state.rules
    n = state.num_players
    top = max((p.money for p in state.players), default=0)
    seats = [-1, *range(n), n]
    to_act = state.to_act
    junk_cards = garbage_cards(rules)
    phase = state.phase
    wants_card = isinstance(phase, Offering | DoubleOffer)
    wants_price = isinstance(phase, FixedPriceAuction) and phase.price is None
    in_play: list[Card] = [card for p in state.players for card in p.hand]
    auction = state.auction
    if auction is not None:
        in_play.extend(auction.lot)
    if isinstance(phase, DoubleOffer):
        in_play.append(phase.card)
    space: list[object] = [*NOT_ACTIONS]
    for seat_like in GARBAGE_SEATS:
        space += [unchecked(Pass, seat_like), unchecked(Accept, seat_like)]
    for seat in seats:
        on_table = 0 <= seat < n
        money = state.players[seat].money if on_table else top
        hand = state.players[seat].hand if on_table else rules.deck
        space += [Pass(seat), Accept(seat)]
        if exhaustive:
            amounts: list[object] = [*range(-1, money + 2), *GARBAGE_AMOUNTS]
            space += [unchecked(Bid, seat, a) for a in amounts]
            space += [unchecked(SetPrice, seat, a) for a in amounts]
            space += [unchecked(PlayCard, seat, c) for c in (*rules.deck, *junk_cards)]
        elif seat in to_act:
            amounts = [*sorted(_interesting_amounts(state, money)), *GARBAGE_AMOUNTS]
            main, other = (SetPrice, Bid) if wants_price else (Bid, SetPrice)
            space += [unchecked(main, seat, a) for a in amounts] + [other(seat, money)]
            cards = [*in_play, *junk_cards] if wants_card else [*hand[:1], junk_cards[0]]
            space += [unchecked(PlayCard, seat, c) for c in cards]
        else:
            space += [Bid(seat, max(1, money)), SetPrice(seat, max(1, money))]
            space += [PlayCard(seat, c) for c in hand[:1]]
    if not exhaustive:
        rng = rng or random.Random(state.step)
        for _ in range(12):
            seat = rng.choice(seats)
            amount = rng.randint(-1, top + 1)
            kind = rng.randrange(5)
            if kind == 0 and rules.deck:
                space.append(PlayCard(seat, rng.choice(rules.deck)))
            elif kind == 1:
                space.append(Bid(seat, amount))
            elif kind == 2:
                space.append(SetPrice(seat, amount))
            elif kind == 3:
                space.append(Pass(seat))
            else:
                space.append(Accept(seat))
    return space


def legal_sample(
    state: GameState, *, exhaustive: bool = False, rng: random.Random | None = None
) -> list[object]:
    """Legal actions to apply: all of them, or per seat the first, the last two and one between.

    A seat's actions run from cards and the lowest amount to the highest
    amount, ``Accept`` and ``Pass``, so the edges of every range are tried.
    """
    chosen: list[object] = []
    rng = rng or random.Random(state.step)
    for seat in sorted(state.to_act):
        legal = legal_actions(state, seat)
        k = len(legal)
        if exhaustive or k <= 5:
            chosen.extend(legal)
            continue
        picks = {0, k - 2, k - 1, rng.randrange(k)}
        chosen.extend(legal[i] for i in sorted(picks))
    return chosen
