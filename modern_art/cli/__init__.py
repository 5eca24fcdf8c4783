"""The ``modern-art`` command: demo, play, simulate, replay, analyse, rules, serve and site.

Install it with the ``cli`` extra (``pip install -e '.[cli]'`` from a clone,
``pip install 'modern-art[cli]'`` once published), which brings in ``rich``
for tables and progress bars; the library itself never
imports ``rich``. ``python -m modern_art`` runs the same command.

Exit codes: 0 success, 1 an error (a message on stderr), 2 a usage error
(from ``argparse``), 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from modern_art import COMPILED, __version__
from modern_art.agents.registry import BOT_NAMES
from modern_art.cli.engine import add_engine_parser
from modern_art.cli.match_args import add_match_parser
from modern_art.cli.options import (
    add_games,
    add_json,
    add_playouts,
    add_rules_options,
    add_search_options,
    add_seed,
    add_workers,
    bot_name,
    positive,
)
from modern_art.cli.position import add_parsers as add_position_parsers
from modern_art.cli.records import add_records_parser
from modern_art.data.errors import CommandError
from modern_art.data.extras import install_hint

__all__ = ["build_parser", "main"]

BOTS = BOT_NAMES
"""The bots the command knows, by name (``mc`` is short for ``montecarlo``):
:data:`modern_art.agents.registry.BOT_NAMES`."""


def _bot_list(text: str) -> list[str]:
    names = [bot_name(part) for part in text.split(",") if part.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give at least one bot")
    return names


_OWN_OPTIONS = (
    (
        "serve",
        "serve the table in the browser (the web extra); modern-art serve --help",
        "Serves the web table: people play in the browser, against bots or each other.",
    ),
    (
        "site",
        "write a static site that plays in the browser, no server; modern-art site --help",
        "Writes a static site: the library in Pyodide, a table, modern-art.js.",
    ),
    (
        "train",
        "train the bot 'learned' by self-play (the train extra); modern-art train --help",
        "Trains a policy by self-play (PPO) and writes its weights and curve.",
    ),
)
"""The subcommands that parse their own options, as (name, help, description).

:func:`main` hands their words on to ``modern_art.web.serve``,
``modern_art.site.command`` and ``modern_art.train.command`` (the train
extra); the parser only lists them, with no ``--help`` of its own.
"""


def build_parser() -> argparse.ArgumentParser:
    """The command's argument parser, with one subparser per subcommand."""
    parser = argparse.ArgumentParser(
        prog="modern-art",
        description="Play, watch and test Reiner Knizia's auction game Modern Art.",
        epilog="Start with: modern-art demo",
    )
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = commands.add_parser(
        "demo",
        help="watch four bots play one game, explained for a newcomer",
        description="Plays one seeded game of four bots and tells it move by move:"
        " each auction, the ranking, tiles and payouts after each round, and the"
        " final money.",
    )
    add_seed(demo, "deal", default=7)
    demo.add_argument(
        "--save",
        metavar="FILE",
        help="also save the game record: JSON if FILE ends in .json, else text (e.g. game.mart)",
    )
    demo.set_defaults(run="demo")

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots",
        description="You play one seat against bots. Before each question it tells what"
        " the others did since your last answer. Type a card's number to offer it,"
        " a number to bid or name a price, 'p' to pass, 'a' to accept, 'o' to drop out of"
        " an open auction, 'u' to take back your last decision, 't' for the full tables,"
        " 'r' for how to play, 'h' for help, 'q' (or end of input, or Ctrl-C) to leave.",
    )
    play.add_argument("--name", default="You", help="your name at the table")
    play.add_argument(
        "--seat",
        type=int,
        default=None,
        help="your seat, from 0 (default 0; with --resume, the seat without a bot)",
    )
    play.add_argument(
        "--bots",
        type=_bot_list,
        default=None,
        help="the other seats' bots, comma-separated, clockwise after you"
        " (default heuristic,heuristic,montecarlo): 2 to 4 bots",
    )
    play.add_argument(
        "--engine",
        action="append",
        metavar="COMMAND",
        help="seat an engine in any language too (the engine protocol), after the bots;"
        " repeatable",
    )
    add_seed(play, "deal", default=None)
    add_playouts(play, default=16)
    add_search_options(play)
    play.add_argument(
        "--hint",
        action="store_true",
        help="at each of your decisions, show the analysis: the best actions and what"
        " each artist may pay (ma.analyse: an estimate if the table plays like the heuristic)",
    )
    play.add_argument(
        "--hint-samples",
        type=positive,
        default=200,
        help="sampled deals behind each hint (default 200)",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="save the game record at the end, finished or not: JSON if FILE ends in .json,"
        " else text (.mart); checked for being writable before the game"
        " (default with --resume: the file resumed)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        help="go on with a game saved unfinished (by --save, or on leaving with q or Ctrl-C):"
        " its players, bots, seed and rules",
    )
    add_rules_options(play)
    play.set_defaults(run="play")

    sim = commands.add_parser(
        "simulate",
        help="run a tournament between bots",
        description="Plays many games between bots with seats rotated and prints each"
        " bot's win rate (with a 95% confidence interval), mean final money and its"
        " spread, and the games per second.",
    )
    sim.add_argument(
        "--bots",
        type=_bot_list,
        default=["heuristic", "random", "heuristic", "random"],
        help="the lineup, one bot per seat, comma-separated (3 to 5; default"
        " heuristic,random,heuristic,random); seats are rotated from game to game",
    )
    add_games(sim, default=100)
    add_seed(sim, "tournament")
    add_workers(sim, note="; more than 1 means --backend processes")
    sim.add_argument(
        "--backend",
        choices=("local", "processes", "ray"),
        default=None,
        help="where the games are played: local (this process), processes (--workers"
        " of them) or ray (the ray extra); the results are the same with any",
    )
    sim.add_argument(
        "--address",
        metavar="ADDRESS",
        help="with --backend ray, the Ray cluster's address (default: a local instance)",
    )
    sim.add_argument(
        "--records",
        metavar="FILE",
        help="write every game's record to FILE as JSON Lines, one game a line, as it ends",
    )
    sim.add_argument(
        "--resume",
        action="store_true",
        help="finish a run stopped midway: keep the games already in --records FILE",
    )
    add_playouts(sim, default=16)
    add_search_options(sim)
    add_json(sim, "result")
    sim.add_argument(
        "--report",
        metavar="FILE",
        help="also write an HTML report: standings with confidence intervals as a bar"
        " chart and each bot's final money (inline SVG, no script)",
    )
    add_rules_options(sim)
    sim.set_defaults(run="simulate")

    replay = commands.add_parser(
        "replay",
        help="step through a saved game record",
        description="Checks game records (JSON, or the text records of .mart files, as"
        " saved by demo --save or play --save) and tells each game move by move. A file"
        " is at most 1 MiB; a UTF-8 byte-order mark is skipped.",
    )
    replay.add_argument(
        "file", metavar="FILE", help="the game record (JSON or text), or - for stdin"
    )
    replay.add_argument("--step", action="store_true", help="wait for Enter after each action")
    replay.add_argument(
        "--svg",
        metavar="DIR",
        help="write the boards as SVG pictures into DIR, with an index.html to step"
        " through them with the arrow keys (instead of telling the game)",
    )
    replay.add_argument(
        "--every",
        choices=("step", "round"),
        default=None,
        help="with --svg: a picture after every action (default) or at each round's end;"
        " without --svg, with --step: wait after every action or at each round's end",
    )
    replay.set_defaults(run="replay")

    weigh = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="weigh a written position: each artist's chances and each action's worth",
        description="Reads a position (ma.write_position; at most 100,000 characters) and"
        " prints ma.analyse for the seat to act: each artist's chances of ranking 1st, 2nd,"
        " 3rd or not at all this round and what one painting may pay, and each legal action"
        " (bids and prices on a grid) with the expected change of the seat's money minus"
        " the others' mean by the round's end. An estimate if every seat plays like the"
        " heuristic bot; every seat's money counts as known (R7.4).",
    )
    weigh.add_argument("file", metavar="POSITION_FILE", help="the position, or - for stdin")
    weigh.add_argument(
        "--seat", type=int, default=None, help="the seat to analyse (default: the seat to act)"
    )
    weigh.add_argument(
        "--samples", type=positive, default=1000, help="sampled deals (default 1000)"
    )
    add_seed(weigh, "sampling")
    add_json(weigh, "analysis")
    weigh.set_defaults(run="analyse")

    rules = commands.add_parser(
        "rules",
        help="print a variant's settings, or how to play (--summary)",
        description="Prints every setting of a rules preset: the artists and their"
        " cards, money, tiles, rounds, deals and the variant rules; with --summary,"
        " how to play the game, on one screen.",
    )
    add_rules_options(rules)
    rules.add_argument("--list", action="store_true", help="list the presets' names")
    rules.add_argument(
        "--summary",
        action="store_true",
        help="how to play: the whole game on one screen, with the preset's numbers",
    )
    rules.set_defaults(run="rules")

    for name, summary, description in _OWN_OPTIONS:
        commands.add_parser(
            name, add_help=False, help=summary, description=description
        ).set_defaults(run=name)
    add_engine_parser(commands)
    add_match_parser(commands)
    add_records_parser(commands)
    add_position_parsers(commands)
    return parser


def _version() -> str:
    """The version and the build: ``compiled`` (``MODERN_ART_COMPILE=1``) or ``pure Python``."""
    return f"modern-art {__version__} ({'compiled' if COMPILED else 'pure Python'})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:
        from modern_art.web.serve import main as serve  # noqa: PLC0415 (a face above)

        return serve(arguments[1:])
    if arguments[:1] == ["site"]:
        from modern_art.site.command import main as site  # noqa: PLC0415 (a face above)

        return site(arguments[1:])
    if arguments[:1] == ["train"]:
        try:
            from modern_art.train.command import main as train  # noqa: PLC0415 (a face above)
        except ImportError as err:
            print(f"modern-art train: {err}", file=sys.stderr)
            return 2
        return train(arguments[1:])
    parser = build_parser()
    args = parser.parse_args(arguments)
    if getattr(args, "run", None) is None:
        parser.print_help(sys.stderr)
        return 2
    if args.run == "engine":  # an engine process needs no extra
        from modern_art.cli.engine import engine  # noqa: PLC0415

        return engine(args)
    try:
        import rich  # noqa: F401, PLC0415 (the core must not need rich)
    except ImportError:
        print(
            f"modern-art: the command needs the 'cli' extra (rich): {install_hint('cli')}",
            file=sys.stderr,
        )
        return 1
    from modern_art.cli import (  # noqa: PLC0415
        commands,
        hints,
        match,
        play,
        position,
        records,
        simulate,
    )
    from modern_art.cli.safe import visible  # noqa: PLC0415

    try:
        handler = {
            "play": play.play,
            "simulate": simulate.simulate,
            "match": match.match,
            "analyse": hints.analyse_position,
            "records": records.records,
            "position": position.position,
            "ask": position.ask,
        }.get(args.run, commands.run)
        return handler(args)
    except KeyboardInterrupt:
        print("\nmodern-art: interrupted", file=sys.stderr)
        return 130
    except CommandError as exc:
        # The message may echo a path or a file's content: no control characters.
        print(f"modern-art {args.command}: {visible(str(exc))}", file=sys.stderr)
        return 1
