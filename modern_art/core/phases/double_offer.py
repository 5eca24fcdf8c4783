"""The double offer (R5.1, R5.2, R5.5, R5.7): a second card for a double, or a decline.

R5.1: a double card lets its player offer a second painting by the same
artist that is not itself a double; both are sold together, as one lot, in an
auction of the second card's kind. R5.2: the auctioneer may add the second
card or decline; on a decline the chance passes clockwise, each other player
once, until someone adds a card or all have declined. A player with no hand
cards is skipped (hand sizes are public); a player with cards but no fitting
one is asked and declines. R5.3: whoever adds the second card becomes the
auctioneer of the pair. R5.5: if nobody adds a card, the player of the double
card takes it free. R5.7: if the second card is the fifth of its artist, the
round ends at once and neither card is sold (and so if it empties every hand,
R6.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import one_seat
from modern_art.core.draws import randbelow
from modern_art.core.hands import all_hands_empty, next_asked, position, take_from_hand
from modern_art.core.legal_sequence import (
    NO_ACTIONS,
    LegalActions,
    legal,
    pass_of,
    pass_part,
    play_card,
)
from modern_art.core.phase_row import PhaseRow
from modern_art.core.refusals import refuse, wrong_kind
from modern_art.core.round_flow import (
    Events,
    advance,
    end_round,
    give_lot_free,
    replace,
    start_auction,
)
from modern_art.core.scoring import ROUND_ENDING_COUNT
from modern_art.data.actions import Action, Pass, PlayCard
from modern_art.data.cards import Auction, Card
from modern_art.data.events import SecondCardAdded, SecondCardDeclined
from modern_art.data.phases import DoubleOffer
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "play", "to_act"]

RULE: Final = "R5.2"

_DOUBLE: Final = Auction.DOUBLE  # a C static in the compiled build (see core/phases/offering)


def to_act(state: GameState, phase: DoubleOffer) -> frozenset[int]:
    """The seat asked."""
    return one_seat(phase.asking)


def play(
    state: GameState, phase: DoubleOffer, action: Action, seat: int, events: Events
) -> GameState:
    """The asked seat adds a second card of the double's artist (R5.1), or declines (R5.2)."""
    if seat != phase.asking:
        refuse(
            RULE,
            f"seat {phase.asking} is asked to add a second card to the double, not seat {seat}",
            action,
        )
    if isinstance(action, Pass):
        if events is not None:
            events.append(SecondCardDeclined(seat))
        asked = next_asked(state.players, seat, phase.double_player)
        if asked is None:  # R5.5: nobody added a card
            return give_lot_free(state, phase.double_player, (phase.card,), events)
        return advance(state, DoubleOffer(phase.double_player, phase.card, asked))
    if not isinstance(action, PlayCard):
        wrong_kind(
            RULE, f"seat {seat} may add a second card with PlayCard or decline with Pass", action
        )
    wanted: object = getattr(action, "card")  # noqa: B009 (untyped: see core/phases/offering)
    i = position(state.players[seat].hand, wanted)
    if i >= 0:
        held = state.players[seat].hand[i]
        if held.artist != phase.card.artist:
            refuse(
                "R5.1",
                f"the second card must be by {phase.card.artist}, not {held.artist}",
                action,
            )
        if held.auction is _DOUBLE:
            refuse("R5.1", "the second card of a double may not be a double itself", action)
    players, counts, count, card = take_from_hand(state, seat, wanted, "R5.1", action)
    if events is not None:
        events.append(SecondCardAdded(seat, card, count))
    lot = (phase.card, card)
    if count >= ROUND_ENDING_COUNT or all_hands_empty(players, seat):  # R5.7, R6.2
        return end_round(replace(state, players=players, counts=counts), seat, lot, events)
    return start_auction(
        state,
        card.auction,
        seat,
        lot,
        phase.double_player,
        events,
        players=players,
        counts=counts,
    )


def actions(state: GameState, phase: DoubleOffer, only: int | None) -> LegalActions:
    """The seat asked: a second card of the double's artist (in hand order), then a pass."""
    seat = phase.asking
    if only is not None and only != seat:
        return NO_ACTIONS
    artist = phase.card.artist
    fitting: tuple[Card, ...] = tuple(
        card
        for card in state.players[seat].hand
        if card.artist == artist and card.auction is not _DOUBLE
    )
    if not fitting:
        return legal((pass_part(seat),), 1)
    return legal(((len(fitting), PlayCard, seat, fitting), pass_part(seat)), len(fitting) + 1)


def draw(
    state: GameState, phase: DoubleOffer, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """One of the asked seat's fitting cards or its pass, uniformly, counted in its hand."""
    seat = phase.asking
    artist = phase.card.artist
    hand = state.players[seat].hand
    fitting = 0  # the second cards the seat may add (R5.1), then its pass
    for card in hand:
        if card.auction is not _DOUBLE and card.artist == artist:
            fitting += 1
    i = randbelow(getrandbits, fitting + 1)
    if i < fitting:
        for card in hand:
            if card.auction is not _DOUBLE and card.artist == artist:
                if i == 0:
                    return play_card(seat, card), seat
                i -= 1
    return pass_of(seat), seat


ROW: Final = PhaseRow(DoubleOffer, RULE, play, actions, draw, to_act)
"""The double offer's row of :data:`modern_art.core.phase_table.ROWS`."""
