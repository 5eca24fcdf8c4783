"""The open auction (R4.1, a decision): anyone raises at any time, modelled without a clock.

R4.1: every player, the auctioneer included, may raise at any time and as
often as they like; the highest bid wins. Without a clock, ``Pass`` says "I
won't raise the current bid"; any new bid clears all passes; the auction
closes when every player except the high bidder has passed, or, with no bid
at all, when every player has passed (R3.4: the auctioneer then takes the lot
free). A player who passed may bid again only after someone raises; the high
bidder does nothing until outbid. R3.2: a bid exceeds the high bid, the lowest
bid is 1; R3.1: nobody bids more than their money.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import all_seats
from modern_art.core.draws import randbelow
from modern_art.core.legal_sequence import (
    LegalActions,
    Part,
    legal,
    pass_of,
    pass_part,
    shared_amount,
)
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import public_bid, refuse, wrong_kind
from modern_art.core.round_flow import Events, advance, close_bidding, with_seat
from modern_art.data.actions import Action, Bid, Pass
from modern_art.data.events import BidPlaced, Passed
from modern_art.data.phases import NO_SEATS, OpenAuction
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R4.1"


def to_act(state: GameState, phase: OpenAuction) -> frozenset[int]:
    """Every seat but those that passed since the last bid and the high bidder."""
    return all_seats(len(state.players)).difference(phase.passed, (phase.high_bidder,))


def play(
    state: GameState, phase: OpenAuction, action: Action, seat: int, events: Events
) -> GameState:
    """A bid clears the passes; the auction closes when all but the high bidder pass."""
    if seat == phase.high_bidder:
        refuse(
            RULE,
            f"seat {seat} holds the high bid of {phase.high_bid} and waits until outbid",
            action,
        )
    if seat in phase.passed:
        refuse(RULE, f"seat {seat} passed and may bid again only after someone raises", action)
    if isinstance(action, Bid):
        amount = public_bid(state, phase.high_bid, action)
        if events is not None:
            events.append(BidPlaced(seat, amount))
        return advance(
            state,
            OpenAuction(phase.auctioneer, phase.lot, phase.double_player, amount, seat, NO_SEATS),
        )
    if not isinstance(action, Pass):
        wrong_kind(RULE, f"in an open auction seat {seat} may Bid or Pass", action)
    if events is not None:
        events.append(Passed(seat))
    passed = with_seat(phase.passed, seat)
    waiting = len(state.players) - len(passed) - (phase.high_bidder is not None)
    if waiting:
        return advance(
            state,
            OpenAuction(
                phase.auctioneer,
                phase.lot,
                phase.double_player,
                phase.high_bid,
                phase.high_bidder,
                passed,
            ),
        )
    return close_bidding(
        state,
        phase.high_bidder,
        phase.high_bid,
        phase.auctioneer,
        phase.lot,
        phase.double_player,
        events,
    )


def actions(state: GameState, phase: OpenAuction, only: int | None) -> LegalActions:
    """Each seat that may bid, ascending: its bids above the high bid up to its money, its pass."""
    parts: list[Part] = []
    total = 0
    lo = phase.high_bid + 1
    passed, high_bidder = phase.passed, phase.high_bidder
    for seat, player in enumerate(state.players):
        if seat in passed or seat == high_bidder or (only is not None and only != seat):
            continue
        bids = player.money + 1 - lo
        if bids > 0:
            parts.append((bids, Bid, seat, lo))
            total += bids
        parts.append(pass_part(seat))
        total += 1
    return legal(tuple(parts), total)


def draw(
    state: GameState, phase: OpenAuction, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of every seat's bids and passes, uniformly, counted in the order of :func:`actions`."""
    players = state.players
    lo = phase.high_bid + 1
    passed = phase.passed
    # An int, not int | None: the compiled build compares two ints natively.
    high_bidder = -1 if phase.high_bidder is None else phase.high_bidder
    total = 0
    for seat, player in enumerate(players):
        if seat != high_bidder and seat not in passed:
            bids = player.money + 1 - lo
            total += bids + 1 if bids > 0 else 1
    if not total:
        return None
    i = randbelow(getrandbits, total)
    for seat, player in enumerate(players):
        if seat != high_bidder and seat not in passed:
            bids = player.money + 1 - lo
            if bids > 0:
                if i < bids:
                    return shared_amount(Bid, seat, lo + i), seat
                i -= bids
            if i == 0:
                return pass_of(seat), seat
            i -= 1
    raise AssertionError("unreachable")  # pragma: no cover


ROW: Final = PhaseRow(OpenAuction, RULE, play, actions, draw, to_act)
"""The open auction's row of :data:`modern_art.core.phase_table.ROWS`."""
