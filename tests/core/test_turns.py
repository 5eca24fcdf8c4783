"""R2: a turn: offering a card, counting it at once, skipping empty hands, the next auctioneer."""

from __future__ import annotations

import pytest

import modern_art as ma
from tests.helpers.rulekit import (
    CAR,
    DOUBLE,
    FIXED,
    HIDDEN,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    card,
    game,
    let_go,
    money,
    offer,
    only,
    run,
)

PHASES = {
    OPEN: ma.OpenAuction,
    ONE: ma.OneOfferAuction,
    HIDDEN: ma.HiddenAuction,
    FIXED: ma.FixedPriceAuction,
    DOUBLE: ma.DoubleOffer,
}


@pytest.mark.parametrize("kind", list(ma.Auction))
def test_R2_1_the_symbol_decides_the_auction(kind: ma.Auction) -> None:
    """The auctioneer offers a card face up and its symbol starts that kind of auction."""
    state = game([[(MEL, kind), (CAR, OPEN)], [(THA, OPEN)] * 2, [(SIL, OPEN)] * 2])
    played = card(state, 0, MEL, kind)
    state, events = run(state, ma.PlayCard(0, played))
    assert isinstance(state.phase, PHASES[kind])
    assert events[0] == ma.CardPlayed(0, played, 1)
    assert played not in state.players[0].hand
    if kind is not DOUBLE:
        assert events[1] == ma.AuctionStarted(0, kind, (played,), None)


def test_R2_2_an_offered_card_counts_at_once() -> None:
    """The count rises when the card is offered, before any bid."""
    state = game([[(MEL, OPEN), (CAR, OPEN)], [(MEL, ONE)] * 2, [(SIL, OPEN)] * 2])
    state, events = run(state, offer(0, MEL, OPEN))
    assert state.counts == (0, 0, 1, 0, 0)
    state, _ = let_go(state)
    state, events = run(state, offer(1, MEL, ONE))
    assert state.counts == (0, 0, 2, 0, 0)
    assert only(events, ma.CardPlayed)[0].count == 2


def test_R2_2_the_ending_card_counts_too() -> None:
    """A fifth card is never auctioned yet counts in the round's counts."""
    state = game(
        [[(MEL, OPEN), (MEL, OPEN)], [(MEL, ONE), (MEL, ONE)], [(MEL, HIDDEN), (THA, OPEN)]]
    )
    for seat, kind in ((0, OPEN), (1, ONE), (2, HIDDEN), (0, OPEN)):
        state, _ = run(state, offer(seat, MEL, kind))
        state, _ = let_go(state)
    state, events = run(state, offer(1, MEL, ONE))
    (ended,) = only(events, ma.RoundEnded)
    assert ended.counts == (0, 0, 5, 0, 0)


def test_R2_3_empty_hand_skipped_as_auctioneer_but_still_bids() -> None:
    """Seat 0 with no cards is skipped as auctioneer, yet bids (and buys) in seat 1's auction."""
    state = game(
        [[(MEL, DOUBLE), (MEL, OPEN)], [(THA, OPEN), (CAR, OPEN)], [(SIL, OPEN), (CAR, ONE)]]
    )
    # Seat 0 plays the double and adds its own second card: its hand is empty.
    state, _ = run(state, offer(0, MEL, DOUBLE), offer(0, MEL, OPEN))
    assert state.players[0].hand == ()
    # Seat 0 (empty hand) still bids in its own open auction; it wins and pays the bank.
    state, _ = run(state, ma.Bid(0, 3), ma.Pass(1), ma.Pass(2))
    state = let_go(run(state, offer(1, THA, OPEN))[0])[0]
    state, events = run(state, offer(2, SIL, OPEN))
    state, events = let_go(state)
    # After seat 2's auction, seat 0 would be next: it is skipped, seat 1 offers.
    assert events[-2:] == [ma.AuctioneerSkipped(0), ma.TurnStarted(1)]
    assert state.to_act == {1}
    # Seat 0 still bids in seat 1's open auction: it raises to 10 and buys.
    state, _ = run(state, offer(1, CAR, OPEN), ma.Bid(0, 10), ma.Pass(1), ma.Pass(2))
    # Seat 0: 100 - 3 (own pair, to the bank) - 10 (to seat 1) = 87; seat 1: 100 + 10.
    assert money(state) == (87, 110, 100)
    assert len(state.players[0].museum) == 3


def test_R2_4_next_auctioneer_left_of_the_auctioneer_not_the_buyer() -> None:
    """Seat 1 sells to seat 0; seat 2, left of the auctioneer, offers next."""
    state = game(
        [[(MEL, OPEN), (CAR, OPEN)], [(THA, OPEN), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]],
        first=1,
    )
    state, events = run(state, offer(1, THA, OPEN), ma.Bid(0, 7), ma.Pass(1), ma.Pass(2))
    assert events[-1] == ma.TurnStarted(2)
    assert state.to_act == {2}


def test_R2_4_after_a_double_left_of_the_supplier() -> None:
    """Seat 0 plays a double, seat 1 supplies the second card: seat 2 offers next."""
    state = game(
        [[(MEL, DOUBLE), (CAR, OPEN)], [(MEL, OPEN), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]]
    )
    state, _ = run(state, offer(0, MEL, DOUBLE), ma.Pass(0), offer(1, MEL, OPEN))
    state, _ = run(state, ma.Bid(0, 4), ma.Pass(1), ma.Pass(2))
    assert state.to_act == {2}
