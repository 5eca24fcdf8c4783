"""The auctioneer against the hand sizes and the deal, in every round (R2.1, R2.4, R5, R6.7).

Part of :func:`modern_art.position_problems`. Every seat was dealt the same
number of cards by each round (R1.4, R6.6) and a card leaves a hand only
when offered, so each seat's cards offered so far are the cards dealt to it
less its hand. The turn goes round the table one seat at a time: after an
offer to the offerer's left (R2.4), and after a round's end to the left of
the seat that offered its last card (R6.7), so the turn runs on from round
to round as if the round had not ended. Only a double breaks the run: its
second card may come from any seat, out of turn, and the turn goes on from
that seat (R5.3, R5.4). Two checks follow, each a necessary condition:

* **No double offered in the game yet** (none in the discard, the museums
  or the lot): every card was offered in turn, so the seats that have
  offered one card more than the rest sit side by side, clockwise from the
  first auctioneer (any seat, R1.5), and the seat to offer next is the one
  after them (the auctioneer of an auction is the last of them). No seat is
  ever skipped (R2.3): a hand runs out only on the offer that empties the
  last one, which ends the game (R6.2).
* **With doubles**: each run of turns widens the gap between the most and
  the fewest cards offered by at most one (a skipped seat has offered all it
  was dealt, the most there is), and each double starts at most one new run,
  so no seat has offered more than one card plus one per double beyond
  another.

Not checked: which seat played or supplied each double (the state does not
say), so after a double the auctioneer may be any seat with cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.phases import GameOver, Offering

__all__ = ["turn_problems"]


def turn_problems(
    round_: int,
    dealt: int,
    hand_sizes: Sequence[int],
    doubles: int,
    phase: object,
) -> list[str]:
    """Whether the hands and the seat to offer (or the auctioneer) fit the turn order.

    Args:
        round_: the round being played.
        dealt: the cards dealt to each seat by this round (rounds 1 to ``round_``).
        hand_sizes: each seat's hand size.
        doubles: the double cards offered in the game so far (discard, museums, lot).
        phase: the phase, whose auctioneer is checked while no double was offered.
    """
    offers = [dealt - size for size in hand_sizes]
    low, high = min(offers), max(offers)
    if low < 0:
        return []  # a hand larger than the deal: reported with the cards
    shown = ", ".join(map(str, offers))
    so_far = "so far" if round_ > 1 else "in round 1"
    if doubles:
        allowed = 1 + doubles
        if high - low > allowed:
            each = f"each of the {doubles} doubles" if doubles > 1 else "the one double"
            return [
                f"the seats have offered {shown} cards {so_far} (each was dealt {dealt}),"
                f" but the turn goes round one seat at a time and {each} offered lets one"
                f" card come out of turn, so no seat offers more than {allowed} beyond"
                " another (R2.4, R5.3, R6.7)"
            ]
        return []
    if high - low > 1:
        return [
            f"the seats have offered {shown} cards {so_far} (each was dealt {dealt}), but"
            " with no double the turn goes round one seat at a time, so no seat offers"
            " two more than another (R2.1, R2.4, R6.7)"
        ]
    if isinstance(phase, GameOver) or high == low:
        # A whole number of turns: the next offer starts a new one (any first auctioneer),
        # and an auction's auctioneer ended one (any seat, the one before the first).
        return []
    n = len(hand_sizes)
    if isinstance(phase, Offering):
        seat, role, where = phase.auctioneer, "offers next", "after"
    else:
        seat, role, where = getattr(phase, "auctioneer", 0), "is the auctioneer", "last of"
    ahead = [offers[s] == high for s in range(n)]
    starts = [s for s in range(n) if ahead[s] and not ahead[s - 1]]
    if len(starts) != 1:
        return [
            f"the seats have offered {shown} cards {so_far}, but the seats that have"
            " offered one more are not side by side clockwise from the first auctioneer"
            " (R2.1, R2.4, R6.7)"
        ]
    end = next(s for s in range(starts[0], starts[0] + n) if not ahead[s % n]) % n
    expected = end if isinstance(phase, Offering) else (end - 1) % n
    if seat != expected:
        return [
            f"seat {seat} {role}, but the seats have offered {shown} cards {so_far}, so"
            f" seat {expected} is {where} the seats that have offered one more"
            " (R2.1, R2.4, R6.7)"
        ]
    return []
