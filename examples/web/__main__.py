"""``python -m examples.web``: serve the web table on this machine.

Then open http://127.0.0.1:8000/, choose the players and open a table.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the server until interrupted."""
    parser = argparse.ArgumentParser(
        prog="python -m examples.web",
        description="Play Modern Art in the browser against bots.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.7,
        metavar="S",
        help="seconds a bot waits before it acts (default 0.7)",
    )
    parser.add_argument(
        "--open-idle",
        type=float,
        default=8.0,
        metavar="S",
        help="quiet seconds in an open auction before 'going once' (default 8)",
    )
    parser.add_argument(
        "--going",
        type=float,
        default=3.0,
        metavar="S",
        help="seconds of 'going once' and of 'going twice' (default 3)",
    )
    parser.add_argument(
        "--ttl",
        type=float,
        default=1800.0,
        metavar="S",
        help="an abandoned table expires after this many seconds (default 1800)",
    )
    args = parser.parse_args(argv)

    try:
        import uvicorn

        from examples.web.app import create_app
        from examples.web.tables import Timings
    except ImportError as err:
        parser.exit(2, f"{err}; install the web extra: pip install -e '.[web]'\n")

    timings = Timings(
        bot_delay=args.bot_delay, open_idle=args.open_idle, going=args.going, ttl=args.ttl
    )
    print(f"Modern Art at http://{args.host}:{args.port}/ (Ctrl-C to stop)")
    uvicorn.run(create_app(timings=timings), host=args.host, port=args.port, log_level="warning")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
