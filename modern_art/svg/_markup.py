"""SVG text pieces shared by every picture: safe text, the outer element, card glyphs.

Every string that a user or a file chose (player names, artist names of a
custom edition, captions) passes through :func:`text` before it reaches a
picture: it is clipped, characters XML 1.0 forbids are replaced, and the
markup characters are escaped. All work is linear in the string's length,
and a long string is cut before anything else looks at it.
"""

from __future__ import annotations

import re
import zlib
from functools import lru_cache

from modern_art.data.cards import Auction, Card

__all__ = [
    "CARD_H",
    "CARD_W",
    "REPLACEMENT",
    "artist_color",
    "artist_last_word",
    "attribute",
    "card_back",
    "card_glyph",
    "clean",
    "document",
    "short_artist",
    "text",
]

REPLACEMENT = "\N{REPLACEMENT CHARACTER}"
"""What stands in for a character a picture must not carry."""

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"

# XML 1.0 forbids C0 controls except tab, newline and return, lone surrogates
# and U+FFFE/U+FFFF. C1 controls and the bidirectional overrides are legal but
# invisible or able to reorder what a reader sees, so they go too; tab,
# newline and return become spaces, since a label is one line.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]"
)
_SPACES = re.compile("[\t\n\r]")
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"})


def clean(value: str, limit: int) -> str:
    """``value`` as plain, safe, one-line text of at most ``limit`` characters (unescaped).

    >>> clean("Ann\\x00<b>", 20)
    'Ann\\ufffd<b>'
    >>> clean("Bartholomew the Bold", 10)
    'Bartholom…'
    """
    long = len(value) > limit
    value = value[: limit - 1] if long else value
    value = _SPACES.sub(" ", _UNSAFE.sub(REPLACEMENT, value))
    return value + ELLIPSIS if long else value


def text(value: str, limit: int = 40) -> str:
    """``value`` cleaned (:func:`clean`) and escaped for SVG or HTML text and attributes.

    >>> text('<script>alert("x")</script>', 12)
    '&lt;script&gt;ale…'
    """
    return clean(value, limit).translate(_ESCAPES)


def attribute(value: str, limit: int = 200) -> str:
    """``value`` for a double-quoted attribute: the same as :func:`text`, with a longer limit."""
    return text(value, limit)


def document(width: int, height: int, label: str, body: str, font_size: float = 12) -> str:
    """A whole SVG picture: ``viewBox`` set, an accessible ``label``, text in ``currentColor``.

    ``body`` is trusted markup; ``label`` is escaped here. The width is the
    picture's natural size, and a page may scale it down to fit.
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" role="img" aria-label="{attribute(label)}"'
        f' font-family="sans-serif" font-size="{font_size}" fill="currentColor">'
        f"<title>{text(label, 200)}</title>{body}</svg>"
    )


_PALETTE = ("#d9534f", "#f0ad4e", "#5cb85c", "#5bc0de", "#9b6fd1", "#c98a5b", "#e377c2")
"""Artist colours by board position; an artist outside the board gets one by its name."""


def artist_color(artist: str, artists: tuple[str, ...]) -> str:
    """The colour of ``artist``: by its place on the board, else a stable one by its name."""
    try:
        index = artists.index(artist)
    except ValueError:
        index = zlib.crc32(artist.encode("utf-8", "replace"))
    return _PALETTE[index % len(_PALETTE)]


CARD_W, CARD_H = 30, 42
"""A card glyph's size in user units."""

_SYMBOL = {
    Auction.OPEN: "open",
    Auction.ONE_OFFER: "once",
    Auction.HIDDEN: "hid",
    Auction.FIXED_PRICE: "fix",
    Auction.DOUBLE: "dbl",
}
"""A symbol's name short enough for a card glyph."""


def short_artist(artist: str, limit: int = 14) -> str:
    """The artist's last name, cleaned and escaped (``"Daniel Melim"`` -> ``"Melim"``)."""
    return text(artist_last_word(artist), limit)


@lru_cache(maxsize=1024)
def card_glyph(card: Card, color: str, packed: bool = False) -> str:
    """A card face at the origin: its artist's colour, three letters and its symbol.

    A ``packed`` card is partly covered by the next one, so its words start
    at its left edge, where they stay in sight.
    """
    place = 'x="2"' if packed else f'x="{CARD_W / 2}" text-anchor="middle"'
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="3" fill="{color}" stroke="#333"'
        ' stroke-width="0.8"/>'
        f'<text {place} y="16" font-size="{9 if packed else 10}" font-weight="bold"'
        f' fill="#111">{text(artist_last_word(card.artist)[:3], 3)}</text>'
        f'<text {place} y="33" font-size="8.5" fill="#111">{_SYMBOL[card.auction]}</text>'
        f"<title>{text(card.artist, 60)} ({card.auction.label}) #{card.id}</title>"
    )


def artist_last_word(artist: str) -> str:
    """The last word of an artist's name (looked at in its first 200 characters)."""
    words = artist[:200].split()
    return words[-1] if words else artist[:200]


def card_back() -> str:
    """A card face down at the origin."""
    return _BACK


_BACK = (
    f'<rect width="{CARD_W}" height="{CARD_H}" rx="3" fill="#6b7a8f" stroke="#333"'
    ' stroke-width="0.8"/>'
    f'<rect x="4" y="4" width="{CARD_W - 8}" height="{CARD_H - 8}" rx="2" fill="none"'
    ' stroke="#c9d3df" stroke-width="0.8"/>'
)
