"""IllegalAction for every way an action can be wrong, citing the rule; the state untouched."""

from __future__ import annotations

import pytest

import modern_art as ma


def test_R1_5_seat_not_an_int_is_never_a_legal_action() -> None:
    """``Pass(True)`` equals ``Pass(1)`` but is refused by apply, so it is not in legal_actions."""
    state = ma.new_game(3, seed=1, first_auctioneer=1)
    card = state.players[1].hand[0]
    legal = ma.legal_actions(state)
    assert ma.PlayCard(1, card) in legal
    for seat in (True, 1.0):
        action = ma.PlayCard(seat, card)  # type: ignore[arg-type]
        assert action == ma.PlayCard(1, card)
        assert action not in legal
        with pytest.raises(ma.IllegalAction):
            ma.apply(state, action)
