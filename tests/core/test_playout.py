"""``ma.playout``: the documented loop's very game, a policy's game, and its refusals."""

from __future__ import annotations

import random

import pytest

import modern_art as ma


def _loop(state: ma.GameState, seed: int) -> list[ma.GameState]:
    """DESIGN.md's documented loop, every state it passes through."""
    states = [state]
    rng = random.Random(seed)
    while not state.is_over:
        acts = ma.legal_actions(state)
        state = ma.apply(state, acts[rng.randrange(len(acts))]).state
        states.append(state)
    return states


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R8_1_playout_is_the_documented_loop_action_by_action(players: int) -> None:
    """From every state of a loop's game, playout ends where the loop does from there.

    Playing on from each intermediate state with the seed the loop would have
    there is not the same draw, so the check is action by action through a
    policy that records its choices against the loop's own.
    """
    for seed in range(5):
        start = ma.new_game(players, seed=seed)
        states = _loop(start, seed)
        seen: list[ma.GameState] = []

        def uniform(
            state: ma.GameState,
            actions: ma.LegalActions,
            rng: random.Random,
            seen: list[ma.GameState] = seen,
        ) -> ma.Action:
            seen.append(state)
            return actions[rng.randrange(len(actions))]

        assert ma.playout(start, seed=seed) == states[-1]
        assert ma.playout(start, seed=seed, policy=uniform) == states[-1]
        assert seen == states[:-1]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R8_1_playout_equals_the_loop_on_1000_seeded_games(players: int) -> None:
    """1,000 seeded games per player count: the same final state."""
    for seed in range(1000):
        start = ma.new_game(players, seed=seed)
        rng = random.Random(seed)
        state = start
        while not state.is_over:
            acts = ma.legal_actions(state)
            state = ma.apply(state, acts[rng.randrange(len(acts))]).state
        end = ma.playout(start, seed=seed)
        assert end == state, seed  # the state holds the step count, money, museums, deck


def test_R8_1_playout_goes_on_from_the_middle_of_a_game() -> None:
    """A state mid-auction plays on as the loop does from it."""
    states = _loop(ma.new_game(4, seed=11), 11)
    middle = states[len(states) // 2]
    assert ma.playout(middle, seed=5) == _loop(middle, 5)[-1]
    assert middle == states[len(states) // 2]  # the state given is unchanged


def test_R8_1_playout_follows_a_policy() -> None:
    """A policy that always takes the first action plays that game, given the playout's rng."""
    fresh = random.Random(9).getstate()
    rngs: list[random.Random] = []
    firsts: list[object] = []

    def first(state: ma.GameState, actions: ma.LegalActions, rng: random.Random) -> ma.Action:
        if not rngs:
            firsts.append(rng.getstate())
        rngs.append(rng)
        return actions[0]

    start = ma.new_game(3, seed=2)
    state = start
    while not state.is_over:
        state = ma.apply(state, ma.legal_actions(state)[0]).state
    assert ma.playout(start, seed=9, policy=first) == state
    assert len({id(rng) for rng in rngs}) == 1 and len(rngs) == state.step
    assert firsts == [fresh]  # random.Random(seed), untouched before the first decision


def test_R8_1_playout_refuses_a_finished_game() -> None:
    """A finished game has nothing to play out: a ValueError citing R8.1."""
    end = ma.playout(ma.new_game(3, seed=1), seed=1)
    with pytest.raises(ValueError, match=r"R8\.1"):
        ma.playout(end, seed=1)


@pytest.mark.parametrize("seed", [True, False, None, "7", 7.0, [7]])
def test_playout_refuses_a_seed_that_is_no_int(seed: object) -> None:
    """Only an int seeds a playout: a bool, None, a str or a float is a ValueError."""
    with pytest.raises(ValueError, match="seed must be an int"):
        ma.playout(ma.new_game(3, seed=1), seed=seed)  # type: ignore[call-overload]


def test_playout_refuses_what_is_no_state_and_a_policy_that_is_no_callable() -> None:
    """A documented ValueError, not a TypeError or an AttributeError."""
    with pytest.raises(ValueError, match="GameState"):
        ma.playout("state", seed=1)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="policy"):
        ma.playout(ma.new_game(3, seed=1), seed=1, policy=3)  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("chosen", "rule"),
    [
        (lambda state, actions: ma.Pass(0), "R2.1"),  # the auctioneer must offer a card
        (lambda state, actions: ma.Bid(0, 5), "R2.1"),
        (lambda state, actions: None, "R2.1"),  # not an action at all
        (lambda state, actions: "0 pass", "R2.1"),
        (lambda state, actions: ma.PlayCard(1, state.players[1].hand[0]), "R2.1"),
        (lambda state, actions: ma.Pass(9), "R1.5"),  # no such seat
    ],
)
def test_R2_1_playout_refuses_a_policy_returning_an_illegal_action(
    chosen: object, rule: str
) -> None:
    """The policy's illegal choice raises IllegalAction citing the rule it breaks."""

    def policy(state: ma.GameState, actions: ma.LegalActions, rng: random.Random) -> ma.Action:
        return chosen(state, actions)  # type: ignore[operator,no-any-return]

    with pytest.raises(ma.IllegalAction, match="the policy chose an illegal action") as err:
        ma.playout(ma.new_game(3, seed=1), seed=1, policy=policy)
    assert err.value.rule == rule


def test_R4_1_playout_refuses_an_illegal_bid_later_in_the_game() -> None:
    """A policy that plays legally, then bids more than it holds, is refused at that step."""

    def policy(state: ma.GameState, actions: ma.LegalActions, rng: random.Random) -> ma.Action:
        if isinstance(state.phase, ma.OpenAuction):
            seat = min(state.to_act)
            return ma.Bid(seat, state.players[seat].money + 1)
        return actions[0]

    with pytest.raises(ma.IllegalAction, match="at step") as err:
        ma.playout(ma.new_game(4, seed=3), seed=1, policy=policy)
    assert err.value.rule == "R3.1"


def _loop_to_round_end(state: ma.GameState, seed: int) -> ma.GameState:
    """The documented loop, stopped once the round it starts in has ended (R6.1)."""
    start_round = state.round
    rng = random.Random(seed)
    while not state.is_over and state.round == start_round:
        acts = ma.legal_actions(state)
        state = ma.apply(state, acts[rng.randrange(len(acts))]).state
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_R6_1_playout_until_round_stops_where_the_round_ends(players: int) -> None:
    """``until="round"``: the loop's very game, stopped just after the round's sale."""
    for seed in range(200):
        start = ma.new_game(players, seed=seed)
        end = ma.playout(start, seed=seed, until="round")
        assert end == _loop_to_round_end(start, seed), seed
        assert end.is_over or end.round == start.round + 1
        first = lambda s, acts, rng: acts[0]  # noqa: E731
        chosen = ma.playout(start, seed=seed, policy=first, until="round")
        assert chosen.is_over or chosen.round == start.round + 1


def test_R6_1_playout_until_round_from_mid_game_and_the_last_round() -> None:
    """From the middle of a round, and in the last round (which ends the game, R8.1)."""
    states = [ma.new_game(4, seed=3)]
    rng = random.Random(3)
    while not states[-1].is_over:
        acts = ma.legal_actions(states[-1])
        states.append(ma.apply(states[-1], acts[rng.randrange(len(acts))]).state)
    for state in states[1:-1:7]:
        end = ma.playout(state, seed=8, until="round")
        assert end == _loop_to_round_end(state, 8)
        if state.round == state.rules.rounds:
            assert end.is_over


@pytest.mark.parametrize("until", ["Round", "", None, 1, "games"])
def test_R8_1_playout_refuses_an_unknown_until(until: object) -> None:
    with pytest.raises(ValueError, match="until must be"):
        ma.playout(ma.new_game(3, seed=1), seed=1, until=until)  # type: ignore[call-overload]
