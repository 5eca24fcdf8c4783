"""The built-in bots by name: one registry for the command line, engines and matches.

``modern-art simulate --bots``, ``modern-art play --bots``, ``modern-art
engine BOT`` and ``modern-art match PLAYER ...`` all read their bot names
from :data:`BOTS`, so a bot registered here appears in every one of them.
Each entry names the module and class that hold the bot, which load only
when a bot of that name is made.

>>> bot_names()
('random', 'heuristic', 'montecarlo', 'search')
>>> canonical_bot("MC")
'montecarlo'
>>> make_bot("random", seed=3)
RandomAgent(seed=3)
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping

from attrs import frozen

from modern_art.agents.base import Agent

__all__ = ["ALIASES", "BOTS", "BotEntry", "bot_factory", "bot_names", "canonical_bot", "make_bot"]


@frozen
class BotEntry:
    """A built-in bot: where its class lives and what it is."""

    module: str
    """The module that defines the bot's class."""
    attribute: str
    """The class (or factory) in that module; it takes ``seed=``."""
    summary: str
    """One line on how it plays, for help texts."""
    takes_playouts: bool = False
    """Whether it takes ``playouts=`` (the ``--playouts`` option)."""
    takes_budget: bool = False
    """Whether it takes ``iterations=`` and ``move_time=`` (a search's budget)."""


BOTS: Mapping[str, BotEntry] = {
    "random": BotEntry(
        "modern_art.agents.random_agent", "RandomAgent", "a uniformly random legal action"
    ),
    "heuristic": BotEntry(
        "modern_art.agents.heuristic", "HeuristicAgent", "rules of thumb on what a painting pays"
    ),
    "montecarlo": BotEntry(
        "modern_art.agents.montecarlo",
        "MonteCarloAgent",
        "heuristic playouts of sampled deals",
        takes_playouts=True,
    ),
    "search": BotEntry(
        "modern_art.agents.search.tree",
        "SearchAgent",
        "a tree search over sampled deals, heuristic play-outs",
        takes_budget=True,
    ),
}
"""Every built-in bot, by its name, in the order help texts list them."""

ALIASES: Mapping[str, str] = {"mc": "montecarlo", "monte-carlo": "montecarlo"}
"""Other spellings accepted for a bot's name."""


def bot_names() -> tuple[str, ...]:
    """The built-in bots' names, in :data:`BOTS` order."""
    return tuple(BOTS)


def canonical_bot(name: str) -> str:
    """The registered name for ``name`` (any case, or an alias).

    Raises:
        ValueError: no bot has that name; the message lists the names.

    >>> canonical_bot("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'chess': choose among random, heuristic, montecarlo, search (or mc)
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in BOTS:
        raise ValueError(
            f"unknown bot {name!r}: choose among {', '.join(BOTS)} (or {next(iter(ALIASES))})"
        )
    return key


def make_bot(
    name: str,
    seed: int | None = None,
    playouts: int | None = None,
    iterations: int | None = None,
    move_time: float | None = None,
) -> Agent:
    """A fresh bot called ``name``, seeded with ``seed``.

    Args:
        name: a name of :data:`BOTS` or an alias.
        seed: the bot's seed (``None``: the bot's own default).
        playouts: for a bot that takes ``playouts=``, how many; others ignore it.
        iterations, move_time: a search's budget; other bots ignore them.

    Raises:
        ValueError: an unknown name.
    """
    entry = BOTS[canonical_bot(name)]
    cls = getattr(importlib.import_module(entry.module), entry.attribute)
    if entry.takes_playouts and playouts is not None:
        agent: Agent = cls(seed=seed, playouts=playouts)
    elif entry.takes_budget:
        agent = cls(seed=seed, iterations=iterations, move_time=move_time)
    else:
        agent = cls(seed=seed)
    return agent


def bot_factory(
    name: str,
    playouts: int | None = None,
    iterations: int | None = None,
    move_time: float | None = None,
) -> functools.partial[Agent]:
    """A picklable agent factory for the bot ``name``, taking ``seed=`` (for a tournament).

    >>> import modern_art as ma
    >>> ma.tournament([bot_factory("heuristic"), bot_factory("random"), bot_factory("random")],
    ...               3, seed=1).games
    3
    """
    canonical_bot(name)
    return functools.partial(
        make_bot,
        canonical_bot(name),
        playouts=playouts,
        iterations=iterations,
        move_time=move_time,
    )
