"""The phase table: for each phase, its rule, how :func:`~modern_art.apply` plays it and
what :func:`~modern_art.legal_actions` offers in it, in one row.

:data:`ROWS` is the one place the core says this; :data:`PLAY`, :data:`OFFERS`
and :data:`RULES` are its columns. A new phase is a class in
``data/phases.py`` (in :data:`~modern_art.data.phases.PHASES`, the list every
table follows, and in the ``Phase`` union), a row here and a branch in each
chain below, and an entry in each table that cannot live here: the seats to
act (``data/state.py``, below the core), a view's phase
(``seeing/views.py``), a position's phase names (``text/positions.py``) and
the observation's (``envs/observation.py``). ``tests/core/test_phase_table.py``
checks that each covers exactly the phases.

Two ways to dispatch, each the faster in its build (``modern_art._speed``):
the pure build looks the function up in :data:`PLAY` or :data:`OFFERS` by the
phase's class (2% fewer instructions a random game than the chain); the
compiled build calls :func:`play` and :func:`offers`, a chain of
``isinstance``, commonest phase first, with a direct call in each branch (5%
fewer instructions than through the tables, whose functions it would call
through Python). The test checks the chains against the rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple

from modern_art.core.auctions import (
    fixed_price_auction,
    hidden_auction,
    one_offer_auction,
    open_auction,
)
from modern_art.core.choices import (
    LegalActions,
    double_offer_actions,
    fixed_price_actions,
    game_over_actions,
    hidden_actions,
    offering_actions,
    one_offer_actions,
    open_actions,
)
from modern_art.core.offering import add_second_card, offer
from modern_art.core.round_flow import Events
from modern_art.data.actions import Action
from modern_art.data.phases import (
    AuctionPhase,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.state import GameState

__all__ = ["OFFERS", "PLAY", "ROWS", "RULES", "PhaseRow", "offers", "play"]

Handler = Callable[[GameState, Any, Action, int, Events], GameState]
"""How ``apply`` plays a phase: the state, its phase, the checked action, its seat, the
events so far (appended to; ``None``: keep none) give the new state."""

Offers = Callable[[GameState, Any, int | None], LegalActions]
"""What a phase offers: the state, its phase and one seat (``None``: every seat)."""


class PhaseRow(NamedTuple):
    """One phase: the rule that governs it and the functions that play it."""

    phase: type
    """The phase's class."""
    rule: str
    """The rule a refusal cites when the action is not one at all."""
    play: Handler | None
    """How ``apply`` plays a checked action; ``None`` once the game is over (``apply``
    refuses every action then, before it reads one: R8.1)."""
    offers: Offers
    """The legal actions, of every seat or of one."""


ROWS: Final = (
    PhaseRow(Offering, "R2.1", offer, offering_actions),
    PhaseRow(DoubleOffer, "R5.2", add_second_card, double_offer_actions),
    PhaseRow(OpenAuction, "R4.1", open_auction, open_actions),
    PhaseRow(OneOfferAuction, "R4.2", one_offer_auction, one_offer_actions),
    PhaseRow(HiddenAuction, "R4.3", hidden_auction, hidden_actions),
    PhaseRow(FixedPriceAuction, "R4.4", fixed_price_auction, fixed_price_actions),
    PhaseRow(GameOver, "R8.1", None, game_over_actions),
)
"""One row per phase, in the order of :data:`~modern_art.data.phases.PHASES`."""

PLAY: Final[dict[type, Handler]] = {row.phase: row.play for row in ROWS if row.play is not None}
"""Each phase's ``apply`` handler, by the phase's class (the pure build's dispatch)."""

OFFERS: Final[dict[type, Offers]] = {row.phase: row.offers for row in ROWS}
"""Each phase's legal actions, by the phase's class (the pure build's dispatch)."""

RULES: Final[dict[type, str]] = {row.phase: row.rule for row in ROWS}
"""Each phase's rule, by the phase's class."""


def play(
    state: GameState,
    phase: Offering | DoubleOffer | AuctionPhase,
    action: Action,
    seat: int,
    events: Events,
) -> GameState:
    """:data:`PLAY` as a chain, commonest phase first: the compiled build's dispatch."""
    if isinstance(phase, OpenAuction):
        return open_auction(state, phase, action, seat, events)
    if isinstance(phase, Offering):
        return offer(state, phase, action, seat, events)
    if isinstance(phase, OneOfferAuction):
        return one_offer_auction(state, phase, action, seat, events)
    if isinstance(phase, FixedPriceAuction):
        return fixed_price_auction(state, phase, action, seat, events)
    if isinstance(phase, HiddenAuction):
        return hidden_auction(state, phase, action, seat, events)
    return add_second_card(state, phase, action, seat, events)


def offers(state: GameState, phase: Phase, seat: int | None) -> LegalActions:
    """:data:`OFFERS` as a chain, commonest phase first: the compiled build's dispatch."""
    if isinstance(phase, OpenAuction):
        return open_actions(state, phase, seat)
    if isinstance(phase, Offering):
        return offering_actions(state, phase, seat)
    if isinstance(phase, OneOfferAuction):
        return one_offer_actions(state, phase, seat)
    if isinstance(phase, FixedPriceAuction):
        return fixed_price_actions(state, phase, seat)
    if isinstance(phase, HiddenAuction):
        return hidden_actions(state, phase, seat)
    if isinstance(phase, DoubleOffer):
        return double_offer_actions(state, phase, seat)
    return game_over_actions(state, phase, seat)
