"""A Gymnasium vector environment: N games of :class:`~modern_art.envs.gymnasium.SeatEnv` a call.

:class:`SeatVectorEnv` steps ``num_envs`` tables in one call and returns
numpy batches: observations ``(num_envs, size)`` (``float32``), rewards,
``terminated`` and ``truncated``, and ``info["action_mask"]``, ``(num_envs,
codec size)`` ``int8`` 0 or 1, each row the legal actions of that table's learning
seat. Each table is a :class:`~modern_art.envs.gymnasium.SeatEnv`, so a row
is exactly what the single environment gives; the batches are written into
arrays made once (``copy=False``) or copies (``copy=True``, the default).

Both of Gymnasium's autoreset modes are supported (and ``"Disabled"``),
with the semantics of Gymnasium's own ``SyncVectorEnv``:

* ``"NextStep"`` (the default): a table that ended is dealt again on the
  next ``step``, whose action for it is ignored; that step's reward is 0.
* ``"SameStep"``: a table that ended is dealt again in the same ``step``;
  ``info["final_obs"]`` and ``info["final_info"]`` hold what it ended with.

``reset(seed=s)`` seeds table ``i`` with ``s + i``, as ``SyncVectorEnv``
does, so the two play the very same games.

>>> from modern_art.envs.vector import SeatVectorEnv
>>> envs = SeatVectorEnv(3, players=3)
>>> observations, info = envs.reset(seed=1)
>>> observations.shape, info["action_mask"].shape, envs.metadata["autoreset_mode"].value
((3, 117), (3, 268), 'NextStep')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.spaces import Box, Discrete
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from modern_art.agents.tournament import AgentFactory
from modern_art.data.rules import Rules
from modern_art.envs.gymnasium import SeatEnv
from modern_art.envs.rewards import Reward

__all__ = ["SeatVectorEnv"]

_Array = np.ndarray[Any, Any]


class SeatVectorEnv(VectorEnv[_Array, _Array, _Array]):
    """``num_envs`` tables of :class:`~modern_art.envs.gymnasium.SeatEnv`, stepped together.

    Args:
        num_envs: how many tables (at least 1).
        players: seats per table (R1.1); the other arguments are
            :class:`~modern_art.envs.gymnasium.SeatEnv`'s, the same for every table.
        autoreset_mode: ``"NextStep"`` (default), ``"SameStep"`` or
            ``"Disabled"``, or a :class:`gymnasium.vector.AutoresetMode`.
        copy: whether ``reset`` and ``step`` return copies of the observation
            batch (``False``: the same array, overwritten by the next call).

    Raises:
        ValueError: ``num_envs`` is not a positive ``int``, the autoreset mode
            is none of the three, or any argument ``SeatEnv`` refuses.
    """

    def __init__(
        self,
        num_envs: int,
        players: int = 4,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponents: Sequence[AgentFactory] | None = None,
        max_amount: int | None = None,
        reward: Reward = "rank",
        illegal_reward: float = -1.0,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        if type(num_envs) is not int or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        try:
            mode = AutoresetMode(autoreset_mode)
        except ValueError:
            modes = ", ".join(repr(m.value) for m in AutoresetMode)
            raise ValueError(
                f"autoreset_mode must be one of {modes}, got {autoreset_mode!r}"
            ) from None
        self.envs = [
            SeatEnv(
                players,
                rules,
                seat=seat,
                opponents=opponents,
                max_amount=max_amount,
                reward=reward,
                illegal_reward=illegal_reward,
            )
            for _ in range(num_envs)
        ]
        """The tables, one :class:`~modern_art.envs.gymnasium.SeatEnv` each (for tests, logs)."""
        first = self.envs[0]
        self.num_envs = num_envs
        self.autoreset_mode = mode
        self.copy = copy
        self.metadata = {**first.metadata, "autoreset_mode": mode}
        self.render_mode = None
        single_obs = first.observation_space
        single_act = first.action_space
        assert isinstance(single_obs, Box) and isinstance(single_act, Discrete)
        self.single_observation_space = single_obs
        self.single_action_space = single_act
        self.observation_space = batch_space(single_obs, num_envs)
        self.action_space = batch_space(single_act, num_envs)
        self._observations = np.zeros((num_envs, *single_obs.shape), np.float32)
        self._rewards = np.zeros(num_envs, np.float64)
        self._terminations = np.zeros(num_envs, np.bool_)
        self._truncations = np.zeros(num_envs, np.bool_)
        self._ended = np.zeros(num_envs, np.bool_)

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[_Array, dict[str, Any]]:
        """Deal every table anew (``options["reset_mask"]``: only those marked).

        ``seed`` is one ``int`` (table ``i`` gets ``seed + i``), one per table, or ``None``.
        """
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, bool):
            raise ValueError(f"seed must be an int, a sequence of them or None, got {seed!r}")
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise ValueError(f"give {n} seeds, one per table, got {len(seeds)}")
        mask = np.ones(n, np.bool_)
        if options is not None and "reset_mask" in options:
            mask = np.asarray(options["reset_mask"], np.bool_)
            if mask.shape != (n,):
                raise ValueError(f"reset_mask must be {n} booleans, got shape {mask.shape}")
            options = {k: v for k, v in options.items() if k != "reset_mask"}
        infos: dict[str, Any] = {}
        for i in np.flatnonzero(mask):
            self._observations[i], info = self.envs[i].reset(seed=seeds[i], options=options)
            self._terminations[i] = self._truncations[i] = self._ended[i] = False
            infos = self._add_info(infos, info, int(i))
        return self._batch(), infos

    def step(self, actions: _Array) -> tuple[_Array, _Array, _Array, _Array, dict[str, Any]]:
        """Play each table's action (a codec index, one per table); the batches.

        Raises:
            ValueError: not one action per table.
            AssertionError: ``"Disabled"`` mode and a table that ended is stepped
                before it is reset (as in Gymnasium's ``SyncVectorEnv``).
        """
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,):
            raise ValueError(
                f"give {self.num_envs} actions, one per table, got shape {chosen.shape}"
            )
        infos: dict[str, Any] = {}
        observations, rewards = self._observations, self._rewards
        terminations, truncations, ended = self._terminations, self._truncations, self._ended
        mode = self.autoreset_mode
        for i, env in enumerate(self.envs):
            if mode is AutoresetMode.NEXT_STEP and ended[i]:
                observations[i], info = env.reset()
                rewards[i] = 0.0
                terminations[i] = truncations[i] = False
            else:
                assert mode is not AutoresetMode.DISABLED or not ended[i], (
                    f"table {i} ended: reset it (options={{'reset_mask': ...}}) before stepping"
                )
                observations[i], rewards[i], terminations[i], truncations[i], info = env.step(
                    chosen[i]
                )
                if mode is AutoresetMode.SAME_STEP and (terminations[i] or truncations[i]):
                    final = {"final_obs": observations[i].copy(), "final_info": info}
                    infos = self._add_info(infos, final, i)
                    observations[i], info = env.reset()
            infos = self._add_info(infos, info, i)
        ended[:] = terminations | truncations
        return (
            self._batch(),
            rewards.copy(),
            terminations.copy(),
            truncations.copy(),
            infos,
        )

    def _batch(self) -> _Array:
        return self._observations.copy() if self.copy else self._observations

    def close_extras(self, **kwargs: Any) -> None:
        """Close every table."""
        for env in self.envs:
            env.close()
