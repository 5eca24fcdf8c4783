"""The agent protocol: what a player program sees and what it returns.

An agent is asked to act only when its seat may act. It sees its seat's
:class:`~modern_art.PlayerView` and the events that seat has been shown since
the game began (:func:`~modern_art.visible_events`), never the state, and it
returns one of ``view.legal_actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.seeing.views import OwnView

__all__ = ["Agent", "agent_name"]


@runtime_checkable
class Agent(Protocol):
    """A player program: given what its seat may see, it chooses a legal action.

    Any object with this ``act`` method is an agent. An agent that uses
    chance takes a seed when it is made and draws only from its own
    ``random.Random``, so that the same agent, seed and game give the same
    actions. An agent may keep notes between calls (a money ledger, say);
    make a fresh agent for each game.

    >>> from collections.abc import Sequence
    >>> import modern_art as ma
    >>> class FirstChoice:
    ...     def act(self, view: ma.OwnView, events: Sequence[ma.Event]) -> ma.Action:
    ...         return view.legal_actions[0]
    >>> isinstance(FirstChoice(), ma.Agent)
    True
    """

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """The action to take now.

        Args:
            view: what the agent's seat sees; ``view.legal_actions`` is never
                empty when an agent is asked. Typed :data:`~modern_art.OwnView`:
                ``view.seat`` is the agent's seat, an ``int``, with no check
                needed (a bot annotated with :class:`~modern_art.PlayerView`
                is an agent too).
            events: the events the seat has been shown since the game began,
                oldest first (redacted with :func:`~modern_art.visible_events`).
                Read it during the call; do not keep or change it.

        Returns:
            One of ``view.legal_actions``.
        """
        ...  # pragma: no cover


def agent_name(agent: object) -> str:
    """A short name for ``agent``: its ``name`` attribute, else its class name.

    >>> import modern_art as ma
    >>> agent_name(ma.RandomAgent(seed=1))
    'random'
    """
    name = getattr(agent, "name", None)
    return name if isinstance(name, str) else type(agent).__name__


def agent_repr(agent: object, *arguments: str) -> str:
    """``agent``'s repr: its class called with the constructor ``arguments`` it keeps.

    >>> import modern_art as ma
    >>> agent_repr(ma.MonteCarloAgent(seed=1, playouts=8), "seed", "playouts")
    'MonteCarloAgent(seed=1, playouts=8)'
    """
    shown = ", ".join(f"{name}={getattr(agent, name)!r}" for name in arguments)
    return f"{type(agent).__name__}({shown})"
