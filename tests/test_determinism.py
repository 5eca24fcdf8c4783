"""Determinism: same seed or deck and same actions give equal states and events; new_game checks."""

from __future__ import annotations

import pytest

import modern_art as ma

DECK = ma.Rules().deck


def test_new_game_refuses_a_deck_of_unhashable_things() -> None:
    """A deck of lists is refused with ValueError, not TypeError."""
    with pytest.raises(ValueError, match="stacked deck"):
        ma.new_game(3, deck=[[c] for c in DECK])  # type: ignore[misc]
