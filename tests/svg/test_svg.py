"""The SVG pictures: well-formed SVG 1.1, nothing hidden shown, hostile names made harmless."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from modern_art import svg
from modern_art.svg._markup import clean
from tests.helpers.hidden_info import history_twin, played, seats, state_twin
from tests.helpers.svgcheck import all_text, problems, texts
from tests.helpers.tally import TALLY

HOSTILE = [
    '<script>alert("x")</script>',
    "Ann & Bo's ]]> <!-- -->",
    "Cy\x00\x01\x08\x0b\x1b[31mred\x7f\x85",
    "Di\ud800\udfff\ufffe\uffff",
    "\u202eevil\u202c\u2066x\u2069",
    "tab\tnew\nline\rreturn",
    "W" * 100_000,
]
"""Player names a hostile client might choose."""


def _checked(picture: str) -> str:
    assert problems(picture) == [], problems(picture)
    return picture


def _sample_steps(game_states: tuple[ma.GameState, ...], rng: random.Random) -> list[int]:
    """A few step indices of a game, always including its last."""
    last = len(game_states) - 1
    return sorted({last, *(rng.randint(0, last) for _ in range(3))})


@given(st.data())
def test_every_board_of_a_random_game_is_well_formed_svg(data: st.DataObject) -> None:
    """Boards of sampled states and of every seat's view pass the SVG 1.1 structure checks."""
    game = data.draw(played(300), label="game")
    rng = random.Random(len(game.actions))
    for i in _sample_steps(game.states, rng):
        state = game.states[i]
        _checked(svg.board(state))
        for seat in seats(game.players):
            _checked(svg.board(ma.view(state, seat)))
    TALLY["svg boards"] += 1


@given(st.data())
def test_R7_2_board_of_a_view_is_identical_for_twins_a_seat_cannot_tell_apart(
    data: st.DataObject,
) -> None:
    """Redrawn unseen cards, others' sealed bids and screened money give byte-identical SVG."""
    game = data.draw(played(300), label="game")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="twin seed"))
    for i in _sample_steps(game.states, rng):
        state = game.states[i]
        for seat in seats(game.players):
            twin = state_twin(state, seat, rng)
            assert svg.board(ma.view(twin, seat)) == svg.board(ma.view(state, seat))
    seat = data.draw(st.sampled_from(list(seats(game.players))), label="history seat")
    other = history_twin(game, seat, rng)
    assert svg.board(ma.view(other.final, seat)) == svg.board(ma.view(game.final, seat))
    TALLY["svg twins"] += 1


def test_R7_2_view_board_shows_no_card_of_another_hand_and_no_screened_money() -> None:
    """Seat 0's picture names its own cards but none of another hand, and shows ``?`` money."""
    state = ma.new_game(["Ann", "Bo", "Cy"], seed=3)
    seen = all_text(svg.board(ma.view(state, 0)))
    for card in state.players[0].hand:
        assert f"#{card.id}" in seen
    for player in state.players[1:]:
        assert not any(f"#{card.id}<" in seen or f"#{card.id}\n" in seen for card in player.hand)
    assert texts(svg.board(ma.view(state, 0))).count("money ?") == 2
    whole = all_text(svg.board(state))
    assert all(f"#{c.id}" in whole for p in state.players for c in p.hand)


def test_R4_3_hidden_bids_show_in_the_state_and_as_markers_in_a_view() -> None:
    """A state's picture gives each sealed amount; a view gives only its own amount."""
    state = ma.new_game(3, seed=2)
    card = next(c for c in state.players[0].hand if c.auction is ma.Auction.HIDDEN)
    state = ma.apply(state, ma.PlayCard(0, card)).state
    state = ma.apply(state, ma.Bid(1, 37)).state
    state = ma.apply(state, ma.Bid(2, 23)).state
    whole = texts(svg.board(state))
    assert "sealed 37" in whole and "sealed 23" in whole
    mine = texts(svg.board(ma.view(state, 1)))
    assert "sealed 37 (yours)" in mine and "sealed" in mine and "sealed 23" not in mine


@pytest.mark.parametrize("name", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_names_are_escaped_cleaned_and_clipped(name: str) -> None:
    """Markup, forbidden characters and huge names reach the picture only as short safe text."""
    state = ma.new_game([name, "Bo", "Cy"], seed=1)
    for subject in (state, ma.view(state, 0), ma.view(state, 1)):
        picture = _checked(svg.board(subject))
        assert "<script" not in picture
        assert len(picture) < 40_000
        shown = clean(name, 18)
        assert any(t.endswith(shown) for t in texts(picture))


def test_hostile_artist_names_are_escaped() -> None:
    """An edition's artist names are user strings too: escaped on the board and on cards."""
    artists = ("<b>A</b>", "B&B", "C\x00", "D" * 5000, "E\u202e")
    edition = ma.Edition("odd", artists, ma.CMON.symbols)
    rules = ma.Rules(edition=edition)
    state = ma.new_game(3, seed=4, rules=rules)
    _checked(svg.board(state))
    _checked(svg.board(ma.view(state, 2)))
    for card in rules.deck[::7]:
        _checked(svg.card(card, rules))


def test_clean_cuts_before_it_scans_so_a_huge_name_costs_little() -> None:
    """A million-character name is cut to the limit first (linear time, bounded output)."""
    assert clean("x" * 1_000_000, 10) == "x" * 9 + "\N{HORIZONTAL ELLIPSIS}"
    assert clean("a\x00b\nc", 10) == "a\ufffdb c"


def test_repr_svg_draws_states_views_and_cards_for_jupyter() -> None:
    """``_repr_svg_`` of a state, a view and a card is the library's picture of it."""
    state = ma.new_game(4, seed=9)
    assert state._repr_svg_() == svg.board(state)
    assert ma.view(state, 2)._repr_svg_() == svg.board(ma.view(state, 2))
    card = state.players[0].hand[0]
    assert _checked(card._repr_svg_()) == svg.card(card)


def test_board_refuses_what_it_cannot_draw() -> None:
    """Anything but a state or a view is a TypeError naming what arrived."""
    with pytest.raises(TypeError, match="got int"):
        svg.board(3)  # type: ignore[arg-type]


def test_every_phase_has_a_headline_in_words() -> None:
    """Each kind of phase reached in a game gets its own words in the picture's label."""
    state = ma.new_game(4, seed=5)
    rng = random.Random(5)
    labels: dict[str, str] = {}
    while not state.is_over:
        picture = svg.board(state)
        labels.setdefault(type(state.phase).__name__, ET.fromstring(picture).get("aria-label", ""))
        actions = ma.legal_actions(state)
        state = ma.apply(state, actions[rng.randrange(len(actions))]).state
    labels["GameOver"] = ET.fromstring(svg.board(state)).get("aria-label", "")
    assert "offers a card" in labels["Offering"]
    assert "open auction" in labels["OpenAuction"]
    assert "hidden auction" in labels["HiddenAuction"]
    assert "winner" in labels["GameOver"]


def test_figures_and_charts_are_well_formed_svg() -> None:
    """The value board, the turn flow and the tournament charts pass the structure checks."""
    state = ma.new_game(3, seed=1)
    events: list[ma.Event] = []
    rng = random.Random(1)
    while not state.is_over:
        actions = ma.legal_actions(state)
        step = ma.apply(state, actions[rng.randrange(len(actions))])
        events += step.events
        state = step.state
    rounds = svg.value_rounds(events, state.rules)
    assert len(rounds) == 4
    _checked(svg.value_board(rounds, "Daniel Melim"))
    _checked(svg.turn_flow())
    result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 6, seed=2)
    _checked(svg.standings_chart(result))
    _checked(svg.money_chart(result))
    page = result._repr_html_()
    assert page == svg.standings_html(result) and "<script" not in page


def test_standings_keep_every_final_money_behind_the_mean() -> None:
    """``final_money`` holds one entry per seat and game, and its mean is ``mean_money``."""
    result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 6, seed=2)
    for standing in result.standings:
        assert len(standing.final_money) == standing.seats * result.games
        assert sum(standing.final_money) / len(standing.final_money) == pytest.approx(
            standing.mean_money
        )


def test_import_modern_art_leaves_the_pictures_unloaded() -> None:
    """``import modern_art`` does not import ``modern_art.svg``; drawing loads it on request."""
    code = (
        "import sys, modern_art as ma; assert 'modern_art.svg' not in sys.modules;"
        " ma.new_game(3, seed=1)._repr_svg_(); assert 'modern_art.svg' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_state_picture_does_not_change_the_state() -> None:
    """Drawing is pure: the state is equal before and after, and so is its picture."""
    state = ma.new_game(3, seed=6)
    copy = attrs.evolve(state)
    assert svg.board(state) == svg.board(copy) and state == copy


def test_every_gallery_picture_is_well_formed_svg() -> None:
    """The docs' gallery positions draw as valid pictures, and each names its phase."""
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "gallery.py"
    spec = importlib.util.spec_from_file_location("_gallery_for_svg_tests", path)
    assert spec is not None and spec.loader is not None
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    kinds = set()
    for function in gallery.PICTURES.values():
        position = function()
        for subject in position if isinstance(position, tuple) else (position,):
            label = ET.fromstring(_checked(svg.board(subject))).get("aria-label", "")
            kinds.add(label.split(": ", 1)[1].split(" auction")[0])
    assert {"open", "one-offer", "hidden", "fixed price"} <= kinds
