"""Could these value tiles have come from past rankings? (R6.3, R6.4)

Each ranking gives the first k tiles of ``rules.value_tiles`` (k at least 1:
a round ends on an offered card) to k different artists, and an artist's
tiles pile up oldest first. So the tiles on the board must be the sum of
that many such rounds, in an order each artist's pile respects.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

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
    can = _search(piles)
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


def _search(piles: tuple[tuple[int, ...], ...]) -> Callable[[tuple[int, ...], int], bool]:
    """Whether rounds can take each pile's tiles in order from ``done``, in ``rounds_left``."""

    @functools.cache
    def can(done: tuple[int, ...], rounds_left: int) -> bool:
        left = [len(pile) - d for pile, d in zip(piles, done, strict=True)]
        if rounds_left == 0:
            return not any(left)
        if max(left, default=0) > rounds_left:
            return False
        moves = _rounds(done, _ready(piles, done))
        return any(can(after, rounds_left - 1) for after, _ in moves)

    return can


def _orderable(piles: tuple[tuple[int, ...], ...], rankings: int) -> bool:
    """Whether rounds can take each pile's tiles in order, each round places 0..k-1 once."""
    return _search(piles)(tuple(0 for _ in piles), rankings)


def _rounds(
    done: tuple[int, ...], ready: dict[int, list[int]]
) -> list[tuple[tuple[int, ...], list[int]]]:
    """Every way one ranking can move the piles on (and the artists it ranks, in order)."""
    results: list[tuple[tuple[int, ...], list[int]]] = []

    def extend(place: int, chosen: list[int]) -> None:
        if chosen:
            after = list(done)
            for a in chosen:
                after[a] += 1
            results.append((tuple(after), chosen))
        for a in ready.get(place, ()):
            if a not in chosen:
                extend(place + 1, [*chosen, a])

    extend(0, [])
    return results
