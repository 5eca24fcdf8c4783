"""``modern-art records generate|import|export|query|examples``: the records store's command.

The parser (:func:`add_records_parser`) loads nothing of the store; the
command (:func:`records`) loads :mod:`modern_art.records` (the ``records``
extra: pyarrow and DuckDB) and says how to install it when it is missing.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from modern_art.cli.options import positive
from modern_art.data.errors import CommandError, NotationError
from modern_art.data.extras import install_hint

if TYPE_CHECKING:
    from modern_art.records import RecordStore

__all__ = ["DEFAULT_STORE", "add_records_parser", "records"]

DEFAULT_STORE = "modern-art-records"
"""The store's directory when ``--store`` is not given."""

_INSTALL = (
    "the records command needs the 'records' extra (pyarrow and DuckDB):"
    f" {install_hint('records')}"
)


def add_records_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``records`` subcommand and its five actions to ``commands``."""
    parser = commands.add_parser(
        "records",
        help="a store of many games (Parquet, DuckDB): generate, import, export, query, examples",
        description="Keeps games in a records store, a directory of Parquet files (a table of"
        " games and one of steps, partitioned by rules preset and date), and asks across"
        " them with DuckDB SQL. Needs the 'records' extra (pyarrow, DuckDB).",
        epilog="Start with: modern-art records generate --games 1000, then"
        " modern-art records query auctions",
    )
    actions = parser.add_subparsers(dest="records_action", metavar="ACTION", required=True)

    def with_store(action: argparse.ArgumentParser) -> argparse.ArgumentParser:
        action.add_argument(
            "--store",
            default=DEFAULT_STORE,
            metavar="DIR",
            help=f"the store's directory (default {DEFAULT_STORE})",
        )
        return action

    generate = with_store(
        actions.add_parser(
            "generate",
            help="play self-play games straight into the store",
            description="Plays GAMES self-play games into the store, with a progress bar."
            " The bot 'playout' plays as ma.playout does (uniform over every seat's legal"
            " actions, the fastest); any registry bot plays through ma.play_game.",
        )
    )
    generate.add_argument("--games", type=positive, default=1000, help="games (default 1000)")
    generate.add_argument(
        "--bots",
        default="playout",
        help="one bot for every seat, or one per seat, comma-separated (default playout)",
    )
    generate.add_argument(
        "--players", type=positive, default=None, help="seats (default 4, or one per bot)"
    )
    generate.add_argument(
        "--rules",
        default="cmon",
        metavar="LINE",
        help="the rules as a records' Rules tag writes them, e.g. 'cmon"
        " hidden_tie=clockwise_from_left' (default cmon)",
    )
    generate.add_argument("--seed", type=int, default=0, help="game k is dealt with SEED + k")
    generate.add_argument("--workers", type=positive, default=1, help="worker processes")

    imported = with_store(
        actions.add_parser(
            "import",
            help="store record files (.mart, .json, .jsonl) and a serve database's games",
            description="Stores every finished game of each FILE: text game records (.mart)"
            " or a JSON record, a tournament's or a match's records file (.jsonl), or a"
            " modern-art serve database (SQLite), whose games stored before are skipped.",
        )
    )
    imported.add_argument("files", nargs="+", metavar="FILE", help="record files or databases")

    export = with_store(
        actions.add_parser(
            "export",
            help="write stored games back as record files",
            description="Writes the store's games (or those of --ids) as text game records,"
            " or as JSON Lines when OUT ends in .jsonl.",
        )
    )
    export.add_argument("--out", default="-", metavar="OUT", help="the file (default: stdout)")
    export.add_argument(
        "--ids", default=None, metavar="ID,ID", help="only these games (default: every game)"
    )

    query = with_store(
        actions.add_parser(
            "query",
            help="DuckDB SQL over the store, or a named query",
            description="Runs SQL over the views games and steps (the macro cites(words,"
            " word) tests one word of steps.events, steps.rules or steps.decisions), or a"
            " named query; --list shows the named queries and their SQL.",
        )
    )
    query.add_argument("sql", nargs="?", metavar="SQL|NAME", help="the SQL, or a query's name")
    query.add_argument("--list", action="store_true", help="list the named queries")
    query.add_argument(
        "--format",
        choices=("table", "csv", "json"),
        default="table",
        help="how rows are printed (default table)",
    )

    examples = with_store(
        actions.add_parser(
            "examples",
            help="real moments where a rule decided something, with their positions",
            description="Shows steps of stored games that RULE decided (a hidden tie, a"
            " fifth painting, a double taken over...): the game, the step, the position"
            " before it and what describe says of the action and its events.",
        )
    )
    examples.add_argument("rule", metavar="RULE", help="a rule's number, e.g. R4.3")
    examples.add_argument("--limit", type=positive, default=3, help="examples (default 3)")
    parser.set_defaults(run="records")


def records(args: argparse.Namespace) -> int:
    """Run ``modern-art records ACTION``."""
    try:
        from modern_art import records as store_api  # noqa: PLC0415 (the extra, on request)
    except ImportError as err:
        raise CommandError(f"{_INSTALL} ({err})") from None
    try:
        if args.records_action == "query" and args.list:
            return _list_queries()
        store = store_api.RecordStore(args.store)
        action = args.records_action
        if action == "generate":
            return _generate(store, args)
        if action == "import":
            return _import(store, args.files)
        if action == "export":
            return _export(store, args)
        if action == "query":
            return _query(store, args)
        return _examples(store, args)
    except store_api.RecordsError as err:
        raise CommandError(str(err)) from None


def _list_queries() -> int:
    from modern_art import records as api  # noqa: PLC0415

    for name, query in api.QUERIES.items():
        print(f"{name}: {query.title}\n")
        print("    " + query.sql.replace("\n", "\n    ") + "\n")
    return 0


def _generate(store: RecordStore, args: argparse.Namespace) -> int:
    from rich.console import Console  # noqa: PLC0415

    from modern_art import records as api  # noqa: PLC0415
    from modern_art.cli.backends import progress_bar  # noqa: PLC0415
    from modern_art.text.rules_line import parse_rules  # noqa: PLC0415

    try:
        rules = parse_rules(args.rules)
    except NotationError as err:
        raise CommandError(f"--rules: {err}") from None
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    stderr = Console(stderr=True, highlight=False, emoji=False)
    with progress_bar(stderr, disable=not stderr.is_terminal) as progress:
        task = progress.add_task("games", total=args.games)
        ids = api.generate(
            store,
            args.games,
            bots=bots,
            players=args.players,
            rules=rules,
            seed=args.seed,
            workers=args.workers,
            progress=lambda done: progress.advance(task, done),
        )
    print(
        f"stored games {ids.start} to {ids.stop - 1} in {store.path} ({len(store)} games in all)"
    )
    return 0


def _import(store: RecordStore, files: Sequence[str]) -> int:
    from modern_art import records as api  # noqa: PLC0415
    from modern_art.cli.commands import read_records_file  # noqa: PLC0415

    for name in files:
        if name.lower().endswith(".jsonl"):
            print(f"{name}: {len(api.import_lines(store, name))} games stored")
        elif api.is_service_database(name):
            ids, skipped = api.import_service(store, name)
            print(f"{name}: {len(ids)} finished games stored, {skipped} stored before skipped")
        else:
            found = api.import_records(store, read_records_file(name), source=Path(name).name)
            print(f"{name}: {len(found)} games stored")
    return 0


def _export(store: RecordStore, args: argparse.Namespace) -> int:
    from modern_art import records as api  # noqa: PLC0415

    if args.ids is None:
        games = store.games()
    else:
        try:
            ids = [int(word) for word in args.ids.split(",") if word.strip()]
        except ValueError:
            raise CommandError(
                f"--ids takes game ids separated by commas, got {args.ids!r}"
            ) from None
        games = (store.game(game_id) for game_id in ids)
    json_lines = args.out.lower().endswith(".jsonl")
    if args.out == "-":
        count = api.export_records(games, sys.stdout, json_lines=json_lines)
    else:
        try:
            with open(args.out, "w", encoding="utf-8") as out:
                count = api.export_records(games, out, json_lines=json_lines)
        except OSError as err:
            raise CommandError(f"cannot write {args.out}: {err.strerror}") from None
        print(f"{count} games written to {args.out}", file=sys.stderr)
    return 0


def _query(store: RecordStore, args: argparse.Namespace) -> int:
    from modern_art import records as api  # noqa: PLC0415
    from modern_art.cli.commands import console  # noqa: PLC0415
    from modern_art.cli.safe import markup_safe  # noqa: PLC0415

    if not args.sql:
        raise CommandError("give SQL or a query's name (--list shows the names)")
    named = api.QUERIES.get(args.sql.strip())
    names, rows = store.query(named.sql if named is not None else args.sql)
    if args.format == "csv":
        writer = csv.writer(sys.stdout)
        writer.writerow(names)
        writer.writerows(rows)
    elif args.format == "json":
        for row in rows:
            print(json.dumps(dict(zip(names, map(_plain, row), strict=True))))
    else:
        from rich.table import Table  # noqa: PLC0415

        table = Table(*map(markup_safe, names), title=named.title if named is not None else None)
        for row in rows:
            table.add_row(*(markup_safe(str(value)) for value in row))
        console().print(table)
    return 0


def _plain(value: Any) -> Any:
    """A value JSON can write (DuckDB gives dates and decimals too)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return str(value)


def _examples(store: RecordStore, args: argparse.Namespace) -> int:
    from modern_art import records as api  # noqa: PLC0415

    found = api.examples(store, args.rule, args.limit)
    if not found:
        print(f"the store ({len(store)} games) holds no step that {args.rule.upper()} decided")
        return 0
    print("\n\n".join(example.text() for example in found))
    return 0
