"""Positions: reachable states round-trip through text with no problems; bad ones are refused."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.impossible import Impossible, refused_everywhere, setup_again
from tests.helpers.impossible_facts import (
    BAD,
    DOUBLE,
    HIDDEN,
    MID,
    OPEN,
    OVER,
    ROUND3,
    with_player,
)
from tests.helpers.tally import TALLY
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant


@settings(max_examples=max(5, settings().max_examples // 5))
@given(**GAME_ARGUMENTS)
def test_every_reachable_state_round_trips_and_has_no_problems(
    seed: int, players: int, tie: int, payment: int
) -> None:
    """read_position(write_position(s)) == s and position_problems(s) == () along a game."""
    for state, _ in game_states(players, seed, variant(players, tie, payment)):
        assert ma.position_problems(state) == ()
        assert ma.read_position(ma.write_position(state)) == state
        for seat in (None, state.step % players):  # a spectator and one seat in turn
            assert ma.position_problems(ma.view(state, seat)) == ()
        TALLY["position states"] += 1


def test_a_position_of_a_made_up_edition_needs_its_rules() -> None:
    """An edition that is no preset is written by name and read with the rules given."""
    edition = ma.Edition("tiny", ("A Ay", "B Bee", "C Cee"), [(2, 2, 2, 2, 2)] * 3)
    rules = ma.Rules(
        edition=edition,
        deal_schedule={n: (3, 1, 1, 0) for n in (3, 4, 5)},
        value_tiles=(30, 20),
    )
    for state, _ in game_states(3, seed=4, rules=rules):
        text = ma.write_position(state)
        assert ma.read_position(text, rules) == state
    with pytest.raises(ma.NotationError, match="unknown edition 'tiny'"):
        ma.read_position(text)


def test_at_least_forty_different_facts_are_checked() -> None:
    """The list breaks at least 40 different facts, each once."""
    assert len(BAD) >= 40 and len({case.fact for case in BAD}) == len(BAD)


# A field of the wrong type: the compiled build's native values check their
# fields' types when made, so there such a state cannot even be built; the
# position text has no way to write one (read_position reads it as another).
WRONG_TYPE: list[tuple[str, Callable[[], ma.GameState], str]] = [
    ("money not a number", lambda: with_player(MID, 1, money="5"), "must be a whole number"),
    ("name not a string", lambda: with_player(MID, 2, name=7), "name must be a string"),
    ("a phase that is no phase", lambda: attrs.evolve(MID, phase="offering"), "must be a phase"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("fact", "make", "says"), WRONG_TYPE, ids=[f for f, _, _ in WRONG_TYPE])
def test_a_value_of_the_wrong_type_is_named_or_refused_when_made(
    fact: str, make: Callable[[], ma.GameState], says: str
) -> None:
    """In the compiled build, making a state, player or phase with an ill-typed field raises
    TypeError; the pure build makes it, position_problems names the fact, from_json and
    setup refuse it, and the position text cannot hold it."""
    if ma.COMPILED:
        with pytest.raises(TypeError):
            make()
        return
    bad = make()
    assert any(says in p for p in ma.position_problems(bad)), ma.position_problems(bad)
    try:
        text = ma.write_position(bad)
    except ValueError as exc:
        assert says in str(exc)
    else:  # text has no way to write a value of the wrong type: it reads as another
        with contextlib.suppress(ma.NotationError):
            assert ma.read_position(text) != bad
    with pytest.raises(ma.SerializationError):
        ma.from_json(ma.to_json(bad), "state")
    with pytest.raises(ValueError):
        setup_again(bad)


@pytest.mark.parametrize("case", BAD, ids=[case.fact for case in BAD])
def test_an_impossible_position_is_refused_naming_the_fact(case: Impossible) -> None:
    """position_problems names the fact with a rule; read_position, from_json and setup
    refuse it, each naming the fact (setup in its own words where it says so)."""
    refused_everywhere(case)


def test_setup_builds_the_issue_s_example_and_plays_on() -> None:
    """Round 2, four Melims offered, Ann with 0 as auctioneer: a fifth Melim ends the round."""
    state = ma.setup(
        ["Ann", "Bo", "Cy", "Di"],
        round=2,
        money=[0, 80, 120, 100],
        hands=[["melim/o", "thaler/h", ...], ["carvalho/o", ...], ["martins/f", ...], [...]],
        museums=[["melim/h"], ["melim/f", "melim/n"], ["Melim/O#26"], []],
        tiles={"carvalho": (30,), "melim": (20,), "thaler": (10,)},
    )
    assert state.counts == (0, 0, 4, 0, 0) and state.to_act == frozenset({0})
    assert ma.position_problems(state) == ()
    assert ma.read_position(ma.write_position(state)) == state
    step = ma.apply(state, ma.parse_action("0 play meo", state))
    ended = next(e for e in step.events if isinstance(e, ma.RoundEnded))
    assert ended.ranking == ("Daniel Melim",) and ended.counts[2] == 5


def test_setup_refuses_an_impossible_position_naming_each_problem() -> None:
    """Negative money and a fixed price above the auctioneer's money are both named."""
    card = ma.find_cards(ma.Rules(), "melim", ma.Auction.FIXED_PRICE)[0]
    with pytest.raises(ValueError, match="negative money") as caught:
        ma.setup(
            3,
            round=2,
            money=[-1, 10, 10],
            hands=[["thaler/o", ...], ["carvalho/o", ...], ["martins/o", ...]],
            phase=ma.FixedPriceAuction(1, (card,), None, 50, 2),
        )
    assert "is not one the auctioneer could name with 10" in str(caught.value)
    with pytest.raises(ValueError, match=r"the hands lack 27 of them.*to have it filled"):
        ma.setup(3, hands=[["thaler/o"], ["carvalho/o"], ["martins/o"]])
    with pytest.raises(ValueError, match="used twice"):
        ma.setup(3, round=2, hands=[["Melim/O#25"], ["Melim/O#25"], ["martins/o"]])


def test_a_view_from_json_is_checked_against_its_own_facts() -> None:
    """A view whose hand does not match its hand size, or names no seat, is refused."""
    state = MID
    seen = ma.view(state, 1)
    assert ma.from_json(ma.to_json(seen), "view") == seen
    short = attrs.evolve(seen, hand=seen.hand[1:])
    stranger = attrs.evolve(seen, seat=9)
    for bad, says in ((short, "hand size"), (stranger, "not a seat")):
        assert any(says in p for p in ma.position_problems(bad))
        with pytest.raises(ma.SerializationError, match=says):
            ma.from_json(ma.to_json(bad), "view")


VALID_POSITIONS = [ma.write_position(s) for s in (MID, OPEN, HIDDEN, DOUBLE, OVER)]


@st.composite
def _mutated_position(draw: st.DrawFn) -> str:
    """A valid position with a few characters or lines changed."""
    text = draw(st.sampled_from(VALID_POSITIONS))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 3))
        if how == 0:
            text = text[:i] + draw(st.text(max_size=3)) + text[i:]
        elif how == 1:
            text = text[:i] + text[i + draw(st.integers(1, 20)) :]
        elif how == 2:
            lines = text.splitlines()
            j = draw(st.integers(0, len(lines) - 1))
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(j))
            text = "\n".join(lines)
        else:
            text = text[:i] + draw(st.sampled_from(['"', "-", "=", ",", "#", "9" * 20])) + text[i:]
    return text


@given(st.one_of(st.text(max_size=200), _mutated_position()))
def test_fuzzed_positions_raise_only_notation_errors(text: str) -> None:
    """Random and mutated text reads as a position with no problems, or is a NotationError."""
    try:
        state = ma.read_position(text)
    except ma.NotationError:
        return
    assert ma.position_problems(state) == ()
    assert ma.read_position(ma.write_position(state)) == state


def test_R6_4_tiles_must_be_what_past_rankings_can_give() -> None:
    """Two artists each with 20 then 30 after two rankings: no order of rounds gives that."""
    bad = attrs.evolve(ROUND3, tiles=((20, 30), (20, 30), (), (), ()))
    assert ma.position_problems(bad) == (
        "no order of 2 rankings gives these tiles: each gives 30, 20, ... to different"
        " artists (R6.4)",
    )
    fine = attrs.evolve(ROUND3, tiles=((20, 30), (30, 20), (10,), (), ()))
    assert not any("R6.4" in p for p in ma.position_problems(fine))


def test_R2_2_counts_are_the_cards_offered_this_round() -> None:
    """This round's counts are the museums' cards and the lot's, artist by artist."""
    museum_cards = [c for p in OPEN.players for c in p.museum] + list(OPEN.phase.lot)  # type: ignore[union-attr]
    expected = tuple(sum(c.artist == a for c in museum_cards) for a in OPEN.rules.artists)
    assert OPEN.counts == expected
    off = attrs.evolve(OPEN, counts=tuple(c + (i == 4) for i, c in enumerate(expected)))
    assert any("(R2.2)" in p for p in ma.position_problems(off))


def test_R2_2_R6_1_a_count_refused_names_its_artist_not_a_tuple() -> None:
    """Issue 37, item 10: a player reads artists' names, not ``counts (0, 0, 5, 0, 0)``."""
    melim = OPEN.rules.artists[2]
    five = tuple(5 if i == 2 else c for i, c in enumerate(OPEN.counts))
    problems = ma.position_problems(attrs.evolve(OPEN, counts=five))
    mismatch = next(p for p in problems if "(R2.2)" in p)
    assert mismatch.startswith(f"this round's count of {melim} is 5, but museums and the lot")
    assert f"hold {OPEN.counts[2]} of {melim}'s paintings" in mismatch
    assert not any("(0, " in p or OPEN.rules.artists[0] in p for p in problems)
    ended = next(p for p in problems if "(R6.1)" in p)
    assert ended.startswith(f"this round's count of {melim} is 5, yet 5 paintings")


def test_R1_3_every_card_is_in_exactly_one_place() -> None:
    """A card moved into a second place, or out of every place, is named with R1.3."""
    twice = with_player(MID, 1, museum=(*MID.players[1].museum, MID.deck[0]))
    gone = attrs.evolve(MID, deck=MID.deck[1:])
    assert any(
        "(R1.3)" in p and "and in seat 1's museum" in p for p in ma.position_problems(twice)
    )
    assert any("1 card of the deck is missing (R1.3)" in p for p in ma.position_problems(gone))
