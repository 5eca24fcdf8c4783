"""The values a view is made of and :func:`view`, which makes them: compiled in the compiled build.

:mod:`modern_art.seeing.views` is where a view lives for its readers (with
``OwnView``, which only type checkers tell apart from ``PlayerView``); the
values are here, declared as hot values (``modern_art._speed``), so that the
compiled build makes a view natively: a view is asked for at every decision
of every bot and at every framework step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias, overload

import attr

from modern_art._speed import PURE, finish
from modern_art.core.legal import NO_ACTIONS, LegalActions, legal_actions
from modern_art.core.scoring import winners
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState

if TYPE_CHECKING:
    from modern_art.seeing.views import OwnView

__all__ = [
    "HiddenAuctionView",
    "PlayerView",
    "PublicAuction",
    "PublicPhase",
    "SeatView",
    "public_phase",
    "view",
]


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class HiddenAuctionView:
    """A hidden auction as one seat sees it: who has sealed, not how much (R4.3, R7.2).

    >>> HiddenAuctionView(0, (), None, frozenset({1, 2}), 5).kind
    Auction.HIDDEN
    """

    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    sealed: frozenset[int]
    """The seats that have sealed a bid so far."""
    own_bid: int | None
    """The viewing seat's own sealed bid; ``None`` before it seals, and for a spectator."""

    @property
    def kind(self) -> Auction:
        """How the lot is sold: :attr:`Auction.HIDDEN`."""
        return Auction.HIDDEN


PublicAuction: TypeAlias = OpenAuction | OneOfferAuction | HiddenAuctionView | FixedPriceAuction
"""Any auction in progress, as a view shows it."""

PublicPhase: TypeAlias = (
    Offering
    | DoubleOffer
    | OpenAuction
    | OneOfferAuction
    | HiddenAuctionView
    | FixedPriceAuction
    | GameOver
)
"""Any phase as a view shows it: the state's phase, with a hidden auction's bids sealed."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class SeatView:
    """One seat as a viewer sees it: name, money if visible, hand size and museum."""

    name: str
    """The player's name."""
    money: int | None
    """Money held; ``None`` when screened from the viewer (R1.2, R7.2)."""
    hand_size: int
    """How many cards the hand holds, public (R7.1)."""
    museum: tuple[Card, ...]
    """Paintings bought or received this round, public (R3.5)."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class PlayerView:
    """Everything ``seat`` may see (R7), and nothing else.

    Build one with :func:`view`. Equal views mean the seat cannot tell the
    two positions apart.
    """

    rules: Rules
    """The rules in force."""
    seat: int | None
    """The viewing seat, or ``None`` for a spectator."""
    round: int
    """The current round, 1 to ``rules.rounds``."""
    step: int
    """How many actions have been applied since the game began."""
    hand: tuple[Card, ...]
    """The seat's own hand; ``()`` for a spectator (R7.2)."""
    players: tuple[SeatView, ...]
    """Every seat, clockwise, as the viewer sees it."""
    counts: tuple[int, ...]
    """Paintings offered this round per artist, in board order (R2.2)."""
    tiles: tuple[tuple[int, ...], ...]
    """Value tiles on the board per artist, in board order, oldest first (R6.4)."""
    deck_size: int
    """How many cards are left undealt (R7.1)."""
    discard: tuple[Card, ...]
    """Sold paintings and ending cards of past rounds (R6.5)."""
    phase: PublicPhase
    """What the game waits for now, with hidden bids sealed (R7.2)."""
    to_act: frozenset[int]
    """The seats that may act now."""
    legal_actions: LegalActions
    """The viewing seat's legal actions now, in :func:`modern_art.legal_actions` order.

    A lazy sequence, as :func:`modern_art.legal_actions` returns it: a bid
    range is made one action at a time when asked for. It equals the tuple
    of the same actions (and hashes as it does), so a view read back from
    JSON equals the view that was written. Empty for a spectator.
    """
    winners: tuple[int, ...]
    """The seats sharing the most money once the game is over; ``()`` before (R8.2)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R8.1)."""
        return isinstance(self.phase, GameOver)

    @property
    def auction(self) -> PublicAuction | None:
        """The auction in progress, or ``None``."""
        phase = self.phase
        if isinstance(
            phase, OpenAuction | OneOfferAuction | HiddenAuctionView | FixedPriceAuction
        ):
            return phase
        return None

    @property
    def num_players(self) -> int:
        """How many seats the table has."""
        return len(self.players)

    def _repr_svg_(self) -> str:
        """The board as this seat sees it, as SVG: what Jupyter draws for a view."""
        from modern_art.svg import board  # noqa: PLC0415 (drawing is imported on request)

        return board(self)

    @property
    def money(self) -> int | None:
        """The viewing seat's own money; ``None`` for a spectator while it is screened."""
        if self.seat is None:
            return None
        return self.players[self.seat].money

    def __str__(self) -> str:
        """A compact board in text (:mod:`modern_art.text.board`); ``repr`` stays valid Python."""
        # The text layer sits above this module: import it when first asked for.
        from modern_art.text.board import board_text  # noqa: PLC0415

        return board_text(self)


# Declared init=PURE: the build hook writes the compiled build's __init__ (_speed.native_source);
# finish gives the pure build a lighter one, the compiled build its whole annotations.
finish(HiddenAuctionView, SeatView, PlayerView)


@overload
def view(state: GameState, seat: int) -> OwnView: ...
@overload
def view(state: GameState, seat: None) -> PlayerView: ...
@overload
def view(state: GameState, seat: int | None) -> PlayerView: ...
def view(state: object, seat: object) -> PlayerView:
    """What ``seat`` may see of ``state`` (R7); ``seat=None`` is a spectator.

    For a seat the result is typed :data:`OwnView`, whose ``seat`` a type
    checker knows is an ``int``; at run time it is a :class:`PlayerView`.

    Raises:
        ValueError: ``seat`` is neither ``None`` nor a seat of the table (a
            ``bool`` is none), or ``state`` is no :class:`~modern_art.GameState`.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> v = ma.view(state, 1)
    >>> len(v.hand), [p.money for p in v.players], v.players[0].hand_size
    (10, [None, 100, None], 10)
    >>> ma.view(state, None).hand
    ()
    """
    # Checked here, not by the signature (which takes object): the compiled build would
    # refuse a wrong type with a TypeError first, and read True as the int seat 1.
    if not isinstance(state, GameState):
        raise ValueError(f"view takes a GameState, got {type(state).__name__} {state!r}")
    n = len(state.players)
    own: int | None = None
    if seat is not None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"seat must be None or a seat from 0 to {n - 1}, got {seat!r} (R1.5)")
        own = seat
    money_public = state.rules.open_money or state.is_over
    players = tuple(
        SeatView(p.name, p.money if money_public or s == own else None, len(p.hand), p.museum)
        for s, p in enumerate(state.players)
    )
    return PlayerView(
        rules=state.rules,
        seat=own,
        round=state.round,
        step=state.step,
        hand=() if own is None else state.players[own].hand,
        players=players,
        counts=state.counts,
        tiles=state.tiles,
        deck_size=len(state.deck),
        discard=state.discard,
        phase=public_phase(state.phase, own),
        to_act=state.to_act,
        legal_actions=NO_ACTIONS if own is None else legal_actions(state, own),
        winners=winners(state),
    )


def public_phase(
    phase: Offering
    | DoubleOffer
    | OpenAuction
    | OneOfferAuction
    | HiddenAuction
    | FixedPriceAuction
    | GameOver,
    seat: int | None,
) -> PublicPhase:
    """``phase`` as ``seat`` sees it: only a hidden auction changes (R4.3, R7.2)."""
    if isinstance(phase, HiddenAuction):
        return HiddenAuctionView(
            phase.auctioneer,
            phase.lot,
            phase.double_player,
            frozenset(s for s, bid in enumerate(phase.bids) if bid is not None),
            None if seat is None else phase.bids[seat],
        )
    return phase
