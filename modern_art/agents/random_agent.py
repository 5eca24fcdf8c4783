"""The baseline: a uniformly random legal action."""

from __future__ import annotations

import random
from collections.abc import Sequence

from modern_art.agents.base import agent_repr
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.seeing.views import OwnView

__all__ = ["RandomAgent"]


class RandomAgent:
    """Chooses uniformly among its seat's legal actions, from its own seeded generator.

    Every legal action is equally likely, so a bid range of a hundred amounts
    weighs a hundred times a pass: the random agent overpays freely.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=2)
    >>> agent = ma.RandomAgent(seed=4)
    >>> agent.act(ma.view(state, 0), ()) in ma.legal_actions(state, 0)
    True
    """

    name = "random"
    """The agent's short name in tables."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """A uniformly random one of ``view.legal_actions``."""
        legal = view.legal_actions
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return agent_repr(self, "seed")
