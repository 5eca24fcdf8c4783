"""Could these value tiles have come from past rankings? (R6.3, R6.4)

Each ranking gives the first k tiles of ``rules.value_tiles`` (k at least 1:
a round ends on an offered card) to k different artists, and an artist's
tiles pile up oldest first. So the tiles on the board must be the sum of
that many such rounds, in an order each artist's pile respects.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

__all__ = ["count", "tile_rounds", "tiles_problem"]


def count(n: int, noun: str) -> str:
    """``"1 round"``, ``"2 rounds"``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


_MAX_STATES = 20_000
"""Past this many search states the order check is skipped (only huge made-up editions)."""


def tiles_problem(
    tiles: Sequence[Sequence[int]], values: Sequence[int], rankings: int
) -> str | None:
    """Why ``tiles`` cannot be the result of ``rankings`` rankings, or ``None`` if they can.

    >>> tiles_problem(((30,), (20,), ()), (30, 20, 10), 1) is None
    True
    >>> tiles_problem(((20, 30), (20, 30)), (30, 20, 10), 2)
    'no order of 2 rankings gives these tiles: each gives 30, 20, ... to different artists (R6.4)'
    """
    try:
        return _cached(tuple(map(tuple, tiles)), tuple(values), rankings)
    except TypeError:  # unhashable values: check without the cache
        return _tiles_problem(tiles, values, rankings)


@functools.lru_cache(maxsize=4096)
def _cached(
    tiles: tuple[tuple[int, ...], ...], values: tuple[int, ...], rankings: int
) -> str | None:
    return _tiles_problem(tiles, values, rankings)


def _tiles_problem(
    tiles: Sequence[Sequence[int]], values: Sequence[int], rankings: int
) -> str | None:
    for pile in tiles:
        for tile in pile:
            if tile not in values:
                return f"a value tile of {tile} is not among the tiles {tuple(values)} (R6.4)"
        if len(pile) > rankings:
            return (
                f"an artist holds {len(pile)} tiles after {count(rankings, 'ranking')};"
                " each ranking gives it at most one (R6.4)"
            )
    firsts = sum(pile.count(values[0]) for pile in tiles)
    if firsts != rankings:
        return (
            f"{count(rankings, 'round')} ranked so far, each giving one {values[0]} tile,"
            f" but the board holds {firsts} (R6.3, R6.4)"
        )
    piles = tuple(tuple(values.index(tile) for tile in pile) for pile in tiles if pile)
    size = 1
    for pile in piles:
        size *= len(pile) + 1
    if size <= _MAX_STATES and not _orderable(piles, rankings):
        return (
            f"no order of {count(rankings, 'ranking')} gives these tiles: each gives"
            f" {', '.join(map(str, values[:2]))}, ... to different artists (R6.4)"
        )
    return None


def tile_rounds(
    tiles: Sequence[Sequence[int]], values: Sequence[int], rankings: int
) -> list[tuple[int, ...]] | None:
    """Rankings, oldest first, that give ``tiles`` (artists by index, first place first).

    ``None`` when no rankings give them, or when the search would be too large.

    >>> tile_rounds(((30, 20), (20, 30)), (30, 20, 10), 2)
    [(0, 1), (1, 0)]
    """
    if tiles_problem(tiles, values, rankings) is not None:
        return None
    indices = [tuple(values.index(tile) for tile in pile) for pile in tiles]
    size = 1
    for pile in indices:
        size *= len(pile) + 1
    if size > _MAX_STATES:
        return None
    piles = tuple(indices)
    can = _Search(piles)
    done, out = tuple(0 for _ in piles), []
    for left in range(rankings, 0, -1):
        after, chosen = next(m for m in _rounds(done, _ready(piles, done)) if can(m[0], left - 1))
        out.append(tuple(chosen))
        done = after
    return out


def _ready(piles: tuple[tuple[int, ...], ...], done: tuple[int, ...]) -> dict[int, list[int]]:
    """Artists ready to take each place this round: their next tile is that place."""
    ready: dict[int, list[int]] = {}
    for a, (pile, d) in enumerate(zip(piles, done, strict=True)):
        if d < len(pile):
            ready.setdefault(pile[d], []).append(a)
    return ready


class _Search:
    """Whether rounds can take each pile's tiles in order from ``done``, in ``rounds_left``.

    Each answer is kept: the search meets the same ``done`` by many paths.
    """

    def __init__(self, piles: tuple[tuple[int, ...], ...]) -> None:
        self.piles = piles
        self._known: dict[tuple[tuple[int, ...], int], bool] = {}

    def __call__(self, done: tuple[int, ...], rounds_left: int) -> bool:
        known = self._known.get((done, rounds_left))
        if known is None:
            known = self._known[done, rounds_left] = self._can(done, rounds_left)
        return known

    def _can(self, done: tuple[int, ...], rounds_left: int) -> bool:
        left = [len(pile) - d for pile, d in zip(self.piles, done, strict=True)]
        if rounds_left == 0:
            return not any(left)
        if max(left, default=0) > rounds_left:
            return False
        moves = _rounds(done, _ready(self.piles, done))
        return any(self(after, rounds_left - 1) for after, _ in moves)


def _orderable(piles: tuple[tuple[int, ...], ...], rankings: int) -> bool:
    """Whether rounds can take each pile's tiles in order, each round places 0..k-1 once."""
    return _Search(piles)(tuple(0 for _ in piles), rankings)


def _rounds(
    done: tuple[int, ...], ready: dict[int, list[int]]
) -> list[tuple[tuple[int, ...], list[int]]]:
    """Every way one ranking can move the piles on (and the artists it ranks, in order)."""
    results: list[tuple[tuple[int, ...], list[int]]] = []
    _extend(done, ready, 0, [], results)
    return results


def _extend(
    done: tuple[int, ...],
    ready: dict[int, list[int]],
    place: int,
    chosen: list[int],
    results: list[tuple[tuple[int, ...], list[int]]],
) -> None:
    """Add to ``results`` every ranking that begins with ``chosen`` (places 0 to ``place - 1``)."""
    if chosen:
        after = list(done)
        for a in chosen:
            after[a] += 1
        results.append((tuple(after), chosen))
    for a in ready.get(place, ()):
        if a not in chosen:
            _extend(done, ready, place + 1, [*chosen, a], results)
