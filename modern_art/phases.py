"""The phases of a turn: what the game is waiting for.

Each phase is a small frozen value. ``GameState.phase`` holds exactly one.
Seats "left of" ``s`` are ``(s + 1) % players`` (R1.5).
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from modern_art._slots import direct_init
from modern_art.cards import Auction, Card

__all__ = [
    "AuctionPhase",
    "DoubleOffer",
    "FixedPriceAuction",
    "GameOver",
    "HiddenAuction",
    "Offering",
    "OneOfferAuction",
    "OpenAuction",
    "Phase",
]


@direct_init
@frozen
class Offering:
    """The auctioneer must offer a card from hand (R2.1)."""

    auctioneer: int
    """The seat to offer."""


@direct_init
@frozen
class DoubleOffer:
    """A double card is out; ``asking`` may add a second card or decline (R5.2)."""

    double_player: int
    """Who played the double card."""
    card: Card
    """The double card."""
    asking: int
    """The seat now asked to add a card."""


@direct_init
@frozen
class OpenAuction:
    """An open auction without a clock (R4.1, a decision)."""

    kind = Auction.OPEN
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


@direct_init
@frozen
class OneOfferAuction:
    """A one-offer auction: each bids once, clockwise, the auctioneer last (R4.2)."""

    kind = Auction.ONE_OFFER
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


@direct_init
@frozen
class HiddenAuction:
    """A hidden auction: sealed bids, revealed together (R4.3)."""

    kind = Auction.HIDDEN
    auctioneer: int
    """The auctioneer."""
    lot: tuple[Card, ...]
    """The card(s) for sale."""
    double_player: int | None
    """Who played the double card, for a pair."""
    bids: tuple[int | None, ...]
    """Each seat's sealed bid, ``None`` while not yet given. Secret (R7.2)."""


@direct_init
@frozen
class FixedPriceAuction:
    """A fixed-price auction (R4.4)."""

    kind = Auction.FIXED_PRICE
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


@direct_init
@frozen
class GameOver:
    """The game has ended (R8.1)."""


AuctionPhase: TypeAlias = OpenAuction | OneOfferAuction | HiddenAuction | FixedPriceAuction
"""Any auction in progress."""

Phase: TypeAlias = Offering | DoubleOffer | AuctionPhase | GameOver
"""Any phase."""
