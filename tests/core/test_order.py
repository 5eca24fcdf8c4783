"""R1.5 with R4.1 and R4.3: the order in which a host asks seats that may act together."""

from __future__ import annotations

import pytest

import modern_art as ma
from modern_art.core.seats import first_to_ask
from tests.helpers.rulekit import CAR, HIDDEN, MEL, OPEN, SIL, THA, game, offer, run

HANDS = [[(MEL, OPEN), (MEL, HIDDEN)], [(THA, OPEN), (CAR, OPEN)], [(SIL, OPEN), (CAR, HIDDEN)]]
HANDS4 = [*HANDS, [(THA, HIDDEN), (SIL, HIDDEN)]]


def test_R1_5_next_seat_is_the_only_seat_when_one_may_act() -> None:
    """In the offering phase the auctioneer is asked, whoever it is."""
    state = game(HANDS, first=2)
    assert ma.next_seat(state) == 2


def test_R4_1_next_seat_starts_left_of_the_auctioneer_before_any_bid() -> None:
    """Before the first bid of an open auction, the auctioneer's left is asked first."""
    state, _ = run(game(HANDS4, first=0), offer(0, MEL, OPEN))
    assert state.to_act == frozenset({0, 1, 2, 3})
    assert ma.next_seat(state) == 1
    state, _ = run(state, ma.Pass(1))
    assert ma.next_seat(state) == 2


def test_R4_1_next_seat_starts_left_of_the_high_bidder() -> None:
    """Once someone bids, the seat on the high bidder's left is asked first, the auctioneer too."""
    state, _ = run(game(HANDS4, first=0), offer(0, MEL, OPEN), ma.Bid(2, 5))
    assert ma.next_seat(state) == 3
    state, _ = run(state, ma.Pass(3))
    assert ma.next_seat(state) == 0  # the auctioneer may bid in an open auction (R4.1)
    state, _ = run(state, ma.Bid(1, 6))  # a new bid clears the passes
    assert ma.next_seat(state) == 2


def test_R4_3_next_seat_asks_hidden_bidders_from_the_auctioneers_left() -> None:
    """Sealed bids are asked for clockwise from the auctioneer's left, the auctioneer last."""
    state, _ = run(game(HANDS, first=2), offer(2, CAR, HIDDEN))
    assert ma.next_seat(state) == 0
    state, _ = run(state, ma.Bid(0, 3))
    assert ma.next_seat(state) == 1
    state, _ = run(state, ma.Bid(1, 0))
    assert ma.next_seat(state) == 2


def test_next_seat_among_asks_only_those_seats() -> None:
    """``among`` restricts the search (a host asking only its bots), keeping the order."""
    state, _ = run(game(HANDS4, first=0), offer(0, MEL, OPEN))
    assert ma.next_seat(state, among={0, 3}) == 3
    with pytest.raises(ValueError, match=r"no seat of \{1\} may act"):
        ma.next_seat(run(state, ma.Bid(1, 1))[0], among={1})


def test_next_seat_refuses_a_finished_game() -> None:
    """No seat may act once the game is over: a ValueError, not a wrong seat."""
    state = ma.new_game(3, seed=1)
    while not state.is_over:
        state = ma.apply(state, ma.legal_actions(state)[0]).state
    with pytest.raises(ValueError, match="no seat may act"):
        ma.next_seat(state)


def test_next_seat_is_always_a_seat_that_may_act() -> None:
    """Over whole random games, the seat named is in ``to_act``, may act, and is first_to_ask's."""
    import random

    for seed in range(5):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        while not state.is_over:
            seat = ma.next_seat(state)
            assert seat in state.to_act
            assert first_to_ask(state, state.to_act) == seat
            state = ma.apply(state, rng.choice(ma.legal_actions(state, seat))).state
