"""The action codec agrees with legal_actions, and observations show only what a seat sees."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.hidden_info import SHORT, history_twin, played, state_twin
from tests.helpers.webkit import need

np = need("numpy", "the rl extra: pip install -e '.[rl]'")

from modern_art.envs import (  # noqa: E402
    ActionCodec,
    observation_size,
    observation_slices,
    observe,
)
from modern_art.envs.incremental import (  # noqa: E402
    ObservationCache,
    follow_money,
    observe_state,
)
from modern_art.envs.rewards import final_rewards, most_money  # noqa: E402

Pair = tuple[Any, ma.GameState]


def _random_games(players: int, games: int, rules: ma.Rules, seed: int) -> Iterator[Pair]:
    """Yield every state of ``games`` random games, choosing through ``ActionCodec`` masks."""
    rng = random.Random(seed)
    codec = ActionCodec(rules, most_money(rules, players))
    for _ in range(games):
        state = ma.new_game(players, seed=rng.getrandbits(32), rules=rules)
        while not state.is_over:
            yield codec, state
            seat = ma.next_seat(state)
            allowed = np.flatnonzero(codec.mask(state, seat))
            index = int(rng.choice(allowed))
            if codec.pass_index in allowed and rng.random() < 0.5:
                index = codec.pass_index
            state = ma.apply(state, codec.decode(index, state, seat)).state


def _split(actions: ma.LegalActions) -> tuple[list[ma.Action], int, list[ma.Action]]:
    """One seat's actions as (cards, how many amounts, accept and pass), by documented order.

    Reads the sequence by index from both ends, so a bid range of hundreds
    of amounts is counted, not built.
    """
    amount = (ma.Bid, ma.SetPrice)
    head = 0
    while head < len(actions) and not isinstance(actions[head], amount):
        head += 1
    tail = len(actions)
    while tail > head and not isinstance(actions[tail - 1], amount):
        tail -= 1
    return list(actions[:head]), tail - head, list(actions[tail:])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_mask_equals_legal_actions_over_50_random_games(players: int) -> None:
    """In 50 CMON games each seat's mask is its legal actions; every index decodes legally."""
    states = 0
    for codec, state in _random_games(players, 50, ma.Rules(), seed=players):
        states += 1
        legal = ma.legal_actions(state)
        for seat in range(players):
            mask = codec.mask(state, seat)
            mine = ma.legal_actions(state, seat)
            if seat not in state.to_act:
                assert not mask.any() and not mine
                continue
            allowed = np.flatnonzero(mask)
            amounts = allowed[allowed >= codec.amount_base] - codec.amount_base
            cards, count, rest = _split(mine)
            # Cards of one kind share an index (R1.3: they differ only in id).
            others = {codec.encode(a) for a in cards + rest}
            assert set(allowed[allowed < codec.amount_base]) == others
            assert len(amounts) == count
            if count:
                lo, hi = int(amounts[0]), int(amounts[-1])
                assert hi - lo + 1 == count  # one unbroken range
                kind = type(codec.decode(codec.amount_base + lo, state, seat))
                assert kind(seat, lo) in mine and kind(seat, hi) in mine
                assert kind(seat, lo - 1) not in mine and kind(seat, hi + 1) not in mine
                picks = [lo, hi, (lo + hi) // 2]
            else:
                picks = []
            for index in [*others, *(codec.amount_base + m for m in picks)]:
                assert codec.decode(index, state, seat) in legal
        if states % 7 == 0:  # the view gives the same mask
            seat = ma.next_seat(state)
            seen = ma.view(state, seat)
            assert (codec.mask(seen, seat) == codec.mask(state, seat)).all()
            if states % 49 == 0:  # and so does a view read from JSON (runs of single actions)
                received = ma.from_json(ma.to_json(seen), "view")
                assert (codec.mask(received, seat) == codec.mask(state, seat)).all()
    assert states > 50 * 100


def test_amount_cap_leaves_a_legal_index_and_only_amounts_within_it() -> None:
    """With a small cap, masks hold the legal actions up to it, never nothing to a seat to act."""
    codec = ActionCodec(SHORT, max_amount=3)
    rng = random.Random(1)
    for game in range(10):
        state = ma.new_game(4, seed=game, rules=SHORT)
        while not state.is_over:
            for seat in state.to_act:
                mask = codec.mask(state, seat)
                assert mask.any()
                within = {
                    codec.encode(a)
                    for a in ma.legal_actions(state, seat)
                    if getattr(a, "amount", getattr(a, "price", 0)) <= 3
                }
                assert set(np.flatnonzero(mask)) == within
            seat = ma.next_seat(state)
            index = int(rng.choice(np.flatnonzero(codec.mask(state, seat))))
            state = ma.apply(state, codec.decode(index, state, seat)).state


def test_codec_round_trips_and_refuses_what_it_cannot_name() -> None:
    """encode(decode(i)) == i for playable indices; amounts or indices out of range are refused."""
    rules = ma.Rules()
    codec = ActionCodec(rules)
    state = ma.new_game(3, seed=5)
    for index in np.flatnonzero(codec.mask(state, 0)):
        assert codec.encode(codec.decode(index, state)) == index
    assert codec.decode(codec.amount_base + 7, state, 1) == ma.Bid(1, 7)
    with pytest.raises(ValueError, match="max_amount=240"):
        codec.encode(ma.Bid(0, 241))
    with pytest.raises(ValueError, match="not from 0"):
        codec.decode(codec.size, state)
    missing = next(i for i in range(codec.kinds) if not codec.mask(state, 0)[i])
    with pytest.raises(ValueError, match="holds no card of kind"):
        codec.decode(missing, state, 0)
    with pytest.raises(ValueError, match="at least 1"):
        ActionCodec(rules, max_amount=0)


def test_R7_4_follow_money_is_the_ledger_over_every_event() -> None:
    """follow_money reads only money events, and agrees with MoneyLedger.apply_all."""
    ledger = follow = ma.MoneyLedger.start(ma.Rules(), 4)
    state = ma.new_game(4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        actions = ma.legal_actions(state)
        step = ma.apply(state, actions[rng.randrange(len(actions))])
        before = follow
        ledger = ledger.apply_all(step.events)
        follow = follow_money(follow, step.events)
        assert follow == ledger
        if not any(isinstance(e, ma.AuctionWon | ma.PaintingsSold) for e in step.events):
            assert follow is before
        state = step.state
    assert follow.money == tuple(p.money for p in state.players)


def test_observation_slices_tile_the_vector() -> None:
    """The documented slices follow each other without gaps and add up to observation_size."""
    for players in (3, 4, 5):
        slices = observation_slices(ma.Rules(), players)
        assert slices[0][1].start == 0
        for (_, before, _), (_, after, _) in itertools.pairwise(slices):
            assert before.stop == after.start
        assert slices[-1][1].stop == observation_size(ma.Rules(), players)


def test_observe_state_is_observe_of_the_view() -> None:
    """The adapters' fast observation equals observe(view, ledger) for every seat, every step."""
    cache = ObservationCache()
    # Two games stepped in turn through one cache: it must follow both, never mix them.
    first, second = _random_games(4, 3, SHORT, seed=9), _random_games(4, 3, SHORT, seed=10)
    games = zip(first, second, strict=False)  # stops with the shorter run of states
    for pair in games:
        for _, state in pair:
            money = tuple(p.money for p in state.players)
            ledger = ma.MoneyLedger(money)
            for seat in range(4):
                seen = observe(ma.view(state, seat), ledger=ledger)
                assert seen.shape == (observation_size(state.rules, 4),)
                assert (observe_state(state, seat, money) == seen).all()
                assert (observe_state(state, seat, money, cache) == seen).all()


# A twin replays a whole game: fewer examples than the profile's, except when thorough.
TWIN_EXAMPLES = max(20, settings().max_examples // 5)


@settings(max_examples=TWIN_EXAMPLES)
@given(st.data())
def test_observation_ignores_hidden_cards_and_sealed_bids(data: st.DataObject) -> None:
    """Moving unseen cards and redrawing others' sealed bids leaves observations alone (R7.2)."""
    game = data.draw(played(400), label="game")
    state = game.final
    seat = data.draw(st.integers(0, game.players - 1), label="seat")
    money = [p.money for p in state.players]
    mine = observe_state(state, seat, tuple(money))
    twin = state_twin(state, seat, random.Random(data.draw(st.integers(0, 99))), money=False)
    assert (observe_state(twin, seat, tuple(money)) == mine).all()
    assert (observe(ma.view(twin, seat), ledger=ma.MoneyLedger(money)) == mine).all()
    replayed = history_twin(game, seat, random.Random(data.draw(st.integers(0, 99))))
    events = [e for step in replayed.events for e in ma.visible_events(step, seat)]
    assert (observe(ma.view(replayed.final, seat), events=events) == mine).all()


def test_observe_needs_public_money_when_screened() -> None:
    """Screened money with no ledger or events is an error, as is a spectator's view."""
    state = ma.new_game(3, seed=1)
    with pytest.raises(ValueError, match="screened"):
        observe(ma.view(state, 0))
    with pytest.raises(ValueError, match="spectator"):
        observe(ma.view(state, None), events=())
    opened = ma.new_game(3, seed=1, rules=attrs.evolve(ma.Rules(), open_money=True))
    assert observe(ma.view(opened, 0)).shape == (observation_size(opened.rules, 3),)


def test_final_rewards_sum_to_zero_and_follow_the_ranking() -> None:
    """Rank rewards give the sole winner 1, the sole last -1; money rewards are centred (R8.2)."""
    assert final_rewards([200, 100, 150, 50], "rank", ma.Rules()) == (1.0, -1 / 3, 1 / 3, -1.0)
    assert sum(final_rewards([80, 80, 80], "rank", ma.Rules())) == 0
    assert final_rewards([150, 50, 100], "money", ma.Rules()) == (0.5, -0.5, 0.0)
