"""Readable states: str(state) is the whole board, str(view) only what the view holds."""

from __future__ import annotations

import random

import attrs
import pytest

import modern_art as ma
from modern_art.text.notation import card_text


def _states(players: int, seed: int) -> list[ma.GameState]:
    state = ma.new_game(players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not state.is_over:
        actions = ma.legal_actions(state)
        state = ma.apply(state, actions[rng.randrange(len(actions))]).state
        states.append(state)
    return states


@pytest.mark.parametrize("players", [3, 5])
def test_board_fits_a_screen(players: int) -> None:
    """Every board of a game, state or view, is at most 25 lines."""
    for state in _states(players, seed=players)[::7]:
        assert len(str(state).splitlines()) <= 25
        assert len(str(ma.view(state, 0)).splitlines()) <= 25


def test_R7_2_view_text_shows_no_other_hand_nor_the_deck() -> None:
    """No card of another hand or of the deck appears in str(view), nor others' money."""
    for state in _states(4, seed=11)[::5]:
        for seat in (0, 2, None):
            text = str(ma.view(state, seat))
            hidden = [*state.deck]
            hidden += [c for s, p in enumerate(state.players) if s != seat for c in p.hand]
            assert not any(card_text(card) in text for card in hidden)
            if not state.is_over:
                assert text.count("money screened") == 4 - (seat is not None)


def _twin(state: ma.GameState, seat: int) -> ma.GameState:
    """``state`` with another seat's first card swapped for the deck's last, the deck reversed."""
    other = (seat + 1) % len(state.players)
    player = state.players[other]
    if not player.hand or not state.deck:
        return attrs.evolve(state, deck=state.deck[::-1])
    hand = (state.deck[-1], *player.hand[1:])
    players = list(state.players)
    players[other] = attrs.evolve(player, hand=hand)
    deck = (player.hand[0], *state.deck[:-1])[::-1]
    return attrs.evolve(state, players=tuple(players), deck=deck)


def test_R7_2_twin_views_print_the_same() -> None:
    """Two states a seat cannot tell apart (hidden cards swapped) print the same view."""
    for state in _states(4, seed=5)[::9]:
        for seat in range(4):
            twin = _twin(state, seat)
            assert twin != state or not state.deck
            assert ma.view(twin, seat) == ma.view(state, seat)
            assert str(ma.view(twin, seat)) == str(ma.view(state, seat))
            assert str(twin) != str(state) or not state.deck


def test_state_text_is_the_god_view() -> None:
    """str(state) shows every hand and everyone's money."""
    state = _states(3, seed=2)[10]
    text = str(state)
    assert all(card_text(c) in text for p in state.players for c in p.hand)
    assert "screened" not in text


def test_repr_stays_valid_python() -> None:
    """The repr of a state and of a view evaluates back to an equal value."""
    state = _states(3, seed=4)[20]
    space = {name: getattr(ma, name) for name in ma.__all__}
    space["frozenset"] = frozenset
    from modern_art.data.rules import DealSchedule

    space["DealSchedule"] = DealSchedule
    assert eval(repr(state), space) == state
    seen = ma.view(state, 1)
    assert eval(repr(seen), space) == seen


def test_names_with_control_characters_are_escaped() -> None:
    """A name cannot send terminal escapes through the board."""
    state = ma.new_game(["Ann\x1b[2J", "Bo", "Cy"], seed=1)
    assert "\x1b" not in str(state) and "\\x1b" in str(state)
    assert "\x1b" not in str(ma.view(state, 1))
