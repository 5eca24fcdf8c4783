"""The value board round by round, computed from a played game's events, and its picture.

Everything here is read from :class:`modern_art.RoundEnded` events: the
counts, the ranking and the tiles given; the tiles piling up per artist and
what a painting pays (:func:`modern_art.artist_value`) follow from them.
The documentation's scoring page draws its value board with these.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from modern_art.core.scoring import artist_value
from modern_art.data.events import Event, RoundEnded
from modern_art.data.rules import Rules
from modern_art.svg._markup import document, short_artist

__all__ = ["BoardAfterRound", "value_board", "value_rounds"]


@frozen
class BoardAfterRound:
    """The value board as a round's sale sees it."""

    round: int
    """The round's number."""
    artists: tuple[str, ...]
    """The artists in board order."""
    counts: tuple[int, ...]
    """Paintings offered this round, per artist."""
    tiles: tuple[tuple[int, ...], ...]
    """Every tile on the board per artist, oldest first, this round's included."""
    new_tiles: tuple[int | None, ...]
    """The tile each artist won this round, or ``None``."""
    values: tuple[int, ...]
    """What one painting of each artist pays at this round's sale."""

    @property
    def ranking(self) -> tuple[str, ...]:
        """This round's ranked artists, first to last."""
        ranked = [i for i, tile in enumerate(self.new_tiles) if tile is not None]
        order = sorted(ranked, key=lambda i: -(self.new_tiles[i] or 0))
        return tuple(self.artists[i] for i in order)


def value_rounds(events: Sequence[Event], rules: Rules) -> tuple[BoardAfterRound, ...]:
    """The value board after each round that ``events`` end.

    Args:
        events: a game's events in order (others than
            :class:`~modern_art.RoundEnded` are skipped).
        rules: the rules they were played under.
    """
    artists = rules.artists
    piles: list[tuple[int, ...]] = [() for _ in artists]
    result = []
    for event in events:
        if not isinstance(event, RoundEnded):
            continue
        won: dict[str, int] = dict(zip(event.ranking, event.tiles, strict=True))
        new_tiles = tuple(won.get(artist) for artist in artists)
        for i, tile in enumerate(new_tiles):
            if tile is not None:
                piles[i] += (tile,)
        result.append(
            BoardAfterRound(
                event.round,
                artists,
                event.counts,
                tuple(piles),
                new_tiles,
                tuple(
                    artist_value(pile, tile is not None)
                    for pile, tile in zip(piles, new_tiles, strict=True)
                ),
            )
        )
    return tuple(result)


# Layout, in SVG user units.
_LABEL_WIDTH = 84
_COLUMN = 112
_HEADER = 34
_ROW = 84
_TILE_W, _TILE_H, _TILE_GAP = 25, 20, 3
_NEW_TILE = "#e0a526"
_OLD_TILE = "#f3dc9a"


def value_board(rounds: Sequence[BoardAfterRound], highlight: str | None = None) -> str:
    """The boards as one SVG picture: a row per round, a column per artist.

    Text uses ``currentColor``, so the picture follows the page's light or
    dark theme.

    Args:
        rounds: the boards, as :func:`value_rounds` gives them.
        highlight: an artist whose column is shaded, or ``None``.

    >>> import modern_art as ma
    >>> from modern_art import svg
    >>> svg.value_board(()).startswith("<svg")
    True
    """
    artists = rounds[0].artists if rounds else ()
    width = _LABEL_WIDTH + _COLUMN * len(artists) + 8
    height = _HEADER + _ROW * len(rounds) + 34
    parts = []
    for column, artist in enumerate(artists):
        x = _LABEL_WIDTH + column * _COLUMN
        if artist == highlight:
            parts.append(
                f'<rect x="{x + 2}" y="4" width="{_COLUMN - 4}" height="{height - 40}"'
                ' rx="8" fill="#7aa7e0" fill-opacity="0.16"/>'
            )
        parts.append(
            f'<text x="{x + _COLUMN / 2}" y="22" text-anchor="middle"'
            f' font-weight="bold">{short_artist(artist, 14)}</text>'
        )
    for row, board in enumerate(rounds):
        top = _HEADER + row * _ROW
        parts.append(
            f'<line x1="4" y1="{top}" x2="{width - 4}" y2="{top}"'
            ' stroke="currentColor" stroke-opacity="0.25"/>'
        )
        parts.append(f'<text x="8" y="{top + 30}" font-weight="bold">Round {board.round}</text>')
        parts.append(
            f'<text x="8" y="{top + 48}" font-size="10" fill-opacity="0.7">after the sale</text>'
        )
        for column in range(len(artists)):
            parts.extend(_cell(board, column, _LABEL_WIDTH + column * _COLUMN, top))
    legend_y = _HEADER + _ROW * len(rounds) + 22
    parts.append(
        f'<rect x="8" y="{legend_y - 13}" width="{_TILE_W}" height="{_TILE_H - 4}" rx="3"'
        f' fill="{_NEW_TILE}"/>'
        f'<text x="{14 + _TILE_W}" y="{legend_y}">tile won this round</text>'
        f'<rect x="170" y="{legend_y - 13}" width="{_TILE_W}" height="{_TILE_H - 4}" rx="3"'
        f' fill="{_OLD_TILE}"/>'
        f'<text x="{176 + _TILE_W}" y="{legend_y}">earlier tile</text>'
        f'<text x="300" y="{legend_y}">pays: what one painting of the artist sells for</text>'
    )
    label = (
        "The value board after each round: the tiles each artist holds and what one of"
        " its paintings pays at the sale."
    )
    return document(width, height, label, "".join(parts))


def _cell(board: BoardAfterRound, column: int, x: int, top: int) -> list[str]:
    ranked = board.new_tiles[column] is not None
    count = board.counts[column]
    pile = board.tiles[column]
    parts = [
        f'<text x="{x + 8}" y="{top + 16}" font-size="10" fill-opacity="0.7">'
        f"{count} offered</text>"
    ]
    opacity = "1" if ranked else "0.35"
    for i, tile in enumerate(pile):
        is_new = ranked and i == len(pile) - 1
        tx = x + 8 + i * (_TILE_W + _TILE_GAP)
        parts.append(
            f'<g opacity="{opacity}"><rect x="{tx}" y="{top + 24}" width="{_TILE_W}"'
            f' height="{_TILE_H}" rx="3" fill="{_NEW_TILE if is_new else _OLD_TILE}"'
            ' stroke="#8a6a12" stroke-width="0.8"/>'
            f'<text x="{tx + _TILE_W / 2}" y="{top + 38}" text-anchor="middle"'
            f' fill="#3b2c05" font-size="11">{tile}</text></g>'
        )
    if not pile:
        parts.append(
            f'<text x="{x + 8}" y="{top + 38}" font-size="11" fill-opacity="0.5">no tile</text>'
        )
    value = board.values[column]
    if ranked:
        label = f'<tspan font-weight="bold">pays {value}</tspan>'
    elif pile:
        label = "pays 0: not ranked"
    else:
        label = "pays 0"
    parts.append(
        f'<text x="{x + 8}" y="{top + 64}" fill-opacity="{1 if ranked else 0.75}">{label}</text>'
    )
    return parts
