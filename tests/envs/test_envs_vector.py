"""The vector env: Gymnasium's SyncVectorEnv's very batches, masks that are legal_actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

import modern_art as ma
from tests.helpers.webkit import need

np = need("numpy", "the rl extra: pip install -e '.[rl]'")
need("gymnasium", "the rl extra: pip install -e '.[rl]'")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv, VectorEnv  # noqa: E402

from modern_art.envs.gymnasium import SeatEnv  # noqa: E402
from modern_art.envs.vector import SeatVectorEnv  # noqa: E402

_RANDOM = (ma.RandomAgent, ma.RandomAgent)  # quick opponents: 3 players


def _masked(masks: Any, rng: random.Random) -> Any:
    """One random legal index per row of ``masks`` (0 for a finished table, whose is ignored)."""
    return np.array([rng.choice([*np.flatnonzero(row)] or [0]) for row in masks], np.int64)


def _single(players: int = 3) -> SeatEnv:
    return SeatEnv(players, opponents=_RANDOM)


@pytest.mark.parametrize("mode", ["NextStep", "SameStep"])
def test_vector_env_plays_gymnasiums_own_sync_vector_env_batches(mode: str) -> None:
    """Step for step, both autoreset modes: observations, rewards, flags and infos equal."""
    n = 4
    ours = SeatVectorEnv(n, 3, opponents=_RANDOM, autoreset_mode=mode)
    theirs = SyncVectorEnv([_single] * n, autoreset_mode=mode)
    assert ours.metadata["autoreset_mode"] == theirs.metadata["autoreset_mode"]
    assert ours.observation_space == theirs.observation_space
    assert ours.action_space == theirs.action_space
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.single_action_space == theirs.single_action_space
    a, info_a = ours.reset(seed=5)
    b, info_b = theirs.reset(seed=5)
    assert data_equivalence(a, b) and data_equivalence(info_a, info_b)
    rng = random.Random(1)
    ends = 0
    for _ in range(400):
        actions = _masked(info_a["action_mask"], rng)
        got, want = ours.step(actions), theirs.step(actions)
        for mine, gym in zip(got, want, strict=True):
            assert data_equivalence(mine, gym)
        assert ours.observation_space.contains(got[0])
        info_a = got[4]
        ends += int(got[2].sum())
    assert ends >= 4  # games ended and were dealt again on the way
    ours.close()
    theirs.close()


def test_vector_env_rows_are_the_single_envs_observations() -> None:
    """Each row equals a lone SeatEnv seeded as that table: reset, steps, the game's end."""
    n = 3
    vector = SeatVectorEnv(n, 3, opponents=_RANDOM, autoreset_mode="SameStep")
    singles = [_single() for _ in range(n)]
    obs, info = vector.reset(seed=40)
    alone = [env.reset(seed=40 + i) for i, env in enumerate(singles)]
    rng = random.Random(3)
    ends = 0
    for _ in range(150):
        for i, (observation, single_info) in enumerate(alone):
            assert np.array_equal(obs[i], observation)
            assert np.array_equal(info["action_mask"][i], single_info["action_mask"])
        actions = _masked(info["action_mask"], rng)
        obs, rewards, terminated, _, info = vector.step(actions)
        for i, env in enumerate(singles):
            o, r, t, _, single_info = env.step(actions[i])
            assert r == rewards[i] and t == terminated[i]
            if t:
                ends += 1
                assert np.array_equal(info["final_obs"][i], o)
                o, single_info = env.reset()
            alone[i] = (o, single_info)
    assert ends >= n


def test_vector_env_masks_are_the_legal_actions_over_many_games() -> None:
    """Every mask row marks exactly the seat's legal actions the codec can name, each legal."""
    vector = SeatVectorEnv(4, 3, opponents=_RANDOM)
    codec = vector.envs[0].codec
    _, info = vector.reset(seed=7)
    rng = random.Random(4)
    games = checked = 0
    while games < 40:
        for i, env in enumerate(vector.envs):
            state = env.game_state
            if state.is_over:
                continue
            legal = {
                codec.encode(a) for a in ma.legal_actions(state, env.seat) if _nameable(a, codec)
            }
            marked = {int(j) for j in np.flatnonzero(info["action_mask"][i])}
            assert marked == legal  # an index per card kind: the first card of it decodes
            for j in marked:
                assert codec.decode(j, state, env.seat) in ma.legal_actions(state, env.seat)
            checked += 1
        _, _, terminated, _, info = vector.step(_masked(info["action_mask"], rng))
        games += int(terminated.sum())
    assert checked > 500


def _nameable(action: ma.Action, codec: Any) -> bool:
    amount = getattr(action, "amount", getattr(action, "price", 0))
    return bool(amount <= codec.max_amount)


def test_vector_env_disabled_mode_and_reset_mask() -> None:
    """Disabled: a table that ended must be reset through reset_mask before it steps again."""
    vector = SeatVectorEnv(2, 3, opponents=_RANDOM, autoreset_mode=AutoresetMode.DISABLED)
    _, info = vector.reset(seed=1)
    rng = random.Random(0)
    while True:
        _, _, terminated, _, info = vector.step(_masked(info["action_mask"], rng))
        if terminated.any():
            break
    done = terminated.copy()
    with pytest.raises(AssertionError, match="reset it"):
        vector.step(np.zeros(2, np.int64))
    before = [env.game_state for env in vector.envs]
    vector.reset(options={"reset_mask": done})
    for i, env in enumerate(vector.envs):
        assert (env.game_state is before[i]) != bool(done[i])


def test_vector_env_is_a_gymnasium_vector_env_with_copies() -> None:
    """A VectorEnv; copy=True hands out fresh arrays, copy=False one array overwritten."""
    copied = SeatVectorEnv(2, 3, opponents=_RANDOM)
    assert isinstance(copied, VectorEnv)
    first, _ = copied.reset(seed=1)
    again, _ = copied.reset(seed=1)
    assert first is not again and np.array_equal(first, again)
    shared = SeatVectorEnv(2, 3, opponents=_RANDOM, copy=False)
    one, _ = shared.reset(seed=1)
    two, _ = shared.reset(seed=2)
    assert one is two


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"num_envs": 2, "autoreset_mode": "Sometimes"}, "autoreset_mode"),
        ({"num_envs": 2, "players": 9}, "players"),
    ],
)
def test_vector_env_refuses_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    """A ValueError naming the argument, never a TypeError or KeyError."""
    with pytest.raises(ValueError, match=match):
        SeatVectorEnv(**kwargs)


def test_vector_env_refuses_a_wrong_number_of_actions_or_seeds() -> None:
    """One action and one seed per table, or a ValueError."""
    vector = SeatVectorEnv(2, 3, opponents=_RANDOM)
    with pytest.raises(ValueError, match="2 seeds"):
        vector.reset(seed=[1, 2, 3])
    vector.reset(seed=[1, None])
    with pytest.raises(ValueError, match="2 actions"):
        vector.step(np.zeros(3, np.int64))
