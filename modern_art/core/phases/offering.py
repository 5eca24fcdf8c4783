"""The offering (R2.1, R2.2, R6.1, R6.2): the auctioneer offers a card from hand.

R2.1: the auctioneer offers one card from their hand, face up; its symbol
decides the auction. R2.2: every offered card counts at once towards its
artist's total for this round. R6.1: the instant a fifth painting of one
artist is offered this round, the round ends, and that painting is not
auctioned. R6.2: a card that leaves every hand empty is not auctioned either;
the round is ranked and sold, and then the game ends. A double card asks for a
second card first (R5.1, R5.2: :mod:`modern_art.core.phases.double_offer`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import one_seat
from modern_art.core.draws import randbelow
from modern_art.core.hands import all_hands_empty, next_asked, take_from_hand
from modern_art.core.legal_sequence import NO_ACTIONS, LegalActions, legal, play_card
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import out_of_turn, wrong_kind
from modern_art.core.round_flow import Events, advance, end_round, replace, start_auction
from modern_art.core.scoring import ROUND_ENDING_COUNT
from modern_art.data.actions import Action, PlayCard
from modern_art.data.cards import Auction
from modern_art.data.events import CardPlayed
from modern_art.data.phases import DoubleOffer, Offering
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R2.1"

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_DOUBLE: Final = Auction.DOUBLE


def to_act(state: GameState, phase: Offering) -> frozenset[int]:
    """The auctioneer alone."""
    return one_seat(phase.auctioneer)


def play(
    state: GameState, phase: Offering, action: Action, seat: int, events: Events
) -> GameState:
    """The auctioneer offers a card from hand (R2.1); it counts (R2.2), may end the round
    (R6.1, R6.2), asks for a second card if it is a double (R5.2), else opens its auction."""
    if seat != phase.auctioneer:
        out_of_turn(RULE, phase.auctioneer, seat, "to offer a painting", action)
    if not isinstance(action, PlayCard):
        wrong_kind(RULE, f"seat {seat} must offer a painting with PlayCard", action)
    # Untyped reads of what the user sent: the compiled build checks typed ones.
    wanted: object = getattr(action, "card")  # noqa: B009
    players, counts, count, card = take_from_hand(state, seat, wanted, RULE, action)
    if events is not None:
        events.append(CardPlayed(seat, card, count))
    if count >= ROUND_ENDING_COUNT or all_hands_empty(players, seat):  # R6.1 (R5.6), R6.2
        return end_round(replace(state, players=players, counts=counts), seat, (card,), events)
    if card.auction is _DOUBLE:
        asking = seat if players[seat].hand else next_asked(players, seat, seat)
        if asking is None:  # pragma: no cover (all hands empty ended the round above)
            raise AssertionError("no seat can be asked to add a second card")
        return advance(state, DoubleOffer(seat, card, asking), players=players, counts=counts)
    return start_auction(
        state, card.auction, seat, (card,), None, events, players=players, counts=counts
    )


def actions(state: GameState, phase: Offering, only: int | None) -> LegalActions:
    """The auctioneer's cards, each a ``PlayCard``, in hand order."""
    seat = phase.auctioneer
    if only is not None and only != seat:
        return NO_ACTIONS
    hand = state.players[seat].hand
    if not hand:
        return NO_ACTIONS
    return legal(((len(hand), PlayCard, seat, hand),), len(hand))


def draw(
    state: GameState, phase: Offering, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of the auctioneer's cards, uniformly."""
    seat = phase.auctioneer
    hand = state.players[seat].hand
    if not hand:
        return None
    return play_card(seat, hand[randbelow(getrandbits, len(hand))]), seat


ROW: Final = PhaseRow(Offering, RULE, play, actions, draw, to_act)
"""The offering's row of :data:`modern_art.core.phase_table.ROWS`."""
