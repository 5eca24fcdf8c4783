"""The step against the play: the fewest and the most actions the cards offered took (R2-R5).

Part of :func:`modern_art.position_problems`, and :func:`modern_art.setup`'s
default ``step``. Every card offered is one action (R2.1, a double's second
card too, R5.1), and every sale took at least one more, as its auction asks:

* an open auction closes only when every seat but the high bidder has
  passed, or every seat has passed with no bid (R4.1): one action a seat;
* a one-offer auction asks every seat once, the auctioneer last (R4.2), and
  a hidden auction takes every seat's sealed bid (R4.3): one action a seat;
* a fixed-price sale takes the price and then an accept, or every other
  seat's pass (R4.4): two actions at least;
* a pair is sold in its second card's auction (R5.1); a double nobody added
  to goes free only after every seat with cards declined it (R5.2, R5.5):
  this round, at least every seat that holds cards now; in a past round, one.

So each painting that is not a double costs its auction's actions, and each
double that no painting of its artist in the same museum can have joined
costs its declines. In the discard the round-ending cards (one, or a pair,
each round: R5.7, R6.1, R6.2) were never sold; which they were is not in
the state, so each past round is granted the dearest card there. An
auction in progress adds what its phase shows was done (the bids, passes
and price so far). Each count is one pass over the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from modern_art._speed import IdentityCache
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)

__all__ = ["fewest_actions", "step_problems"]


def _sales(cards: Sequence[Card], n: int, declines: int = 1) -> tuple[int, int]:
    """The fewest actions the sale of ``cards`` (of one museum) took, and its dearest card."""
    cost = 0
    fixed = 0
    doubles: list[str] = []
    plain: list[str] = []
    for card in cards:
        kind = card.auction
        if kind is Auction.DOUBLE:
            doubles.append(card.artist)
            continue
        plain.append(card.artist)
        if kind is Auction.FIXED_PRICE:
            fixed += 1
        else:
            cost += n
    dearest = n if cost else (2 if fixed else 0)
    cost += 2 * fixed
    if doubles:
        dearest = max(dearest, declines)
        # Each painting that is not a double may have joined one double of its artist (R5.1).
        lone = sum(max(0, doubles.count(a) - plain.count(a)) for a in set(doubles))
        cost += declines * lone
    return cost, dearest


def _phase_actions(phase: object, n: int, hand_sizes: Sequence[int]) -> int:
    """The actions taken so far in the phase: declines, bids, passes, the price."""
    if type(phase) is Offering:  # the most common phase: nothing done in it yet
        return 0
    if isinstance(phase, DoubleOffer):
        # Asked from the double's player clockwise; seats without cards are skipped (R5.2).
        asked = (phase.asking - phase.double_player) % n
        return sum(1 for k in range(asked) if hand_sizes[(phase.double_player + k) % n])
    if isinstance(phase, OpenAuction):
        return len(phase.passed) + (phase.high_bidder is not None)
    if isinstance(phase, OneOfferAuction):
        return (phase.turn - phase.auctioneer - 1) % n
    if isinstance(phase, FixedPriceAuction):
        return 0 if phase.price is None else 1 + (phase.turn - phase.auctioneer - 1) % n
    if isinstance(phase, HiddenAuction):
        return sum(1 for bid in phase.bids if bid is not None)
    sealed = getattr(phase, "sealed", None)  # a view's hidden auction
    return len(sealed) if isinstance(sealed, frozenset) else 0


_PAST: IdentityCache[tuple[int, int]] = IdentityCache(256)
"""The past rounds' sales of a discard (and its dearest card), by the tuple's identity.

Consecutive states share their discard, so each is counted once.
"""


_NOW: IdentityCache[int] = IdentityCache(1024)
"""This round's sales of a museum, by the tuple's identity, the seats and the declines.

A museum changes only when its seat buys: consecutive states share it.
"""

_SEATS_APART: Final = 1 << 16
"""The key of :data:`_NOW`: ``n * _SEATS_APART + declines`` (declines are at most ``n``)."""


def fewest_actions(
    n: int,
    discard: Sequence[Card],
    ranked: int,
    museums: Sequence[Sequence[Card]],
    phase: object,
    hand_sizes: Sequence[int],
    offers: int,
) -> int:
    """The fewest actions that offer ``offers`` cards and sell what the position shows sold.

    Args:
        n: the number of seats.
        discard: the past rounds' cards: sold, but for one or two a round.
        ranked: the rounds ranked so far (each ended on cards never sold).
        museums: each seat's paintings bought this round.
        phase: the phase, whose bids, passes and price so far count too.
        hand_sizes: each seat's hand size (a double's declines skip empty hands).
        offers: the cards offered so far (discard, museums, lot).
    """
    known = _PAST.get(discard, n)
    if known is None:
        known = _sales(discard, n)
        if isinstance(discard, tuple):  # immutable: safe to keep
            _PAST.keep(discard, known, n)
    past, dearest = known
    past = max(0, past - ranked * dearest)
    # A seat holding cards now held them when this round's doubles were offered.
    declines = max(1, n - hand_sizes.count(0))
    now = 0
    key = n * _SEATS_APART + declines
    for museum in museums:
        if museum:
            sold = _NOW.get(museum, key)
            if sold is None:
                sold = _sales(museum, n, declines)[0]
                if isinstance(museum, tuple):  # immutable: safe to keep
                    _NOW.keep(museum, sold, key)
            now += sold
    return offers + past + now + _phase_actions(phase, n, hand_sizes)


def step_problems(step: int, offers: int, n: int, bound: int, fewest: int) -> list[str]:
    """The step against the fewest (``fewest``) and the most actions the play could take.

    The most: an offer is one action; asking for a second card takes at most
    one per seat; an auction at most one action per seat per bid, and bids
    rise by at least 1 up to at most ``bound`` (R3.1, R3.2, R4.1).
    """
    if step < fewest:
        return [
            f"step {step} is below the {fewest} actions the {offers} cards offered and the"
            " sales so far took at least (each sale its offer and its auction's bids,"
            " passes or price) (R2.1, R4, R5)"
        ]
    most = offers * (2 + n + (n + 1) * (bound + 1))
    if step > most:
        return [
            f"step {step} is more than the {most} actions {offers} offered cards could take"
            " (R2.1, R4)"
        ]
    return []
