"""Money against what the rounds so far could have paid; the step against the play (R1.2, R6.5).

Part of :func:`modern_art.position_problems`. Money enters the game only at
the start (``starting_money`` a seat, R1.2) and at the end of each round,
when the bank buys the museums' paintings (R6.5); every other payment moves
money between seats or to the bank (R3.3). A painting sold in a past round
paid at most its artist's tiles then, which are no more than its tiles now,
so the money at the table is at most the starting money plus, for every
painting in the discard, its artist's tiles on the board. Before any
painting is bought in round 1, nobody has paid or been paid.

The exact order of past payments cannot be checked: many histories give the
same board, and which one happened is not in the state.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.cards import Card
from modern_art.data.rules import Rules
from modern_art.seeing.problems.history import by_artist

__all__ = ["money_bound", "money_problems", "step_problems"]


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
) -> list[str]:
    """The seats' money (``None`` where a view screens it) against ``bound``.

    ``untouched``: round 1, and no painting is in a museum yet, so nobody has
    paid or been paid (R1.2, R3.3).
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
    shown = [m for m in money if m is not None]
    if sum(shown) > bound:
        whose = "the seats hold" if len(shown) == len(money) else "the seats shown hold"
        out.append(
            f"{whose} {sum(shown)} in all, more than the {bound} the game could have paid:"
            f" {len(money)} x {start} to start plus at most each discarded painting's"
            " tiles for the sales so far (R1.2, R6.5)"
        )
    return out


def step_problems(step: int, offers: int, n: int, bound: int) -> list[str]:
    """The step against the most actions ``offers`` offered cards could take (R2.1, R4).

    An offer is one action; asking for a second card takes at most one per
    seat; an auction at most one action per seat per bid, and bids rise by at
    least 1 up to at most ``bound`` (R3.1, R3.2, R4.1).
    """
    most = offers * (2 + n + (n + 1) * (bound + 1))
    if step > most:
        return [
            f"step {step} is more than the {most} actions {offers} offered cards could take"
            " (R2.1, R4)"
        ]
    return []
