"""R1.1 and R1.5 beyond the box: custom rules with more seats than any cache holds.

The engine keeps small per-seat tables for speed (one-seat sets, seat lists);
a custom ``Rules`` may allow any number of players, so games with more seats
than those tables (32) must play exactly like small ones.
"""

from __future__ import annotations

import pytest

import modern_art as ma
from modern_art.testing import check_game

SEATS = (32, 33, 35)
OPEN = ma.Auction.OPEN


def large_rules() -> ma.Rules:
    """Rules for 32 to 35 players, two cards each in round 1 (35 x 2 = the whole deck)."""
    return ma.Rules(
        min_players=min(SEATS),
        max_players=max(SEATS),
        rounds=2,
        deal_schedule={n: (2, 0) for n in range(min(SEATS), max(SEATS) + 1)},
    )


@pytest.mark.parametrize("players", SEATS)
def test_R1_1_games_past_the_seat_caches_keep_every_invariant(players: int) -> None:
    """Random games at 32 to 35 seats end, with all nine invariants after every step."""
    report = check_game(large_rules(), games=2, players=players, seed=players, shrink_seconds=0)
    assert report.games == 2 and report.longest > 0


@pytest.mark.parametrize("players", [33, 35])
def test_R1_5_every_seat_of_a_large_table_acts_in_an_open_auction(players: int) -> None:
    """In an open auction at 33+ seats every seat, the last included, may bid and pass."""
    opening = (ma.new_game(players, seed=seed, rules=large_rules()) for seed in range(100))
    state = next(s for s in opening if any(c.auction is OPEN for c in s.players[0].hand))
    card = next(c for c in state.players[0].hand if c.auction is OPEN)
    state = ma.apply(state, ma.PlayCard(0, card)).state
    assert state.to_act == frozenset(range(players))
    last = players - 1
    assert ma.legal_actions(state, last)[0] == ma.Bid(last, 1)
    state = ma.apply(state, ma.Bid(last, 1)).state
    assert state.to_act == frozenset(range(players - 1))
    assert ma.next_seat(state) == 0  # clockwise from the left of the last seat
    for seat in range(players - 1):
        state = ma.apply(state, ma.Pass(seat)).state
    assert state.players[last].museum == (card,) and state.players[last].money == 99
