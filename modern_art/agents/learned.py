"""The registry's bot ``learned``: a policy trained by self-play, played with numpy alone.

The network and its weights are :mod:`modern_art.envs.learned`'s (the
shipped weights are package data, ``modern_art/envs/learned.npz``, trained
by ``modern-art train``, :mod:`modern_art.train`); this module only seats
it. Like every agent it sees its seat's view and visible events, never the
state: it builds the seat's observation from them
(:class:`~modern_art.envs.PolicyAgent`) and plays the most likely legal
action, so the same view always gives the same action.

It needs numpy (the ``rl`` extra: ``pip install -e '.[rl]'`` from a clone),
imported when the first one is made, so the registry (and ``import
modern_art``) loads no numpy and no JAX.

>>> import modern_art as ma
>>> from modern_art.agents.learned import LearnedAgent
>>> game = ma.play_game([LearnedAgent(), ma.HeuristicAgent(), ma.RandomAgent(1)], seed=2)
>>> game.players[0], ma.replay(game).is_over
('learned', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.seeing.views import PlayerView

# No import of modern_art.envs here, not even for types: the compiled build's
# type check follows this module from the registry, in an environment with no numpy.

__all__ = ["LearnedAgent"]


class LearnedAgent:
    """The trained policy as an :class:`~modern_art.Agent`.

    Args:
        seed: accepted as every bot's is; the policy uses no chance (it plays
            the most likely legal action).
        weights: a weights file or a ``modern-art train`` checkpoint (``.npz``);
            ``None``: the shipped weights.
        policy: a :class:`~modern_art.envs.learned.NumpyPolicy` already loaded
            (training evaluates its network so); it takes the place of ``weights``.

    Raises:
        ImportError: numpy is missing (the ``rl`` extra).
        FileNotFoundError: no such weights file.
        ValueError: a file that holds no weights this library reads.
    """

    def __init__(
        self,
        seed: int | None = None,
        weights: str | Path | None = None,
        *,
        policy: Any = None,
    ) -> None:
        # The envs layer above: numpy's inference, loaded on request (named in
        # pyproject.toml's layers contract); without numpy, modern_art.envs's
        # ImportError says what to install.
        from modern_art.envs.learned import load_policy  # noqa: PLC0415
        from modern_art.envs.policy import PolicyAgent  # noqa: PLC0415

        self.seed = seed
        self.weights = None if weights is None else str(weights)
        self.network: Any = policy if policy is not None else load_policy(weights)
        """The :class:`~modern_art.envs.learned.NumpyPolicy` it plays."""
        self._agent: Any = PolicyAgent(self._choose, name="learned")
        self._table: tuple[Any, int, int] | None = None

    def _choose(self, observation: Any, mask: Any) -> int:
        from modern_art.envs.learned import features  # noqa: PLC0415 (loaded already)

        assert self._table is not None
        rules, players, seat = self._table
        return int(self.network(features(observation, rules, players, seat), mask))

    def act(self, view: PlayerView, events: Sequence[Event]) -> Action:
        """The most likely legal action of the policy, from the seat's view and events."""
        assert view.seat is not None  # an agent acts for a seat
        self._table = (view.rules, view.num_players, view.seat)
        action: Action = self._agent.act(view, events)
        return action

    @property
    def name(self) -> str:
        """Its name in tables: ``"learned"``."""
        return "learned"

    def __repr__(self) -> str:
        weights = "" if self.weights is None else f", weights={self.weights!r}"
        return f"LearnedAgent(seed={self.seed!r}{weights})"
