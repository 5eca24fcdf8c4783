"""Whole random games run to the end with money conserved (R3.3, R6.5, R8.1)."""

from __future__ import annotations

import pytest

import modern_art as ma
from modern_art.testing import playout


def _bank_flow(events: tuple[ma.Event, ...]) -> int:
    """Money the bank paid out minus money it received, from events alone."""
    flow = 0
    for event in events:
        if isinstance(event, ma.AuctionWon):
            flow -= sum(p.amount for p in event.payments if p.payee is None)
        elif isinstance(event, ma.PaintingsSold):
            flow += event.amount
    return flow


@pytest.mark.parametrize("tie", list(ma.HiddenTie))
@pytest.mark.parametrize("players", [3, 4, 5])
def test_R8_1_random_games_end_with_money_conserved(players: int, tie: ma.HiddenTie) -> None:
    """300 random games (50 per player count and tie rule) end; money moves only via the bank."""
    rules = ma.Rules(hidden_tie=tie)
    for seed in range(50):
        state = ma.new_game(players, seed=seed, rules=rules)
        total = players * rules.starting_money
        for step in playout(state, seed):
            total += _bank_flow(step.events)
            state = step.state
            assert sum(p.money for p in state.players) == total
            assert min(p.money for p in state.players) >= 0
        assert ma.winners(state)
