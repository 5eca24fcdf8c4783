"""A PettingZoo AEC environment: :func:`env` (wrapped) and :func:`raw_env`.

Agents are ``"player_0"`` to ``"player_{n-1}"``, one per seat. Each agent
observes a dict: ``"observation"``, the seat's vector
(:func:`~modern_art.envs.observe`), and ``"action_mask"``, the
:class:`~modern_art.envs.ActionCodec` mask of its legal actions (all zeros
while it may not act). Actions are codec indices.

When several seats may act at once (open and hidden auctions, R4.1, R4.3)
the env asks them in the library's own order, :func:`modern_art.next_seat`,
so every trajectory is a legal library game that
:func:`modern_art.replay` and the tests can check.

Rewards come once, when the game ends (``reward="rank"`` by default, or
``"money"``: see :func:`~modern_art.envs.rewards.final_rewards`); every
agent then terminates. Nothing truncates a game: every game ends (R8.1).
``render_mode="ansi"`` renders the spectator's board (``str`` of the
spectator's view), so rendering never shows a hand or a sealed bid.

>>> from modern_art.envs.pettingzoo import env
>>> table = env(players=3)
>>> table.reset(seed=1)
>>> table.agent_selection, int(table.action_space("player_0").n)
('player_0', 268)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from modern_art.core.transition import new_game
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.envs.codec import ActionCodec
from modern_art.envs.incremental import encoder
from modern_art.envs.observation import observation_size
from modern_art.envs.rewards import (
    Reward,
    check_players,
    check_render_mode,
    check_reward,
    final_rewards,
    observation_high,
)
from modern_art.seeing.views import view

__all__ = ["ModernArtEnv", "env", "raw_env"]


def env(
    players: int = 4,
    rules: Rules | None = None,
    *,
    max_amount: int | None = None,
    reward: Reward = "rank",
    render_mode: str | None = None,
) -> Any:
    """The AEC env wrapped as PettingZoo's classic games are.

    An illegal action ends the game for everyone, with reward -1 to the
    agent that chose it (``TerminateIllegalWrapper``); an index outside the
    action space is an error, as is acting out of order. Arguments as for
    :class:`ModernArtEnv`.
    """
    wrapped: Any = raw_env(
        players, rules, max_amount=max_amount, reward=reward, render_mode=render_mode
    )
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(
    players: int = 4,
    rules: Rules | None = None,
    *,
    max_amount: int | None = None,
    reward: Reward = "rank",
    render_mode: str | None = None,
) -> ModernArtEnv:
    """The unwrapped AEC env: :class:`ModernArtEnv`. An illegal action raises ``IllegalAction``."""
    return ModernArtEnv(
        players, rules, max_amount=max_amount, reward=reward, render_mode=render_mode
    )


class ModernArtEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """One game of Modern Art at a table of ``players`` seats, as a PettingZoo AEC env.

    Args:
        players: how many seats, within the rules' limits (R1.1).
        rules: the variant; CMON by default.
        max_amount: the codec's amount cap (:class:`~modern_art.envs.ActionCodec`).
        reward: ``"rank"`` or ``"money"``.
        render_mode: ``None`` or ``"ansi"``.

    Attributes:
        game_state: the library's :class:`~modern_art.GameState` of the game in
            progress (for logging and tests; an agent must not read it).
        codec: the action codec.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "modern_art_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        players: int = 4,
        rules: Rules | None = None,
        *,
        max_amount: int | None = None,
        reward: Reward = "rank",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules if rules is not None else Rules()
        check_players(self.rules, players)
        check_render_mode(render_mode)
        self.players = players
        self.reward = check_reward(reward)
        self.render_mode = render_mode
        self.codec = ActionCodec(self.rules, max_amount)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.agents = list(self.possible_agents)
        high = observation_high(self.rules, players)
        size = observation_size(self.rules, players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, high, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.game_state: GameState = new_game(players, seed=0, rules=self.rules)
        # Observations, masks and decoding (compiled in the compiled build); the
        # money it shows is the state's, which is the public record's (R7.4).
        self._encoder = encoder(self.rules, players, self.codec.max_amount)
        self._reset_tables()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The ``Dict`` of ``"observation"`` (a ``Box``) and ``"action_mask"``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(codec.size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; a ``seed`` makes this and the following games reproducible."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game_state = new_game(
            self.players, seed=self._seeds.getrandbits(63), rules=self.rules
        )
        self._reset_tables()

    def _reset_tables(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        # The agent of next_seat(state); the encoder keeps state.to_act for observe.
        self.agent_selection = self.possible_agents[self._encoder.first_to_ask(self.game_state)]

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent``'s seat sees, and its action mask."""
        return self._encoder.observe_and_mask(self.game_state, self._seats[agent])

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the selected agent's observation, reward, ends and info.

        The same tuple as ``AECEnv.last`` (the observation ``None`` unless
        ``observe``), with one lookup of the selected agent.
        """
        agent = self.agent_selection
        return (
            self._encoder.observe_and_mask(self.game_state, self._seats[agent])
            if observe
            else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Apply the selected agent's action (a codec index; ``None`` once it has terminated).

        Raises:
            IllegalAction: the index names an action the rules forbid now.
            ValueError: the index names nothing here (say, a card kind the
                seat does not hold).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._encoder
        ask = table.advance(self.game_state, self._seats[agent], action)
        self.game_state = state = table.state
        if ask >= 0:
            # Rewards stay 0 until the end, so there is nothing to accumulate yet.
            self.agent_selection = self.possible_agents[ask]
            return
        self._cumulative_rewards[agent] = 0.0
        money = [p.money for p in state.players]
        for name, value in zip(
            self.possible_agents, final_rewards(money, self.reward, self.rules), strict=True
        ):
            self.rewards[name] = value
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator's board as text (``render_mode="ansi"``); ``None`` otherwise."""
        if self.render_mode != "ansi":
            return None
        return str(view(self.game_state, None))

    def close(self) -> None:
        """Nothing to release."""
