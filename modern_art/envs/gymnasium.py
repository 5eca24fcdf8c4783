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
from collections.abc import Iterator, Sequence
from typing import Any, SupportsFloat, overload

import gymnasium
import numpy as np
from gymnasium import spaces

from modern_art.agents.base import Agent
from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.tournament import AgentFactory
from modern_art.core.transition import apply, new_game
from modern_art.data.events import Event
from modern_art.data.phases import GameOver
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.envs.codec import ActionCodec
from modern_art.envs.incremental import encoder
from modern_art.envs.observation import Observation, observation_size
from modern_art.envs.rewards import (
    Reward,
    check_players,
    check_render_mode,
    check_reward,
    final_rewards,
    observation_high,
)
from modern_art.seeing.redaction import visible_events
from modern_art.seeing.views import view

__all__ = ["ENV_ID", "SeatEnv", "SeatEvents"]

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
        check_render_mode(render_mode)
        self.players = players
        self.seat = seat
        self.opponents = tuple(opponents)
        self.reward = check_reward(reward)
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules, max_amount)
        high = observation_high(self.rules, players)
        self.observation_space = spaces.Box(
            0.0, high, (observation_size(self.rules, players),), np.float32
        )
        self.action_space = spaces.Discrete(self.codec.size)
        self._seeds = random.Random()
        self.game_state: GameState = new_game(players, seed=0, rules=self.rules)
        """The game in progress (for logging and tests; the learner must not read it)."""
        self._agents: dict[int, Agent] = {}
        # Every event of the game, and what each seat may see of them (redacted when read).
        self._events: list[Event] = []
        self._seen = [SeatEvents(self._events, s) for s in range(players)]
        # Observations, masks and decoding (compiled in the compiled build); the
        # money it shows is the state's, which is the public record's (R7.4).
        self._encoder = encoder(self.rules, players, self.codec.max_amount)
        self._abandoned = False

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
        self._events = []
        self._seen = [SeatEvents(self._events, s) for s in range(self.players)]
        self._abandoned = False
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learning seat's ``action`` (a codec index), then the bots until its turn.

        Raises:
            RuntimeError: the episode has ended (the game is over, or an
                illegal action abandoned it): call ``reset``.
        """
        state = self.game_state
        if type(state.phase) is GameOver or self._abandoned:
            raise RuntimeError("the episode has ended: call reset()")
        index = int(action)
        table = self._encoder
        # The mask of the last reset or step (info["action_mask"]) is still in the encoder.
        if not table.allows(index):
            self._abandoned = True
            info = self._info()
            info["illegal_action"] = index
            return self._observation(), self.illegal_reward, True, False, info
        step = apply(state, table.decode(index, state, self.seat))
        self.game_state = step.state
        self._events.extend(step.events)
        self._play_bots()
        state = self.game_state
        reward = 0.0
        over = type(state.phase) is GameOver
        if over:
            money = [p.money for p in state.players]
            reward = final_rewards(money, self.reward, self.rules)[self.seat]
        observation = table.observe(state, self.seat)
        return observation, reward, over, False, {"action_mask": table.mask(state, self.seat)}

    def render(self) -> str | None:
        """The spectator's board as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return str(view(self.game_state, None))

    def _play_bots(self) -> None:
        """Ask the bots in ``next_seat`` order until the learning seat must act or the game ends.

        A bot's seat comes from the encoder, which keeps ``state.to_act`` for the observation.
        """
        state, learner, agents = self.game_state, self.seat, self._agents
        events, seen, ask = self._events, self._seen, self._encoder.first_to_ask
        while type(state.phase) is not GameOver:
            seat = ask(state)  # next_seat(state), its to_act kept for the observation
            if seat == learner:
                return
            step = apply(state, agents[seat].act(view(state, seat), seen[seat]))
            self.game_state = state = step.state
            events.extend(step.events)

    def _observation(self) -> Observation:
        vector: Observation = self._encoder.observe(self.game_state, self.seat)
        return vector

    def _info(self) -> dict[str, Any]:
        """``{"action_mask": ...}``, which the encoder keeps for the next ``step`` to check."""
        return {"action_mask": self._encoder.mask(self.game_state, self.seat)}


class SeatEvents(Sequence[Event]):
    """The events one seat may see (:func:`~modern_art.visible_events`) of a game's events so far.

    What a bot is handed as its ``events``: a sequence over the game's own
    list of events, redacting each for the seat the first time it is read,
    so a bot that never reads its events (a random one) costs no redaction.
    """

    __slots__ = ("_events", "_seat", "_seen")

    def __init__(self, events: list[Event], seat: int) -> None:
        self._events = events
        self._seat = seat
        self._seen: list[Event] = []

    def _caught_up(self) -> list[Event]:
        seen, events = self._seen, self._events
        if len(seen) < len(events):
            seen.extend(visible_events(events[len(seen) :], self._seat))
        return seen

    def __len__(self) -> int:
        return len(self._events)

    @overload
    def __getitem__(self, index: int) -> Event: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...

    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        return self._caught_up()[index]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._caught_up())

    def __repr__(self) -> str:
        return f"SeatEvents({self._caught_up()!r}, seat={self._seat!r})"


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="modern_art.envs.gymnasium:SeatEnv")
