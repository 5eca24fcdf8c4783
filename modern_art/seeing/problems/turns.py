"""The auctioneer against the hand sizes: turn order in round 1 (R2.1, R2.4).

Part of :func:`modern_art.position_problems`. In round 1 every seat was
dealt the same number of cards (R1.4), so each seat's cards offered so far
are that deal less its hand. While no double card has been offered this
round, every offer moves the turn to the seat on the offerer's left (R2.4),
and no seat's hand runs out before the round does: so the seats that have
offered one card more than the rest sit together, clockwise from the first
auctioneer, and the seat to offer next is the one after them.

Not checked: turn order after a double (its second card may come from any
seat, R5.3) and in later rounds, where the seats start with hands of
different sizes.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.cards import Auction, Card
from modern_art.data.phases import DoubleOffer, GameOver, Offering

__all__ = ["turn_problems"]


def turn_problems(
    round_: int,
    deal: int,
    hand_sizes: Sequence[int],
    offered_now: Sequence[Card],
    phase: object,
) -> list[str]:
    """Whether the seat to offer (or the auctioneer) fits the cards each seat has offered."""
    if round_ != 1 or isinstance(phase, GameOver | DoubleOffer):
        return []
    if any(card.auction is Auction.DOUBLE for card in offered_now):
        return []
    n = len(hand_sizes)
    offers = [deal - size for size in hand_sizes]
    low, high = min(offers), max(offers)
    if low < 0:
        return []  # a hand larger than the deal: reported with the cards
    shown = ", ".join(map(str, offers))
    if high - low > 1:
        return [
            f"the seats have offered {shown} cards in round 1 (each was dealt {deal}), but"
            " with no double the turn goes round one seat at a time, so no seat offers"
            " two more than another (R2.1, R2.4)"
        ]
    if isinstance(phase, Offering):
        seat, role, where = phase.auctioneer, "offers next", "after"
    else:
        seat, role, where = getattr(phase, "auctioneer", 0), "is the auctioneer", "last of"
    if high == low:
        # A whole number of turns: the next offer starts a new one (any first auctioneer),
        # and an auction's auctioneer ended one (any seat, the one before the first).
        return []
    ahead = [offers[s] == high for s in range(n)]
    starts = [s for s in range(n) if ahead[s] and not ahead[s - 1]]
    if len(starts) != 1:
        return [
            f"the seats have offered {shown} cards in round 1, but the seats that have"
            " offered one more are not side by side clockwise from the first auctioneer"
            " (R2.1, R2.4)"
        ]
    end = next(s for s in range(starts[0], starts[0] + n) if not ahead[s % n]) % n
    expected = end if isinstance(phase, Offering) else (end - 1) % n
    if seat != expected:
        return [
            f"seat {seat} {role}, but the seats have offered {shown} cards in round 1, so"
            f" seat {expected} is {where} the seats that have offered one more (R2.1, R2.4)"
        ]
    return []
