"""The library's bots by name: what a command line, a lobby or a config file offers.

Every face that lets a person pick a bot by name (``modern-art play
--bots``, the web table's lobby) reads :data:`BOTS`, so a bot added here
appears in each of them by itself.

>>> sorted(BOTS)
['heuristic', 'montecarlo', 'random', 'search']
>>> type(make_bot("random", seed=1)).__name__
'RandomAgent'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType

from attrs import frozen

from modern_art.agents.base import Agent
from modern_art.agents.registry import BOTS as REGISTRY
from modern_art.agents.registry import make_bot as make_registered

__all__ = ["BOTS", "Bot", "make_bot"]


@frozen
class Bot:
    """A bot the library offers by name."""

    name: str
    """Its name on a command line or in a lobby: ``"heuristic"``."""
    title: str
    """A few words for a person choosing it."""
    make: Callable[[int], Agent]
    """Makes a fresh one from a seed."""


_TITLES = {
    "heuristic": "Heuristic: values each lot by the rules, quick",
    "montecarlo": "Monte Carlo: plays each choice out 16 times, slower",
    "random": "Random: any legal action, for practice",
    "search": "Search: a tree search over sampled deals, slowest",
}
"""A person's words for each bot; a bot without any shows the registry's summary."""


def _maker(name: str) -> Callable[[int], Agent]:
    # (decision) A table's search bot takes 50 iterations, not the default 200:
    # a bot's turn is answered within the request, and 200 take about half a
    # second a decision. The Monte Carlo bot keeps its 16 playouts.
    return functools.partial(make_registered, name, playouts=16, iterations=50)


BOTS: Mapping[str, Bot] = MappingProxyType(
    {
        name: Bot(name, _TITLES.get(name, entry.summary), _maker(name))
        for name, entry in sorted(REGISTRY.items())
    }
)
"""Every bot of the one registry (:data:`modern_art.agents.registry.BOTS`) by name, read-only."""


def make_bot(name: str, seed: int) -> Agent:
    """A fresh bot of kind ``name``, seeded with ``seed``.

    Raises:
        ValueError: no bot has that name (the message lists them).
    """
    bot = BOTS.get(name)
    if bot is None:
        raise ValueError(f"there is no bot {name!r}: choose among {', '.join(sorted(BOTS))}")
    return bot.make(seed)
