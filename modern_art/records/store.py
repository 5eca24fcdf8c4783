"""The records store: a directory of Parquet files, two tables, appended to and never rewritten.

Layout (Hive partitions, so that DuckDB and any Parquet reader see ``preset``
and ``date`` as columns)::

    STORE/games/preset=cmon/date=2026-12-02/part-20261202T071500-0001.parquet
    STORE/steps/preset=cmon/date=2026-12-02/part-20261202T071500-0001.parquet

A part is a pair of files of the same name, one per table, holding the same
games; each is written in row groups as games finish, under a hidden
temporary name, and renamed into place when it is complete: a write that is
stopped leaves no part, and no file already stored is ever opened for
writing. Opening a store reads every file's footer: a damaged file, one that
is not the store's (another program's Parquet file), or a part with one file
missing is refused with :class:`~modern_art.RecordsError` naming the file,
and nothing is changed.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from attrs import frozen

from modern_art.core.records import GameRecord
from modern_art.core.transition import apply
from modern_art.data.errors import IllegalAction, NotationError, RecordsError
from modern_art.data.state import GameState
from modern_art.records.columns import GAMES, STEPS, partition_of
from modern_art.records.parts import (
    PART_NAME,
    PARTITION,
    Part,
    PartWriter,
    check_file,
    ids_of,
    trace,
)
from modern_art.text.notation import parse_action, parse_card
from modern_art.text.rules_line import parse_rules

__all__ = ["RecordStore", "StoredGame"]


@frozen
class StoredGame:
    """One game as the store keeps it: its id, record and the facts beside the record."""

    id: int
    """The game's id in the store."""
    record: GameRecord
    """The game's record (:func:`~modern_art.replay` plays it again)."""
    bots: tuple[str, ...]
    """Who played each seat (a bot's registry name; ``""`` where unknown)."""
    source: str
    """Where the game came from: ``generate``, ``import:FILE`` or ``service:FILE``."""
    preset: str
    """The ``preset`` partition."""
    date: str
    """The ``date`` partition."""


class RecordStore:
    """A records store at ``path`` (a directory): its parts, read and checked at opening.

    Args:
        path: the store's directory; made on the first write if missing.

    Raises:
        RecordsError: a file in the store is damaged, another program's, or
            a part lacks one of its two files; the message names the file.

    Use :meth:`query` (DuckDB SQL over the views ``games`` and ``steps``),
    :meth:`game` (one game back by id), :meth:`games` (every game, for
    export) and :meth:`writer` (append games).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if self.path.exists() and not self.path.is_dir():
            raise RecordsError(f"{self.path} is a file, not a records store (a directory)")
        self.parts: tuple[Part, ...] = self._scan()
        self._connection: duckdb.DuckDBPyConnection | None = None
        self._lock = threading.Lock()

    def _scan(self) -> tuple[Part, ...]:
        parts: list[Part] = []
        games_root, steps_root = self.path / "games", self.path / "steps"
        steps_files = {
            path.relative_to(steps_root)
            for path in steps_root.rglob("*.parquet")
            if not path.name.startswith(".")
        }
        for path in sorted(games_root.rglob("*.parquet")):
            if path.name.startswith("."):
                continue
            relative = path.relative_to(games_root)
            partition = self._partition(path, relative)
            meta = check_file(path, "games", GAMES)
            twin = steps_root / relative
            if relative not in steps_files:
                raise RecordsError(
                    f"{path} has no steps file ({twin} is missing): restore it, or move the"
                    " games file out of the store"
                )
            steps_files.discard(relative)
            check_file(twin, "steps", STEPS)
            first, last = ids_of(meta, path)
            parts.append(Part(path, twin, *partition, first, last, meta.num_rows))
        for relative in sorted(steps_files):
            raise RecordsError(
                f"{steps_root / relative} has no games file: move it out of the store"
            )
        return tuple(parts)

    @staticmethod
    def _partition(path: Path, relative: Path) -> tuple[str, str]:
        found = {}
        for name in relative.parts[:-1]:
            match = PARTITION.fullmatch(name)
            if match is None:
                raise RecordsError(f"{path} is not in a preset=NAME/date=DAY folder of the store")
            found[match["key"]] = match["value"]
        if set(found) != {"preset", "date"} or not PART_NAME.fullmatch(relative.name):
            raise RecordsError(
                f"{path} is not where the store writes (preset=NAME/date=DAY/part-....parquet)"
            )
        return found["preset"], found["date"]

    def __len__(self) -> int:
        """How many games the store holds."""
        return sum(part.count for part in self.parts)

    def next_id(self) -> int:
        """The id the next game stored takes: one more than the largest so far (from 1)."""
        return max((part.last for part in self.parts), default=0) + 1

    # DuckDB ------------------------------------------------------------------------------

    def connection(self) -> duckdb.DuckDBPyConnection:
        """A DuckDB connection (in memory) with the views ``games`` and ``steps`` over the store.

        ``steps.events``, ``steps.rules`` and ``steps.decisions`` are words
        separated by spaces; the macro ``cites(words, word)`` says whether
        ``word`` is one of them (``WHERE cites(rules, 'R4.3')``).
        """
        if self._connection is None:
            con = duckdb.connect(":memory:")
            # No progress bar on the terminal: the command prints the rows, nothing else.
            con.execute("SET enable_progress_bar = false")
            # contains() first: a quick scan that spares most rows the split into words.
            con.execute(
                "CREATE MACRO cites(words, word) AS"
                " contains(words, word) AND list_contains(string_split(words, ' '), word)"
            )
            for table, schema in (("games", GAMES), ("steps", STEPS)):
                files = [str(getattr(part, table)) for part in self.parts]
                if files:
                    listed = ", ".join("'" + name.replace("'", "''") + "'" for name in files)
                    con.execute(
                        f"CREATE VIEW {table} AS SELECT * FROM read_parquet([{listed}],"
                        " hive_partitioning = true, hive_types_autocast = false)"
                    )
                else:
                    empty = (
                        schema.empty_table()
                        .append_column("preset", pa.array([], pa.string()))
                        .append_column("date", pa.array([], pa.string()))
                    )
                    con.register(f"_{table}_empty", empty)
                    con.execute(f"CREATE VIEW {table} AS SELECT * FROM _{table}_empty")
            self._connection = con
        return self._connection

    def query(
        self, sql: str, parameters: Sequence[object] = ()
    ) -> tuple[list[str], list[tuple[Any, ...]]]:
        """Run ``sql`` (DuckDB) over the store; the columns' names and the rows.

        Raises:
            RecordsError: DuckDB refused the query; the message is DuckDB's.
        """
        with self._lock:
            try:
                result = self.connection().execute(sql, list(parameters))
                names = [column[0] for column in result.description or ()]
                return names, result.fetchall()
            except duckdb.Error as err:
                raise RecordsError(f"the query failed: {err}") from None

    # reading games back -----------------------------------------------------------------

    def game(self, game_id: int) -> StoredGame:
        """Game ``game_id``, read back from its part's row groups: its record and facts.

        Raises:
            RecordsError: no game has that id, or its rows do not make a legal game.
        """
        if type(game_id) is not int:
            raise RecordsError(f"a game id is a whole number, got {game_id!r}")
        for part in self.parts:
            if part.first <= game_id <= part.last:  # (parts of two presets may interleave)
                games = _rows(part.games, "id", game_id)
                if games.num_rows == 1:
                    steps = _rows(part.steps, "game", game_id, ["game", "seat", "action"])
                    return _stored(part, games.to_pylist()[0], steps)
        raise RecordsError(f"the store holds no game {game_id}")

    def games(self) -> Iterator[StoredGame]:
        """Every game of the store, part by part, in the order of their ids within a part."""
        for part in self.parts:
            games = pq.read_table(part.games).to_pylist()
            steps = pq.read_table(part.steps)
            ids = steps.column("game").to_numpy()
            start = 0
            for row in sorted(games, key=lambda row: int(row["id"])):
                end = start
                while end < len(ids) and ids[end] == row["id"]:
                    end += 1
                yield _stored(part, row, steps.slice(start, end - start))
                start = end

    # writing ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store's lock file (one writer at a time); the parts are read again."""
        self.path.mkdir(parents=True, exist_ok=True)
        with open(self.path / ".lock", "a+b") as lock:
            try:
                import fcntl  # noqa: PLC0415 (POSIX only; elsewhere one writer is trusted)

                fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            except ImportError:  # pragma: no cover (Windows)
                pass
            try:
                self.parts = self._scan()
                self._connection = None
                yield
            finally:
                self.parts = self._scan()
                self._connection = None

    def writer(self, preset: str, name: str | None = None) -> PartWriter:
        """A new part of the ``preset`` partition, dated today (UTC), to write games into."""
        return PartWriter(self.path, preset, name=name)

    def append(self, games: Iterable[tuple[GameRecord, Sequence[str], str]]) -> list[int]:
        """Store finished games, each a record, who played each seat and its source; their ids.

        Each game is replayed as it is stored (its events give the steps'
        rules), so an illegal or unfinished record is refused before any is
        written. The games go into one new part per ``preset`` partition.

        Raises:
            RecordsError: a record is not a finished legal game.
        """
        traced = []
        for number, (game, bots, source) in enumerate(games):
            where = f"game {number + 1} ({source})"
            if not isinstance(game, GameRecord) or not game.is_finished:
                raise RecordsError(f"{where} is not a finished game record: nothing was stored")
            if len(bots) != len(game.players):
                raise RecordsError(f"{where}: {len(bots)} bots for {len(game.players)} seats")
            traced.append((game, tuple(bots), source, trace(game, where)))
        ids: list[int] = []
        if not traced:
            return ids
        with self.locked():
            next_id = self.next_id()
            writers: dict[str, PartWriter] = {}
            try:
                for game, bots, source, events in traced:
                    preset = partition_of(game.rules)
                    if preset not in writers:
                        writers[preset] = self.writer(preset, name=f"{os.getpid()}-{len(writers)}")
                    writers[preset].add(next_id, game, events, bots=bots, source=source)
                    ids.append(next_id)
                    next_id += 1
            except BaseException:
                for writer in writers.values():
                    writer.abandon()
                raise
            for writer in writers.values():
                writer.close()
        return ids


def _rows(path: Path, column: str, game_id: int, columns: Sequence[str] | None = None) -> pa.Table:
    """The rows of ``path`` whose ``column`` is ``game_id``, from the row groups that hold it."""
    file = pq.ParquetFile(path)
    meta = file.metadata
    index = meta.schema.to_arrow_schema().get_field_index(column)
    groups = []
    for group in range(meta.num_row_groups):
        stats = meta.row_group(group).column(index).statistics
        if stats is not None and stats.has_min_max and stats.min <= game_id <= stats.max:
            groups.append(group)
    if not groups:
        return file.schema_arrow.empty_table()
    table = file.read_row_groups(groups, columns=columns)
    return table.filter(pc.equal(table.column(column), game_id))


def _stored(part: Part, row: dict[str, Any], steps: pa.Table) -> StoredGame:
    where = f"game {row['id']} of {part.games}"
    try:
        rules = parse_rules(row["rules"])
        deck = None
        if row["deck"] is not None:
            deck = tuple(parse_card(word, rules, None) for word in row["deck"].split())
        record = GameRecord(
            rules,
            tuple(row["players"]),
            row["seed"],
            deck,
            row["first_auctioneer"],
            (),
            None if row["money"] is None else tuple(row["money"]),
            None if row["winners"] is None else tuple(row["winners"]),
        )
        state: GameState = record.start()
        actions = []
        seats = steps.column("seat").to_pylist()
        texts = steps.column("action").to_pylist()
        for seat, text in zip(seats, texts, strict=True):
            action = parse_action(f"{seat} {text}", state)
            state = apply(state, action).state
            actions.append(action)
    except (NotationError, IllegalAction, ValueError) as err:
        raise RecordsError(f"{where} does not read back: {err}") from None
    if len(actions) != row["steps"]:
        raise RecordsError(f"{where} has {len(actions)} steps stored, not {row['steps']}")
    return StoredGame(
        int(row["id"]),
        GameRecord(
            rules,
            record.players,
            record.seed,
            record.deck,
            record.first_auctioneer,
            tuple(actions),
            record.money,
            record.winners,
        ),
        tuple(row["bots"]),
        str(row["source"]),
        part.preset,
        part.date,
    )
