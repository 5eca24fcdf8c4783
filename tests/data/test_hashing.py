"""Hashes of states, players and cards: kept once made, never seen, always those of the fields."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import modern_art as ma
from modern_art.testing import random_moves


def _game_states(seed: int, players: int = 4) -> list[ma.GameState]:
    return [step.state for _action, step in random_moves(ma.new_game(players, seed=seed), seed)]


def test_equal_states_hash_alike_however_they_were_made() -> None:
    """A state hashed twice, and an equal state read back from JSON or pickle, hash the same."""
    for state in _game_states(seed=4)[::7]:
        first = hash(state)
        assert hash(state) == first  # the kept hash
        for twin in (
            ma.from_json(ma.to_json(state), "state"),
            pickle.loads(pickle.dumps(state)),
            attrs.evolve(state),
        ):
            assert twin is not state and twin == state
            assert hash(twin) == first


def test_a_dict_of_states_finds_equal_states() -> None:
    """A transposition table keyed by states finds a state made anew, and tells states apart."""
    states = _game_states(seed=5, players=3)
    table = {state: state.step for state in states}
    assert len(table) == len(states)  # every step makes a new state
    for state in states[::11]:
        assert table[ma.from_json(ma.to_json(state), "state")] == state.step


def test_a_changed_copy_has_the_hash_of_its_own_fields() -> None:
    """``evolve`` keeps no stale hash: the copy hashes as a state built with its fields."""
    state = ma.new_game(4, seed=6)
    hash(state)
    later = attrs.evolve(state, step=state.step + 1)
    fresh = ma.GameState(*(getattr(later, f.name) for f in attrs.fields(ma.GameState)))
    assert later != state and hash(later) == hash(fresh)


@pytest.mark.parametrize("which", ["state", "player", "card"])
def test_the_kept_hash_is_no_field_and_cannot_be_set(which: str) -> None:
    """Hashing changes nothing visible (fields, repr, JSON, pickle), and the hash is frozen too."""
    state = ma.new_game(3, seed=7)
    value: Any = {"state": state, "player": state.players[0], "card": state.deck[0]}[which]
    before = (repr(value), pickle.dumps(value), ma.to_json(state))
    hash(value)
    assert (repr(value), pickle.dumps(value), ma.to_json(state)) == before
    assert "_hash" not in {f.name for f in attrs.fields(type(value))}
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value._hash = 1
    assert hash(value) == hash(pickle.loads(pickle.dumps(value)))


def test_states_that_differ_in_one_secret_hash_apart() -> None:
    """Two states equal but for the order of two cards in the deck hash apart (no stale hash)."""
    state = ma.new_game(4, seed=8)
    swapped = attrs.evolve(state, deck=(state.deck[1], state.deck[0], *state.deck[2:]))
    hash(state)
    assert swapped != state and hash(swapped) != hash(state)
    assert len({state, swapped}) == 2
