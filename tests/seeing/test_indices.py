"""IndexCodec reads seats to act, the seat to ask and masks from the phase: equal to the rules'.

:class:`~modern_art.seeing.indices.IndexCodec` (compiled in the compiled
build) reads ``state.to_act``, :func:`~modern_art.next_seat` and each seat's
mask straight from the phase, with no set and no sequence of actions made.
Here each is compared with the library's own answer at every step of whole
random games, for every seat and for seats outside the table.
"""

from __future__ import annotations

import random

import pytest

import modern_art as ma
from modern_art.seeing.indices import SYMBOLS, IndexCodec, card_kinds

CAP = 60
"""A cap below the starting money, so bid ranges are cut at it."""


def _mask(state: ma.GameState, seat: int) -> bytes:
    """The mask from ``legal_actions``: 1 at each legal action's index, amounts up to ``CAP``."""
    rules = state.rules
    kinds = card_kinds(rules)
    passing = len(rules.artists) * SYMBOLS
    out = bytearray(passing + 2 + CAP + 1)
    for action in ma.legal_actions(state, seat):
        if isinstance(action, ma.PlayCard):
            out[kinds[action.card.id]] = 1
        elif isinstance(action, ma.Pass):
            out[passing] = 1
        elif isinstance(action, ma.Accept):
            out[passing + 1] = 1
        else:
            amount = action.amount if isinstance(action, ma.Bid) else action.price
            if amount <= CAP:
                out[passing + 2 + amount] = 1
    return bytes(out)


def _codec(rules: ma.Rules, players: int) -> IndexCodec:
    return IndexCodec(rules, players, CAP, bytearray(len(rules.artists) * SYMBOLS + 2 + CAP + 1))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R4_1_seats_to_act_seat_asked_and_masks_are_the_rules_over_whole_games(
    players: int,
) -> None:
    """Every step of 8 games: to_act as bits, next_seat, and every seat's mask (R4.1 to R5.2)."""
    rules = ma.Rules()
    codec = _codec(rules, players)
    rng = random.Random(players)
    phases: set[type] = set()
    for game in range(8):
        state = ma.new_game(players, seed=game)
        while not state.is_over:
            phases.add(type(state.phase))
            bits = codec.to_act_bits(state)
            assert {s for s in range(players) if bits >> s & 1} == state.to_act
            assert codec.first_to_ask(state) == ma.next_seat(state)
            for seat in (-1, *range(players), players):
                assert bytes(codec.mask(state, seat)) == _mask(state, seat), (seat, state.phase)
            actions = ma.legal_actions(state)
            # Passes often: more auctions, and fixed prices that the seats cannot pay.
            passes = [a for a in actions if isinstance(a, ma.Pass)]
            pick = passes if passes and rng.random() < 0.4 else actions
            state = ma.apply(state, pick[rng.randrange(len(pick))]).state
        assert codec.to_act_bits(state) == 0
        with pytest.raises(ValueError, match="no seat may act"):
            codec.first_to_ask(state)
    assert len(phases) == 6  # every phase but GameOver met, and GameOver at each end
