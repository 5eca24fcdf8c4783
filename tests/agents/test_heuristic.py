"""The heuristic agent's judgement in exact positions, and its bids against the payout helpers."""

from __future__ import annotations

from collections.abc import Sequence

import modern_art as ma
from modern_art import Auction

RULES = ma.Rules()


def card(artist: str, auction: Auction, nth: int = 0) -> ma.Card:
    """The ``nth`` card of that artist and symbol in the CMON deck."""
    return ma.find_cards(RULES, artist, auction)[nth]


def position(
    hand: Sequence[ma.Card], museums: Sequence[Sequence[ma.Card]], phase: ma.Phase | None = None
) -> ma.GameState:
    """A 3-player round-1 position: seat 0 holds ``hand``; counts follow the museums."""
    kept = [tuple(m) for m in museums]
    used = set(hand) | {c for m in kept for c in m}
    rest = [c for c in RULES.deck if c not in used]
    others = (tuple(rest[:4]), tuple(rest[4:8]))
    counts = tuple(sum(c.artist == a for m in kept for c in m) for a in RULES.artists)
    players = (
        ma.PlayerState("me", 100, tuple(hand), kept[0]),
        ma.PlayerState("left", 100, others[0], kept[1]),
        ma.PlayerState("right", 100, others[1], kept[2]),
    )
    return ma.GameState(
        RULES,
        players,
        tuple(rest[8:]),
        1,
        counts,
        ((),) * 5,
        (),
        phase or ma.Offering(0),
        0,
    )


def decide(state: ma.GameState, seat: int = 0) -> ma.Action:
    """The heuristic agent's action for ``seat`` (no events: everyone still holds 100)."""
    return ma.HeuristicAgent().act(ma.view(state, seat), ())


CARVALHO = [card("carvalho", Auction.OPEN, i) for i in range(3)] + [
    card("carvalho", Auction.ONE_OFFER, i) for i in range(3)
]


def test_R6_1_heuristic_ends_a_round_that_pays_it() -> None:
    """Holding three of the leader's four paintings, it offers the fifth and ends the round."""
    fifth = card("carvalho", Auction.HIDDEN)
    other = card("thaler", Auction.OPEN)
    state = position([other, fifth], [CARVALHO[:3], CARVALHO[3:4], []])
    assert decide(state) == ma.PlayCard(0, fifth)


def test_R6_1_heuristic_avoids_ending_a_round_that_hurts_it() -> None:
    """When a rival holds most of the leader's paintings, it offers something else."""
    fifth = card("carvalho", Auction.HIDDEN)
    other = card("thaler", Auction.OPEN)
    state = position(
        [fifth, other], [CARVALHO[:1], CARVALHO[1:4], [card("thaler", Auction.ONE_OFFER)]]
    )
    assert decide(state) == ma.PlayCard(0, other)


def test_R5_1_heuristic_plays_a_double_with_its_own_second_card() -> None:
    """With a double and a fitting card, it offers the double and adds the card itself."""
    double = card("melim", Auction.DOUBLE)
    partner = card("melim", Auction.OPEN)
    state = position([card("thaler", Auction.FIXED_PRICE), double, partner], [[], [], []])
    action = decide(state)
    assert action == ma.PlayCard(0, double)
    asked = ma.apply(state, action).state
    assert isinstance(asked.phase, ma.DoubleOffer) and asked.phase.asking == 0
    assert decide(asked) == ma.PlayCard(0, partner)


def test_R4_4_heuristic_names_a_price_it_would_pay_itself() -> None:
    """Its fixed price is at least 1 and no more than the lot pays it at best this round."""
    lot = (card("carvalho", Auction.FIXED_PRICE),)
    phase = ma.FixedPriceAuction(0, lot, None, None, 0)
    state = position([card("thaler", Auction.OPEN)], [CARVALHO[:2], [], []], phase)
    action = decide(state)
    assert isinstance(action, ma.SetPrice)
    assert 1 <= action.price <= ma.best_case_payout(state)["Manuel Carvalho"]


class BidWatcher:
    """A heuristic agent that checks every bid and price against the payout helpers."""

    name = "heuristic"

    def __init__(self) -> None:
        self.agent = ma.HeuristicAgent()
        self.checked = 0

    def act(self, view: ma.OwnView, events: Sequence[ma.Event]) -> ma.Action:
        action = self.agent.act(view, events)
        auction = view.auction
        if isinstance(action, ma.Bid | ma.SetPrice) and auction is not None:
            best = ma.best_case_payout(view)
            at_most = sum(best[c.artist] for c in auction.lot)
            amount = action.amount if isinstance(action, ma.Bid) else action.price
            assert amount <= max(1, at_most), (action, best)
            self.checked += 1
        return action


def test_heuristic_never_bids_above_what_the_lot_can_pay_this_round() -> None:
    """Every bid and price stays at or below the lot's best-case payout (R6.5)."""
    for seed in range(6):
        watchers = [BidWatcher() for _ in range(4)]
        ma.play_game(watchers, seed=seed)
        assert sum(w.checked for w in watchers) > 0
