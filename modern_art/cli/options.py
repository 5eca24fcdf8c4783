"""The command's option types, and the options several subcommands take.

Each type turns a word of the command line into a value. A word that does
not fit is refused with an :class:`argparse.ArgumentTypeError` that says
what was expected and what arrived, so ``argparse`` prints it as a usage
error (exit code 2). An option that means the same in several
subcommands (``--games``, ``--seed``, ``--workers``, the bots' budgets,
the rules, ``--json``) is declared once here, with only what differs as a parameter:
the default, or whose seed it is. The parsers load no bot beyond the
registry and no ``rich``.

>>> positive("3"), seconds("0.5")
(3, 0.5)
>>> positive("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive whole number, got '0'
>>> bot_name("MC")
'montecarlo'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from modern_art.agents.registry import canonical_bot

__all__ = [
    "add_games",
    "add_json",
    "add_playouts",
    "add_rules_options",
    "add_search_options",
    "add_seed",
    "add_workers",
    "bot_name",
    "number",
    "positive",
    "seconds",
]

N = TypeVar("N", int, float)


def number(
    convert: Callable[[str], N], accept: Callable[[N], bool], expected: str
) -> Callable[[str], N]:
    """An option type: ``convert`` the word, keep it if ``accept``\\ s it, else refuse it.

    The refusal reads ``expected <expected>, got '<word>'``.
    """

    def parse(text: str) -> N:
        try:
            value = convert(text)
        except ValueError:
            value = None
        if value is None or not accept(value):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return value

    return parse


positive = number(int, lambda value: value >= 1, "a positive whole number")
"""A whole number from 1: games, workers, playouts, iterations, samples."""

seconds = number(float, lambda value: 0 < value < math.inf, "a positive number of seconds")
"""A positive, finite number of seconds."""


def bot_name(text: str) -> str:
    """A built-in bot's registered name (any case, or an alias), else a usage error."""
    try:
        return canonical_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_games(parser: argparse.ArgumentParser, default: int) -> None:
    """Add ``--games``: how many games to play."""
    parser.add_argument(
        "--games", type=positive, default=default, help=f"games to play (default {default})"
    )


def add_seed(parser: argparse.ArgumentParser, whose: str, default: int | None = 0) -> None:
    """Add ``--seed``: the seed of ``whose`` (``"deal"``, ``"match"``); ``None``, a random one."""
    shown = "default: random" if default is None else f"default {default}"
    parser.add_argument("--seed", type=int, default=default, help=f"the {whose}'s seed ({shown})")


def add_workers(parser: argparse.ArgumentParser, note: str = "") -> None:
    """Add ``--workers``: how many processes play the games (``note`` ends the help)."""
    parser.add_argument(
        "--workers", type=positive, default=1, help=f"worker processes (default 1){note}"
    )


def add_playouts(parser: argparse.ArgumentParser, default: int | None) -> None:
    """Add ``--playouts`` for the Monte Carlo bot; ``None``: the bot's own default."""
    shown = "" if default is None else f" (default {default})"
    parser.add_argument(
        "--playouts",
        type=positive,
        default=default,
        help=f"Monte Carlo playouts per decision{shown}",
    )


def add_search_options(parser: argparse.ArgumentParser) -> None:
    """Add the search bot's budget: ``--iterations`` or ``--move-time``."""
    parser.add_argument(
        "--iterations",
        type=positive,
        default=None,
        help="search bot: play-outs per decision (default 200 unless --move-time is given)",
    )
    parser.add_argument(
        "--move-time",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="search bot: seconds of search per decision (not reproducible)",
    )


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """Add the rules to play by: ``--preset`` and ``--open-money``."""
    parser.add_argument(
        "--preset",
        default="cmon",
        help="the rules preset: cmon (default) or original",
    )
    parser.add_argument(
        "--open-money",
        action="store_true",
        help="play with screens down: everyone's money is public",
    )


def add_json(parser: argparse.ArgumentParser, what: str) -> None:
    """Add ``--json``: print ``what`` (the command's result) as JSON rather than as text."""
    parser.add_argument("--json", action="store_true", help=f"print the {what} as JSON")
