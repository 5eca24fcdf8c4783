"""Player views show everything public and the seat's own secrets, nothing else (R7)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.hidden_info import SHORT, played, seats, state_twin

NAMESPACE = {"frozenset": frozenset, **vars(ma)}


@given(st.data())
def test_R7_2_states_differing_in_hidden_facts_give_equal_views(data: st.DataObject) -> None:
    """Redrawing others' hands, the deck, their sealed bids and screened money changes no view."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    rng = random.Random(data.draw(st.integers(0, 2**32), label="twin"))
    for seat in seats(state.num_players):
        twin = state_twin(state, seat, rng)
        assert ma.view(twin, seat) == ma.view(state, seat)
        assert repr(ma.view(twin, seat)) == repr(ma.view(state, seat))


@given(st.data())
def test_R7_2_screened_money_is_in_no_view_of_another_seat(data: st.DataObject) -> None:
    """While the game runs, a seat's screened money shows in no other seat's view or its repr."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    owner = data.draw(st.integers(0, state.num_players - 1), label="owner")
    marked = 7919  # a sum no other field of these views can hold
    p = state.players[owner]
    players = list(state.players)
    players[owner] = attrs.evolve(p, money=marked)
    state = attrs.evolve(state, players=tuple(players))
    for seat in seats(state.num_players):
        shown = repr(ma.view(state, seat))
        if seat == owner or state.rules.open_money or state.is_over:
            assert ma.view(state, seat).players[owner].money == marked
        else:
            assert ma.view(state, seat).players[owner].money is None
            assert str(marked) not in shown


@given(st.data())
def test_R7_1_views_show_every_public_fact(data: st.DataObject) -> None:
    """A view's public fields agree with the state, and the seat sees its own hand and actions."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    for seat in seats(state.num_players):
        v = ma.view(state, seat)
        assert (v.rules, v.seat, v.round, v.step) == (state.rules, seat, state.round, state.step)
        assert (v.counts, v.tiles, v.discard) == (state.counts, state.tiles, state.discard)
        assert v.deck_size == len(state.deck)
        assert [(p.name, p.hand_size, p.museum) for p in v.players] == [
            (p.name, len(p.hand), p.museum) for p in state.players
        ]
        assert v.to_act == state.to_act
        assert (v.is_over, v.winners) == (state.is_over, ma.winners(state))
        assert v.num_players == state.num_players
        assert (v.auction is None) == (state.auction is None)
        if seat is None:
            assert v.hand == () and v.legal_actions == () and v.money is None
        else:
            assert v.hand == state.players[seat].hand
            assert v.money == state.players[seat].money
            assert v.legal_actions == tuple(ma.legal_actions(state, seat))


@given(st.data())
def test_R7_2_money_is_public_when_open_or_once_the_game_is_over(data: st.DataObject) -> None:
    """Everyone's money is in every view under open_money and after the game ends."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    public = state.rules.open_money or state.is_over
    for seat in seats(state.num_players):
        shown = [p.money for p in ma.view(state, seat).players]
        for s, p in enumerate(state.players):
            assert shown[s] == (p.money if public or s == seat else None)


@given(st.data())
def test_view_repr_is_valid_python(data: st.DataObject) -> None:
    """Evaluating a view's repr with the package's names gives back an equal view."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    for seat in seats(state.num_players):
        v = ma.view(state, seat)
        assert eval(repr(v), NAMESPACE) == v


def _hidden_auction() -> ma.GameState:
    """Seat 0 offers a hidden card; seat 1 seals 40."""
    hidden, opn, one = ma.Auction.HIDDEN, ma.Auction.OPEN, ma.Auction.ONE_OFFER
    hands = [
        [("melim", hidden), ("melim", opn), ("thaler", opn), ("thaler", one)],
        [("carvalho", opn), ("carvalho", one), ("martins", opn), ("martins", one)],
        [("silveira", opn), ("silveira", one), ("silveira", hidden), ("thaler", hidden)],
    ]
    deck = ma.stack_deck(hands, rules=SHORT)
    state = ma.new_game(3, deck=deck, rules=SHORT)
    state = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state
    return ma.apply(state, ma.Bid(1, 40)).state


def test_R4_3_hidden_auction_view_shows_who_sealed_not_how_much() -> None:
    """Seat 2 sees that seat 1 has sealed, not the amount; seat 1 sees its own 40."""
    state = _hidden_auction()
    other, bidder, spectator = ma.view(state, 2), ma.view(state, 1), ma.view(state, None)
    assert isinstance(other.phase, ma.HiddenAuctionView)
    assert other.phase.sealed == frozenset({1})
    assert other.phase.own_bid is None
    assert other.auction == other.phase and other.auction.kind is ma.Auction.HIDDEN
    assert bidder.phase == attrs.evolve(other.phase, own_bid=40)
    assert spectator.phase == other.phase
    assert other.to_act == frozenset({0, 2})


def test_R1_5_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    """Asking for seat 3 of a 3-player table raises ValueError."""
    with pytest.raises(ValueError, match="seat must be None or a seat from 0 to 2"):
        ma.view(ma.new_game(3, seed=1), 3)


def test_unseen_cards_are_other_hands_and_the_deck() -> None:
    """The cards a seat cannot see are exactly the others' hands and the deck."""
    state = _hidden_auction()
    hidden = set(state.deck) | {c for p in state.players[:2] for c in p.hand}
    assert set(ma.unseen_cards(ma.view(state, 2))) == hidden
    assert len(ma.unseen_cards(ma.view(state, None))) == len(state.deck) + sum(
        len(p.hand) for p in state.players
    )


def test_own_view_is_a_player_view_at_run_time() -> None:
    """OwnView exists for type checkers only: a seat's view is a PlayerView, equal after JSON."""
    state = ma.new_game(3, seed=4)
    seat_view = ma.view(state, 1)
    assert ma.OwnView is ma.PlayerView and type(seat_view) is ma.PlayerView
    received = ma.from_json(ma.to_json(seat_view), "view")
    assert received == seat_view and ma.has_seat(received)
    assert not ma.has_seat(ma.view(state, None))


def _open_auction() -> ma.GameState:
    """Seat 0 offers an open card: every seat may bid 1 to 100 or pass."""
    state = ma.new_game(3, deck=ma.Rules().deck)  # seat 0 holds cards 0 to 9
    return ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state


def test_R7_2_a_views_legal_actions_are_lazy_and_equal_the_tuple_of_them() -> None:
    """A seat's 100 bids are one range in its view, made when asked; equal to (and hashing as)
    the tuple of the same actions."""
    v = ma.view(_open_auction(), 1)
    legal = v.legal_actions
    assert isinstance(legal, ma.LegalActions)
    assert legal.runs() == ((ma.Bid, 1, range(1, 101)), (None, 0, (ma.Pass(1),)))
    eager = (*(ma.Bid(1, amount) for amount in range(1, 101)), ma.Pass(1))
    assert legal == eager and eager == legal and hash(legal) == hash(eager)
    assert legal == ma.legal_actions(_open_auction(), 1)
    assert legal != eager[:-1] and legal != (*eager[:-1], ma.Pass(2))


def test_a_views_legal_actions_travel_as_an_array_and_come_back_equal() -> None:
    """JSON writes the lazy actions as the array a tuple made; reading gives an equal view."""
    v = ma.view(_open_auction(), 2)
    written = json.loads(ma.to_json(v))["legal_actions"]
    assert written[0] == {"amount": 1, "format": ma.FORMAT, "seat": 2, "type": "Bid"}
    assert written[-1] == {"format": ma.FORMAT, "seat": 2, "type": "Pass"} and len(written) == 101
    back = ma.from_json(ma.to_json(v), "view")
    assert back == v and hash(back) == hash(v)
    assert isinstance(back.legal_actions, ma.LegalActions)
    assert pickle.loads(pickle.dumps(v)) == v
    assert copy.deepcopy(v.legal_actions) is v.legal_actions


def test_a_spectator_has_no_legal_actions() -> None:
    """A spectator's view holds no action, not every seat's (R7.2)."""
    state = _open_auction()
    assert len(ma.legal_actions(state)) == 303  # the auctioneer may bid too (R4.1)
    spectator = ma.view(state, None)
    assert len(spectator.legal_actions) == 0 and spectator.legal_actions == ()
