"""Cards, auction symbols and the editions' decks (R1.3)."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import field, frozen

__all__ = ["CMON", "ORIGINAL", "Auction", "Card", "Edition"]


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


@frozen(order=True)
class Card:
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


def _build_deck(
    artists: tuple[str, ...], symbols: tuple[tuple[int, ...], ...]
) -> tuple[Card, ...]:
    cards: list[Card] = []
    for artist, counts in zip(artists, symbols, strict=True):
        for auction, count in zip(SYMBOL_ORDER, counts, strict=True):
            for _ in range(count):
                cards.append(Card(len(cards), artist, auction))
    return tuple(cards)


def _check_symbols(
    edition: Edition, attribute: object, value: tuple[tuple[int, ...], ...]
) -> None:
    if len(value) != len(edition.artists):
        raise ValueError(
            f"'symbols' must give one row per artist ({len(edition.artists)} artists),"
            f" got {len(value)} rows"
        )
    for row in value:
        if len(row) != len(SYMBOL_ORDER) or any(type(n) is not int or n < 0 for n in row):
            raise ValueError(
                "'symbols' rows must be five non-negative counts (open, one-offer,"
                f" hidden, fixed price, double), got {row!r}"
            )


def _check_artists(edition: Edition, attribute: object, value: tuple[str, ...]) -> None:
    if len(value) < 1 or len(set(value)) != len(value):
        raise ValueError(f"'artists' must be distinct names, at least one, got {value!r}")


def _to_names(names: Iterable[str]) -> tuple[str, ...]:
    return tuple(names)


def _to_rows(rows: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in rows)


@frozen
class Edition:
    """The printed game: artist names in board order and each artist's symbols.

    The board order (left to right) breaks ties in the ranking (R6.3).
    ``symbols[i]`` counts artist ``i``'s cards per symbol, in the order open,
    one-offer, hidden, fixed price, double.
    """

    name: str
    """A short name, such as ``"cmon"``."""
    artists: tuple[str, ...] = field(converter=_to_names, validator=_check_artists)
    """Artist names, left to right on the board."""
    symbols: tuple[tuple[int, ...], ...] = field(converter=_to_rows, validator=_check_symbols)
    """Per artist, the number of cards of each symbol."""
    deck: tuple[Card, ...] = field(init=False, repr=False, eq=False)
    """The whole deck in canonical order: artist by artist, symbol by symbol."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "deck", _build_deck(self.artists, self.symbols))


# R1.3: counts 12/13/14/15/16 and the classic symbol split (a decision).
_CLASSIC_SYMBOLS = (
    (3, 3, 2, 2, 2),
    (3, 2, 3, 3, 2),
    (3, 3, 3, 3, 2),
    (3, 3, 3, 3, 3),
    (4, 3, 3, 3, 3),
)

CMON = Edition(
    "cmon",
    ("Manuel Carvalho", "Sigrid Thaler", "Daniel Melim", "Ramon Martins", "Rafael Silveira"),
    _CLASSIC_SYMBOLS,
)
"""The CMON English edition (2017), the reference (R1.3)."""

ORIGINAL = Edition(
    "original",
    ("Lite Metal", "Yoko", "Christin P.", "Karl Gitter", "Krypto"),
    _CLASSIC_SYMBOLS,
)
"""The original Hans im Glück / Mayfair edition: same counts, symbols and places."""
