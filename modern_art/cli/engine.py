"""``modern-art engine BOT``: a built-in bot served over the engine protocol.

Other people's runners start it as an engine process: it reads the
protocol's messages on stdin and answers on stdout (see the docs page "The
engine protocol"). It needs no extra: not even ``rich``.
"""

from __future__ import annotations

import argparse

from modern_art.agents.base import Agent
from modern_art.agents.registry import BOTS, make_bot
from modern_art.cli.options import bot_name

__all__ = ["add_engine_parser", "engine"]


def add_engine_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``engine`` subcommand to ``commands``."""
    parser = commands.add_parser(
        "engine",
        help="serve a built-in bot over the engine protocol (for other runners)",
        description="Reads the engine protocol's messages (JSON lines) on stdin and"
        " answers on stdout, playing one built-in bot; ends at quit or the end of"
        f" input. Bots: {', '.join(f'{n} ({e.summary})' for n, e in BOTS.items())}.",
    )
    parser.add_argument("bot", type=bot_name, metavar="BOT", help=f"one of {', '.join(BOTS)}")
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the bot's seed for the first game (the next games get seed+1, ...);"
        " default: a fresh one",
    )
    parser.add_argument(
        "--playouts", type=int, default=None, help="Monte Carlo playouts per decision"
    )
    parser.set_defaults(run="engine")


def engine(args: argparse.Namespace) -> int:
    """Serve the bot ``args.bot`` until ``quit`` or the end of stdin; the exit code.

    Game ``g`` (from 0) of the process gets the seed ``args.seed + g``, so
    that a runner reusing one process for several games gets a fresh,
    reproducible bot for each.
    """
    # The wire layer (cattrs) loads only here, not for the parser.
    from modern_art.agents.engine.serve import serve  # noqa: PLC0415

    name: str = args.bot
    games = 0

    def make_agent() -> Agent:
        nonlocal games
        seed = None if args.seed is None else args.seed + games
        games += 1
        return make_bot(name, seed=seed, playouts=args.playouts)

    return serve(make_agent, name=name)
