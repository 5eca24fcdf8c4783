"""Whom a host asks first when several seats may act: :func:`next_seat`.

Open and hidden auctions let several seats act at once (R4.1, R4.3). The
rules do not order them, but a host that asks one seat at a time (a bot
runner, a terminal game, a framework adapter) needs one order, and the same
order everywhere so that seeded games replay alike. This is it: clockwise
from the left of an anchor, where the anchor is the high bidder of an open
auction (or its auctioneer before the first bid) and the auctioneer
otherwise (R1.5). It is a **(decision)**: see the rules reference.
"""

from __future__ import annotations

from collections.abc import Collection

from modern_art.data.phases import OpenAuction
from modern_art.data.state import GameState

__all__ = ["next_seat"]


def next_seat(state: GameState, among: Collection[int] | None = None) -> int:
    """The seat a host asks next: the first of ``state.to_act`` clockwise from an anchor.

    The anchor is the high bidder of an open auction, else the auctioneer of
    the phase; the search starts at the anchor's left and ends with the anchor
    itself. Where only one seat may act, it is that seat.

    Args:
        state: the game.
        among: ask only these seats (for example the bots at a table where
            people act when they like); ``None`` for every seat.

    Raises:
        ValueError: no seat (of ``among``) may act, e.g. the game is over.

    >>> import modern_art as ma
    >>> state = ma.new_game(4, seed=7)
    >>> ma.next_seat(state)
    0
    """
    to_act = state.to_act
    if among is not None:
        to_act = to_act.intersection(among)
    if not to_act:
        raise ValueError("no seat may act now" if among is None else f"no seat of {among} may act")
    return first_to_ask(state, to_act)


def first_to_ask(state: GameState, to_act: frozenset[int]) -> int:
    """:func:`next_seat` of ``state`` among ``to_act``, a non-empty part of ``state.to_act``.

    For a host that holds ``state.to_act`` already: it is not asked again.
    """
    if len(to_act) == 1:
        return next(iter(to_act))
    phase = state.phase
    anchor: int | None = getattr(phase, "auctioneer", None)
    if isinstance(phase, OpenAuction) and phase.high_bidder is not None:
        anchor = phase.high_bidder
    n = len(state.players)
    start = 0 if anchor is None else anchor + 1
    for offset in range(n):
        seat = (start + offset) % n
        if seat in to_act:
            return seat
    raise ValueError("no seat may act now")  # unreachable: to_act holds seats of the table
