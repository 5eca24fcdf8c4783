"""The one bot registry: every face offers its bots with their budgets; each plays legally."""

from __future__ import annotations

import argparse
import json
import pickle
import re
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.agents import bots, factories, registry
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.registry import BOT_NAMES, BOTS, FALLBACK_BOT
from modern_art.cli import BOTS as CLI_BOTS
from modern_art.cli import build_parser
from modern_art.site import bridge
from modern_art.web import seats
from tests.helpers.webkit import NUMPY, need

SHORT = ma.Rules(deal_schedule={3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (2, 1, 1, 0)})
"""Short rounds, so that a game of search bots takes a few seconds."""


def _subcommand(name: str) -> argparse.ArgumentParser:
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    chosen = commands.choices[name]
    assert isinstance(chosen, argparse.ArgumentParser)
    return chosen


def test_every_face_offers_the_registrys_bots() -> None:
    """The command line, tournaments, matches, the lobby and the site name the registry's bots."""
    assert BOT_NAMES == tuple(BOTS) == ("random", "heuristic", "montecarlo", "search", "learned")
    assert CLI_BOTS is BOT_NAMES and factories.BOT_NAMES is BOT_NAMES
    assert factories.bot_factory is registry.bot_factory
    assert bots.BOTS is BOTS and bots.make_bot is registry.make_bot
    # The site lists them weakest first, search too; not the learned bot (Pyodide has no numpy).
    in_browser = tuple(name for name in BOT_NAMES if BOTS[name].browser)
    assert tuple(bridge.BOTS) == in_browser == ("random", "heuristic", "montecarlo", "search")
    assert sorted(seats.BOTS) == sorted(BOT_NAMES) == list(seats.BOTS)  # the lobby: by name
    for name in BOT_NAMES:
        assert (
            _subcommand("simulate").parse_args(["--bots", f"{name},{name},{name}"]).bots
            == [name] * 3
        )
        assert _subcommand("engine").parse_args([name]).bot == name
        assert MatchPlan.of([name, name, name]).players[0].bot == name
    assert f"one of {', '.join(BOT_NAMES)}" in _subcommand("engine").format_help()
    assert MatchPlan.of(["random"] * 3).fallback == FALLBACK_BOT == "random"


def _search(agent: ma.Agent) -> ma.SearchAgent:
    assert isinstance(agent, ma.SearchAgent)
    return agent


def _montecarlo(agent: ma.Agent) -> ma.MonteCarloAgent:
    assert isinstance(agent, ma.MonteCarloAgent)
    return agent


def test_each_face_makes_a_bot_with_its_own_budget() -> None:
    """The site takes the browser budget, the lobby the table budget, the rest the default."""
    search, montecarlo = BOTS["search"], BOTS["montecarlo"]
    assert _search(bridge.BOTS["search"](1)).iterations == search.browser_budget["iterations"]
    assert (
        _montecarlo(bridge.BOTS["montecarlo"](1)).playouts == montecarlo.browser_budget["playouts"]
    )
    assert _search(seats.BOTS["search"](1)).iterations == search.table_budget["iterations"]
    assert _montecarlo(seats.BOTS["montecarlo"](1)).playouts == montecarlo.table_budget["playouts"]
    assert _search(registry.make_bot("search")).iterations == search.budget["iterations"]
    assert _montecarlo(registry.make_bot("mc", playouts=3)).playouts == 3
    timed = _search(registry.make_bot("search", move_time=0.5))  # time alone: no iterations
    assert (timed.iterations, timed.move_time) == (None, 0.5)
    for bot in BOTS.values():  # the cheaper budget where the machine is slower
        for key, value in bot.browser_budget.items():
            assert value is not None and value <= bot.table_budget[key] <= bot.budget[key]


@pytest.mark.parametrize("name", BOT_NAMES)
def test_each_bot_of_the_registry_plays_a_legal_game(name: str) -> None:
    """Three bots of each kind, made by the registry's picklable factory, play a whole game."""
    if name == "learned":
        need("numpy", NUMPY)
    bot = BOTS[name]
    factory = pickle.loads(pickle.dumps(bot.factory(bot.browser_budget)))
    record = ma.play_game([factory(seed=seat) for seat in range(3)], seed=4, rules=SHORT)
    assert ma.replay(record).is_over  # replay checks every action against the rules
    assert record.players == (name,) * 3


def test_a_budget_the_bot_refuses_is_refused_when_the_factory_is_made() -> None:
    """A bad budget fails at once, naming it, not in a worker process later."""
    with pytest.raises(ValueError, match="playouts"):
        registry.bot_factory("montecarlo", playouts=0)
    with pytest.raises(ValueError, match="unknown bot 'chess'"):
        registry.bot_factory("chess")


def test_the_sites_typescript_names_the_registrys_bots() -> None:
    """modern-art.d.ts's BotName (from js/api.d.ts) lists the registry's bots the site seats."""
    root = Path(__file__).resolve().parents[2]
    for typings in (
        root / "js" / "api.d.ts",
        root / "modern_art" / "site" / "static" / "modern-art.d.ts",
    ):
        declared = re.search(r"export type BotName = (.*);", typings.read_text(encoding="utf-8"))
        assert declared is not None, typings
        in_browser = tuple(name for name in BOT_NAMES if BOTS[name].browser)
        assert tuple(json.loads(n) for n in declared.group(1).split(" | ")) == in_browser, typings
