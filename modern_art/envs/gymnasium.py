"""A Gymnasium environment: one learning seat against library bots, :class:`SeatEnv`.

Importing this module registers it as ``"modern_art/Seat-v0"``::

    import gymnasium
    env = gymnasium.make("modern_art.envs.gymnasium:modern_art/Seat-v0", players=4)

Observations are the seat's vector (:func:`~modern_art.envs.observe`);
actions are :class:`~modern_art.envs.ActionCodec` indices, and
``info["action_mask"]`` marks the legal ones after every ``reset`` and
``step``. The other seats are played by library agents, asked in the order of
:func:`modern_art.next_seat` (the same order as :func:`~modern_art.play_game`);
``step`` returns when the learning seat must act again or the game is over.
The reward is 0 until the game ends, then the seat's final reward (``"rank"``
or ``"money"``, :func:`~modern_art.envs.rewards.final_rewards`).

An illegal action (an index the mask forbids) ends the episode: ``terminated``
is true, the reward is ``illegal_reward`` (-1 by default) and
``info["illegal_action"]`` holds the index. The game is then abandoned.

>>> from modern_art.envs.gymnasium import SeatEnv
>>> seat_env = SeatEnv(players=3)
>>> observation, info = seat_env.reset(seed=2)
>>> observation.shape, info["action_mask"].shape
((117,), (268,))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from modern_art.agents.base import Agent
from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.tournament import AgentFactory
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply, new_game
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.envs.codec import ActionCodec
from modern_art.envs.incremental import ObservationCache, follow_money, observe_state
from modern_art.envs.observation import Observation, observation_size
from modern_art.envs.rewards import Reward, check_players, check_reward, final_rewards, most_money
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.redaction import visible_events
from modern_art.seeing.views import view

__all__ = ["ENV_ID", "SeatEnv"]

ENV_ID = "modern_art/Seat-v0"
"""The id this module registers with Gymnasium."""


class SeatEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a Modern Art table, the others played by library agents.

    Args:
        players: how many seats (R1.1).
        rules: the variant; CMON by default.
        seat: the learning seat.
        opponents: one agent factory per other seat, in seat order (each is
            called with a seed for every game); ``HeuristicAgent`` by default.
        max_amount: the codec's amount cap.
        reward: ``"rank"`` or ``"money"``.
        illegal_reward: the reward for an illegal action, which ends the episode.
        render_mode: ``None`` or ``"ansi"`` (the spectator's board as text).
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponents: Sequence[AgentFactory] | None = None,
        max_amount: int | None = None,
        reward: Reward = "rank",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self.rules = rules if rules is not None else Rules()
        check_players(self.rules, players)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be from 0 to {players - 1}, got {seat!r} (R1.5)")
        if opponents is None:
            opponents = [HeuristicAgent] * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"give {players - 1} opponents, one per other seat")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.players = players
        self.seat = seat
        self.opponents = tuple(opponents)
        self.reward = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules, max_amount)
        high = max(len(self.rules.deck), most_money(self.rules, players) / self._scale())
        self.observation_space = spaces.Box(
            0.0, high, (observation_size(self.rules, players),), np.float32
        )
        self.action_space = spaces.Discrete(self.codec.size)
        self._seeds = random.Random()
        self.game_state: GameState = new_game(players, seed=0, rules=self.rules)
        """The game in progress (for logging and tests; the learner must not read it)."""
        self._agents: dict[int, Agent] = {}
        self._seen: list[list[Event]] = [[] for _ in range(players)]
        self._ledger = MoneyLedger.start(self.rules, players)
        self._observations = ObservationCache()
        self._abandoned = False

    def _scale(self) -> float:
        return float(self.rules.starting_money or 1)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and play the bots up to the learning seat's first action."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_state = new_game(
            self.players, seed=self._seeds.getrandbits(63), rules=self.rules
        )
        others = [s for s in range(self.players) if s != self.seat]
        self._agents = {
            s: factory(self._seeds.getrandbits(63))
            for s, factory in zip(others, self.opponents, strict=True)
        }
        self._seen = [[] for _ in range(self.players)]
        self._ledger = MoneyLedger.start(self.rules, self.players)
        self._abandoned = False
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learning seat's ``action`` (a codec index), then the bots until its turn.

        Raises:
            RuntimeError: the episode has ended (the game is over, or an
                illegal action abandoned it): call ``reset``.
        """
        if self.game_state.is_over or self._abandoned:
            raise RuntimeError("the episode has ended: call reset()")
        index = int(action)
        mask = self.codec.mask(self.game_state, self.seat)
        if not 0 <= index < len(mask) or not mask[index]:
            self._abandoned = True
            info = self._info()
            info["illegal_action"] = index
            return self._observation(), self.illegal_reward, True, False, info
        self._apply(self.codec.decode(index, self.game_state, self.seat))
        self._play_bots()
        reward = 0.0
        if self.game_state.is_over:
            money = [p.money for p in self.game_state.players]
            reward = final_rewards(money, self.reward, self.rules)[self.seat]
        return self._observation(), reward, self.game_state.is_over, False, self._info()

    def render(self) -> str | None:
        """The spectator's board as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return str(view(self.game_state, None))

    def _apply(self, action: Any) -> None:
        step = apply(self.game_state, action)
        self.game_state = step.state
        self._ledger = follow_money(self._ledger, step.events)
        for s in range(self.players):
            self._seen[s].extend(visible_events(step.events, s))

    def _play_bots(self) -> None:
        while not self.game_state.is_over:
            seat = next_seat(self.game_state)
            if seat == self.seat:
                return
            self._apply(self._agents[seat].act(view(self.game_state, seat), self._seen[seat]))

    def _observation(self) -> Observation:
        return observe_state(self.game_state, self.seat, self._ledger.money, self._observations)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.codec.mask(self.game_state, self.seat)}


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="modern_art.envs.gymnasium:SeatEnv")
