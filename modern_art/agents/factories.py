"""How :func:`~modern_art.tournament` makes agents from a lineup's factories.

A factory is anything that makes an agent when called: an agent class, a
``functools.partial`` of one, or a function. The tournament reads each
factory's signature once, before the first game:

* a factory with a parameter named ``seed`` is called as
  ``factory(seed=s)``, with a seed derived from the tournament's seed, the
  game and the seat, so that its chance draws are the same on every run;
* any other factory is called with no arguments (a plain agent class that
  uses no chance, or that seeds itself);
* a factory whose signature Python cannot read (some compiled classes) is
  called with the seed as its only argument.

A factory that cannot be called that way is refused with a ``TypeError``
naming the lineup entry, before any game is played.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Literal, TypeAlias

from attrs import frozen

from modern_art.agents.base import Agent

# The bots by name live in the one registry; these two names stay importable here.
from modern_art.agents.registry import BOT_NAMES, bot_factory

__all__ = ["BOT_NAMES", "AgentFactory", "AgentMaker", "agent_maker", "bot_factory"]

AgentFactory: TypeAlias = Callable[..., Agent]
"""Makes a fresh agent: an agent class such as ``RandomAgent``, a
``functools.partial`` of one, or a function. It receives the seed as
``seed=`` when it has a parameter named ``seed``, and no arguments otherwise
(see :ref:`agent-factories`). To run in worker processes it must
be picklable: a class or a function defined at module level, not a lambda."""

_SEED_KINDS = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)


@frozen
class AgentMaker:
    """A lineup entry's factory, with how to call it: with ``seed=`` or without."""

    factory: AgentFactory
    """The factory as the lineup gave it."""
    seed: Literal["keyword", "none", "positional"]
    """``"keyword"`` (``factory(seed=s)``), ``"none"`` (``factory()``) or
    ``"positional"`` (``factory(s)``, for signatures Python cannot read)."""

    def __call__(self, seed: int) -> Agent:
        """A fresh agent; ``seed`` reaches it if its factory takes one.

        Raises:
            TypeError: the factory returned something without an ``act`` method.
        """
        if self.seed == "keyword":
            agent = self.factory(seed=seed)
        elif self.seed == "none":
            agent = self.factory()
        else:
            agent = self.factory(seed)
        if not callable(getattr(agent, "act", None)):
            raise TypeError(
                f"the agent factory {_describe(self.factory)} returned"
                f" {type(agent).__name__!r}, which is not an agent (it has no act method)"
            )
        return agent


def agent_maker(factory: object, entry: int) -> AgentMaker:
    """How to call ``factory``, lineup entry number ``entry``, to make agents.

    Raises:
        TypeError: ``factory`` is not callable (an agent object, say), or it
            needs arguments besides ``seed``.

    >>> import functools, modern_art as ma
    >>> agent_maker(ma.RandomAgent, 0).seed
    'keyword'
    >>> class Plain:
    ...     def act(self, view, events):
    ...         return view.legal_actions[0]
    >>> agent_maker(Plain, 1).seed
    'none'
    >>> agent_maker(Plain(), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: lineup entry 2 is a 'Plain' object, not an agent factory: pass the class Plain ...
    """
    if not callable(factory):
        hint = ""
        if callable(getattr(factory, "act", None)):
            hint = (
                f": pass the class {type(factory).__name__} (or a function that makes an"
                " agent); the tournament makes a fresh agent for every game"
            )
        raise TypeError(
            f"lineup entry {entry} is a {type(factory).__name__!r} object,"
            f" not an agent factory{hint}"
        )
    try:
        signature = inspect.signature(factory)
    except (TypeError, ValueError):
        return AgentMaker(factory, "positional")
    parameter = signature.parameters.get("seed")
    takes_seed = parameter is not None and parameter.kind in _SEED_KINDS
    try:
        if takes_seed:
            signature.bind(seed=0)
        else:
            signature.bind()
    except TypeError as exc:
        how = "with only seed=" if takes_seed else "without arguments (it has no seed parameter)"
        raise TypeError(
            f"lineup entry {entry}, {_describe(factory)}, cannot be called {how}: {exc};"
            f" give the other arguments with functools.partial"
        ) from None
    return AgentMaker(factory, "keyword" if takes_seed else "none")


def _describe(factory: Callable[..., object]) -> str:
    name = getattr(factory, "__qualname__", None) or getattr(factory, "__name__", None)
    return name if isinstance(name, str) else repr(factory)
