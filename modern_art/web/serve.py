"""``modern-art serve``: serve the web table on this machine.

Then open http://127.0.0.1:8000/, choose the players and open a table. Games
are kept in ``modern-art-web.sqlite3`` in the working directory (``--db``),
so a restarted server goes on with every unfinished one.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence

DEFAULT_DB = "modern-art-web.sqlite3"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="modern-art serve",
        description="Play Modern Art in the browser against bots.",
    )
    add = parser.add_argument
    add("--host", default="127.0.0.1", help="address to listen on")
    add("--port", type=int, default=8000, help="port to listen on")
    add(
        "--db",
        default=DEFAULT_DB,
        metavar="PATH",
        help=f"SQLite file keeping every game (default {DEFAULT_DB}; ':memory:' keeps nothing)",
    )
    add("--bot-delay", type=float, default=0.7, metavar="S", help="a bot's pause (default 0.7)")
    add(
        "--open-idle",
        type=float,
        default=8.0,
        metavar="S",
        help="quiet seconds in an open auction before 'going once' (default 8)",
    )
    add(
        "--going",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds of 'going once' and of 'going twice' (default 3)",
    )
    add(
        "--turn",
        type=float,
        default=60.0,
        metavar="S",
        help="seconds a person has for any other decision (default 60)",
    )
    add(
        "--bot-after",
        type=int,
        default=3,
        metavar="N",
        help="a bot plays a seat whose clock ran out N times in a row (default 3)",
    )
    add(
        "--ttl",
        type=float,
        default=1800.0,
        metavar="S",
        help="an abandoned table expires after this many seconds (default 1800)",
    )
    add("--max-tables", type=int, default=64, metavar="N", help="tables in play (default 64)")
    add(
        "--tables-per-address",
        type=int,
        default=8,
        metavar="N",
        help="unfinished tables one address may hold (default 8)",
    )
    add(
        "--rate",
        type=float,
        default=20.0,
        metavar="R",
        help="requests a second per address, on average; 0: no limit (default 20)",
    )
    add("--burst", type=float, default=60.0, metavar="N", help="requests at once (default 60)")
    add(
        "--tables-per-minute",
        type=float,
        default=4.0,
        metavar="R",
        help="tables one address may open a minute; 0: no limit (default 4)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the server until interrupted."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        import uvicorn  # noqa: PLC0415 (the web extra: --help works without it)

        from modern_art.web import Limits, Registry, Store, Timings, create_app  # noqa: PLC0415
    except ImportError as err:
        parser.exit(
            1,
            f"modern-art serve: {err}; the server needs the web extra: from a clone,"
            " pip install -e '.[web]'; once published, pip install 'modern-art[web]'\n",
        )

    try:
        timings = Timings(
            bot_delay=args.bot_delay,
            open_idle=args.open_idle,
            going=args.going,
            turn=args.turn,
            bot_after=args.bot_after,
            ttl=args.ttl,
        )
        limits = Limits(rate=args.rate, burst=args.burst, tables_per_minute=args.tables_per_minute)
    except ValueError as err:
        parser.error(str(err))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    registry = Registry(
        timings,
        max_tables=args.max_tables,
        per_owner=args.tables_per_address,
        store=Store(args.db),
    )
    kept = "nothing" if args.db == ":memory:" else args.db
    print(f"Modern Art at http://{args.host}:{args.port}/ (games kept in {kept}; Ctrl-C to stop)")
    if registry.tables:
        print(f"{len(registry.tables)} unfinished games brought back")
    app = create_app(registry, limits=limits)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
