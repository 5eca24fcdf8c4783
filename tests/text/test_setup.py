"""setup makes up what is not given so that the position could arise (docs/text.rst)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings

import modern_art as ma
from tests.helpers.impossible import setup_again
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant


@pytest.mark.parametrize("auctioneer", [0, 1, 2])
@pytest.mark.parametrize("bought", [1, 2, 3])
def test_R2_4_filled_round_1_hands_leave_the_seats_before_the_auctioneer_short(
    auctioneer: int, bought: int
) -> None:
    """In round 1 the seats that offered are the ones just before the seat to offer next."""
    cards = ["melim/o", "thaler/o", "carvalho/n"][:bought]
    state = ma.setup(3, auctioneer=auctioneer, hands=[[...]] * 3, museums=[cards, [], []])
    assert ma.position_problems(state) == ()
    sizes = [len(p.hand) for p in state.players]
    assert sum(sizes) == 30 - bought
    assert all(sizes[(auctioneer - k) % 3] == 9 for k in range(1, bought + 1))


@pytest.mark.parametrize("round_", [2, 3, 4])
def test_R6_3_made_up_past_rounds_end_on_a_fifth_painting_and_give_the_tiles(round_: int) -> None:
    """Without tiles, each past round is made with five of its winner; the tiles rank it."""
    state = ma.setup(4, round=round_, hands=[[...]] * 4)
    assert ma.position_problems(state) == ()
    firsts = sum(pile.count(30) for pile in state.tiles)
    assert firsts == round_ - 1
    discarded = Counter(card.artist for card in state.discard)
    for artist, pile in zip(state.rules.artists, state.tiles, strict=True):
        assert discarded[artist] >= 5 * pile.count(30)


def test_R6_4_given_tiles_are_kept_and_the_discard_fits_them() -> None:
    """Tiles given are the board's; the past rounds are made to give them."""
    tiles = {"carvalho": [30, 20], "melim": [20, 30], "thaler": [10, 10]}
    state = ma.setup(3, round=3, hands=[[...]] * 3, tiles=tiles)
    assert state.tiles == ((30, 20), (10, 10), (20, 30), (), ())
    assert ma.position_problems(state) == ()


def test_R6_4_tiles_no_past_rounds_can_give_are_refused() -> None:
    """A 10 tile in a round that gave no 20 cannot be: setup says why, naming the tiles."""
    with pytest.raises(ValueError, match="tiles: no order of 1 ranking gives these tiles"):
        ma.setup(3, round=2, hands=[[...]] * 3, tiles={"carvalho": [30], "melim": [10]})


def test_R1_3_filled_hands_hold_no_kind_a_hand_names() -> None:
    """A card named without #id still names one card of the hand after the fill."""
    state = ma.setup(3, round=2, hands=[["melim/o", ...], ["thaler/h", ...], [...]])
    kinds = [(c.artist, c.auction) for c in state.players[0].hand]
    assert kinds.count(("Daniel Melim", ma.Auction.OPEN)) == 1
    assert ("Sigrid Thaler", ma.Auction.HIDDEN) not in kinds
    assert ma.parse_action("0 play melim/o", state).card.auction is ma.Auction.OPEN  # type: ignore[union-attr]


def test_R6_6_check_false_builds_a_what_if_and_position_problems_names_it() -> None:
    """check=False returns the impossible position; with check it is refused, naming the fact."""
    hands = [["melim/o"], ["thaler/o"], ["carvalho/o"]]
    with pytest.raises(ValueError, match="but the hands lack 15 of them"):
        ma.setup(3, round=2, hands=hands)
    what_if = ma.setup(3, round=2, hands=hands, check=False)
    assert any("the hands lack" in p for p in ma.position_problems(what_if))


@settings(max_examples=max(5, settings().max_examples // 5))
@given(**GAME_ARGUMENTS)
def test_R6_a_reachable_state_given_to_setup_fact_by_fact_comes_back_equal(
    seed: int, players: int, tie: int, payment: int
) -> None:
    """Every fourth state of a random game, its hands, museums, tiles, phase, whole discard
    and deck given to setup, is rebuilt equal: setup refuses no position that can arise."""
    for i, (state, _) in enumerate(game_states(players, seed, variant(players, tie, payment))):
        if i % 4 == 0:
            assert setup_again(state) == state
