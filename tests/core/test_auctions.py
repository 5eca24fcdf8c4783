"""R4: the five auctions: open, one-offer, hidden (both tie rules), fixed price, double."""

from __future__ import annotations

from typing import Any

import pytest

import modern_art as ma
from tests.helpers.rulekit import (
    CAR,
    DOUBLE,
    FIXED,
    HIDDEN,
    MAR,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    game,
    money,
    offer,
    only,
    refused,
    run,
)

REST = [[(THA, OPEN), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]]


def start(kind: ma.Auction, players: int = 3, **fields: Any) -> ma.GameState:
    """Seat 0 has offered a Melim of ``kind``; the others hold two cards each."""
    hands = [[(MEL, kind), (CAR, OPEN)], *REST, [(THA, ONE), (SIL, ONE)], [(THA, HIDDEN)] * 2]
    state = game(hands[:players], **fields)
    return run(state, offer(0, MEL, kind))[0]


# R4.1 Open ---------------------------------------------------------------------------


def test_R4_1_everyone_may_bid_any_time_auctioneer_included() -> None:
    """In an open auction every seat may act at once, the auctioneer included."""
    state = start(OPEN)
    assert state.to_act == {0, 1, 2}
    state, _ = run(state, ma.Bid(2, 5), ma.Bid(0, 6), ma.Bid(1, 8), ma.Bid(2, 9))
    assert state.to_act == {0, 1}


def test_R4_1_pass_means_no_raise_and_new_bid_clears_passes() -> None:
    """A pass holds until someone raises; then the passer may bid again."""
    state = start(OPEN)
    state, _ = run(state, ma.Bid(1, 10), ma.Pass(2))
    assert state.to_act == {0}
    refused(state, ma.Bid(2, 11), "R4.1")  # seat 2 passed; nobody raised since
    refused(state, ma.Bid(1, 11), "R4.1")  # seat 1 holds the high bid: it waits
    refused(state, ma.Pass(1), "R4.1")
    state, _ = run(state, ma.Bid(0, 12))  # seat 0 raises: passes are cleared
    assert state.to_act == {1, 2}
    state, events = run(state, ma.Bid(2, 13), ma.Pass(0), ma.Pass(1))
    # Seat 2 buys for 13 from seat 0: (113, 100, 87).
    assert money(state) == (113, 100, 87)
    assert only(events, ma.AuctionWon)[0].buyer == 2


def test_R4_1_closes_when_all_but_high_bidder_passed() -> None:
    """With four players, the auction is open until all three others have passed."""
    state = start(OPEN, players=4)
    state, _ = run(state, ma.Bid(3, 20), ma.Pass(0), ma.Pass(1))
    assert isinstance(state.phase, ma.OpenAuction)
    state, events = run(state, ma.Pass(2))
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(3, 0, 20),)


def test_R4_1_no_bid_closes_when_everyone_passed() -> None:
    """Without a bid, the auction closes only when every seat, auctioneer included, passed."""
    state = start(OPEN)
    state, _ = run(state, ma.Pass(1), ma.Pass(2))
    assert state.to_act == {0}
    state, events = run(state, ma.Pass(0))
    assert only(events, ma.LotTakenFree)[0].seat == 0


def test_R4_1_auctioneer_outbids_all_and_pays_the_bank() -> None:
    """The auctioneer may raise in their own open auction; winning, they pay the bank."""
    state = start(OPEN)
    state, events = run(state, ma.Bid(1, 30), ma.Bid(0, 31), ma.Pass(1), ma.Pass(2))
    # Seat 0: 100 - 31 to the bank = 69.
    assert money(state) == (69, 100, 100)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(0, None, 31),)


# R4.2 One-offer ----------------------------------------------------------------------


def test_R4_2_order_left_of_auctioneer_auctioneer_last() -> None:
    """Seat 2 auctions among four: seats 3, 0, 1 act in turn, then seat 2."""
    hands = [[(CAR, OPEN)] * 2, [(CAR, ONE)] * 2, [(MEL, ONE), (THA, OPEN)], [(SIL, ONE)] * 2]
    state = run(game(hands, first=2), offer(2, MEL, ONE))[0]
    order = []
    for action in (ma.Pass(3), ma.Bid(0, 5), ma.Pass(1)):
        order.append(min(state.to_act))
        state = ma.apply(state, action).state
    order.append(min(state.to_act))
    assert order == [3, 0, 1, 2]
    state, _ = run(state, ma.Pass(2))
    # Seat 0 buys for 5 and pays seat 2.
    assert money(state) == (95, 100, 105, 100)


def test_R4_2_each_bids_once_above_the_high_bid() -> None:
    """Out of turn is refused, a bid must beat the high bid, and nobody acts twice."""
    state = start(ONE)
    refused(state, ma.Bid(2, 5), "R4.2")  # seat 1 acts first
    refused(state, ma.Bid(0, 5), "R4.2")
    state, _ = run(state, ma.Bid(1, 5))
    refused(state, ma.Bid(1, 6), "R4.2")  # seat 1 had its one offer
    refused(state, ma.Bid(2, 5), "R3.2")
    state, _ = run(state, ma.Bid(2, 6), ma.Pass(0))
    # The highest bid, seat 2's 6, wins: paid to seat 0.
    assert money(state) == (106, 100, 94)


def test_R4_2_auctioneer_bids_alone_and_pays_the_bank() -> None:
    """Nobody else bids; the auctioneer bids 1 and pays the bank."""
    state, events = run(start(ONE), ma.Pass(1), ma.Pass(2), ma.Bid(0, 1))
    assert money(state) == (99, 100, 100)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(0, None, 1),)


def test_R4_2_auctioneer_last_beats_the_high_bid() -> None:
    """The auctioneer, acting last, outbids seat 1's 20 with 21 and pays the bank."""
    state, _ = run(start(ONE), ma.Bid(1, 20), ma.Pass(2), ma.Bid(0, 21))
    assert money(state) == (79, 100, 100)
    assert state.players[0].museum[0].artist == "Daniel Melim"


# R4.3 Hidden -------------------------------------------------------------------------


def test_R4_3_bids_revealed_together_highest_wins() -> None:
    """Sealed bids are revealed only when all are in; the highest pays the auctioneer."""
    state, events = run(start(HIDDEN), ma.Bid(2, 17), ma.Bid(0, 3))
    assert only(events, ma.BidsRevealed) == []
    assert state.to_act == {1}
    state, events = run(state, ma.Bid(1, 9))
    assert only(events, ma.BidsRevealed) == [ma.BidsRevealed((3, 9, 17), 0, 2, None)]
    # Seat 2 pays 17 to seat 0.
    assert money(state) == (117, 100, 83)


def test_R4_3_auctioneer_wins_hidden_tie() -> None:
    """Under AUCTIONEER_FIRST (CMON) the auctioneer wins a tie for highest and pays the bank."""
    state, events = run(start(HIDDEN), ma.Bid(1, 20), ma.Bid(2, 20), ma.Bid(0, 20))
    tie = ma.HiddenTie.AUCTIONEER_FIRST
    assert only(events, ma.BidsRevealed) == [ma.BidsRevealed((20, 20, 20), 0, 0, tie)]
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(0, None, 20),)
    assert money(state) == (80, 100, 100)


def test_R4_3_tie_without_auctioneer_nearest_from_the_left() -> None:
    """Seat 3 auctions among four; seats 2 and 1 tie: seat 1 is nearer clockwise from seat 0."""
    hands = [[(CAR, OPEN)] * 2, [(CAR, ONE)] * 2, [(THA, ONE)] * 2, [(MEL, HIDDEN), (SIL, ONE)]]
    state = run(game(hands, first=3), offer(3, MEL, HIDDEN))[0]
    state, events = run(state, ma.Bid(0, 5), ma.Bid(1, 30), ma.Bid(2, 30), ma.Bid(3, 10))
    tie = ma.HiddenTie.AUCTIONEER_FIRST
    assert only(events, ma.BidsRevealed) == [ma.BidsRevealed((5, 30, 30, 10), 3, 1, tie)]
    # Seat 1 pays 30 to seat 3.
    assert money(state) == (100, 70, 100, 130)


def test_R4_3_clockwise_from_left_auctioneer_counted_last() -> None:
    """Under CLOCKWISE_FROM_LEFT, seat 2 beats the tied auctioneer seat 0."""
    state = start(HIDDEN, hidden_tie=ma.HiddenTie.CLOCKWISE_FROM_LEFT)
    state, events = run(state, ma.Bid(0, 20), ma.Bid(1, 4), ma.Bid(2, 20))
    tie = ma.HiddenTie.CLOCKWISE_FROM_LEFT
    assert only(events, ma.BidsRevealed) == [ma.BidsRevealed((20, 4, 20), 0, 2, tie)]
    # Seat 2 pays 20 to seat 0.
    assert money(state) == (120, 100, 80)


def test_R4_3_clockwise_from_left_auctioneer_wins_alone_at_top() -> None:
    """Under CLOCKWISE_FROM_LEFT a tie between seats 1 and 2 goes to seat 1, left of seat 0."""
    state = start(HIDDEN, hidden_tie=ma.HiddenTie.CLOCKWISE_FROM_LEFT)
    state, _ = run(state, ma.Bid(0, 2), ma.Bid(1, 8), ma.Bid(2, 8))
    assert money(state) == (108, 92, 100)


@pytest.mark.parametrize("tie", list(ma.HiddenTie))
def test_R4_3_all_zero_goes_free_to_auctioneer(tie: ma.HiddenTie) -> None:
    """If everyone bids 0, the auctioneer takes the painting free under either tie rule."""
    state = start(HIDDEN, hidden_tie=tie)
    state, events = run(state, ma.Bid(1, 0), ma.Bid(2, 0), ma.Bid(0, 0))
    assert only(events, ma.LotTakenFree)[0].seat == 0
    assert only(events, ma.AuctionWon) == []
    assert money(state) == (100, 100, 100)


def test_R4_3_no_pass_in_a_hidden_auction() -> None:
    """A hidden auction has no Pass (bid 0 instead), and a bid is sealed only once."""
    state = start(HIDDEN)
    err = refused(state, ma.Pass(1), "R4.3")
    assert "may bid 0" in err.reason  # the refusal tells the player what to do instead
    state, _ = run(state, ma.Bid(1, 3))
    refused(state, ma.Bid(1, 4), "R4.3")
    assert list(ma.legal_actions(state, 2))[:2] == [ma.Bid(2, 0), ma.Bid(2, 1)]


# R4.4 Fixed price --------------------------------------------------------------------


def test_R4_4_first_to_accept_buys_at_the_price() -> None:
    """Seat 0 asks 35; seat 1 passes, seat 2 accepts and pays seat 0."""
    state = start(FIXED)
    assert state.to_act == {0}
    state, events = run(state, ma.SetPrice(0, 35))
    assert state.to_act == {1}
    state, events = run(state, ma.Pass(1), ma.Accept(2))
    assert money(state) == (135, 100, 65)
    assert only(events, ma.PriceAccepted) == [ma.PriceAccepted(2, 35)]


def test_R4_4_price_from_1_to_auctioneer_money() -> None:
    """The price must be one the auctioneer could pay: 0 and 101 are refused, 100 allowed."""
    state = start(FIXED)
    refused(state, ma.SetPrice(0, 0), "R4.4")
    refused(state, ma.SetPrice(0, 101), "R4.4")
    refused(state, ma.SetPrice(1, 10), "R4.4")
    state, _ = run(state, ma.SetPrice(0, 100))
    assert state.phase.price == 100  # type: ignore[union-attr]


def test_R4_4_nobody_accepts_auctioneer_buys_from_the_bank() -> None:
    """After every other seat passes, the auctioneer buys at once, paying the bank."""
    state, events = run(start(FIXED), ma.SetPrice(0, 40), ma.Pass(1), ma.Pass(2))
    assert money(state) == (60, 100, 100)
    assert only(events, ma.AuctionWon) == [
        ma.AuctionWon(0, 40, state.players[0].museum, (ma.Payment(0, None, 40),))
    ]
    assert isinstance(state.phase, ma.Offering) and state.phase.auctioneer == 1


def test_R4_4_auctioneer_with_no_money_names_price_0() -> None:
    """An auctioneer with 0 money must name 0 (a decision); a seat accepts for nothing."""
    hands = [[(MEL, FIXED), (CAR, OPEN)], *REST]
    state = game(hands)
    # Seat 0 spends all 100 on its own Carvalho first: bank gets 100.
    state, _ = run(state, offer(0, CAR, OPEN), ma.Bid(0, 100), ma.Pass(1), ma.Pass(2))
    state, _ = run(state, offer(1, THA, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    state, _ = run(state, offer(2, SIL, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    assert money(state) == (0, 100, 100)
    state, _ = run(state, offer(0, MEL, FIXED))
    assert list(ma.legal_actions(state)) == [ma.SetPrice(0, 0)]
    refused(state, ma.SetPrice(0, 1), "R4.4")
    state, events = run(state, ma.SetPrice(0, 0), ma.Accept(1))
    (won,) = only(events, ma.AuctionWon)
    assert (won.buyer, won.price, won.payments) == (1, 0, ())
    assert won.lot[0] in state.players[1].museum
    assert money(state) == (0, 100, 100)


# R4.5 Double, and all five together ---------------------------------------------------


def test_R4_5_double_card_asks_for_a_second_card() -> None:
    """A double card starts no auction of its own: its player is asked for a second card."""
    state, events = run(game([[(MEL, DOUBLE), (MEL, HIDDEN)], *REST]), offer(0, MEL, DOUBLE))
    assert isinstance(state.phase, ma.DoubleOffer) and state.phase.asking == 0
    assert only(events, ma.AuctionStarted) == []
    state, events = run(state, offer(0, MEL, HIDDEN))
    assert only(events, ma.AuctionStarted)[0].kind is HIDDEN
    assert len(only(events, ma.AuctionStarted)[0].lot) == 2


def test_R4_all_five_auctions_in_one_round() -> None:
    """Open, one-offer, hidden, fixed price and a double are sold in turn; money adds up."""
    hands = [
        [(MEL, OPEN), (THA, FIXED), (CAR, OPEN)],
        [(CAR, ONE), (SIL, DOUBLE), (THA, OPEN)],
        [(MAR, HIDDEN), (SIL, OPEN), (THA, HIDDEN)],
    ]
    state = game(hands)
    # Open: seat 2 buys for 10 from seat 0.          (110, 100, 90)
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(2, 10), ma.Pass(0), ma.Pass(1))
    # One-offer: seat 2 bids 7, seat 0 passes, seat 1 passes: seat 2 pays seat 1. (110, 107, 83)
    state, _ = run(state, offer(1, CAR, ONE), ma.Bid(2, 7), ma.Pass(0), ma.Pass(1))
    # Hidden: bids 4, 6, 5: seat 1 pays seat 2 six.  (110, 101, 89)
    state, _ = run(state, offer(2, MAR, HIDDEN), ma.Bid(0, 4), ma.Bid(1, 6), ma.Bid(2, 5))
    # Fixed price 12: seat 1 accepts, pays seat 0.   (122, 89, 89)
    state, _ = run(state, offer(0, THA, FIXED), ma.SetPrice(0, 12), ma.Accept(1))
    # Double: seat 1 declines, seat 2 adds its open Silveira and auctions the pair;
    # seat 0 buys for 20, paying seat 2.             (102, 89, 109)
    state, events = run(state, offer(1, SIL, DOUBLE), ma.Pass(1), offer(2, SIL, OPEN))
    assert [e.kind for e in only(events, ma.AuctionStarted)] == [OPEN]
    state, _ = run(state, ma.Bid(0, 20), ma.Pass(1), ma.Pass(2))
    assert money(state) == (102, 89, 109)


def test_R4_2_R7_1_each_one_offer_bid_is_announced() -> None:
    """Every one-offer bid is public as it is made: a BidPlaced event each, passes as Passed."""
    state = start(ONE)
    state, events = run(state, ma.Bid(1, 5))
    assert events == [ma.BidPlaced(1, 5)]
    state, events = run(state, ma.Pass(2))
    assert events == [ma.Passed(2)]
    _, events = run(state, ma.Bid(0, 6))
    assert events[0] == ma.BidPlaced(0, 6)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(0, None, 6),)
