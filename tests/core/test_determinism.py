"""Determinism: same seed or deck and same actions give equal games; new_game checks."""

from __future__ import annotations

import pytest

import modern_art as ma
from modern_art.testing import playout


def _play(state: ma.GameState, seed: int) -> tuple[list[ma.GameState], list[ma.Event]]:
    """Play to the end choosing with ``random.Random(seed)``: every state and event."""
    steps = playout(state, seed)
    return [state, *(s.state for s in steps)], [e for s in steps for e in s.events]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_seed_same_actions_same_game(players: int) -> None:
    """Two games from one seed, given the same actions, match state for state, event for event."""
    rules = ma.Rules(hidden_tie=ma.HiddenTie.CLOCKWISE_FROM_LEFT)
    first = _play(ma.new_game(players, seed=42, rules=rules), seed=7)
    second = _play(ma.new_game(players, seed=42, rules=rules), seed=7)
    assert first == second
    assert first[0][-1].is_over


def test_same_deck_same_actions_same_game() -> None:
    """A stacked deck replays exactly, and equals the seeded game it was taken from."""
    seeded = ma.new_game(4, seed=3)
    deck = [c for p in seeded.players for c in p.hand] + list(seeded.deck)
    stacked = ma.new_game(4, deck=deck)
    assert stacked == seeded
    assert _play(stacked, seed=1) == _play(seeded, seed=1)


def test_different_seeds_shuffle_differently() -> None:
    """Seeds 1 and 2 deal different hands."""
    assert ma.new_game(3, seed=1).players != ma.new_game(3, seed=2).players


def test_seed_fixes_the_shuffle_across_versions() -> None:
    """Seed 7 deals this exact first hand; a change here breaks every recorded seeded game."""
    state = ma.new_game(3, seed=7)
    assert [c.id for c in state.players[0].hand] == [52, 38, 0, 43, 16, 60, 53, 64, 24, 68]


def test_no_seed_no_deck_still_a_valid_game() -> None:
    """Without seed or deck the shuffle comes from the OS; the deal is still whole."""
    state = ma.new_game(3)
    cards = [c for p in state.players for c in p.hand] + list(state.deck)
    assert sorted(cards) == sorted(ma.Rules().deck)


@pytest.mark.parametrize("players", [0, 1, 2, 6, 10, -3])
def test_R1_1_new_game_refuses_player_count(players: int) -> None:
    """A player count outside the rules' limits is a ValueError citing R1.1."""
    with pytest.raises(ValueError, match=r"R1\.1"):
        ma.new_game(players, seed=1)


@pytest.mark.parametrize("players", [True, "Ann", None, 3.0, ["Ann", "Bo", 3]])
def test_new_game_refuses_players_that_are_not_a_count_or_names(players: object) -> None:
    """``players`` must be an int or a sequence of name strings."""
    with pytest.raises(ValueError):
        ma.new_game(players, seed=1)  # type: ignore[call-overload]


def test_R1_1_new_game_refuses_two_names() -> None:
    """Two names are too few players."""
    with pytest.raises(ValueError, match=r"R1\.1"):
        ma.new_game(["Ann", "Bo"], seed=1)


DECK = ma.Rules().deck


@pytest.mark.parametrize(
    "deck",
    [
        DECK[:-1],
        (*DECK, DECK[0]),
        (*DECK[:-1], DECK[0]),
        ma.preset("original").deck,
        (*DECK[:-1], ma.Card(69, "Nobody", ma.Auction.OPEN)),
        [c.id for c in DECK],
        (),
    ],
    ids=["69 cards", "71 cards", "duplicate", "other edition", "foreign card", "ids", "empty"],
)
def test_new_game_refuses_a_deck_not_a_permutation(deck: object) -> None:
    """A stacked deck that is not a permutation of rules.deck is a ValueError."""
    with pytest.raises(ValueError, match="stacked deck"):
        ma.new_game(3, deck=deck)  # type: ignore[call-overload]


def test_new_game_refuses_a_deck_of_unhashable_things() -> None:
    """A deck of lists is refused with ValueError, not TypeError."""
    with pytest.raises(ValueError, match="stacked deck"):
        ma.new_game(3, deck=[[c] for c in DECK])  # type: ignore[misc]


def test_new_game_accepts_the_original_deck_with_original_rules() -> None:
    """The original edition's deck is a permutation of its own rules' deck."""
    rules = ma.preset("original")
    state = ma.new_game(3, deck=tuple(reversed(rules.deck)), rules=rules)
    assert state.players[0].hand[0].artist == "Krypto"


def test_new_game_refuses_both_seed_and_deck() -> None:
    """A seed and a stacked deck together are a ValueError."""
    with pytest.raises(ValueError, match="not both"):
        ma.new_game(3, seed=1, deck=DECK)


@pytest.mark.parametrize("seat", [-1, 3, 4, True, "0", 1.5, None])
def test_R1_5_new_game_refuses_first_auctioneer_not_a_seat(seat: object) -> None:
    """A first auctioneer that is not a seat of the table is a ValueError citing R1.5."""
    with pytest.raises(ValueError, match=r"R1\.5"):
        ma.new_game(3, seed=1, first_auctioneer=seat)  # type: ignore[call-overload]


def test_new_game_refuses_rules_that_are_not_rules() -> None:
    """``rules`` must be a Rules."""
    with pytest.raises(ValueError, match="Rules"):
        ma.new_game(3, seed=1, rules={"starting_money": 5})  # type: ignore[call-overload]
