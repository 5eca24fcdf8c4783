"""The compiled build's dispatch: for each column of the phase table, a chain
of ``isinstance``, commonest phase first, each branch a direct call to the phase's room.

Generated from ``modern_art.core.phase_table``'s rows by its ``dispatch_source``
(``python tools/write_dispatch.py``): do not edit. The pure build looks the
functions up in the table's dictionaries instead.
"""

from __future__ import annotations

from collections.abc import Callable

from modern_art.core.legal_sequence import LegalActions
from modern_art.core.phases import (
    double_offer,
    fixed_price_auction,
    game_over,
    hidden_auction,
    offering,
    one_offer_auction,
    open_auction,
)
from modern_art.core.round_flow import Events
from modern_art.data.actions import Action
from modern_art.data.phases import (
    AuctionPhase,
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.state import GameState

__all__ = ["draw", "offers", "play"]


def play(
    state: GameState,
    phase: Offering | DoubleOffer | AuctionPhase,
    action: Action,
    seat: int,
    events: Events,
) -> GameState:
    """Each phase's ``play`` (``PhaseRow.play``), commonest first."""
    if isinstance(phase, OpenAuction):
        return open_auction.play(state, phase, action, seat, events)
    if isinstance(phase, Offering):
        return offering.play(state, phase, action, seat, events)
    if isinstance(phase, OneOfferAuction):
        return one_offer_auction.play(state, phase, action, seat, events)
    if isinstance(phase, FixedPriceAuction):
        return fixed_price_auction.play(state, phase, action, seat, events)
    if isinstance(phase, HiddenAuction):
        return hidden_auction.play(state, phase, action, seat, events)
    return double_offer.play(state, phase, action, seat, events)


def offers(state: GameState, phase: Phase, seat: int | None) -> LegalActions:
    """Each phase's ``offers`` (``PhaseRow.offers``), commonest first."""
    if isinstance(phase, OpenAuction):
        return open_auction.actions(state, phase, seat)
    if isinstance(phase, Offering):
        return offering.actions(state, phase, seat)
    if isinstance(phase, OneOfferAuction):
        return one_offer_auction.actions(state, phase, seat)
    if isinstance(phase, FixedPriceAuction):
        return fixed_price_auction.actions(state, phase, seat)
    if isinstance(phase, HiddenAuction):
        return hidden_auction.actions(state, phase, seat)
    if isinstance(phase, DoubleOffer):
        return double_offer.actions(state, phase, seat)
    return game_over.actions(state, phase, seat)


def draw(
    state: GameState, phase: Phase, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """Each phase's ``draw`` (``PhaseRow.draw``), commonest first."""
    if isinstance(phase, OpenAuction):
        return open_auction.draw(state, phase, getrandbits)
    if isinstance(phase, Offering):
        return offering.draw(state, phase, getrandbits)
    if isinstance(phase, OneOfferAuction):
        return one_offer_auction.draw(state, phase, getrandbits)
    if isinstance(phase, FixedPriceAuction):
        return fixed_price_auction.draw(state, phase, getrandbits)
    if isinstance(phase, HiddenAuction):
        return hidden_auction.draw(state, phase, getrandbits)
    if isinstance(phase, DoubleOffer):
        return double_offer.draw(state, phase, getrandbits)
    return game_over.draw(state, phase, getrandbits)
