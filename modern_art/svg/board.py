"""The table as one SVG picture: :func:`board` for a state or a view, :func:`card` for a card.

A :class:`~modern_art.GameState` knows every secret, so its board shows
every hand face up, every sealed bid and all money. A
:class:`~modern_art.PlayerView` holds only what its seat may see (R7), and
its board is drawn from the view alone: other hands face down, others'
sealed bids as markers, screened money as ``?``. Two positions a seat cannot
tell apart give the same view, hence byte for byte the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.cards import Card
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.seeing.views import PlayerView
from modern_art.svg._markup import (
    CARD_H,
    CARD_W,
    artist_color,
    card_back,
    card_glyph,
    clean,
    document,
    short_artist,
    text,
)
from modern_art.svg._table import (
    NAME_CHARS,
    Table,
    detail,
    from_state,
    from_view,
    headline,
    lot,
    statuses,
)

__all__ = ["board", "card"]

WIDTH = 760
_TOP = 30
_ARTISTS_H = 84
_PANEL_H = 70
_ROW_H = 64
_HAND_X, _HAND_W = 176, 300
_MUSEUM_X, _MUSEUM_W = 490, 262
_HIGHLIGHT = "#7aa7e0"
_TILE = "#f3dc9a"


def board(subject: GameState | PlayerView) -> str:
    """The table as SVG text: artists, the auction in progress and every seat.

    A state shows everything; a view shows only what its seat may see (R7).
    The picture is plain SVG 1.1: no script, no external reference, every
    name escaped and clipped.

    Raises:
        TypeError: ``subject`` is neither a state nor a view.

    >>> import modern_art as ma
    >>> from modern_art import svg
    >>> picture = svg.board(ma.view(ma.new_game(3, seed=1), 0))
    >>> picture.startswith("<svg"), "viewBox" in picture, "<script" in picture
    (True, True, False)
    """
    if isinstance(subject, GameState):
        table = from_state(subject)
    elif isinstance(subject, PlayerView):
        table = from_view(subject)
    else:
        raise TypeError(f"board() draws a GameState or a PlayerView, got {type(subject).__name__}")
    n = len(table.seats)
    height = _TOP + _ARTISTS_H + _PANEL_H + n * _ROW_H + 6
    parts: list[str] = [_header(table)]
    parts += _artists(table)
    parts += _panel(table)
    status = statuses(table)
    for seat in range(n):
        parts += _seat_row(table, seat, status[seat], _TOP + _ARTISTS_H + _PANEL_H + seat * _ROW_H)
    label = f"Modern Art, round {table.round}, step {table.step}: {headline(table)}"
    return document(WIDTH, height, clean(label, 300), "".join(parts))


def card(card: Card, rules: Rules | None = None) -> str:
    """One card as a small SVG picture, coloured by its artist's place on ``rules``' board.

    >>> import modern_art as ma
    >>> from modern_art import svg
    >>> "Melim" in svg.card(ma.Card(27, "Daniel Melim", ma.Auction.HIDDEN))
    True
    """
    artists = (rules or _DEFAULT_RULES).artists
    body = (
        f'<g transform="translate(2,2)">{card_glyph(card, artist_color(card.artist, artists))}</g>'
    )
    return document(CARD_W + 4, CARD_H + 4, f"{card.artist} ({card.auction.label})", body, 10)


_DEFAULT_RULES = Rules()


def _header(table: Table) -> str:
    rounds = table.rules.rounds
    return (
        f'<rect x="0" y="0" width="{WIDTH}" height="{_TOP - 4}" fill="{_HIGHLIGHT}"'
        ' fill-opacity="0.15"/>'
        f'<text x="8" y="18" font-weight="bold">Round {table.round} of {rounds}</text>'
        f'<text x="110" y="18">step {table.step} · deck {table.deck_size}'
        f" · discard {table.discard}</text>"
        f'<text x="{WIDTH - 8}" y="18" text-anchor="end" font-style="italic">'
        f"{text(table.viewer, 60)}</text>"
    )


def _artists(table: Table) -> list[str]:
    artists = table.rules.artists
    column = (WIDTH - 16) // max(1, len(artists))
    top = _TOP + 4
    parts = []
    for i, artist in enumerate(artists):
        x = 8 + i * column
        color = artist_color(artist, artists)
        count = table.counts[i]
        parts.append(
            f'<rect x="{x}" y="{top}" width="{column - 6}" height="{_ARTISTS_H - 10}" rx="5"'
            f' fill="{color}" fill-opacity="0.18" stroke="{color}"/>'
            f'<svg x="{x}" y="{top}" width="{column - 6}" height="20">'
            f'<text x="6" y="15" font-weight="bold">{short_artist(artist, 16)}</text></svg>'
            f'<text x="{x + 6}" y="{top + 36}" font-size="10">offered {count}</text>'
        )
        for k in range(max(5, count)):
            fill = color if k < count else "none"
            parts.append(
                f'<circle cx="{x + 62 + k * 12}" cy="{top + 32}" r="4.5" fill="{fill}"'
                f' stroke="{color}"/>'
            )
        pile = table.tiles[i]
        for k, tile in enumerate(pile):
            parts.append(
                f'<rect x="{x + 6 + k * 26}" y="{top + 46}" width="23" height="17" rx="3"'
                f' fill="{_TILE}" stroke="#8a6a12" stroke-width="0.8"/>'
                f'<text x="{x + 17.5 + k * 26}" y="{top + 59}" text-anchor="middle"'
                f' font-size="10" fill="#3b2c05">{tile}</text>'
            )
        if not pile:
            parts.append(
                f'<text x="{x + 6}" y="{top + 59}" font-size="10" fill-opacity="0.6">'
                "no tile</text>"
            )
    return parts


def _panel(table: Table) -> list[str]:
    top = _TOP + _ARTISTS_H
    shown = lot(table.phase)
    parts = [
        f'<rect x="8" y="{top}" width="{WIDTH - 16}" height="{_PANEL_H - 8}" rx="6"'
        f' fill="none" stroke="currentColor" stroke-opacity="0.35"/>',
        f'<svg x="8" y="{top}" width="{WIDTH - 40 - len(shown) * 34}" height="{_PANEL_H - 8}">'
        f'<text x="10" y="26" font-size="14" font-weight="bold">'
        f"{text(headline(table), 120)}</text>"
        f'<text x="10" y="48" font-size="11" fill-opacity="0.8">{text(detail(table), 140)}'
        "</text></svg>",
    ]
    artists = table.rules.artists
    for k, lot_card in enumerate(shown):
        x = WIDTH - 18 - (len(shown) - k) * (CARD_W + 4)
        glyph = card_glyph(lot_card, artist_color(lot_card.artist, artists))
        parts.append(f'<g transform="translate({x},{top + 10})">{glyph}</g>')
    return parts


def _seat_row(table: Table, seat: int, status: str, top: int) -> list[str]:
    player = table.seats[seat]
    acting = seat in table.to_act
    parts = []
    if acting:
        parts.append(
            f'<rect x="4" y="{top + 1}" width="{WIDTH - 8}" height="{_ROW_H - 4}" rx="6"'
            f' fill="{_HIGHLIGHT}" fill-opacity="0.22"/>'
        )
    if seat == table.own_seat:
        parts.append(
            f'<rect x="4" y="{top + 1}" width="{WIDTH - 8}" height="{_ROW_H - 4}" rx="6"'
            f' fill="none" stroke="{_HIGHLIGHT}" stroke-width="2"/>'
        )
    money = "?" if player.money is None else str(player.money)
    marker = "\u25b6 " if acting else ""
    parts.append(
        f'<svg x="8" y="{top}" width="{_HAND_X - 14}" height="{_ROW_H}">'
        f'<text x="2" y="17" font-weight="bold">{marker}{seat}: '
        f"{text(player.name, NAME_CHARS)}</text>"
        f'<text x="2" y="34" font-size="11">money {money}</text>'
        f'<text x="2" y="50" font-size="11" font-style="italic">{text(status, 40)}</text></svg>'
    )
    artists = table.rules.artists
    parts.append(
        f'<text x="{_HAND_X}" y="{top + 11}" font-size="9" fill-opacity="0.7">'
        f"hand {player.hand_size}</text>"
    )
    if player.hand is None:
        parts += _spread([None] * player.hand_size, _HAND_X, _HAND_W, top + 15, artists)
    else:
        parts += _spread(_sorted(player.hand, artists), _HAND_X, _HAND_W, top + 15, artists)
    parts.append(
        f'<text x="{_MUSEUM_X}" y="{top + 11}" font-size="9" fill-opacity="0.7">'
        f"museum {len(player.museum)}</text>"
    )
    parts += _spread(player.museum, _MUSEUM_X, _MUSEUM_W, top + 15, artists)
    return parts


def _sorted(cards: tuple[Card, ...], artists: tuple[str, ...]) -> list[Card]:
    """A hand as a player holds it: by artist in board order, then by id."""
    rank = {artist: i for i, artist in enumerate(artists)}
    return sorted(cards, key=lambda c: (rank.get(c.artist, len(rank)), c.id))


def _spread(
    cards: Sequence[Card | None], x: int, width: int, y: int, artists: tuple[str, ...]
) -> list[str]:
    """Cards side by side, overlapping when they do not fit in ``width``; ``None`` is a back."""
    if not cards:
        return []
    step: float = CARD_W + 3
    if len(cards) > 1 and (len(cards) - 1) * step + CARD_W > width:
        step = (width - CARD_W) / (len(cards) - 1)
    packed = step < CARD_W
    parts = []
    for k, item in enumerate(cards):
        if item is None:
            glyph = card_back()
        else:
            glyph = card_glyph(item, artist_color(item.artist, artists), packed)
        parts.append(f'<g transform="translate({round(x + k * step, 1)},{y})">{glyph}</g>')
    return parts
