"""The adapters pass each framework's own test suite: PettingZoo, Gymnasium and OpenSpiel."""

from __future__ import annotations

import functools
import random

import pytest

import modern_art as ma
from tests.helpers.webkit import need

np = need("numpy", "the rl extra: pip install -e '.[rl]'")
need("pettingzoo", "the rl extra: pip install -e '.[rl]'")
need("gymnasium", "the rl extra: pip install -e '.[rl]'")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from modern_art.envs import PolicyAgent, observe  # noqa: E402
from modern_art.envs.gymnasium import ENV_ID, SeatEnv  # noqa: E402
from modern_art.envs.pettingzoo import env, raw_env  # noqa: E402


@pytest.mark.parametrize("players", [3, 4, 5])
def test_pettingzoo_api_and_seed_tests_pass(players: int) -> None:
    """PettingZoo's api_test and seed_test pass for the wrapped env."""
    api_test(env(players=players, render_mode="ansi"), num_cycles=1000)
    seed_test(functools.partial(env, players=players), num_cycles=500)


def _masked_rollout(table: object, rng: random.Random) -> list[ma.Action]:
    """Play ``table`` (a PettingZoo env) to the end with random masked actions; return them."""
    raw = table.unwrapped  # type: ignore[attr-defined]
    actions: list[ma.Action] = []
    for agent in table.agent_iter():  # type: ignore[attr-defined]
        observation, _, terminated, truncated, _ = table.last()  # type: ignore[attr-defined]
        if terminated or truncated:
            table.step(None)  # type: ignore[attr-defined]
            continue
        index = int(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
        seat = raw.possible_agents.index(agent)
        before = raw.game_state
        assert seat == ma.next_seat(before)
        actions.append(raw.codec.decode(index, before, seat))
        table.step(index)  # type: ignore[attr-defined]
    return actions


def test_pettingzoo_game_is_a_legal_library_game_asking_seats_in_next_seat_order() -> None:
    """A masked random rollout asks ma.next_seat each time and replays to the same end."""
    table = raw_env(players=4)
    table.reset(seed=11)
    start = table.game_state
    actions = _masked_rollout(table, random.Random(2))
    state = start
    for action in actions:
        state = ma.apply(state, action).state
    assert state == table.game_state and state.is_over
    money = [p.money for p in state.players]
    best = max(money)
    rewards = table._cumulative_rewards if table.agents else {}
    assert all(reward == 0 for reward in rewards.values())  # all agents left after their last step
    assert best in money


def test_pettingzoo_observations_are_the_views_every_step() -> None:
    """Every agent's observation is observe(view, ledger) and its mask codec.mask, every step."""
    for players in (3, 5):
        table = raw_env(players=players)
        table.reset(seed=players)
        rng = random.Random(players)
        events: list[ma.Event] = []
        while not table.game_state.is_over:
            state = table.game_state
            ledger = ma.MoneyLedger.start(state.rules, players).apply_all(events)
            for seat, agent in enumerate(table.possible_agents):
                seen = table.observe(agent)
                expected = observe(ma.view(state, seat), ledger=ledger)
                assert (seen["observation"] == expected).all()
                assert (seen["action_mask"] == table.codec.mask(state, seat)).all()
            observation = table.last()[0]
            assert observation is not None
            index = int(rng.choice(list(np.flatnonzero(observation["action_mask"]))))
            action = table.codec.decode(index, state, ma.next_seat(state))
            table.step(index)
            events.extend(ma.apply(state, action).events)
        assert table.game_state == ma.apply(state, action).state


def test_pettingzoo_rewards_rank_the_final_money() -> None:
    """At the end every agent terminates with its rank reward; the winners' is largest (R8.2)."""
    table = raw_env(players=3, reward="rank")
    table.reset(seed=5)
    rng = random.Random(5)
    while not table.game_state.is_over:
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(list(np.flatnonzero(mask)))))
    assert all(table.terminations.values())
    winners = ma.winners(table.game_state)
    best = max(table._cumulative_rewards.values())
    assert {
        int(a.split("_")[1]) for a, r in table._cumulative_rewards.items() if r == best
    } == set(winners)


def test_pettingzoo_render_shows_the_spectators_board_only() -> None:
    """ansi rendering is the spectator's view as text: no hand card appears in it (R7.2)."""
    table = raw_env(players=3, render_mode="ansi")
    table.reset(seed=3)
    text = table.render()
    assert text == str(ma.view(table.game_state, None))
    for player in table.game_state.players:
        for card in player.hand:
            assert repr(card) not in text


def test_pettingzoo_refuses_an_illegal_index() -> None:
    """The raw env raises IllegalAction; the wrapped env ends the game with -1 to the offender."""
    table = raw_env(players=3)
    table.reset(seed=1)
    with pytest.raises(ma.IllegalAction):
        table.step(table.codec.accept_index)
    wrapped = env(players=3)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(wrapped.unwrapped.codec.accept_index)
    assert wrapped.rewards[agent] == -1
    assert all(wrapped.terminations.values())


def test_gymnasium_check_env_passes_and_the_env_is_registered() -> None:
    """Gymnasium's check_env passes, directly and through gymnasium.make("modern_art/Seat-v0")."""
    check_env(SeatEnv(players=3, render_mode="ansi"))
    made = gymnasium.make(ENV_ID, players=4)
    check_env(made.unwrapped)
    made.close()


def test_gymnasium_illegal_action_ends_the_episode_with_the_penalty() -> None:
    """A forbidden index ends the episode with illegal_reward and names it; no step may follow."""
    seat_env = SeatEnv(players=3, illegal_reward=-2.0)
    _, info = seat_env.reset(seed=4)
    forbidden = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = seat_env.step(forbidden)
    assert (reward, terminated, truncated, info["illegal_action"]) == (
        -2.0,
        True,
        False,
        forbidden,
    )
    with pytest.raises(RuntimeError, match="reset"):
        seat_env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_gymnasium_episode_plays_a_whole_game_against_bots() -> None:
    """Masked random actions play to the end; the last reward is the seat's rank reward."""
    seat_env = SeatEnv(players=4, seat=2, opponents=[ma.RandomAgent] * 3)
    _, info = seat_env.reset(seed=8)
    rng = random.Random(8)
    terminated = False
    while not terminated:
        index = int(rng.choice(list(np.flatnonzero(info["action_mask"]))))
        _, reward, terminated, _, info = seat_env.step(index)
    assert seat_env.game_state.is_over
    money = [p.money for p in seat_env.game_state.players]
    assert (reward == 1.0) == (money[2] > max(m for s, m in enumerate(money) if s != 2))


def test_policy_agent_plays_in_a_tournament() -> None:
    """A policy over codec indices plays as an ordinary agent in ma.tournament."""

    def first(observation: object, mask: object) -> int:
        return int(np.flatnonzero(mask)[0])

    factory = functools.partial(_policy_agent, first)
    result = ma.tournament([factory, ma.RandomAgent, ma.RandomAgent], 3, seed=2)
    assert result.standing("first").games == 3


def _policy_agent(policy: object, seed: int) -> PolicyAgent:
    return PolicyAgent(policy, name="first")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 6, "4", True, 4.0])
def test_R1_1_every_adapter_refuses_a_table_size_the_rules_do_not_allow(players: object) -> None:
    """PettingZoo and Gymnasium refuse alike a player count outside 3..5 or not an int."""
    for make in (raw_env, SeatEnv):
        with pytest.raises(ValueError, match=r"players must be from 3 to 5, got .* \(R1\.1\)"):
            make(players=players)  # type: ignore[arg-type]
