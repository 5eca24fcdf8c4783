"""Money against what the rounds so far could have paid (R1.2, R3.3, R6.5).

Part of :func:`modern_art.position_problems`. Money enters the game only at
the start (``starting_money`` a seat, R1.2) and at the end of each round,
when the bank buys the museums' paintings (R6.5); every other payment moves
money between seats or to the bank (R3.3). A painting sold in a past round
paid at most its artist's tiles then, which are no more than its tiles now,
so the money at the table is at most the starting money plus, for every
painting in the discard, its artist's tiles on the board. Before any
painting is bought in round 1, nobody has paid or been paid; later in
round 1 only a buyer pays (its museum holds what it bought) and only an
auctioneer whose painting another seat bought is paid (R3.3, R5.3).

The exact order of past payments cannot be checked: many histories give the
same board, and which one happened is not in the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.cards import Card
from modern_art.data.rules import Rules
from modern_art.seeing.problems.history import by_artist

__all__ = ["money_bound", "money_problems"]


def money_bound(
    rules: Rules, n: int, discard: Sequence[Card], tiles: Sequence[Sequence[int]]
) -> int:
    """The most money the table can hold: starting money plus the most the sales paid (R6.5)."""
    sold = by_artist(rules, discard)
    return n * rules.starting_money + sum(c * sum(t) for c, t in zip(sold, tiles, strict=True))


def money_problems(
    rules: Rules,
    money: Sequence[int | None],
    bound: int,
    untouched: bool,
    bought: Sequence[bool] | None = None,
) -> list[str]:
    """The seats' money (``None`` where a view screens it) against ``bound``.

    ``untouched``: round 1, and no painting is in a museum yet, so nobody has
    paid or been paid (R1.2, R3.3). ``bought``: in round 1 (game not over),
    whether each seat's museum holds a painting: a seat below its start
    bought one, a seat above it sold one to another seat (R3.3).
    """
    out: list[str] = []
    start = rules.starting_money
    if untouched:
        out += [
            f"seat {seat} has {m}, but no painting has been bought yet in round 1, so it"
            f" still has its starting {start} (R1.2, R3.3)"
            for seat, m in enumerate(money)
            if m is not None and m != start
        ]
        return out
    if bought is not None:
        buyers = sum(bought)
        for seat, m in enumerate(money):
            if m is None:
                continue
            if m < start and not bought[seat]:
                out.append(
                    f"seat {seat} has {m}, less than its starting {start}, but its museum is"
                    " empty: in round 1 only a buyer pays, and its painting stays in its"
                    " museum until the round ends (R1.2, R3.3, R6.5)"
                )
            elif m > start and buyers - bought[seat] == 0:
                out.append(
                    f"seat {seat} has {m}, more than its starting {start}, but no other seat"
                    " has bought a painting in round 1: only a sale to another seat pays"
                    " (R1.2, R3.3)"
                )
    shown = [m for m in money if m is not None]
    if sum(shown) > bound:
        whose = "the seats hold" if len(shown) == len(money) else "the seats shown hold"
        out.append(
            f"{whose} {sum(shown)} in all, more than the {bound} the game could have paid:"
            f" {len(money)} x {start} to start plus at most each discarded painting's"
            " tiles for the sales so far (R1.2, R6.5)"
        )
    return out
