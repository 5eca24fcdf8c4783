"""The editions: artist names in board order, each artist's symbols, and the deck (R1.3).

Kept apart from :mod:`modern_art.data.cards`, which the compiled build compiles:
an ``Edition`` converts and validates its fields with attrs, and mypyc
cannot compile a class body that declares fields that way.
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from modern_art.data.cards import SYMBOL_ORDER, Card

__all__ = ["CMON", "ORIGINAL", "Edition"]


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
