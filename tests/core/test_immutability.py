"""Immutability: apply never mutates its input, and no value can be changed in place."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import modern_art as ma
from tests.helpers.rulekit import snapshot


def test_apply_never_mutates_its_input() -> None:
    """Over random games of every size, the state and action are, field by field, as before."""
    for seed, players in ((1, 3), (2, 4), (3, 5)):
        rules = ma.Rules(
            double_payment=ma.DoublePayment(("split", "supplier_takes_all")[seed % 2])
        )
        state = ma.new_game(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            actions = ma.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            before, action_before = snapshot(state), snapshot(action)
            step = ma.apply(state, action)
            assert snapshot(state) == before
            assert snapshot(action) == action_before
            assert step.state.step == state.step + 1
            state = step.state


def test_the_snapshot_notices_a_change_made_behind_the_frozen_guard() -> None:
    """The proof above can fail: a field changed in place deep in a state changes its snapshot."""
    state = ma.new_game(3, seed=9)
    before = snapshot(state)
    player = state.players[1]
    object.__setattr__(player, "money", player.money + 1)  # what a buggy engine might do
    assert snapshot(state) != before


def test_refused_action_leaves_state_equal() -> None:
    """A refused action leaves every field of the state as it was."""
    state = ma.new_game(3, seed=9)
    before = snapshot(state)
    with pytest.raises(ma.IllegalAction):
        ma.apply(state, ma.Bid(0, 5))
    assert snapshot(state) == before


def _one_of_each() -> list[object]:
    """A state, player, every phase, card, action, event, Rules and friends."""
    state = ma.new_game(3, seed=4)
    card = state.players[0].hand[0]
    lot = (card,)
    payment = ma.Payment(1, None, 5)
    return [
        state,
        state.players[0],
        ma.Step(state, ()),
        ma.Offering(0),
        ma.DoubleOffer(0, card, 1),
        ma.OpenAuction(0, lot, None, 0, None, frozenset()),
        ma.OneOfferAuction(0, lot, None, 0, None, 1),
        ma.HiddenAuction(0, lot, None, (None, None, None)),
        ma.FixedPriceAuction(0, lot, None, None, 0),
        ma.GameOver(),
        card,
        ma.PlayCard(0, card),
        ma.Bid(0, 1),
        ma.Pass(0),
        ma.SetPrice(0, 1),
        ma.Accept(0),
        payment,
        ma.RoundStarted(1),
        ma.CardsDealt(0, 1, lot),
        ma.TurnStarted(0),
        ma.AuctioneerSkipped(0),
        ma.CardPlayed(0, card, 1),
        ma.SecondCardAdded(0, card, 2),
        ma.SecondCardDeclined(0),
        ma.AuctionStarted(0, ma.Auction.OPEN, lot, None),
        ma.BidPlaced(0, 1),
        ma.Passed(0),
        ma.BidSealed(0, 1),
        ma.BidsRevealed((1, 0, 0), 0, 0, None),
        ma.PriceSet(0, 1),
        ma.PriceAccepted(1, 1),
        ma.AuctionWon(1, 5, lot, (payment,)),
        ma.LotTakenFree(0, lot),
        ma.RoundEnded(1, 0, lot, (0,) * 5, (), ()),
        ma.PaintingsSold(0, "Daniel Melim", 1, 30, 30),
        ma.GameEnded((100, 100, 100), (0, 1, 2)),
        ma.Rules(),
        ma.CMON,
    ]


@pytest.mark.parametrize("value", _one_of_each(), ids=lambda v: type(v).__name__)
def test_setting_an_attribute_raises(value: Any) -> None:
    """Every field of every value is frozen: assignment raises FrozenInstanceError."""
    for f in attrs.fields(type(value)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(value, f.name, getattr(value, f.name))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        value.new_attribute = 1


def test_state_holds_tuples_not_lists() -> None:
    """Players, hands, museums, counts, tiles, deck and discard are tuples."""
    state = ma.new_game(4, seed=8)
    for value in (state.players, state.deck, state.counts, state.tiles, state.discard):
        assert isinstance(value, tuple)
    for player in state.players:
        assert isinstance(player.hand, tuple) and isinstance(player.museum, tuple)
    assert all(isinstance(t, tuple) for t in state.tiles)


def test_values_are_hashable() -> None:
    """States, actions and events hash, so they can be set members and dict keys."""
    for value in _one_of_each():
        hash(value)
