"""Sampled states agree with everything a seat knows and play on (R7.2, R7.4)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from modern_art.testing import legal_action
from tests.helpers.hidden_info import played, seats


def _all_cards(state: ma.GameState) -> Counter[ma.Card]:
    """Every card of ``state``: hands, museums, deck, discard and the card(s) in play."""
    cards = Counter(state.deck) + Counter(state.discard)
    for p in state.players:
        cards.update(p.hand)
        cards.update(p.museum)
    if isinstance(state.phase, ma.DoubleOffer):
        cards[state.phase.card] += 1
    elif state.auction is not None:
        cards.update(state.auction.lot)
    return cards


@given(st.data())
def test_R7_2_sampled_state_gives_back_the_view_and_plays_on(data: st.DataObject) -> None:
    """sample_state keeps every card once, gives back the seat's view, and the engine plays on."""
    game = data.draw(played(300), label="game")
    i = data.draw(st.integers(0, len(game.events)), label="moment")
    state = game.states[i]
    seat = data.draw(st.sampled_from(seats(game.players)), label="seat")
    history = [e for events in game.events[:i] for e in ma.visible_events(events, seat)]
    v = ma.view(state, seat)
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    sampled = ma.sample_state(v, rng, events=history)
    assert ma.view(sampled, seat) == v
    assert _all_cards(sampled) == Counter(state.rules.deck)
    assert [p.money for p in sampled.players] == [p.money for p in state.players]
    assert sampled.to_act == state.to_act
    if isinstance(sampled.phase, ma.HiddenAuction):
        for s, bid in enumerate(sampled.phase.bids):
            assert bid is None or 0 <= bid <= sampled.players[s].money
    for _ in range(data.draw(st.integers(0, 30), label="play on")):
        if sampled.is_over:
            break
        sampled = ma.apply(sampled, data.draw(legal_action(sampled, quick=True))).state


def test_R7_2_sampling_keeps_the_seat_own_hand_and_redraws_the_rest() -> None:
    """Different draws keep seat 1's hand and deal others' hands from the unseen cards."""
    state = ma.new_game(4, seed=11)
    v = ma.view(state, 1)
    hands = set()
    for seed in range(5):
        sampled = ma.sample_state(v, random.Random(seed), events=())
        assert sampled.players[1].hand == state.players[1].hand
        hands.add(sampled.players[0].hand)
    assert len(hands) == 5


def test_R7_2_sampling_needs_the_public_record_while_money_is_screened() -> None:
    """With money screened and no ledger or events, sample_state refuses; open money needs none."""
    state = ma.new_game(3, seed=2)
    with pytest.raises(ValueError, match="money is screened"):
        ma.sample_state(ma.view(state, 0), random.Random(0))
    open_state = ma.new_game(3, seed=2, rules=ma.Rules(open_money=True))
    sampled = ma.sample_state(ma.view(open_state, 0), random.Random(0))
    assert [p.money for p in sampled.players] == [100, 100, 100]


def test_R7_4_a_ledger_that_contradicts_the_view_is_refused() -> None:
    """A ledger whose money for the seat differs from the view's raises ValueError."""
    state = ma.new_game(3, seed=2)
    with pytest.raises(ValueError, match="contradicts"):
        ma.sample_state(ma.view(state, 0), random.Random(0), ledger=ma.MoneyLedger((99, 1, 1)))
    with pytest.raises(ValueError, match="not both"):
        ma.sample_state(
            ma.view(state, 0), random.Random(0), ledger=ma.MoneyLedger((100,) * 3), events=()
        )


def test_R4_3_others_sealed_bids_are_sampled_within_their_money() -> None:
    """Seat 0's own sealed bid is kept; seat 1's is drawn from 0 to its money."""
    state = ma.new_game(3, seed=4)
    card = next(c for p in [state.players[0]] for c in p.hand)
    phase = ma.HiddenAuction(0, (card,), None, (7, 55, None))
    hand = tuple(c for c in state.players[0].hand if c != card)
    players = (attrs.evolve(state.players[0], hand=hand), *state.players[1:])
    state = attrs.evolve(state, phase=phase, players=players, counts=(1, 0, 0, 0, 0))
    v = ma.view(state, 0)
    bids = {ma.sample_state(v, random.Random(s), events=()).phase.bids for s in range(20)}  # type: ignore[union-attr]
    assert {b[0] for b in bids} == {7} and {b[2] for b in bids} == {None}
    assert (
        all(b[1] is not None and 0 <= b[1] <= 100 for b in bids) and len({b[1] for b in bids}) > 1
    )
