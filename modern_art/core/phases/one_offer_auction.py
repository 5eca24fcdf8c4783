"""The one-offer auction (R4.2): each bids once or passes, clockwise, the auctioneer last.

R4.2: starting left of the auctioneer and going clockwise, each player bids
once (above the current high bid) or passes; the auctioneer acts last. The
highest bid wins. The auctioneer may bid even if nobody else did (and then
pays the bank, R3.3). A lot nobody bids on goes to the auctioneer free
(R3.4). R3.2: a bid exceeds the high bid, the lowest bid is 1; R3.1: nobody
bids more than their money.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import one_seat
from modern_art.core.draws import randbelow
from modern_art.core.legal_sequence import (
    NO_ACTIONS,
    LegalActions,
    legal,
    pass_of,
    pass_part,
    shared_amount,
)
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import out_of_turn, public_bid, wrong_kind
from modern_art.core.round_flow import Events, advance, close_bidding, left_of
from modern_art.data.actions import Action, Bid, Pass
from modern_art.data.events import BidPlaced, Passed
from modern_art.data.phases import OneOfferAuction
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R4.2"


def to_act(state: GameState, phase: OneOfferAuction) -> frozenset[int]:
    """The seat in turn."""
    return one_seat(phase.turn)


def play(
    state: GameState, phase: OneOfferAuction, action: Action, seat: int, events: Events
) -> GameState:
    """The seat in turn bids or passes; after the auctioneer's turn the auction closes."""
    if seat != phase.turn:
        out_of_turn(RULE, phase.turn, seat, "in this one-offer auction", action)
    high_bid, high_bidder = phase.high_bid, phase.high_bidder
    if isinstance(action, Bid):
        high_bid = public_bid(state, high_bid, action)
        high_bidder = seat
        if events is not None:
            events.append(BidPlaced(seat, high_bid))
    elif isinstance(action, Pass):
        if events is not None:
            events.append(Passed(seat))
    else:
        wrong_kind(RULE, f"in a one-offer auction seat {seat} may Bid or Pass", action)
    if seat == phase.auctioneer:
        return close_bidding(
            state, high_bidder, high_bid, phase.auctioneer, phase.lot, phase.double_player, events
        )
    turn = left_of(seat, len(state.players))
    return advance(
        state,
        OneOfferAuction(
            phase.auctioneer, phase.lot, phase.double_player, high_bid, high_bidder, turn
        ),
    )


def actions(state: GameState, phase: OneOfferAuction, only: int | None) -> LegalActions:
    """The seat in turn: its bids above the high bid up to its money, then its pass."""
    seat = phase.turn
    if only is not None and only != seat:
        return NO_ACTIONS
    lo = phase.high_bid + 1
    bids = state.players[seat].money + 1 - lo
    if bids > 0:
        return legal(((bids, Bid, seat, lo), pass_part(seat)), bids + 1)
    return legal((pass_part(seat),), 1)


def draw(
    state: GameState, phase: OneOfferAuction, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of the seat in turn's bids or its pass, uniformly."""
    seat = phase.turn
    lo = phase.high_bid + 1
    bids = state.players[seat].money + 1 - lo
    if bids <= 0:
        randbelow(getrandbits, 1)  # the loop draws from one action too
        return pass_of(seat), seat
    i = randbelow(getrandbits, bids + 1)
    return (shared_amount(Bid, seat, lo + i), seat) if i < bids else (pass_of(seat), seat)


ROW: Final = PhaseRow(OneOfferAuction, RULE, play, actions, draw, to_act)
"""The one-offer auction's row of :data:`modern_art.core.phase_table.ROWS`."""
