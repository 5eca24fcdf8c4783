"""setup's default step is the fewest actions that reach the position (R2.1, R4, R5).

Each card offered is one action, and each sale took at least as many more
as its auction asks: one a seat in an open, one-offer or hidden auction, the
price and an accept at a fixed price, a decline from every seat with cards
for a double nobody added to. The tests play those fewest actions from a
position and find setup's step equal to the one play reached; and for any
position setup returns, one action fewer is a position that cannot arise.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.impossible import setup_again
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant

HANDS: Any = [[...], [...], [...]]


def fewest(state: ma.GameState) -> int:
    """The step setup gives the position of ``state``, given fact by fact."""
    return setup_again(state, step=None).step


def is_least(state: ma.GameState) -> None:
    """``state`` has no problem, and one action fewer is refused, naming the sales."""
    assert ma.position_problems(state) == ()
    if state.step:
        fewer = ma.position_problems(attrs.evolve(state, step=state.step - 1))
        assert any("the sales so far took at least" in p for p in fewer), fewer


def played(start: ma.GameState, actions: list[str]) -> ma.GameState:
    state = start
    for text in actions:
        state = ma.apply(state, ma.parse_action(text, state)).state
    return state


def test_R4_the_issues_two_open_sales_take_eight_actions_not_two() -> None:
    """Two open auctions at three seats: each its offer and three passes (R4.1, R3.4)."""
    state = ma.setup(3, hands=HANDS, museums=[["melim/o"], ["thaler/o"], []], auctioneer=2)
    assert state.step == 8
    is_least(state)
    odd = attrs.evolve(state, step=2)
    assert any("step 2 is below the 8 actions" in p for p in ma.position_problems(odd))
    with pytest.raises(ValueError, match="step 2 is below the 8 actions"):
        ma.setup(3, hands=HANDS, museums=[["melim/o"], ["thaler/o"], []], auctioneer=2, step=2)


START = ma.setup(
    3,
    hands=[
        ["melim/o", "melim/n", "melim/h", "melim/f", "melim/d", "thaler/f", ...],
        ["thaler/o", ...],
        ["carvalho/o", ...],
    ],
)
"""Round 1, seat 0 to offer, holding one Melim of each kind (and a fixed-price Thaler)."""


@pytest.mark.parametrize(
    ("name", "moves"),
    [
        ("open, nobody bids", ["0 play melim/o", "1 pass", "2 pass", "0 pass"]),
        ("open, one bid", ["0 play melim/o", "1 bid 5", "2 pass", "0 pass"]),
        ("one-offer", ["0 play melim/n", "1 pass", "2 bid 3", "0 pass"]),
        ("hidden", ["0 play melim/h", "0 bid 0", "1 bid 4", "2 bid 0"]),
        ("fixed price, the left seat buys", ["0 play melim/f", "0 price 10", "1 accept"]),
        (
            "double, its player adds",
            ["0 play melim/d", "0 play melim/f", "0 price 9", "1 accept"],
        ),
        ("double, nobody adds", ["0 play melim/d", "0 pass", "1 pass", "2 pass"]),
    ],
)
def test_R4_R5_setups_step_is_the_step_the_fewest_actions_of_each_sale_reach(
    name: str, moves: list[str]
) -> None:
    """Each auction kind, and a double with and without its second card, played the
    shortest way: setup, given the position, says the step play reached."""
    state = played(START, moves)
    assert isinstance(state.phase, ma.Offering), name
    assert fewest(state) == state.step == len(moves), name
    is_least(setup_again(state, step=None))


def test_R4_4_the_actions_of_an_auction_in_progress_count() -> None:
    """A fixed price named and one pass: the offer, the price and the pass (R4.4)."""
    state = played(START, ["0 play melim/f", "0 price 10", "1 pass"])
    assert fewest(state) == state.step == 3
    is_least(state)


@settings(
    max_examples=max(5, settings().max_examples // 5),
    suppress_health_check=[HealthCheck.too_slow],
    deadline=None,
)
@given(**GAME_ARGUMENTS)
def test_R2_1_setups_step_for_a_played_position_is_at_most_plays_and_the_least_allowed(
    seed: int, players: int, tie: int, payment: int
) -> None:
    """Every fifth state of a random game, given to setup without its step: setup's step is
    no more than play took, and it is the least step with no problem."""
    for i, (state, _) in enumerate(game_states(players, seed, variant(players, tie, payment))):
        if i % 5 == 0:
            again = setup_again(state, step=None)
            assert again.step <= state.step
            is_least(again)


KINDS = st.sampled_from(["o", "n", "h", "f", "d"])
ARTISTS = st.sampled_from(["melim", "thaler", "carvalho", "mitchell", "silveira"])


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    players=st.integers(3, 5),
    round_=st.integers(1, 4),
    museums=st.lists(st.lists(st.tuples(ARTISTS, KINDS), max_size=4), min_size=5, max_size=5),
    auctioneer=st.integers(0, 4),
)
def test_R2_1_whatever_setup_returns_has_the_fewest_actions_step_and_no_problem(
    players: int, round_: int, museums: list[list[tuple[str, str]]], auctioneer: int
) -> None:
    """Random facts: setup refuses them (a ValueError) or returns a position with no problem
    whose step is the least that has none."""
    try:
        state = ma.setup(
            players,
            hands=[[...]] * players,
            round=round_,
            museums=[[f"{a}/{k}" for a, k in m] for m in museums[:players]],
            auctioneer=auctioneer % players,
        )
    except ValueError:
        return
    is_least(state)
