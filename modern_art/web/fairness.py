"""Fair shares by network: who holds the most, and whose table goes when the server is full.

One policy serves every scarce thing of the server: tables
(:class:`~modern_art.web.registry.Registry`), connections
(:mod:`modern_art.web.connections`) and analyses
(:class:`~modern_art.web.practice.Analyst`). Each counts what every network
(:class:`~modern_art.web.addresses.Networks`) holds, and when a newcomer
finds none left, the network holding the most, and more than the newcomer,
gives one up (:func:`heaviest`).

A table is *in use* only while its game moves (:func:`stalest_table`): its
``moved`` is when a person's action last took the game further than it had
ever been. Looking, polling, coming back, an action then taken back (an
undo) and the bots' or the clock's moves are no progress. When the server
is full, a table that has not moved for ``idle_evict`` seconds goes first
(the stalest of the network holding the most that has one); else the
stalest table of the network holding the most **(decision)**: a newcomer
always gets a table while some network holds more than they do.

>>> from modern_art.web.fairness import heaviest
>>> heaviest({"a": 3, "b": 5, "c": 1}, above=1)
['b', 'a']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Protocol, TypeVar

__all__ = ["Holding", "heaviest", "holdings", "stalest_table"]

K = TypeVar("K", bound=Hashable)


class Holding(Protocol):
    """What the policy reads of a table: who opened it, and when its game last moved."""

    id: str
    """The table's id (what is closed)."""

    owner: str | None
    moved: float


H = TypeVar("H", bound=Holding)


def holdings(owners: Iterable[str | None], network: Callable[[str], str]) -> dict[str, int]:
    """How many things each network holds, from the addresses holding them (``None``: nobody's)."""
    held: dict[str, int] = {}
    for owner in owners:
        if owner is not None:
            key = network(owner)
            held[key] = held.get(key, 0) + 1
    return held


def heaviest(held: Mapping[K, int], above: int) -> list[K]:
    """The holders of more than ``above``, the one holding the most first."""
    return sorted((k for k, n in held.items() if n > above), key=lambda k: -held[k])


def stalest_table(
    playing: Iterable[H],
    newcomer: str | None,
    network: Callable[[str], str],
    now: float,
    idle_evict: float,
) -> H | None:
    """The table to close for ``newcomer`` (an address) when the server is full, or ``None``.

    Only a network holding more tables than the newcomer's gives one up: the
    stalest of those that have not moved for ``idle_evict`` seconds (from the
    network holding the most that has one), else the stalest table of the
    network holding the most (ties: the one whose stalest table is stalest).
    Tables of no owner (the server's own) are never closed.
    """
    tables = [t for t in playing if t.owner is not None]
    by_network: dict[str, list[H]] = {}
    for t in tables:
        by_network.setdefault(network(t.owner), []).append(t)  # type: ignore[arg-type]
    mine = len(by_network.get(network(newcomer), ())) if newcomer is not None else 0
    held = {key: len(found) for key, found in by_network.items()}
    candidates = heaviest(held, above=mine)
    if not candidates:
        return None
    for key in candidates:
        idle = [t for t in by_network[key] if now - t.moved >= idle_evict]
        if idle:
            return min(idle, key=lambda t: t.moved)
    most = held[candidates[0]]
    stalest = [min(by_network[k], key=lambda t: t.moved) for k in candidates if held[k] == most]
    return min(stalest, key=lambda t: t.moved)
