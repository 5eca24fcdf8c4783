"""Where an artist may still finish this round: the places no play can avoid (R6.1-R6.5).

Counts only rise within a round, and only by cards offered from hands
(R6.6), so each artist has a best and a worst place it can still reach,
from what a seat sees (:func:`~modern_art.still_offerable` bounds what the
others may yet offer). When the two agree, or the best place earns no tile,
the artist's round is decided: the analysis then gives it exactly.
"""

from __future__ import annotations

from modern_art.core.scoring import ROUND_ENDING_COUNT, artist_value
from modern_art.seeing.payout import still_offerable
from modern_art.seeing.views import PlayerView

__all__ = ["places", "settled_place", "settled_value"]


def places(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """Per artist in board order: ``(best, worst)`` place it may still finish, 0 for first.

    A place of ``len(value_tiles)`` or more is "not ranked" (R6.4), and an
    artist that may still go unranked has that as its worst. The best place
    raises the artist's count as far as its cards allow (to five at most,
    R6.1) and leaves every other count where it is; the worst leaves the
    artist's count where it is and raises every other as far as theirs
    allow. Ties go to the artist further left (R6.3); an artist with no
    painting offered ranks nowhere (R6.3).
    """
    counts = view.counts
    tiles = len(view.rules.value_tiles)
    reach = [
        min(ROUND_ENDING_COUNT, c + k) for c, k in zip(counts, still_offerable(view), strict=True)
    ]
    found = []
    for a, count in enumerate(counts):
        best = sum(1 for b, c in enumerate(counts) if b != a and _above(a, b, reach[a], c))
        if reach[a] == 0:
            best = tiles
        worst = sum(1 for b, r in enumerate(reach) if b != a and _above(a, b, count, r))
        if count == 0:
            worst = tiles
        found.append((min(best, tiles), min(worst, tiles)))
    return tuple(found)


def _above(a: int, b: int, mine: int, theirs: int) -> bool:
    """Whether artist ``b`` with ``theirs`` paintings ranks above ``a`` with ``mine`` (R6.3)."""
    return theirs > mine or (theirs == mine and b < a)


def settled_place(view: PlayerView, artist: int) -> int | None:
    """The place ``artist`` (board index) will finish if no play can change it, else ``None``.

    ``len(value_tiles)`` means "not ranked".
    """
    best, worst = places(view)[artist]
    tiles = len(view.rules.value_tiles)
    if best >= tiles:
        return tiles
    return best if best == worst else None


def settled_value(view: PlayerView, artist: int, place: int) -> int:
    """What one painting of ``artist`` pays at the round's end in ``place`` (R6.5)."""
    rules = view.rules
    if place >= len(rules.value_tiles):
        return 0
    return artist_value((*view.tiles[artist], rules.value_tiles[place]), ranked=True)
