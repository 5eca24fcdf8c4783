"""The OpenSpiel game passes OpenSpiel's own checks and resamples from a seat's information."""

from __future__ import annotations

import pytest

import modern_art as ma
from tests.helpers.webkit import need

need("numpy", "the rl extra: pip install -e '.[rl]'")
pyspiel = need("pyspiel", "the openspiel extra: pip install -e '.[openspiel]'")

import modern_art.envs.openspiel as spiel  # noqa: E402


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_sim_test_passes_with_serialization(players: int) -> None:
    """pyspiel.random_sim_test (clone, serialize round trip, observables, returns) passes."""
    game = pyspiel.load_game(spiel.GAME_NAME, {"players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_resample_from_infostate_keeps_what_the_seat_knows() -> None:
    """A resampled state has the same information state, tensor and player for that seat."""
    game = pyspiel.load_game(spiel.GAME_NAME, {"players": 4})
    state = game.new_initial_state()
    rng = __import__("random").Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    while not state.is_terminal() and checked < 300:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        for seat in range(4):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.current_player() == state.current_player()
            assert ma.view(other.game_state, seat) == ma.view(state.game_state, seat)
        checked += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 50


def test_strings_and_tensors_hide_other_hands() -> None:
    """A seat's strings never name a card of another hand by id; other seats' strings differ."""
    game = pyspiel.load_game(spiel.GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    text = state.information_state_string(0)
    assert "#" not in text  # cards are named by artist and symbol only
    assert text != state.information_state_string(1)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_game_takes_rules_and_parameters() -> None:
    """Parameters set the players, amount cap and reward; a bad player count is refused (R1.1)."""
    game = pyspiel.load_game(spiel.GAME_NAME, {"players": 5, "max_amount": 50, "reward": "money"})
    assert (game.num_players(), game.num_distinct_actions()) == (5, 25 + 2 + 51)
    assert game.max_utility() > 1
    with pytest.raises(ValueError, match=r"R1\.1"):
        spiel.ModernArtGame({"players": 6})
