"""A policy over the codec's indices, playing as an ordinary :class:`~modern_art.Agent`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.envs.codec import ActionCodec, Mask
from modern_art.envs.observation import Observation, observe
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.views import PlayerView

__all__ = ["Policy", "PolicyAgent"]

Policy = Callable[[Observation, Mask], int]
"""Chooses an action index from an observation vector and its action mask."""


class PolicyAgent:
    """Plays ``policy`` (a trained network, say) in :func:`~modern_art.play_game` or a tournament.

    At each call it builds the seat's observation (:func:`observe`, money
    from the seat's visible events) and mask, asks ``policy`` for an index
    and decodes it. Make a fresh agent for each game: it keeps a money ledger.

    Args:
        policy: ``policy(observation, mask) -> index``; the index must be
            one the mask allows.
        codec: the codec the policy was trained with; by default one for
            the game's rules, made at the first call.
        name: the agent's short name in tables.

    Raises:
        ValueError: (from ``act``) the policy chose an index the mask forbids.

    >>> import modern_art as ma
    >>> import numpy as np
    >>> from modern_art.envs import PolicyAgent
    >>> first = lambda observation, mask: int(np.flatnonzero(mask)[0])
    >>> game = ma.play_game([PolicyAgent(first), ma.RandomAgent(1), ma.RandomAgent(2)], seed=3)
    >>> game.players[0], ma.replay(game).is_over
    ('policy', True)
    """

    def __init__(
        self, policy: Policy, codec: ActionCodec | None = None, name: str = "policy"
    ) -> None:
        self.policy = policy
        self.codec = codec
        self.name = name
        self._ledger: MoneyLedger | None = None
        self._seen = 0

    def act(self, view: PlayerView, events: Sequence[Event]) -> Action:
        """Ask the policy for an index allowed by the mask, and decode it."""
        if self.codec is None:
            self.codec = ActionCodec(view.rules)
        if self._ledger is None:
            self._ledger = MoneyLedger.start(view.rules, view.num_players)
        self._ledger = self._ledger.apply_all(events[self._seen :])
        self._seen = len(events)
        assert view.seat is not None  # an agent acts for a seat
        mask = self.codec.mask(view, view.seat)
        index = int(self.policy(observe(view, ledger=self._ledger), mask))
        if not 0 <= index < len(mask) or not mask[index]:
            raise ValueError(f"the policy chose index {index}, which the mask forbids")
        return self.codec.decode(index, view)

    def __repr__(self) -> str:
        return f"PolicyAgent({self.policy!r}, name={self.name!r})"
