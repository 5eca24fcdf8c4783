"""Random games for the text-format tests: every state, for 3/4/5 players and variants."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import strategies as st

import modern_art as ma
from modern_art.testing import random_moves

GAME_ARGUMENTS: dict[str, st.SearchStrategy[int]] = {
    "seed": st.integers(0, 2**32 - 1),
    "players": st.sampled_from([3, 4, 5]),
    "tie": st.integers(0, 1),
    "payment": st.integers(0, 1),
}
"""``@given(**GAME_ARGUMENTS)``: one random game's seed, table size and rule variant."""


def variant(players: int, tie: int, payment: int) -> ma.Rules:
    """The CMON rules with the given tie rule and double-payment rule (by index)."""
    return ma.Rules(
        hidden_tie=list(ma.HiddenTie)[tie], double_payment=list(ma.DoublePayment)[payment]
    )


def game_states(
    players: int, seed: int, rules: ma.Rules | None = None
) -> Iterator[tuple[ma.GameState, ma.Action | None]]:
    """Each state of one random game with the action taken from it (``None`` at the end)."""
    names = ["Ann", "Bo", 'Cy "C" \u00e9', "Di", "Ed"][:players]
    state = ma.new_game(names, seed=seed, rules=rules)
    for action, step in random_moves(state, seed):
        yield state, action
        state = step.state
    yield state, None


_CMON = ma.Rules()
NO_DOUBLES = ma.Edition(
    "no-doubles",
    _CMON.artists,
    [(r[0] + r[4], r[1], r[2], r[3], 0) for r in _CMON.edition.symbols],
)
"""CMON's artists without doubles (their cards open ones): the turn runs on in turn all game,
so the exact turn-order check applies in every round (R2.4, R6.7)."""
MANY_DOUBLES = ma.Edition(
    "many-doubles", _CMON.artists, [(2, 2, 2, 2, r[4] + 4) for r in _CMON.edition.symbols]
)
"""Half the cards doubles: seconds out of turn often, hands far apart (R5.3)."""
