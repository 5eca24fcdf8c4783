"""R5: double auctions: the second card, takeover, payment (both policies) and round ends."""

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
    card,
    game,
    let_go,
    money,
    offer,
    only,
    refused,
    run,
)

SPLIT = ma.DoublePayment.SPLIT


def double_game(**fields: Any) -> ma.GameState:
    """Seat 0 holds a Melim double; seat 1 holds Melims of every single kind; seat 2 none."""
    hands = [
        [(MEL, DOUBLE), (MEL, DOUBLE), (CAR, OPEN), (CAR, ONE)],
        [(MEL, OPEN), (MEL, ONE), (MEL, FIXED), (MEL, HIDDEN)],
        [(THA, OPEN), (SIL, OPEN), (SIL, ONE), (MAR, OPEN)],
    ]
    return game(hands, **fields)


def taken_over(kind: ma.Auction, **fields: Any) -> ma.GameState:
    """Seat 0 plays its double and declines; seat 1 adds a Melim of ``kind``."""
    state = double_game(**fields)
    return run(state, offer(0, MEL, DOUBLE), ma.Pass(0), offer(1, MEL, kind))[0]


def test_R5_1_pair_sold_in_the_second_cards_auction() -> None:
    """The second card's symbol decides the auction and both cards form one lot."""
    state = double_game()
    double = card(state, 0, MEL, DOUBLE)
    state, events = run(state, ma.PlayCard(0, double), ma.Pass(0))
    second = card(state, 1, MEL, HIDDEN)
    state, events = run(state, ma.PlayCard(1, second))
    assert events[:2] == [
        ma.SecondCardAdded(1, second, 2),
        ma.AuctionStarted(1, HIDDEN, (double, second), 0),
    ]
    state, events = run(state, ma.Bid(0, 3), ma.Bid(1, 1), ma.Bid(2, 5))
    assert state.players[2].museum == (double, second)


def test_R5_1_second_card_same_artist_not_a_double() -> None:
    """A second card by another artist, or another double, is refused."""
    state = run(double_game(), offer(0, MEL, DOUBLE))[0]
    err = refused(state, ma.PlayCard(0, card(state, 0, CAR, OPEN)), "R5.1")
    assert "Daniel Melim" in err.reason
    err = refused(state, ma.PlayCard(0, card(state, 0, MEL, DOUBLE)), "R5.1")
    assert "double" in err.reason


def test_R5_2_decline_passes_clockwise_and_no_fit_is_still_asked() -> None:
    """Seat 1 declines; seat 2, holding no Melim, is still asked (R7.3) and may only decline."""
    state = run(double_game(), offer(0, MEL, DOUBLE), ma.Pass(0), ma.Pass(1))[0]
    assert state.to_act == {2}
    assert list(ma.legal_actions(state)) == [ma.Pass(2)]
    state, events = run(state, ma.Pass(2))
    assert only(events, ma.SecondCardDeclined) == [ma.SecondCardDeclined(2)]
    assert only(events, ma.LotTakenFree)[0].seat == 0


def test_R5_2_empty_hand_is_not_asked() -> None:
    """A seat with no hand cards is skipped when the chance to add a card goes round."""
    hands = [
        [(MEL, DOUBLE), (MEL, OPEN)],
        [(CAR, OPEN), (CAR, DOUBLE)],
        [(THA, OPEN), (SIL, OPEN)],
    ]
    state = game(hands)
    # Seat 0 completes its own double: its hand is now empty. Nobody bids.
    state = let_go(run(state, offer(0, MEL, DOUBLE), offer(0, MEL, OPEN))[0])[0]
    state = let_go(run(state, offer(1, CAR, OPEN))[0])[0]
    state = let_go(run(state, offer(2, THA, OPEN))[0])[0]
    # Seat 0 is skipped as auctioneer (R2.3); seat 1 plays its Carvalho double.
    state, _ = run(state, offer(1, CAR, DOUBLE))
    assert state.to_act == {2}  # seat 1's hand is empty too: it is not asked itself
    state, events = run(state, ma.Pass(2))
    # Seat 0 (empty) is not asked: seat 1 takes the double free.
    assert only(events, ma.LotTakenFree)[0] == ma.LotTakenFree(1, state.players[1].museum[-1:])


def test_R5_3_supplier_receives_all_the_payment() -> None:
    """Seat 2 buys the pair for 30 from supplier seat 1; seat 0, the double player, gets none."""
    state = taken_over(OPEN)
    state, events = run(state, ma.Bid(2, 30), ma.Pass(0), ma.Pass(1))
    # Seat 1: 100 + 30 = 130; seat 2: 100 - 30 = 70; seat 0 unchanged.
    assert money(state) == (100, 130, 70)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(2, 1, 30),)


def test_R5_3_supplier_buying_the_pair_pays_the_bank() -> None:
    """The supplier who buys its own pair pays the bank under SUPPLIER_TAKES_ALL."""
    state = taken_over(ONE)
    state, events = run(state, ma.Bid(2, 10), ma.Pass(0), ma.Bid(1, 11))
    # Seat 1: 100 - 11 (bank) = 89.
    assert money(state) == (100, 89, 100)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(1, None, 11),)


def test_R5_3_split_odd_unit_to_the_supplier() -> None:
    """Under SPLIT, 41 paid by seat 2 goes 21 to supplier seat 1 and 20 to double player seat 0."""
    state = taken_over(OPEN, double_payment=SPLIT)
    state, events = run(state, ma.Bid(2, 41), ma.Pass(0), ma.Pass(1))
    # Seat 0: 100 + 20; seat 1: 100 + 21; seat 2: 100 - 41.
    assert money(state) == (120, 121, 59)
    assert only(events, ma.AuctionWon)[0].payments == (
        ma.Payment(2, 1, 21),
        ma.Payment(2, 0, 20),
    )


def test_R5_3_split_share_owed_to_the_buyer_goes_to_the_bank() -> None:
    """Under SPLIT the double player buying for 41 pays 21 to the supplier and 20 to the bank."""
    state = taken_over(OPEN, double_payment=SPLIT)
    state, events = run(state, ma.Bid(0, 41), ma.Pass(1), ma.Pass(2))
    # Seat 0: 100 - 41 = 59; seat 1: 100 + 21 = 121; the bank takes seat 0's own 20.
    assert money(state) == (59, 121, 100)
    assert only(events, ma.AuctionWon)[0].payments == (
        ma.Payment(0, 1, 21),
        ma.Payment(0, None, 20),
    )


def test_R5_3_split_supplier_buying_pays_its_half_to_the_bank() -> None:
    """Under SPLIT the supplier buying for 40 pays 20 to the bank and 20 to the double player."""
    state = taken_over(HIDDEN, double_payment=SPLIT)
    state, events = run(state, ma.Bid(0, 10), ma.Bid(1, 40), ma.Bid(2, 39))
    # Seat 1: 100 - 40 = 60; seat 0: 100 + 20 = 120.
    assert money(state) == (120, 60, 100)
    assert only(events, ma.AuctionWon)[0].payments == (
        ma.Payment(1, None, 20),
        ma.Payment(1, 0, 20),
    )


def test_R5_3_split_unsold_fixed_price_pair_bought_by_supplier() -> None:
    """Under SPLIT an unaccepted pair priced 31 costs the supplier 16 to the bank, 15 to seat 0."""
    state = taken_over(FIXED, double_payment=SPLIT)
    state, events = run(state, ma.SetPrice(1, 31), ma.Pass(2), ma.Pass(0))
    # Seat 1: 100 - 31 = 69; seat 0: 100 + 15 = 115.
    assert money(state) == (115, 69, 100)
    assert only(events, ma.AuctionWon)[0].payments == (
        ma.Payment(1, None, 16),
        ma.Payment(1, 0, 15),
    )


def test_R5_3_split_without_takeover_pays_the_auctioneer_whole() -> None:
    """Under SPLIT a double completed by its own player is paid like any lot: all to them."""
    hands = [
        [(MEL, DOUBLE), (MEL, OPEN), (CAR, OPEN)],
        [(THA, OPEN)] * 3,
        [(SIL, OPEN)] * 3,
    ]
    state = game(hands, double_payment=SPLIT)
    state, events = run(state, offer(0, MEL, DOUBLE), offer(0, MEL, OPEN), ma.Bid(1, 25))
    state, events = run(state, ma.Pass(2), ma.Pass(0))
    assert money(state) == (125, 75, 100)
    assert only(events, ma.AuctionWon)[0].payments == (ma.Payment(1, 0, 25),)


def test_R5_4_next_auctioneer_left_of_the_supplier() -> None:
    """Seat 2 supplies seat 0's double: seat 0, left of seat 2, offers next, skipping seat 1."""
    hands = [
        [(MEL, DOUBLE), (CAR, OPEN), (CAR, ONE)],
        [(THA, OPEN)] * 3,
        [(MEL, OPEN), (SIL, OPEN), (SIL, ONE)],
    ]
    state = game(hands)
    state, _ = run(state, offer(0, MEL, DOUBLE), ma.Pass(0), ma.Pass(1), offer(2, MEL, OPEN))
    state, events = run(state, ma.Bid(1, 5), ma.Pass(0), ma.Pass(2))
    assert events[-1] == ma.TurnStarted(0)
    # Seat 1 pays 5 to the supplier, seat 2.
    assert money(state) == (100, 95, 105)


def test_R5_5_nobody_adds_double_player_takes_it_free() -> None:
    """Everyone declines: seat 0 takes its double free and seat 1, left of it, offers next."""
    state, events = run(double_game(), offer(0, MEL, DOUBLE), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    (free,) = only(events, ma.LotTakenFree)
    assert free.seat == 0 and [c.auction for c in free.lot] == [DOUBLE]
    assert events[-1] == ma.TurnStarted(1)
    assert money(state) == (100, 100, 100)


def fifth_game(**fields: Any) -> ma.GameState:
    """Three Melims are already offered (and went free); seat 0 is to offer."""
    hands = [
        [(MEL, OPEN), (MEL, DOUBLE), (CAR, OPEN), (CAR, ONE)],
        [(MEL, OPEN), (MEL, ONE), (MEL, DOUBLE), (THA, OPEN)],
        [(MEL, OPEN), (SIL, OPEN), (SIL, ONE), (MAR, OPEN)],
    ]
    state = game(hands, later=(2, 0, 0), **fields)
    return melims_free(state, (0, OPEN), (1, OPEN), (2, OPEN))


def melims_free(state: ma.GameState, *offers: tuple[int, ma.Auction]) -> ma.GameState:
    """Each seat offers its Melim of the given kind and nobody wants it."""
    for seat, kind in offers:
        state = let_go(run(state, offer(seat, MEL, kind))[0])[0]
    return state


def test_R5_6_double_card_is_fifth_round_ends_at_once() -> None:
    """A fourth Melim goes free; seat 1's double is the fifth: the round ends, nobody is asked."""
    state = fifth_game()
    state = let_go(run(state, offer(0, CAR, OPEN))[0])[0]  # seat 0 offers a Carvalho
    state = melims_free(state, (1, ONE))  # fourth Melim
    state = let_go(run(state, offer(2, SIL, OPEN))[0])[0]
    state, _ = run(state, offer(0, CAR, ONE))
    state = let_go(state)[0]
    double = card(state, 1, MEL, DOUBLE)
    state, events = run(state, ma.PlayCard(1, double))
    assert only(events, ma.SecondCardDeclined) == []
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ending_cards == (double,) and ended.ender == 1
    assert ended.counts[2] == 5
    assert state.round == 2 and double in state.discard
    assert all(double not in p.museum for p in state.players)


def test_R5_7_second_card_is_fifth_neither_sold_both_count() -> None:
    """Seat 0's double is the fourth Melim; seat 1 adds the fifth: the round ends unsold."""
    state = fifth_game()
    double = card(state, 0, MEL, DOUBLE)
    second = card(state, 1, MEL, ONE)
    state, events = run(state, ma.PlayCard(0, double), ma.Pass(0), ma.PlayCard(1, second))
    assert only(events, ma.AuctionStarted) == []
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ending_cards == (double, second)
    assert ended.ender == 1
    # Both count: Melim 5, and it ranks first with the 30 tile.
    assert ended.counts == (0, 0, 5, 0, 0)
    assert ended.ranking == ("Daniel Melim",) and ended.tiles == (30,)
    # The three Melims taken free earlier sell for 30 each; the pair went to nobody.
    assert money(state) == (130, 130, 130)
    assert {double, second} <= set(state.discard)
    # R6.7: the next round begins left of the supplier, seat 1.
    assert state.round == 2 and state.to_act == {2}


def test_R5_2_legal_actions_of_a_seat_not_asked_are_empty() -> None:
    """While seat 1 is asked for a second card, only seat 1 has legal actions."""
    state = run(double_game(), offer(0, MEL, DOUBLE), ma.Pass(0))[0]
    assert state.to_act == {1}
    assert list(ma.legal_actions(state, 0)) == []
    assert list(ma.legal_actions(state, 2)) == []
    asked = list(ma.legal_actions(state, 1))
    melims = [c for c in state.players[1].hand if c.artist == "Daniel Melim"]
    assert asked == [*(ma.PlayCard(1, c) for c in melims), ma.Pass(1)]
    assert list(ma.legal_actions(state)) == asked


@pytest.mark.parametrize(
    ("price", "supplier", "double_player"),
    [(1, 1, 0), (2, 1, 1), (3, 2, 1)],
)
def test_R5_3_split_small_prices_pay_every_unit(
    price: int, supplier: int, double_player: int
) -> None:
    """Under SPLIT a pair sold for 1 to 3 pays every unit: a share of 1 is paid."""
    state = taken_over(OPEN, double_payment=SPLIT)
    state, events = run(state, ma.Bid(2, price), ma.Pass(0), ma.Pass(1))
    # Seat 2 pays `price`: the supplier (seat 1) gets the larger half, seat 0 the rest.
    assert money(state) == (100 + double_player, 100 + supplier, 100 - price)
    expected = [ma.Payment(2, 1, supplier)]
    if double_player:
        expected.append(ma.Payment(2, 0, double_player))
    assert only(events, ma.AuctionWon)[0].payments == tuple(expected)
    assert sum(money(state)) == 300
