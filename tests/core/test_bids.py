"""R3: bids and payment in every auction: whole units, above the high bid, who pays whom."""

from __future__ import annotations

import modern_art as ma
from tests.helpers.rulekit import (
    CAR,
    FIXED,
    HIDDEN,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    game,
    let_go,
    money,
    offer,
    only,
    refused,
    run,
)

HANDS = [[(MEL, OPEN), (CAR, OPEN)], [(THA, OPEN), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]]


def test_R3_1_no_bid_above_own_money() -> None:
    """A bid of 101 with 100 money is refused; a bid of all 100 is allowed."""
    state, _ = run(game(HANDS), offer(0, MEL, OPEN))
    err = refused(state, ma.Bid(1, 101), "R3.1")
    assert "101" in err.reason and "100" in err.reason
    state, events = run(state, ma.Bid(1, 100))
    assert events == [ma.BidPlaced(1, 100)]


def test_R3_1_no_hidden_bid_above_own_money() -> None:
    """Hidden bids too are capped by the bidder's money."""
    hands = [[(MEL, HIDDEN), (CAR, OPEN)], HANDS[1], HANDS[2]]
    state, _ = run(game(hands, starting_money=30), offer(0, MEL, HIDDEN))
    refused(state, ma.Bid(2, 31), "R3.1")


def test_R3_1_no_acceptance_above_own_money() -> None:
    """A player cannot accept a fixed price above their money: they are asked and can only pass."""
    hands = [[(MEL, OPEN), (CAR, FIXED)], HANDS[1], HANDS[2]]
    state, _ = run(game(hands), offer(0, MEL, OPEN), ma.Bid(1, 90), ma.Pass(2), ma.Pass(0))
    state = let_go(run(state, offer(1, THA, OPEN))[0])[0]
    state = let_go(run(state, offer(2, SIL, OPEN))[0])[0]
    # Seat 1 paid 90 to seat 0: money (190, 10, 100). Seat 0 asks 50 for a Carvalho.
    state, _ = run(state, offer(0, CAR, FIXED), ma.SetPrice(0, 50))
    assert state.to_act == {1}
    assert list(ma.legal_actions(state)) == [ma.Pass(1)]
    refused(state, ma.Accept(1), "R3.1")
    state, _ = run(state, ma.Pass(1), ma.Accept(2))
    # Seat 2 pays 50 to seat 0: (240, 10, 50).
    assert money(state) == (240, 10, 50)


def test_R3_2_open_bid_must_exceed_high_bid() -> None:
    """An open bid equal to the high bid is refused; one above it is taken."""
    state, _ = run(game(HANDS), offer(0, MEL, OPEN), ma.Bid(1, 10))
    refused(state, ma.Bid(2, 10), "R3.2")
    refused(state, ma.Bid(2, 9), "R3.2")
    state, _ = run(state, ma.Bid(2, 11))
    assert state.phase.high_bid == 11 and state.phase.high_bidder == 2  # type: ignore[union-attr]


def test_R3_2_lowest_public_bid_is_1() -> None:
    """In open and one-offer auctions a bid of 0 is refused and 1 is the lowest."""
    state, _ = run(game(HANDS), offer(0, MEL, OPEN))
    refused(state, ma.Bid(1, 0), "R3.2")
    run(state, ma.Bid(1, 1))
    hands = [[(MEL, ONE), (CAR, OPEN)], HANDS[1], HANDS[2]]
    state, _ = run(game(hands), offer(0, MEL, ONE))
    refused(state, ma.Bid(1, 0), "R3.2")
    run(state, ma.Bid(1, 1))


def test_R3_2_hidden_bids_may_be_zero_and_tie() -> None:
    """Hidden bids of 0 are allowed and equal hidden bids are allowed."""
    hands = [[(MEL, HIDDEN), (CAR, OPEN)], HANDS[1], HANDS[2]]
    _, events = run(game(hands), offer(0, MEL, HIDDEN), ma.Bid(0, 0), ma.Bid(1, 12), ma.Bid(2, 12))
    assert only(events, ma.BidsRevealed) == [
        ma.BidsRevealed((0, 12, 12), 0, 1, ma.HiddenTie.AUCTIONEER_FIRST)
    ]


def test_R3_3_buyer_pays_the_auctioneer() -> None:
    """Seat 2 buys seat 0's painting for 25: seat 2 pays seat 0."""
    state, events = run(game(HANDS), offer(0, MEL, OPEN), ma.Bid(2, 25))
    state, events = run(state, ma.Pass(0), ma.Pass(1))
    # Seat 0: 100 + 25 = 125; seat 2: 100 - 25 = 75; seat 1 untouched.
    assert money(state) == (125, 100, 75)
    (won,) = only(events, ma.AuctionWon)
    assert won.payments == (ma.Payment(2, 0, 25),)


def test_R3_3_auctioneer_buying_own_lot_pays_the_bank() -> None:
    """Seat 0 wins its own open auction for 25 and pays the bank."""
    state, events = run(game(HANDS), offer(0, MEL, OPEN), ma.Bid(1, 20), ma.Bid(0, 25))
    state, events = run(state, ma.Pass(1), ma.Pass(2))
    # Seat 0: 100 - 25 = 75; nobody receives anything.
    assert money(state) == (75, 100, 100)
    (won,) = only(events, ma.AuctionWon)
    assert won == ma.AuctionWon(0, 25, won.lot, (ma.Payment(0, None, 25),))


def test_R3_4_lot_nobody_bids_on_goes_free_to_the_auctioneer() -> None:
    """An open and a one-offer lot with no bid go to their auctioneer for nothing."""
    hands = [[(MEL, OPEN), (CAR, OPEN)], [(THA, ONE), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]]
    state, events = run(game(hands), offer(0, MEL, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    assert only(events, ma.LotTakenFree) == [ma.LotTakenFree(0, state.players[0].museum)]
    state, events = run(state, offer(1, THA, ONE), ma.Pass(2), ma.Pass(0), ma.Pass(1))
    assert [e.seat for e in only(events, ma.LotTakenFree)] == [1]
    assert money(state) == (100, 100, 100)
    assert len(state.players[1].museum) == 1


def test_R3_4_not_so_for_fixed_price() -> None:
    """An unaccepted fixed-price lot is bought by its auctioneer, who pays the bank."""
    hands = [[(MEL, FIXED), (CAR, OPEN)], HANDS[1], HANDS[2]]
    state, events = run(
        game(hands), offer(0, MEL, FIXED), ma.SetPrice(0, 15), ma.Pass(1), ma.Pass(2)
    )
    # Seat 0 pays 15 to the bank: 85.
    assert money(state) == (85, 100, 100)
    assert only(events, ma.LotTakenFree) == []


def test_R3_5_bought_paintings_face_up_in_the_museum() -> None:
    """The lot bought goes into the buyer's museum, which is part of the public state."""
    state, events = run(game(HANDS), offer(0, MEL, OPEN), ma.Bid(1, 5), ma.Pass(2), ma.Pass(0))
    (won,) = only(events, ma.AuctionWon)
    assert state.players[1].museum == won.lot
    assert won.lot[0].artist == "Daniel Melim"
