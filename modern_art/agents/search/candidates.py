"""The moves a search weighs at one decision: the heuristic's first, then a few others.

A search that tried every legal bid would spread its play-outs over
hundreds of amounts that differ by one; these lists keep the moves that
differ in kind (which card to offer, whether to take a double) and, for an
amount, a few fractions of what the lot is worth to the seat. The
heuristic's own move always comes first: it is the move the search plays
unless another proves better (:mod:`.tree`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from modern_art.agents.heuristic import heuristic_action, open_limit, raise_to, ranked_offers
from modern_art.agents.knowledge import SeatKnowledge, estimates
from modern_art.data.actions import Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.seeing.views import HiddenAuctionView

__all__ = ["OFFERS", "SHARES", "Candidate", "bid_limits", "candidate_actions", "one_per_kind"]

SHARES = (0.35, 0.5, 0.65, 0.8, 0.95, 1.1)
"""The fractions of a lot's value (to the seat) searched as bids, prices and bid limits."""

OFFERS = 6
"""At most this many kinds of card to offer are searched, the heuristic's best first."""

_PRICED = (FixedPriceAuction, OneOfferAuction, HiddenAuction, HiddenAuctionView)

Candidate = tuple[Action, int | None]
"""A move and, in an open auction, the bid limit the seat then keeps to (R4.1)."""


def candidate_actions(table: SeatKnowledge) -> list[Candidate]:
    """The seat's moves worth a search in ``table``, the heuristic's first, each once.

    - Offering (R2.1): the heuristic's best :data:`OFFERS` kinds of card
      (artist and auction: two such cards do the same).
    - A double's second card (R5): each fitting kind, and declining.
    - An open auction (R4.1): bid *limits*: the heuristic's, passing, and
      :data:`SHARES` of the lot's value; each comes with its first raise.
    - A one-offer or hidden auction (R4.2, R4.3), or naming a fixed price
      (R4.4): the heuristic's amount, the lowest bid or passing where
      there is one, and :data:`SHARES` of the lot's value.
    - Answering a fixed price: accepting and passing.
    """
    phase = table.phase
    legal = table.legal
    if isinstance(phase, OpenAuction):
        return [(raise_to(table.seat, phase.high_bid, x), x) for x in bid_limits(table, phase)]
    choice = heuristic_action(table)
    found: dict[Action, None] = {choice: None}
    if isinstance(phase, Offering):
        for action in ranked_offers(table)[:OFFERS]:
            found.setdefault(action, None)
    elif isinstance(phase, DoubleOffer):
        for action in one_per_kind(legal):
            found.setdefault(action, None)
    elif isinstance(phase, FixedPriceAuction) and phase.price is not None:
        for action in legal:
            found.setdefault(action, None)
    elif isinstance(phase, _PRICED):
        values = estimates(table, own=not isinstance(phase, FixedPriceAuction))
        value = sum(values[table.artist_index(card)] for card in phase.lot)
        amounts = {int(value * share) for share in SHARES}
        if isinstance(phase, OneOfferAuction):
            amounts.add(phase.high_bid + 1)
            for action in legal:
                if isinstance(action, Pass):
                    found.setdefault(action, None)
        elif not isinstance(phase, FixedPriceAuction):
            amounts.add(0)
        make = SetPrice if isinstance(phase, FixedPriceAuction) else Bid
        for amount in sorted(amounts):
            action = make(table.seat, amount)
            if action in legal:
                found.setdefault(action, None)
    return [(action, None) for action in found]


def one_per_kind(legal: Iterable[Action]) -> Iterator[Action]:
    """``legal`` in order, with one card play of each kind (R5: a double's second card).

    Two cards of the same artist and auction do the same, so a search weighs
    only the first of them; every other action (declining) is kept.
    """
    kinds: set[tuple[str, Auction]] = set()
    for action in legal:
        if isinstance(action, PlayCard):
            key = (action.card.artist, action.card.auction)
            if key in kinds:
                continue
            kinds.add(key)
        yield action


def bid_limits(
    table: SeatKnowledge, phase: OpenAuction, shares: tuple[float, ...] = SHARES
) -> list[int]:
    """Bid limits to search in an open auction: the heuristic's first, then pass and shares.

    Each share is of the lot's estimated value (the Monte Carlo bot searches
    fewer shares than the search does); a limit the seat cannot pay is cut
    to its money, and one at or below the high bid is a pass.
    """
    own = open_limit(table, phase)
    value = sum(estimates(table)[table.artist_index(card)] for card in phase.lot)
    limits = [own]
    for amount in (0, *(int(value * share) for share in shares)):
        limit = min(amount, table.money)
        if limit <= phase.high_bid:
            limit = 0  # every limit at or below the high bid is a pass
        if limit not in limits and not (limit == 0 and own <= phase.high_bid):
            limits.append(limit)
    return limits
