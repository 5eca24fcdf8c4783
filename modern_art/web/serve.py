"""``modern-art serve``: serve the web table.

Then open http://127.0.0.1:8000/, choose the players and open a table. Games
are kept in ``modern-art-web.sqlite3`` in the working directory (``--db``),
so a restarted server goes on with every unfinished one. The limits it sets
(connections, requests, tables, names) and what each protects are in the
docs' page "Running it for others".
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence

DEFAULT_DB = "modern-art-web.sqlite3"

# The clock's, the tables' and the limits' options: a number each, its
# default (int or float, the option's type) written once, for --help too.
_NUMBERS: tuple[tuple[str, float, str, str], ...] = (
    ("--bot-delay", 0.7, "S", "a bot's pause"),
    ("--open-idle", 8.0, "S", "quiet seconds in an open auction before 'going once'"),
    ("--going", 3.0, "S", "seconds of 'going once' and of 'going twice'"),
    ("--turn", 60.0, "S", "seconds a person has for any other decision"),
    ("--bot-after", 3, "N", "a bot plays a seat whose clock ran out N times in a row"),
    ("--ttl", 1800.0, "S", "an abandoned table expires after this many seconds"),
    ("--max-tables", 64, "N", "tables in play"),
    ("--tables-per-address", 8, "N", "unfinished tables one network may hold"),
    ("--rate", 20.0, "R", "requests a second per network, on average; 0: no limit"),
    ("--burst", 60.0, "N", "requests at once"),
    ("--tables-per-minute", 4.0, "R", "tables one network may open a minute; 0: no limit"),
    (
        "--idle-evict",
        600.0,
        "S",
        "when every table is taken, one whose game has not moved this long is closed"
        " first for a newcomer; else the stalest of the network holding the most",
    ),
    ("--ipv4-prefix", 24, "N", "an IPv4 client counts with its /N network in every limit"),
    ("--ipv6-prefix", 64, "N", "an IPv6 client counts with its /N network in every limit"),
    (
        "--analysis-samples",
        150,
        "N",
        "samples of one analysis at a practice table, about a second at 150",
    ),
    (
        "--keep-finished",
        86400.0,
        "S",
        "finished games stay in the database (their records downloadable) this long"
        " (a day is 86400); then they are deleted",
    ),
    ("--streams-per-address", 8, "N", "push streams one network may hold open"),
    ("--connections-per-address", 32, "N", "open connections one network may hold"),
    (
        "--connections",
        900,
        "N",
        "open connections in all, at most the file limit (ulimit -n) less 320",
    ),
    ("--header-timeout", 10.0, "S", "seconds a connection has to send a request's headers"),
    ("--body-timeout", 30.0, "S", "seconds a request has to send its body"),
)


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
        metavar="PATH|URL",
        help=f"SQLite file keeping every game (default {DEFAULT_DB}; ':memory:' keeps nothing),"
        " or a postgresql:// URL that any number of server processes share (the"
        " web-postgres extra)",
    )
    for flag, default, metavar, text in _NUMBERS:
        add(
            flag,
            type=type(default),
            default=default,
            metavar=metavar,
            help=f"{text} (default %(default)g)",
        )
    add(
        "--trust-proxy",
        action="append",
        default=[],
        metavar="ADDR",
        help="a reverse proxy (address or network) whose X-Forwarded-For names the client;"
        " repeat for more (default: none, the client is the socket's peer)",
    )
    add(
        "--public-origin",
        metavar="URL",
        help="the URL browsers open, behind a proxy with TLS (https://play.example.org):"
        " a POST's Origin must be it, and its name is an allowed host (default: the"
        " request's own scheme and Host, or a trusted proxy's X-Forwarded-Proto/Host)",
    )
    add(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name the server answers to in the Host header, besides --host, localhost"
        " and 127.0.0.1; repeat for more (other names get 400)",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run the server until interrupted."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        import uvicorn  # noqa: PLC0415 (the web extra: --help works without it)

        from modern_art.data.errors import StoreError  # noqa: PLC0415
        from modern_art.web import Limits, Registry, Timings, create_app  # noqa: PLC0415
        from modern_art.web.addresses import (  # noqa: PLC0415
            Networks,
            Proxies,
            allowed_hosts,
            host_name,
            public_origin,
        )
        from modern_art.web.connections import (  # noqa: PLC0415
            BACKLOG,
            ConnectionLimits,
            guarded_protocol,
        )
        from modern_art.web.practice import Analyst  # noqa: PLC0415
        from modern_art.web.store import open_store  # noqa: PLC0415
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
        limits = Limits(
            rate=args.rate,
            burst=args.burst,
            tables_per_minute=args.tables_per_minute,
            streams=args.streams_per_address,
        )
        connections = ConnectionLimits(
            per_address=args.connections_per_address,
            total=args.connections,
            header_timeout=args.header_timeout,
            body_timeout=args.body_timeout,
        )
        proxies = Proxies.parse(args.trust_proxy)
        origin = None if args.public_origin is None else public_origin(args.public_origin)
        named = [] if origin is None else [str(host_name(origin.split("://", 1)[1]))]
        hosts = allowed_hosts(args.host, [*args.allowed_host, *named])
        if not 8 <= args.ipv4_prefix <= 32 or not 16 <= args.ipv6_prefix <= 128:
            raise ValueError("--ipv4-prefix must be from 8 to 32, --ipv6-prefix from 16 to 128")
        networks = Networks(ipv4=args.ipv4_prefix, ipv6=args.ipv6_prefix)
        if args.idle_evict <= 0 or args.keep_finished < 0:
            raise ValueError("--idle-evict must be over 0 and --keep-finished at least 0")
        if args.analysis_samples < 1:
            raise ValueError("--analysis-samples must be at least 1")
    except ValueError as err:
        parser.error(str(err))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        registry = Registry(
            timings,
            max_tables=args.max_tables,
            per_owner=args.tables_per_address,
            store=open_store(args.db),
            idle_evict=args.idle_evict,
            keep_finished=args.keep_finished,
            networks=networks,
        )
    except StoreError as err:  # one line naming the file and what to do; no traceback
        parser.exit(1, f"modern-art serve: {err}\n")
    kept = "nothing" if args.db == ":memory:" else registry.store.path if registry.store else ""
    print(f"Modern Art at http://{args.host}:{args.port}/ (games kept in {kept}; Ctrl-C to stop)")
    if registry.tables:
        print(f"{len(registry.tables)} unfinished games brought back")
    analyst = Analyst(args.analysis_samples)
    app = create_app(
        registry,
        limits=limits,
        proxies=proxies,
        allowed_hosts=hosts,
        analyst=analyst,
        public_origin=origin,
    )
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        http=guarded_protocol(connections, networks, app.state.shared_limits),
        backlog=BACKLOG,  # counted out of the descriptors connections may use
        proxy_headers=False,  # the Guard reads X-Forwarded-For, from --trust-proxy only
        server_header=False,
    )
    uvicorn.Server(config).run()
    return 0
