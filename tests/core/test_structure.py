"""How values are built: states share their unchanged parts, legal actions are lazy but exact.

These are the properties the engine's speed and memory rest on (see
``benchmarks/``); none of them measures time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import modern_art as ma
from modern_art._speed import direct_init
from modern_art.core.legal import SHARED_BIDS
from modern_art.testing import playout


def _random_steps(players: int, seed: int) -> Iterator[tuple[ma.GameState, ma.Step]]:
    """Every (state, step) of one random game, the random player as in the benchmarks."""
    state = ma.new_game(players, seed=seed)
    for step in playout(state, seed):
        yield state, step
        state = step.state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_state_shares_every_unchanged_part_with_its_parent(players: int) -> None:
    """Each part of a new state equal to its parent's (deck, a player ...) is that object."""
    for seed in range(4):
        for before, step in _random_steps(players, seed):
            after = step.state
            for name in ("rules", "deck", "counts", "tiles", "discard", "players"):
                old, new = getattr(before, name), getattr(after, name)
                assert old is new or old != new, name
            for old_player, new_player in zip(before.players, after.players, strict=True):
                assert old_player is new_player or old_player != new_player


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_index_slice_and_membership_agree_with_iteration(players: int) -> None:
    """Indexing (also negative), slicing, ``len`` and ``in`` all agree with the iterated list."""
    for before, _ in _random_steps(players, seed=players):
        actions = ma.legal_actions(before)
        listed = list(actions)
        assert len(actions) == len(listed) > 0
        assert [actions[i] for i in range(len(listed))] == listed
        assert actions[-1] == listed[-1] and actions[-len(listed)] == listed[0]
        assert actions[1:9:3] == tuple(listed[1:9:3])
        assert all(action in actions for action in listed[:3] + listed[-3:])
        by_seat = [a for seat in range(players) for a in ma.legal_actions(before, seat)]
        assert by_seat == listed
        with pytest.raises(IndexError):
            actions[len(listed)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_equal_the_list_and_tuple_of_their_elements(players: int) -> None:
    """``legal_actions(s) == list(legal_actions(s))`` (the documented contract), and not more."""
    for before, _ in _random_steps(players, seed=players + 10):
        actions = ma.legal_actions(before)
        listed = list(actions)
        assert actions == listed and listed == actions and actions == tuple(listed)
        assert hash(actions) == hash(tuple(listed))
        assert actions != listed[:-1] and actions != [*listed, listed[0]]
        if len(listed) > 1:
            assert actions != listed[::-1] or listed == listed[::-1]
            assert actions != [listed[0]] * len(listed) or len(set(listed)) == 1
        assert actions != "".join(map(str, listed)) and actions != 5


def test_legal_actions_refuse_what_apply_refuses() -> None:
    """Amounts just outside a bid range, and amounts that only equal ints, are not members."""
    state = ma.new_game(3, seed=2)
    card = next(c for c in state.players[0].hand if c.auction is ma.Auction.HIDDEN)
    state = ma.apply(state, ma.PlayCard(0, card)).state
    actions = ma.legal_actions(state)
    assert ma.Bid(1, 0) in actions and ma.Bid(1, 100) in actions
    for outside in (ma.Bid(1, -1), ma.Bid(1, 101), ma.Bid(1, 5.0), ma.Bid(7, 5)):  # type: ignore[arg-type]
        assert outside not in actions
        with pytest.raises(ma.IllegalAction):
            ma.apply(state, outside)


def test_offer_by_an_equal_card_not_the_same_object() -> None:
    """A card equal to one in hand but not the same object (say, read from JSON) is accepted."""
    state = ma.new_game(3, seed=5)
    held = state.players[0].hand[3]
    copy = ma.Card(held.id, held.artist, held.auction)
    assert copy is not held
    assert ma.apply(state, ma.PlayCard(0, copy)) == ma.apply(state, ma.PlayCard(0, held))


def test_direct_init_stores_the_arguments_by_position_and_keyword() -> None:
    """A class given direct_init holds exactly the objects passed, and stays frozen."""
    lot = (ma.new_game(3, seed=1).players[0].hand[0],)
    by_position = ma.AuctionStarted(2, ma.Auction.OPEN, lot, None)
    by_keyword = ma.AuctionStarted(auctioneer=2, kind=ma.Auction.OPEN, lot=lot, double_player=None)
    assert by_position == by_keyword and by_position.lot is lot
    assert attrs.evolve(by_position, auctioneer=1).auctioneer == 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        by_position.auctioneer = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        ma.AuctionStarted(2, ma.Auction.OPEN, lot)  # type: ignore[call-arg]


def test_direct_init_refuses_a_class_whose_init_does_more_than_store() -> None:
    """A default, validator or converter would be skipped, so direct_init refuses the class."""

    @attrs.frozen
    class WithDefault:
        x: int = 0

    @attrs.frozen
    class WithValidator:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen
    class WithConverter:
        x: int = attrs.field(converter=int)

    for cls in (WithDefault, WithValidator, WithConverter):
        with pytest.raises(TypeError, match="does not qualify"):
            direct_init(cls)


def _expand(run: tuple[Any, int, Any]) -> list[ma.Action]:
    """The actions a run of ``LegalActions.runs()`` stands for."""
    kind, seat, items = run
    if kind is None:
        return list(items)
    return [kind(seat, item) for item in items]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legal_actions_runs_spell_out_exactly_the_actions(players: int) -> None:
    """Expanding ``runs()`` gives the listed actions in order; amounts come as ranges."""
    for before, _ in _random_steps(players, seed=players + 20):
        actions = ma.legal_actions(before)
        runs = actions.runs()
        assert [a for run in runs for a in _expand(run)] == list(actions)
        for kind, _seat, items in runs:
            assert isinstance(items, range) == (kind is ma.Bid or kind is ma.SetPrice)


def test_legal_actions_built_from_chunks_join_them_in_order() -> None:
    """``LegalActions(chunks)`` is one sequence of the chunks' actions, empty chunks skipped."""
    chunks: list[list[ma.Action]] = [[ma.Pass(0), ma.Bid(1, 5)], [], [ma.Accept(2)]]
    joined = ma.LegalActions(chunks)
    assert len(joined) == 3 and list(joined) == [ma.Pass(0), ma.Bid(1, 5), ma.Accept(2)]
    assert joined[2] == ma.Accept(2) and ma.Bid(1, 5) in joined
    assert [(kind, list(items)) for kind, _, items in joined.runs()] == [
        (None, [ma.Pass(0), ma.Bid(1, 5)]),
        (None, [ma.Accept(2)]),
    ]
    assert len(ma.LegalActions()) == 0


def test_a_bid_given_out_twice_is_one_shared_value() -> None:
    """Indexing makes each small ``Bid(seat, amount)`` once and shares it; larger ones are made
    anew. Either way it is the bid of that seat and amount."""
    rich = ma.Rules(starting_money=2 * SHARED_BIDS)
    state = ma.new_game(3, deck=rich.deck, rules=rich)  # seat 0 holds cards 0 to 9 (open ones)
    state = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state
    actions = ma.legal_actions(state, 2)
    assert actions.runs()[0] == (ma.Bid, 2, range(1, 2 * SHARED_BIDS + 1))
    small, large = actions[4], actions[SHARED_BIDS + 5]  # amounts 5 and SHARED_BIDS + 6
    assert small == ma.Bid(2, 5) and small is actions[4]
    everyone = ma.legal_actions(state)  # seats 0 and 1 first: their bids, then their Pass
    assert everyone[2 * (2 * SHARED_BIDS + 1) + 4] is small
    assert large == ma.Bid(2, SHARED_BIDS + 6) and large is not actions[SHARED_BIDS + 5]
    assert ma.legal_actions(state, 1)[4] == ma.Bid(1, 5)  # another seat, its own bid


@pytest.mark.parametrize("players", [3, 4, 5])
def test_small_actions_are_shared_values_and_runs_are_never_empty(players: int) -> None:
    """Asked twice, legal actions give the very same Pass, Accept and small Bid (seat 0 and
    bid 0 included); two listings of one state are equal; no run is empty."""
    shared_kinds = (ma.Pass, ma.Accept)
    seen: set[tuple[type, int]] = set()
    for before, _ in _random_steps(players, seed=players + 30):
        first, second = ma.legal_actions(before), ma.legal_actions(before)
        assert first is not second and first == second
        for i in range(len(first)):
            action = first[i]
            small_bid = type(action) is ma.Bid and action.amount < SHARED_BIDS
            if isinstance(action, shared_kinds) or small_bid:
                assert second[i] is action, action
                seen.add((type(action), action.seat if small_bid else -1))
        assert all(len(items) > 0 for _kind, _seat, items in first.runs())
    assert {(ma.Pass, -1), (ma.Accept, -1), (ma.Bid, 0)} <= seen  # seat 0's bids too


def test_a_seat_that_cannot_raise_has_no_bid_run() -> None:
    """One-offer auction: a seat holding no more than the high bid may only pass (R4.2)."""
    state = ma.new_game(3, deck=ma.Rules().deck)  # seat 0 holds cards 0 to 9
    one_offer = state.players[0].hand[3]
    assert one_offer.auction is ma.Auction.ONE_OFFER
    state = ma.apply(state, ma.PlayCard(0, one_offer)).state
    state = ma.apply(state, ma.Bid(1, 100)).state  # all seat 1 holds; seat 2 holds 100 too
    assert state.to_act == {2}
    assert ma.legal_actions(state, 2).runs() == ((None, 0, (ma.Pass(2),)),)


def test_legal_actions_from_parts_count_them_when_not_told() -> None:
    """``LegalActions((), parts)`` (the engine's form) counts the actions of its parts."""
    parts = ((2, ma.Bid, 1, 5), (1, None, 0, (ma.Pass(1),)))
    actions = ma.LegalActions((), parts)
    assert len(actions) == 3 and list(actions) == [ma.Bid(1, 5), ma.Bid(1, 6), ma.Pass(1)]
    assert len(ma.LegalActions((), parts, 3)) == 3
