"""The options of ``modern-art match`` (the parser only: it loads no bot and no ``rich``)."""

from __future__ import annotations

import argparse

from modern_art.agents.engine.protocol import HELLO_SECONDS, MOVE_SECONDS
from modern_art.agents.registry import BOTS, FALLBACK_BOT
from modern_art.cli.options import (
    add_games,
    add_json,
    add_playouts,
    add_seed,
    add_workers,
    number,
)

__all__ = ["add_match_parser"]


_seconds = number(float, lambda value: 0 < value < 3600, "seconds above 0 (e.g. 0.5)")
_rate = number(float, lambda value: 0 < value < 1, "a rate between 0 and 1")


def add_match_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``match`` subcommand to ``commands``."""
    parser = commands.add_parser(
        "match",
        help="race bots and engines in any language; win rates, ratings, SPRT",
        description="Plays games between built-in bots and engine processes (any program"
        " that speaks the engine protocol), seats rotated and each deal played from every"
        " seat, and prints each PLAYER's games, wins, win rate with its 95% interval,"
        " OpenSkill rating and protocol errors. An engine that crashes, hangs, answers"
        " garbage or an illegal action loses its seat to a fallback bot for the rest of"
        " that game; the match goes on.",
        epilog="PLAYER: a built-in bot ("
        + ", ".join(BOTS)
        + "), learned:PATH (the learned bot with weights from modern-art train) or"
        " engine:COMMAND, e.g. 'engine:node examples/engines/random_bot.js'.",
    )
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help="3 to 5 players: a bot's name, learned:PATH or engine:COMMAND (split as a"
        " shell would)",
    )
    add_games(parser, default=100)
    add_seed(parser, "match")
    parser.add_argument(
        "--move-time",
        type=_seconds,
        default=MOVE_SECONDS,
        metavar="SECONDS",
        help=f"the engines' move clock (default {MOVE_SECONDS:g})",
    )
    parser.add_argument(
        "--hello-time",
        type=_seconds,
        default=HELLO_SECONDS,
        metavar="SECONDS",
        help=f"how long an engine may take to start and answer hello (default {HELLO_SECONDS:g})",
    )
    parser.add_argument(
        "--records",
        metavar="FILE",
        help="stream every game to FILE (JSON Lines); a stopped match resumes from it",
    )
    add_workers(parser)
    parser.add_argument(
        "--sprt",
        nargs=2,
        type=_rate,
        metavar=("P0", "P1"),
        help="stop as soon as a sequential test decides whether the first PLAYER's win"
        " rate is P0 or P1",
    )
    parser.add_argument(
        "--alpha", type=_rate, default=0.05, help="the SPRT's chance of a false H1 (0.05)"
    )
    parser.add_argument(
        "--beta", type=_rate, default=0.05, help="the SPRT's chance of a false H0 (0.05)"
    )
    parser.add_argument(
        "--fallback",
        default=FALLBACK_BOT,
        metavar="BOT",
        help="the bot that takes the seat of an engine that breaks the protocol"
        f" (default {FALLBACK_BOT})",
    )
    add_playouts(parser, default=None)
    add_json(parser, "summary")
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="print the summary as a Markdown table (the README's ratings table)",
    )
    parser.add_argument("--preset", default="cmon", help="the rules preset: cmon or original")
    parser.add_argument(
        "--open-money", action="store_true", help="play with everyone's money public"
    )
    parser.set_defaults(run="match")
