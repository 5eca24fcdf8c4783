"""Ranking, value tiles, the sale at a round's end, payments and winners (R3.3, R6, R8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from modern_art.data.events import Payment
from modern_art.data.rules import DoublePayment, Rules
from modern_art.data.state import GameState

__all__ = ["artist_value", "lot_payments", "rank_artists", "round_values", "winners"]

ROUND_ENDING_COUNT = 5
"""The instant an artist's fifth painting is offered, the round ends (R6.1)."""

# Enum members as module constants: the compiled build reads a Final from a C static,
# an enum member from its class (an attribute lookup each time).
_SPLIT: Final = DoublePayment.SPLIT


def rank_artists(counts: Sequence[float], rules: Rules) -> tuple[int, ...]:
    """This round's ranked artists as board indices, first to last (R6.3).

    More paintings offered ranks higher; equal counts go to the artist further
    left on the board; only artists with at least one offered painting rank,
    and at most as many as there are value tiles. Counts may be fractional
    (a bot weighing the cards it may still offer).

    >>> rank_artists((2, 0, 3, 2, 1), Rules())
    (2, 0, 3)
    """
    # An insertion sort, stable (ties stay in board order): a handful of artists, and no
    # key function or key tuples to make (the compiled build calls this every round).
    ranked: list[int] = []
    for i, count in enumerate(counts):
        if count > 0:
            j = len(ranked)
            while j > 0 and counts[ranked[j - 1]] < count:
                j -= 1
            ranked.insert(j, i)
    return tuple(ranked[: len(rules.value_tiles)])


def artist_value(tiles: Sequence[int], ranked: bool) -> int:
    """What one painting of an artist pays at a sale (R6.5).

    The sum of all the artist's tiles, this round's and earlier ones, while
    the artist is in this round's ranking; 0 otherwise.

    >>> artist_value((30, 20), ranked=True), artist_value((30, 20), ranked=False)
    (50, 0)
    """
    return sum(tiles) if ranked else 0


def round_values(
    counts: Sequence[float], tiles: Sequence[tuple[int, ...]], rules: Rules
) -> tuple[int, ...]:
    """Per artist in board order, what one painting pays if the round ends with ``counts``.

    The artists are ranked on ``counts`` (R6.3), each ranked artist gets the
    tile of its place on top of ``tiles`` (R6.4) and pays their sum; any
    other artist pays 0 (R6.5).

    >>> round_values((2, 0, 3, 2, 1), ((), (), (), (30,), ()), Rules())
    (20, 0, 30, 40, 0)
    """
    ranked = rank_artists(counts, rules)
    values = [0] * len(counts)
    for place, a in enumerate(ranked):
        values[a] = artist_value((*tiles[a], rules.value_tiles[place]), ranked=True)
    return tuple(values)


def lot_payments(
    buyer: int,
    price: int,
    auctioneer: int,
    double_player: int | None,
    rule: DoublePayment,
) -> tuple[Payment, ...]:
    """Who pays whom when ``buyer`` buys a lot for ``price`` (R3.3, R5.3).

    A buyer other than the auctioneer pays the auctioneer; an auctioneer
    buying their own lot pays the bank. Under ``SPLIT``, after a takeover the
    supplier (the auctioneer) is owed the larger half and the double player
    the rest; a share owed to the buyer goes to the bank (a decision).

    >>> lot_payments(1, 40, 0, None, DoublePayment.SUPPLIER_TAKES_ALL)
    (Payment(payer=1, payee=0, amount=40),)
    >>> lot_payments(2, 41, 1, 0, DoublePayment.SPLIT)
    (Payment(payer=2, payee=1, amount=21), Payment(payer=2, payee=0, amount=20))
    """
    if rule is not _SPLIT or double_player is None or double_player == auctioneer:
        if price <= 0:
            return ()
        return (Payment(buyer, None if auctioneer == buyer else auctioneer, price),)
    shares = ((auctioneer, (price + 1) // 2), (double_player, price // 2))
    return tuple(
        Payment(buyer, None if owner == buyer else owner, amount)
        for owner, amount in shares
        if amount > 0
    )


def winners(state: GameState) -> tuple[int, ...]:
    """The seats sharing the most money once the game is over; ``()`` before (R8.2).

    An exact tie shares the victory: there is no tie-break.
    """
    if not state.is_over:
        return ()
    return leaders(tuple(p.money for p in state.players))


def leaders(money: Sequence[int]) -> tuple[int, ...]:
    """The seats holding the most money."""
    most = max(money)
    return tuple(seat for seat, amount in enumerate(money) if amount == most)
