"""The tables a run plays: groups of ``SeatVectorEnv`` tables, the opponents, self-play.

The run's tables are split evenly over every (learning seat, opponents)
pair: one :class:`~modern_art.envs.vector.SeatVectorEnv` a pair, in
``"SameStep"`` autoreset mode (a finished table is dealt again in the same
step, so every step is a decision of the learning seat). Opponents are
registry bots or :data:`~modern_art.train.config.SELF`: a
:class:`SelfPlayer` playing the policy as of the last update, sampling
from its masked softmax with its own seeded generator.

:func:`collect` plays ``steps`` decisions at every table with the numpy
policy (:class:`~modern_art.envs.learned.NumpyPolicy`, the same code the
bot plays with), sampling each action, and returns the batch PPO learns from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from attrs import frozen

from modern_art.agents.base import Agent
from modern_art.agents.registry import bot_factory
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.envs.learned import NumpyPolicy, features
from modern_art.envs.policy import PolicyAgent
from modern_art.envs.vector import SeatVectorEnv
from modern_art.seeing.views import PlayerView
from modern_art.train.config import SELF, TrainConfig

__all__ = ["Batch", "Group", "PolicyHolder", "SelfPlayer", "collect", "make_groups", "sample"]

_Array = npt.NDArray[Any]


def sample(logits: _Array, rng: np.random.Generator) -> tuple[_Array, _Array]:
    """One index per row of masked ``logits`` (``-inf`` forbidden), and its log-probability."""
    top = logits.max(axis=-1, keepdims=True)
    weights = np.exp(logits - top)
    total = weights.sum(axis=-1, keepdims=True)
    probs = weights / total
    draws = rng.random((logits.shape[0], 1))
    chosen = np.minimum((probs.cumsum(axis=-1) < draws).sum(axis=-1), logits.shape[-1] - 1)
    # Guard against rounding past the last allowed index.
    allowed = np.isfinite(logits)
    bad = ~allowed[np.arange(len(chosen)), chosen]
    if bad.any():
        chosen[bad] = np.argmax(logits[bad], axis=-1)
    logp = (logits - top - np.log(total))[np.arange(len(chosen)), chosen]
    return chosen, logp


class PolicyHolder:
    """The policy every :class:`SelfPlayer` of a run plays: replaced after each update."""

    def __init__(self, policy: NumpyPolicy) -> None:
        self.policy = policy


class SelfPlayer:
    """An opponent playing the holder's policy, sampling with its own seeded generator."""

    name = "self"

    def __init__(self, holder: PolicyHolder, seed: int) -> None:
        self.holder = holder
        self.rng = np.random.default_rng(seed)
        self._agent = PolicyAgent(self._choose, name="self")
        self._table: tuple[Rules, int, int] | None = None

    def _choose(self, observation: _Array, mask: _Array) -> int:
        assert self._table is not None
        x = features(observation, *self._table)[None]
        logits = self.holder.policy.logits(x, mask[None])
        return int(sample(logits, self.rng)[0][0])

    def act(self, view: PlayerView, events: Sequence[Event]) -> Action:
        """The sampled action of the holder's policy for the seat's view."""
        assert view.seat is not None
        self._table = (view.rules, view.num_players, view.seat)
        return self._agent.act(view, events)


@frozen
class Group:
    """The tables of one learning seat against one kind of opponents."""

    seat: int
    lineup: str
    env: SeatVectorEnv


def _opponent(lineup: str, holder: PolicyHolder) -> Callable[..., Agent]:
    if lineup == SELF:
        return lambda seed: SelfPlayer(holder, seed)
    return bot_factory(lineup)


def make_groups(config: TrainConfig, holder: PolicyHolder) -> list[Group]:
    """One vector env per (learning seat, opponents) pair, the tables split evenly."""
    pairs = [(seat, lineup) for lineup in config.lineups for seat in range(config.players)]
    each = config.tables // len(pairs)
    return [
        Group(
            seat,
            lineup,
            SeatVectorEnv(
                each,
                players=config.players,
                seat=seat,
                opponents=[_opponent(lineup, holder)] * (config.players - 1),
                autoreset_mode="SameStep",
            ),
        )
        for seat, lineup in pairs
    ]


@frozen
class Batch:
    """``steps`` decisions of every table, time first: ``(steps, tables, ...)``."""

    x: _Array
    """The features seen."""
    mask: _Array
    """The action masks (bool)."""
    action: _Array
    logp: _Array
    """The log-probability of the action when it was sampled."""
    value: _Array
    reward: _Array
    done: _Array
    """Whether the game ended with this decision (its table dealt again)."""
    last_value: _Array
    """The value of each table's position after the last step (for bootstrapping)."""
    games: int
    """Games finished in the batch."""
    mean_reward: float
    """The mean final reward of those games."""


class Tables:
    """Every group's current observations and masks, as features and bools."""

    def __init__(self, groups: list[Group], rules: Rules, players: int, seed: int) -> None:
        self.groups = groups
        self.rules, self.players = rules, players
        xs, masks = [], []
        offset = 0
        for g in groups:
            obs, info = g.env.reset(seed=seed + offset)
            offset += g.env.num_envs
            xs.append(features(obs, rules, players, g.seat))
            masks.append(info["action_mask"] != 0)
        self.x = np.concatenate(xs)
        self.mask = np.concatenate(masks)

    def step(self, actions: _Array) -> tuple[_Array, _Array]:
        """Step every table; the rewards and the ends (and the new features and masks)."""
        start = 0
        rewards, dones, xs, masks = [], [], [], []
        for g in self.groups:
            n = g.env.num_envs
            obs, reward, terminated, truncated, info = g.env.step(actions[start : start + n])
            start += n
            xs.append(features(obs, self.rules, self.players, g.seat))
            masks.append(info["action_mask"] != 0)
            rewards.append(reward)
            dones.append(terminated | truncated)
        self.x = np.concatenate(xs)
        self.mask = np.concatenate(masks)
        return np.concatenate(rewards), np.concatenate(dones)


def collect(tables: Tables, policy: NumpyPolicy, steps: int, rng: np.random.Generator) -> Batch:
    """Play ``steps`` sampled decisions at every table."""
    n = len(tables.x)
    xs = np.zeros((steps, *tables.x.shape), np.float32)
    masks = np.zeros((steps, *tables.mask.shape), np.bool_)
    actions = np.zeros((steps, n), np.int64)
    logps = np.zeros((steps, n), np.float32)
    values = np.zeros((steps, n), np.float32)
    rewards = np.zeros((steps, n), np.float32)
    dones = np.zeros((steps, n), np.bool_)
    for t in range(steps):
        x, mask = tables.x, tables.mask
        hidden = policy.hidden_state(x)
        logits = policy.logits_of(hidden, mask)
        wv, bv = policy.value_head
        values[t] = (hidden @ wv + bv)[:, 0]
        action, logp = sample(logits, rng)
        xs[t], masks[t], actions[t], logps[t] = x, mask, action, logp
        rewards[t], dones[t] = tables.step(action)
    finished = rewards[dones]
    return Batch(
        xs,
        masks,
        actions,
        logps,
        values,
        rewards,
        dones,
        policy.value(tables.x).astype(np.float32),
        int(dones.sum()),
        float(finished.mean()) if len(finished) else float("nan"),
    )
