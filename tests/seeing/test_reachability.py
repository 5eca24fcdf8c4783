"""Positions no game reaches, one fact of the history each: money, discard, deal, turns, views.

Each case breaks one necessary condition of reachability that
:func:`modern_art.position_problems` checks (docs/text.rst, "What is
checked"); it must be named, and the position refused by
:func:`~modern_art.read_position`, ``from_json`` and :func:`~modern_art.setup`.
The cases are in tests/helpers/impossible_histories.py; the facts of the position itself
(seats, cards, phases) in tests/helpers/impossible_facts.py, tested in test_positions.py.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

import modern_art as ma
from tests.helpers.impossible import Impossible, refused_everywhere, setup_again
from tests.helpers.impossible_facts import BAD
from tests.helpers.impossible_histories import (
    FIRST_SALE,
    HIDDEN,
    MID2,
    OPEN_R1,
    OVER,
    ROUND2,
    ROUND3,
    ROUND4,
    SOLD_R1,
    START,
    STATES,
    VIEWS,
)


@pytest.mark.parametrize("case", STATES, ids=[case.fact for case in STATES])
def test_R6_an_impossible_history_is_named_and_refused(case: Impossible) -> None:
    """position_problems names the fact and its rule; read_position, from_json and setup
    refuse it, each naming the fact."""
    refused_everywhere(case)


def test_R4_3_a_state_whose_phase_is_a_seat_s_view_of_a_hidden_auction_is_refused() -> None:
    """A HiddenAuctionView holds one seat's bid, not every bid: a state cannot hold it.

    The compiled build's GameState refuses it when made (TypeError); the pure
    build makes it, position_problems names it, and from_json and setup refuse
    it. The position text has no such phase to write.
    """
    if ma.COMPILED:
        with pytest.raises(TypeError):
            attrs.evolve(HIDDEN, phase=ma.view(HIDDEN, 0).phase)  # type: ignore[arg-type]
        return
    bad = attrs.evolve(HIDDEN, phase=ma.view(HIDDEN, 0).phase)  # type: ignore[arg-type]
    assert any("is what one seat sees of it" in p for p in ma.position_problems(bad))
    with pytest.raises(ValueError, match="is what one seat sees of it"):
        ma.write_position(bad)
    with pytest.raises(ma.SerializationError):
        ma.from_json(ma.to_json(bad), "state")
    with pytest.raises(ValueError, match="phase must be a phase of a state"):
        setup_again(bad)


def test_at_least_sixty_impossible_positions_are_refused_by_all_three_readers() -> None:
    """Issue 24: at least 60 different impossible facts, each refused by read_position,
    from_json and setup (the ones setup cannot state are counted out, with the reason).

    The views (below) are refused by from_json(..., "view"); read_position and
    setup make states only, so the views are not counted here.
    """
    cases = [*STATES, *BAD]
    assert len({case.fact for case in cases}) == len(cases)
    through_all = [case for case in cases if case.through_setup]
    assert len(through_all) >= 60, len(through_all)
    assert all(case.not_setup for case in cases if not case.through_setup)


@pytest.mark.parametrize(("fact", "make", "says"), VIEWS, ids=[f for f, _, _ in VIEWS])
def test_R7_2_a_view_showing_what_its_seat_may_not_see_is_named_and_refused(
    fact: str, make: Callable[[], ma.PlayerView], says: str
) -> None:
    """A view's money, sealed bid and phase must be what its seat sees; from_json refuses it."""
    bad = make()
    problems = ma.position_problems(bad)
    assert any(says in problem for problem in problems), problems
    with pytest.raises(ma.SerializationError):
        ma.from_json(ma.to_json(bad), "view")


@pytest.mark.parametrize(
    "state",
    [START, FIRST_SALE, SOLD_R1, OPEN_R1, ROUND2, MID2, ROUND3, ROUND4, HIDDEN, OVER],
    ids=[
        "start",
        "first sale",
        "sold",
        "open",
        "round 2",
        "mid 2",
        "round 3",
        "round 4",
        "hidden",
        "over",
    ],
)
def test_the_states_the_cases_start_from_are_possible_and_setup_rebuilds_them(
    state: ma.GameState,
) -> None:
    """The controls: each base state has no problem, and setup given its facts accepts them."""
    assert ma.position_problems(state) == ()
    for seat in (None, 0, 1, 2):
        assert ma.position_problems(ma.view(state, seat)) == ()
    again = setup_again(state)
    assert ma.position_problems(again) == ()
    assert again.players == state.players and again.tiles == state.tiles
    assert sorted(c.id for c in again.discard) == sorted(c.id for c in state.discard)
