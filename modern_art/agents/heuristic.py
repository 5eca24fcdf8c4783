"""A rule-of-thumb player: values paintings by what they can pay this round.

The value of one painting of an artist is the payout if the round ended now
(:func:`~modern_art.payout_if_round_ended_now`), nudged towards the best
case (:func:`~modern_art.best_case_payout`) while the round is young, with
the agent's own hand counted as half offered (it can push those artists).

- **Bidding.** Buying a lot worth ``V`` for ``p`` from another player gains
  ``V - p`` but hands ``p`` to a rival, so the agent bids at most
  ``V (n - 1) / n``, shaded a little. As auctioneer it gets the price if
  someone else buys, so it outbids only while the high bid is under ``V / 2``.
- **Fixed prices** are set where the others are likely to accept and the
  agent would not mind buying the lot itself if nobody does (R4.4).
- **Offering.** Each card is scored by the price it should fetch, plus what
  it adds to the agent's own museum (promoting artists it owns) minus what it
  adds to the others'. A card that ends the round is scored by the round's
  sale as it would then be: the agent ends a round when the sale favours it,
  and avoids it when it hurts.
- **Doubles.** With a fitting second card in hand it plays the double and
  adds the card itself, selling two paintings as auctioneer; it takes over
  another player's double when the pair should sell well (R5).
"""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.agents.base import agent_repr
from modern_art.agents.knowledge import (
    SeatKnowledge,
    estimates,
)
from modern_art.agents.ledger_cache import LedgerCache
from modern_art.core.scoring import ROUND_ENDING_COUNT, round_values
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.events import Event
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.seeing.views import HiddenAuctionView, OwnView

__all__ = ["HeuristicAgent", "heuristic_action"]

# What share of the public value a lot fetches, by how it is sold.
_SALE_SHARE = {
    Auction.OPEN: 0.75,
    Auction.ONE_OFFER: 0.65,
    Auction.HIDDEN: 0.7,
    Auction.FIXED_PRICE: 0.6,
    Auction.DOUBLE: 0.5,
}
_SHADE = 0.9  # bid this share of the break-even price


class HeuristicAgent:
    """Bids below what a painting can pay this round; offers cards with sense.

    Deterministic: the same view and events always give the same action, so
    ``seed`` only fits the common signature of agents.

    >>> import modern_art as ma
    >>> agents = [ma.HeuristicAgent() for _ in range(3)] + [ma.RandomAgent(seed=1)]
    >>> game = ma.play_game(agents, seed=5)
    >>> [game.players[s] for s in game.winners]
    ['heuristic']
    """

    name = "heuristic"
    """The agent's short name in tables."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._ledger = LedgerCache()

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """Choose an action by the rules of thumb in this module's docstring."""
        moneys = self._ledger.money(view, events)
        return heuristic_action(SeatKnowledge.from_view(view, moneys))

    def __repr__(self) -> str:
        return agent_repr(self, "seed")


def heuristic_action(table: SeatKnowledge, memo: dict[object, float] | None = None) -> Action:
    """The heuristic's action for ``table``'s seat (one of ``table.legal``).

    ``memo`` may carry lot values from one call to the next while nothing but
    bids changes (within one auction of one playout, say); ``None`` keeps none.
    """
    legal = table.legal
    if len(legal) == 1:
        return legal[0]
    phase = table.phase
    if isinstance(phase, Offering):
        return _offer(table)
    if isinstance(phase, DoubleOffer):
        return _second_card(table, phase)
    if isinstance(phase, FixedPriceAuction):
        return _fixed_price(table, phase)
    if isinstance(phase, OpenAuction | OneOfferAuction | HiddenAuctionView | HiddenAuction):
        return _bid(table, phase, memo)
    return legal[0]  # pragma: no cover (no other phase asks for an action)


def _lot_value(table: SeatKnowledge, lot: Sequence[Card], values: Sequence[float]) -> float:
    total = 0.0
    for card in lot:
        total += values[table.artist_index(card)]
    return total


def _cap(table: SeatKnowledge, value: float, auctioneer: int) -> int:
    """The most the seat should pay for a lot worth ``value`` to it."""
    if auctioneer == table.seat:  # it would otherwise receive the price
        return max(0, min(int((value - 1) / 2), table.money))
    cap = value * (table.n - 1) / table.n * _SHADE
    return max(0, min(int(cap), table.money))


def _bid(
    table: SeatKnowledge,
    phase: OpenAuction | OneOfferAuction | HiddenAuctionView | HiddenAuction,
    memo: dict[object, float] | None,
) -> Action:
    seat = table.seat
    key = (seat, phase.lot, table.counts)
    value = memo.get(key) if memo is not None else None
    if value is None:
        value = _lot_value(table, phase.lot, estimates(table))
        if memo is not None:
            memo[key] = value
    cap = _cap(table, value, phase.auctioneer)
    if isinstance(phase, OpenAuction):
        return raise_to(seat, phase.high_bid, cap)
    if isinstance(phase, OneOfferAuction):
        high = phase.high_bid
        if cap <= high:
            return Pass(seat)
        if phase.auctioneer == seat:  # bids last: just enough
            return Bid(seat, high + 1)
        return Bid(seat, max(high + 1, int(cap * 0.85)))
    # Hidden: shade the sealed bid; the auctioneer wins ties under CMON (R4.3).
    share = 0.9 if phase.auctioneer == seat else 0.75
    return Bid(seat, min(table.money, int(cap * share)))


def raise_to(seat: int, high: int, limit: int) -> Action:
    """An open-auction move towards ``limit``: a third of the way up, or a pass (R4.1)."""
    if limit <= high:
        return Pass(seat)
    return Bid(seat, min(limit, high + max(1, (limit - high) // 3)))


def open_limit(table: SeatKnowledge, phase: OpenAuction) -> int:
    """The most the heuristic bids in this open auction."""
    value = _lot_value(table, phase.lot, estimates(table))
    return _cap(table, value, phase.auctioneer)


def _fixed_price(table: SeatKnowledge, phase: FixedPriceAuction) -> Action:
    seat = table.seat
    if phase.price is None:  # name the price (R4.4)
        if table.money == 0:
            return SetPrice(seat, 0)
        public = _lot_value(table, phase.lot, estimates(table, own=False))
        mine = _lot_value(table, phase.lot, estimates(table))
        others = [m for s, m in enumerate(table.moneys) if s != seat]
        price = min(public * 0.65, mine * 0.9, max(others, default=0))
        return SetPrice(seat, max(1, min(table.money, int(price))))
    value = _lot_value(table, phase.lot, estimates(table))
    if Accept(seat) in table.legal and phase.price <= _cap(table, value, phase.auctioneer):
        return Accept(seat)
    return Pass(seat)


def _round_end_gain(table: SeatKnowledge, counts: Sequence[int]) -> float:
    """The seat's sale minus the others' mean if the round ends with ``counts``."""
    return table.edge(round_values(counts, table.tiles, table.rules))


def _promotion(table: SeatKnowledge, before: Sequence[float], after: Sequence[float]) -> float:
    """How much more the seat's museum is worth than the others', after minus before."""
    return table.edge_change(after, before)


def _with_one_more(counts: Sequence[int], artist: int, k: int = 1) -> list[int]:
    more = list(counts)
    more[artist] += k
    return more


def _offer(table: SeatKnowledge) -> Action:
    """Score each card in hand and offer the best (R2.1)."""
    return ranked_offers(table)[0]


def ranked_offers(table: SeatKnowledge) -> list[Action]:
    """One ``PlayCard`` per kind of card in hand, best first by the heuristic's score.

    Cards of the same artist and symbol are alike; the first in hand stands
    for them. Equal scores keep hand order.
    """
    before = estimates(table, own=False)
    scored: dict[tuple[str, Auction], tuple[float, int]] = {}
    after: dict[tuple[int, ...], list[float]] = {}  # the public estimates by counts, once each
    for i, action in enumerate(table.legal):
        assert isinstance(action, PlayCard)
        card: Card = action.card
        key = (card.artist, card.auction)
        if key not in scored:
            scored[key] = (-_offer_score(table, card, before, after), i)
    return [table.legal[i] for _, i in sorted(scored.values())]


def _partner(table: SeatKnowledge, card: Card) -> Card | None:
    """The best card in hand to add to ``card`` as a double's second card."""
    fitting = [
        c
        for c in table.hand
        if c.artist == card.artist and c.auction is not Auction.DOUBLE and c != card
    ]
    if not fitting:
        return None
    return max(fitting, key=lambda c: _SALE_SHARE[c.auction])


def _public(
    table: SeatKnowledge, counts: list[int], cache: dict[tuple[int, ...], list[float]]
) -> list[float]:
    """``estimates(table, counts, own=False)``, worked out once per ``counts`` in ``cache``."""
    key = tuple(counts)
    found = cache.get(key)
    if found is None:
        found = cache[key] = estimates(table, counts, own=False)
    return found


def _offer_score(
    table: SeatKnowledge,
    card: Card,
    before: Sequence[float],
    cache: dict[tuple[int, ...], list[float]],
) -> float:
    a = table.artist_index(card)
    counts = _with_one_more(table.counts, a)
    if counts[a] >= ROUND_ENDING_COUNT:  # R6.1, R5.6: it ends the round unsold
        return _round_end_gain(table, counts) - 5.0
    if card.auction is Auction.DOUBLE:
        partner = _partner(table, card)
        if partner is not None:
            counts = _with_one_more(counts, a)
            if counts[a] >= ROUND_ENDING_COUNT:  # R5.7: the pair ends the round
                return _round_end_gain(table, counts) - 10.0
            after = _public(table, counts, cache)
            revenue = _SALE_SHARE[partner.auction] * 2 * after[a]
            return revenue + _promotion(table, before, after) - 0.3 * after[a]
    after = _public(table, counts, cache)
    revenue = _SALE_SHARE[card.auction] * after[a]
    if counts[a] == ROUND_ENDING_COUNT - 1:  # the next player may end the round on it
        revenue -= 3.0
    return revenue + _promotion(table, before, after)


def _second_card(table: SeatKnowledge, phase: DoubleOffer) -> Action:
    """Add a second card to a double, or decline (R5.1-R5.3)."""
    seat = table.seat
    a = table.artist_index(phase.card)
    before = estimates(table, own=False)
    own_double = phase.double_player == seat
    best_score = 0.3 * before[a] if own_double else 0.0
    choice: Action = Pass(seat)
    for action in table.legal:
        if not isinstance(action, PlayCard):
            continue
        counts = _with_one_more(table.counts, a)
        if counts[a] >= ROUND_ENDING_COUNT:  # R5.7
            score = _round_end_gain(table, counts) - 5.0
        else:
            after = estimates(table, counts, own=False)
            score = _SALE_SHARE[action.card.auction] * 2 * after[a]
            score += _promotion(table, before, after)
            if not own_double:  # the card could have been sold alone later
                score -= _SALE_SHARE[action.card.auction] * after[a]
        if score > best_score:
            best_score, choice = score, action
    return choice
