"""The phases of a turn: what the game is waiting for.

Each phase is a small frozen value. ``GameState.phase`` holds exactly one.
Seats "left of" ``s`` are ``(s + 1) % players`` (R1.5).
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attr

from modern_art._speed import PURE, finish
from modern_art.data.cards import Auction, Card

NO_SEATS: Final[frozenset[int]] = frozenset()
"""The one empty set of seats: no one has passed yet, no one may act."""

__all__ = [
    "AuctionPhase",
    "DoubleOffer",
    "FixedPriceAuction",
    "GameOver",
    "HiddenAuction",
    "Offering",
    "OneOfferAuction",
    "OpenAuction",
    "PHASES",
    "Phase",
]


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class Offering:
    """The auctioneer must offer a card from hand (R2.1)."""

    auctioneer: int
    """The seat to offer."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class DoubleOffer:
    """A double card is out; ``asking`` may add a second card or decline (R5.2)."""

    double_player: int
    """Who played the double card."""
    card: Card
    """The double card."""
    asking: int
    """The seat now asked to add a card."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class OpenAuction:
    """An open auction without a clock (R4.1, a decision)."""

    @property
    def kind(self) -> Auction:
        """How the lot is sold: :attr:`Auction.OPEN`."""
        return Auction.OPEN

    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    high_bid: int
    """The current high bid, 0 before any bid."""
    high_bidder: int | None
    """Who holds the high bid, ``None`` before any bid."""
    passed: frozenset[int]
    """Seats that passed since the last bid."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class OneOfferAuction:
    """A one-offer auction: each bids once, clockwise, the auctioneer last (R4.2)."""

    @property
    def kind(self) -> Auction:
        """How the lot is sold: :attr:`Auction.ONE_OFFER`."""
        return Auction.ONE_OFFER

    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    high_bid: int
    """The current high bid, 0 before any bid."""
    high_bidder: int | None
    """Who holds the high bid, ``None`` before any bid."""
    turn: int
    """The seat to bid or pass now."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class HiddenAuction:
    """A hidden auction: sealed bids, revealed together (R4.3)."""

    @property
    def kind(self) -> Auction:
        """How the lot is sold: :attr:`Auction.HIDDEN`."""
        return Auction.HIDDEN

    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    bids: tuple[int | None, ...]
    """Each seat's sealed bid, ``None`` while not yet given. Secret (R7.2)."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class FixedPriceAuction:
    """A fixed-price auction (R4.4)."""

    @property
    def kind(self) -> Auction:
        """How the lot is sold: :attr:`Auction.FIXED_PRICE`."""
        return Auction.FIXED_PRICE

    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    price: int | None
    """The named price, ``None`` until the auctioneer names it."""
    turn: int
    """The seat to act: the auctioneer naming the price, then each in turn."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class GameOver:
    """The game has ended (R8.1)."""


# Declared init=PURE: the build hook writes the compiled build's __init__ (_speed.native_source);
# finish gives the pure build a lighter one, the compiled build its whole annotations.
finish(
    Offering, DoubleOffer, OpenAuction, OneOfferAuction, HiddenAuction, FixedPriceAuction, GameOver
)


AuctionPhase: TypeAlias = OpenAuction | OneOfferAuction | HiddenAuction | FixedPriceAuction
"""Any auction in progress."""

Phase: TypeAlias = Offering | DoubleOffer | AuctionPhase | GameOver
"""Any phase."""

PHASES: Final = (
    Offering,
    DoubleOffer,
    OpenAuction,
    OneOfferAuction,
    HiddenAuction,
    FixedPriceAuction,
    GameOver,
)
"""Every phase, once, in the order of a turn: the list every per-phase table follows.

``modern_art.core.phase_table`` says how the rules play each one;
``tests/core/test_phase_table.py`` checks that every table covers exactly these.
"""
