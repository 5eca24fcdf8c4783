"""The built-in bots by name: the one registry every face reads.

``modern-art play --bots``, ``simulate --bots``, ``engine BOT`` and
``match PLAYER ...``, tournaments given bot names, the web service's lobby
and the static site's seats all read :data:`BOTS`, so a bot registered here
appears in every one of them, with its own budget in each place:

* :attr:`Bot.budget` on the command line, in tournaments, matches and
  engine processes;
* :attr:`Bot.table_budget` at a web table, where a bot's turn is answered
  within the request;
* :attr:`Bot.browser_budget` in the static site, where Pyodide runs the
  pure build several times slower than CPython.

>>> BOT_NAMES
('random', 'heuristic', 'montecarlo', 'search', 'learned')
>>> canonical_bot("MC")
'montecarlo'
>>> make_bot("random", seed=3)
RandomAgent(seed=3)
>>> BOTS["search"].browser_budget
mappingproxy({'iterations': 25})
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeAlias

from attrs import field, frozen

from modern_art.agents.base import Agent
from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.learned import LearnedAgent
from modern_art.agents.montecarlo import MonteCarloAgent
from modern_art.agents.random_agent import RandomAgent
from modern_art.agents.search.tree import SearchAgent

__all__ = [
    "ALIASES",
    "BOTS",
    "BOT_NAMES",
    "FALLBACK_BOT",
    "Bot",
    "Budget",
    "bot_factory",
    "canonical_bot",
    "make_bot",
]

Budget: TypeAlias = Mapping[str, float]
"""A bot's budget: the keyword arguments of its class that say how long it thinks
(``playouts=`` for the Monte Carlo bot, ``iterations=`` and ``move_time=`` for the search)."""


def _frozen_budget(budget: Budget) -> Budget:
    return MappingProxyType(dict(budget))


@frozen
class Bot:
    """A built-in bot: how to make one, how long it thinks where, and what it is."""

    name: str
    """Its name on a command line, in a lobby or a lineup: ``"heuristic"``."""
    agent: Callable[..., Agent]
    """Its class; takes ``seed=`` and the keywords of :attr:`options`."""
    summary: str
    """One line on how it plays, for help texts."""
    title: str
    """A few words for a person choosing it in a lobby."""
    options: tuple[str, ...] = ()
    """The budget keywords its class takes (``--playouts``, ``--iterations``, ``--move-time``)."""
    budget: Budget = field(factory=dict, converter=_frozen_budget)
    """Its budget on the command line, in tournaments, matches and engine processes."""
    table_budget: Budget = field(factory=dict, converter=_frozen_budget)
    """Its budget at a web table, where a bot's turn is answered within the request."""
    browser_budget: Budget = field(factory=dict, converter=_frozen_budget)
    """Its budget in the static site, where Pyodide runs the pure build several times slower."""
    browser: bool = True
    """Whether the static site seats it (the page's Pyodide loads no numpy)."""

    def factory(self, budget: Mapping[str, float | None] | None = None) -> Callable[..., Agent]:
        """A picklable agent factory taking ``seed=`` (or the seed as its one argument).

        ``budget``'s keywords that the bot takes (:attr:`options`) and that are
        not ``None`` replace :attr:`budget` as a whole (a search given only
        ``move_time`` searches for that time, without the default iterations);
        with none of them the bot gets :attr:`budget`.

        Raises:
            ValueError: a budget the bot refuses (checked now, not in a worker).
        """
        given = {k: v for k, v in (budget or {}).items() if k in self.options and v is not None}
        chosen = given or dict(self.budget)
        if chosen:
            self.agent(**chosen)  # refuses a bad budget now, not in a worker process
        return functools.partial(self.agent, **chosen) if chosen else self.agent


# (decision) A table's search takes 50 iterations, not the default 200: a bot's
# turn is answered within the request, and 200 take about half a second a
# decision. In the page, Pyodide runs the pure build several times slower than
# CPython: the Monte Carlo bot plays 8 playouts and the search 25 iterations
# there (25 take about 15 ms a decision in pure CPython).
BOTS: Mapping[str, Bot] = MappingProxyType(
    {
        "random": Bot(
            "random",
            RandomAgent,
            "a uniformly random legal action",
            "Random: any legal action, for practice",
        ),
        "heuristic": Bot(
            "heuristic",
            HeuristicAgent,
            "rules of thumb on what a painting pays",
            "Heuristic: values each lot by the rules, quick",
        ),
        "montecarlo": Bot(
            "montecarlo",
            MonteCarloAgent,
            "heuristic playouts of sampled deals",
            "Monte Carlo: plays each choice out 16 times, slower",
            options=("playouts",),
            budget={"playouts": 16},
            table_budget={"playouts": 16},
            browser_budget={"playouts": 8},
        ),
        "search": Bot(
            "search",
            SearchAgent,
            "a tree search over sampled deals, heuristic play-outs",
            "Search: a tree search over sampled deals, slowest",
            options=("iterations", "move_time"),
            budget={"iterations": 200},
            table_budget={"iterations": 50},
            browser_budget={"iterations": 25},
        ),
        # Trained by self-play (modern-art train); numpy plays it, the weights are package data.
        "learned": Bot(
            "learned",
            LearnedAgent,
            "a network trained by self-play (PPO), numpy inference",
            "Learned: a network trained by self-play, quick",
            browser=False,
        ),
    }
)
"""Every built-in bot by its name, the hand-written ones weakest first, then the trained one:
the order help texts and the site list them."""

BOT_NAMES: tuple[str, ...] = tuple(BOTS)
"""The built-in bots' names, weakest first (the keys of :data:`BOTS`)."""

ALIASES: Mapping[str, str] = MappingProxyType({"mc": "montecarlo", "monte-carlo": "montecarlo"})
"""Other spellings accepted for a bot's name."""

FALLBACK_BOT = "random"
"""The bot that takes the seat of an engine process that breaks the protocol."""


def canonical_bot(name: str) -> str:
    """The registered name for ``name`` (any case, or an alias).

    Raises:
        ValueError: no bot has that name; the message lists the names.

    >>> from modern_art.agents.registry import canonical_bot
    >>> canonical_bot("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'chess': choose among random, heuristic, ..., learned (or mc)
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in BOTS:
        raise ValueError(
            f"unknown bot {name!r}: choose among {', '.join(BOTS)} (or {next(iter(ALIASES))})"
        )
    return key


def bot_factory(
    name: str,
    playouts: int | None = None,
    iterations: int | None = None,
    move_time: float | None = None,
) -> Callable[..., Agent]:
    """The picklable agent factory of the bot called ``name``, taking ``seed=``.

    ``playouts`` reaches ``montecarlo`` (:class:`~modern_art.MonteCarloAgent`),
    ``iterations`` and ``move_time`` reach ``search``
    (:class:`~modern_art.SearchAgent`); a bot that takes none of those given
    gets its :attr:`Bot.budget`, and the others ignore them.

    Raises:
        ValueError: an unknown name, or a budget the bot refuses.

    >>> from modern_art.agents.registry import bot_factory
    >>> bot_factory("search", iterations=10)(seed=1)
    SearchAgent(seed=1, iterations=10, move_time=None)
    >>> import modern_art as ma
    >>> ma.tournament([bot_factory("heuristic"), bot_factory("mc", 4), ma.RandomAgent],
    ...               3, seed=1).games
    3
    """
    bot = BOTS[canonical_bot(name)]
    return bot.factory({"playouts": playouts, "iterations": iterations, "move_time": move_time})


def make_bot(
    name: str,
    seed: int | None = None,
    playouts: int | None = None,
    iterations: int | None = None,
    move_time: float | None = None,
) -> Agent:
    """A fresh bot called ``name``, seeded with ``seed``: :func:`bot_factory`'s agent.

    Args:
        name: a name of :data:`BOTS` or an alias.
        seed: the bot's seed (``None``: the bot's own default).
        playouts, iterations, move_time: the budget, as for :func:`bot_factory`.

    Raises:
        ValueError: an unknown name, or a budget the bot refuses.
    """
    return bot_factory(name, playouts, iterations, move_time)(seed=seed)
