"""The fixed-price auction (R4.4): the auctioneer names a price; from their left each accepts
or passes.

R4.4: the auctioneer names a price they could pay themselves (1 up to their
money; a decision: an auctioneer with no money names 0). Starting left of the
auctioneer, each player in turn accepts or passes; the first to accept buys
at that price and pays the auctioneer. If nobody accepts, the auctioneer buys
it at once and pays the bank: no action of theirs is needed. R3.1: nobody
accepts a price above their money.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import one_seat
from modern_art.core.draws import randbelow
from modern_art.core.legal_sequence import (
    NO_ACTIONS,
    LegalActions,
    accept_of,
    accept_part,
    legal,
    pass_of,
    pass_part,
    shared_amount,
)
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import affordable, out_of_turn, refuse, whole_amount, wrong_kind
from modern_art.core.round_flow import Events, advance, left_of, sell_lot
from modern_art.data.actions import Accept, Action, Pass, SetPrice
from modern_art.data.events import Passed, PriceAccepted, PriceSet
from modern_art.data.phases import FixedPriceAuction
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R4.4"


def to_act(state: GameState, phase: FixedPriceAuction) -> frozenset[int]:
    """The seat in turn: the auctioneer naming the price, then each seat from their left."""
    return one_seat(phase.turn)


def play(
    state: GameState, phase: FixedPriceAuction, action: Action, seat: int, events: Events
) -> GameState:
    """The auctioneer names the price; then the seat in turn accepts (and buys) or passes."""
    if phase.price is None:
        return _set_price(state, phase, seat, action, events)
    if seat != phase.turn:
        out_of_turn(RULE, phase.turn, seat, "to accept or pass the fixed price", action)
    price = phase.price
    if isinstance(action, Accept):
        affordable(price, state.players[seat].money, "the fixed price", seat, action)
        if events is not None:
            events.append(PriceAccepted(seat, price))
        return sell_lot(
            state, seat, price, phase.auctioneer, phase.lot, phase.double_player, events
        )
    if not isinstance(action, Pass):
        wrong_kind(RULE, f"seat {seat} may Accept or Pass the fixed price", action)
    if events is not None:
        events.append(Passed(seat))
    turn = left_of(seat, len(state.players))
    if turn == phase.auctioneer:  # nobody accepted: the auctioneer buys it from the bank
        return sell_lot(
            state, turn, price, phase.auctioneer, phase.lot, phase.double_player, events
        )
    return advance(
        state,
        FixedPriceAuction(phase.auctioneer, phase.lot, phase.double_player, price, turn),
    )


def _set_price(
    state: GameState, phase: FixedPriceAuction, seat: int, action: Action, events: Events
) -> GameState:
    if seat != phase.auctioneer:
        refuse(
            RULE,
            f"seat {phase.auctioneer}, the auctioneer, must name the fixed price first;"
            f" seat {seat} cannot act yet",
            action,
        )
    if not isinstance(action, SetPrice):
        wrong_kind(RULE, f"seat {seat} must name the fixed price with SetPrice", action)
    price = whole_amount(getattr(action, "price"), "a fixed price", seat, action)  # noqa: B009
    money = state.players[seat].money
    if money == 0:
        if price != 0:
            refuse(RULE, f"seat {seat} has no money and must name a price of 0", action)
    elif not 1 <= price <= money:
        refuse(
            RULE,
            f"seat {seat} must name a price from 1 to its money, {money}; got {price}",
            action,
        )
    if events is not None:
        events.append(PriceSet(seat, price))
    turn = left_of(seat, len(state.players))
    return advance(
        state,
        FixedPriceAuction(phase.auctioneer, phase.lot, phase.double_player, price, turn),
    )


def actions(state: GameState, phase: FixedPriceAuction, only: int | None) -> LegalActions:
    """The auctioneer's prices, 1 to their money (0 with none); then the seat in turn's
    accept, if it can pay, and its pass."""
    seat = phase.turn
    if only is not None and only != seat:
        return NO_ACTIONS
    money = state.players[seat].money
    if phase.price is None:
        if money == 0:  # the only price is 0 (a range, so SetPrice(s, 0.0) is not in it)
            return legal(((1, SetPrice, seat, 0),), 1)
        if money < 0:
            return NO_ACTIONS
        return legal(((money, SetPrice, seat, 1),), money)
    if money >= phase.price:
        return legal((accept_part(seat), pass_part(seat)), 2)
    return legal((pass_part(seat),), 1)


def draw(
    state: GameState, phase: FixedPriceAuction, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of the auctioneer's prices, or the seat in turn's accept or pass, uniformly."""
    seat = phase.turn
    money = state.players[seat].money
    if phase.price is None:
        if money < 0:
            return None
        if money == 0:
            randbelow(getrandbits, 1)  # the loop draws from one action too
            return shared_amount(SetPrice, seat, 0), seat
        return shared_amount(SetPrice, seat, 1 + randbelow(getrandbits, money)), seat
    if money >= phase.price:
        i = randbelow(getrandbits, 2)
        return (accept_of(seat), seat) if i == 0 else (pass_of(seat), seat)
    randbelow(getrandbits, 1)
    return pass_of(seat), seat


ROW: Final = PhaseRow(FixedPriceAuction, RULE, play, actions, draw, to_act)
"""The fixed-price auction's row of :data:`modern_art.core.phase_table.ROWS`."""
