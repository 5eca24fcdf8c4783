"""Cards and their auction symbols (R1.3); the decks are in :mod:`modern_art.data.editions`."""

from __future__ import annotations

import enum

import attr

from modern_art._speed import PURE, HashCache, finish

__all__ = ["SYMBOL_ORDER", "Auction", "Card"]


class Auction(enum.Enum):
    """The auction symbol printed on a card (R4)."""

    OPEN = "open"
    """Everyone raises freely; the highest bid wins (R4.1)."""
    ONE_OFFER = "one_offer"
    """Each player bids once, clockwise, the auctioneer last (R4.2)."""
    HIDDEN = "hidden"
    """Sealed bids revealed together (R4.3)."""
    FIXED_PRICE = "fixed_price"
    """The auctioneer names a price; the first to accept buys (R4.4)."""
    DOUBLE = "double"
    """Sold together with a second card of the same artist (R5)."""

    def __repr__(self) -> str:
        # Valid Python, so reprs of cards and actions can be pasted back.
        return f"Auction.{self.name}"

    @property
    def label(self) -> str:
        """The symbol's name in words, such as ``"one-offer"``."""
        return self.value.replace("_", " ").replace("one offer", "one-offer")


# Canonical order of symbols within an artist (DESIGN.md: deck order).
SYMBOL_ORDER = (
    Auction.OPEN,
    Auction.ONE_OFFER,
    Auction.HIDDEN,
    Auction.FIXED_PRICE,
    Auction.DOUBLE,
)


@attr.s(auto_attribs=True, frozen=True, order=True, slots=PURE, init=PURE)
class Card(HashCache):
    """One painting: its id in the edition's deck, its artist and its auction symbol.

    Two cards of the same artist and symbol differ only in ``id``.

    >>> Card(0, "Manuel Carvalho", Auction.OPEN)
    Card(id=0, artist='Manuel Carvalho', auction=Auction.OPEN)
    """

    id: int
    """Position in the edition's canonical deck, 0 to 69 for the CMON deck."""
    artist: str
    """The artist's name as the edition prints it."""
    auction: Auction
    """The auction symbol, which decides how the card is sold."""

    def __str__(self) -> str:
        return f"{self.artist} ({self.auction.label}) #{self.id}"

    def _repr_svg_(self) -> str:
        """The card as a small SVG picture: what Jupyter draws for a card."""
        from modern_art.svg import card  # noqa: PLC0415 (drawing is imported on request)

        return card(self)


# Declared init=PURE: the build hook writes the compiled build's __init__ (_speed.native_source);
# finish gives the pure build a lighter one, the compiled build its whole annotations.
finish(Card)
