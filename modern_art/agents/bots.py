"""The library's bots by name: what a command line, a lobby or a config file offers.

Every face that lets a person pick a bot by name (``modern-art play
--bots``, the web table's lobby) reads :data:`BOTS`, so a bot added here
appears in each of them by itself.

>>> sorted(BOTS)
['heuristic', 'montecarlo', 'random']
>>> type(make_bot("random", seed=1)).__name__
'RandomAgent'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from attrs import frozen

from modern_art.agents.base import Agent
from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.montecarlo import MonteCarloAgent
from modern_art.agents.random_agent import RandomAgent

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


def _monte_carlo(seed: int) -> Agent:
    return MonteCarloAgent(seed=seed, playouts=16)


BOTS: Mapping[str, Bot] = MappingProxyType(
    {
        bot.name: bot
        for bot in (
            Bot("heuristic", "Heuristic: values each lot by the rules, quick", HeuristicAgent),
            Bot("montecarlo", "Monte Carlo: plays each choice out 16 times, slower", _monte_carlo),
            Bot("random", "Random: any legal action, for practice", RandomAgent),
        )
    }
)
"""Every bot by name, read-only; add a new one here."""


def make_bot(name: str, seed: int) -> Agent:
    """A fresh bot of kind ``name``, seeded with ``seed``.

    Raises:
        ValueError: no bot has that name (the message lists them).
    """
    bot = BOTS.get(name)
    if bot is None:
        raise ValueError(f"there is no bot {name!r}: choose among {', '.join(sorted(BOTS))}")
    return bot.make(seed)
