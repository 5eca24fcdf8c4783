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
import re
import threading
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from attrs import frozen

from modern_art.core.records import GameRecord
from modern_art.core.scoring import winners
from modern_art.core.transition import apply
from modern_art.data.errors import IllegalAction, NotationError, RecordsError
from modern_art.data.events import Event
from modern_art.data.state import GameState
from modern_art.records.columns import FORMAT, GAMES, KEY, STEPS, Columns, partition_of
from modern_art.text.notation import parse_action, parse_card
from modern_art.text.rules_line import parse_rules

__all__ = ["ROW_GROUP_GAMES", "Part", "PartWriter", "RecordStore", "StoredGame"]

ROW_GROUP_GAMES: Final = 500
"""Games per row group: a row group of steps is about 120,000 rows (a 4-player game has
about 240 steps), small enough to read one game back quickly."""

_PART: Final = re.compile(r"part-[0-9A-Za-z_-]{1,80}\.parquet")
_PARTITION: Final = re.compile(r"(?P<key>preset|date)=(?P<value>[0-9A-Za-z_.-]{1,40})")
_COMPRESSION: Final = "zstd"


@frozen
class Part:
    """One part of the store: the games of its ``games`` file and their steps."""

    games: Path
    """The ``games`` table's file."""
    steps: Path
    """The ``steps`` table's file, of the same name."""
    preset: str
    """Its ``preset`` partition."""
    date: str
    """Its ``date`` partition (when the games were stored, UTC)."""
    first: int
    """The smallest game id in it."""
    last: int
    """The largest game id in it."""
    count: int
    """How many games it holds."""


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


def _metadata(table: str) -> dict[bytes, bytes]:
    return {KEY: f"{table}/{FORMAT}".encode()}


def _check(path: Path, table: str, schema: pa.Schema) -> pq.FileMetaData:
    """``path``'s footer, if it is one of the store's ``table`` files; else RecordsError."""
    try:
        meta = pq.read_metadata(path)
    except (OSError, pa.ArrowException) as err:
        raise RecordsError(
            f"{path} is damaged or is no Parquet file ({err}): nothing was changed; restore it"
            " from a backup or move it out of the store"
        ) from None
    mark = (meta.metadata or {}).get(KEY)
    if mark != f"{table}/{FORMAT}".encode():
        what = "another program's Parquet file" if mark is None else f"marked {mark!r}"
        raise RecordsError(
            f"{path} is not a file of the records store's {table} table ({what}): nothing was"
            " changed; move it out of the store"
        )
    found = meta.schema.to_arrow_schema()
    if found.names != schema.names:
        raise RecordsError(f"{path} has the columns {found.names}, not the store's {schema.names}")
    return meta


def _ids(meta: pq.FileMetaData, path: Path) -> tuple[int, int]:
    first, last = None, None
    for group in range(meta.num_row_groups):
        stats = meta.row_group(group).column(0).statistics
        if stats is None or not stats.has_min_max:
            raise RecordsError(f"{path} keeps no statistics of its ids: not the store's file")
        first = stats.min if first is None else min(first, stats.min)
        last = stats.max if last is None else max(last, stats.max)
    if first is None or last is None:
        return 0, -1
    return int(first), int(last)


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
            meta = _check(path, "games", GAMES)
            twin = steps_root / relative
            if relative not in steps_files:
                raise RecordsError(
                    f"{path} has no steps file ({twin} is missing): restore it, or move the"
                    " games file out of the store"
                )
            steps_files.discard(relative)
            _check(twin, "steps", STEPS)
            first, last = _ids(meta, path)
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
            match = _PARTITION.fullmatch(name)
            if match is None:
                raise RecordsError(f"{path} is not in a preset=NAME/date=DAY folder of the store")
            found[match["key"]] = match["value"]
        if set(found) != {"preset", "date"} or not _PART.fullmatch(relative.name):
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
            con.execute("CREATE MACRO cites(words, word) AS list_contains(string_split(words, ' '), word)")
            for table, schema in (("games", GAMES), ("steps", STEPS)):
                files = [str(getattr(part, table)) for part in self.parts]
                if files:
                    listed = ", ".join("'" + name.replace("'", "''") + "'" for name in files)
                    con.execute(
                        f"CREATE VIEW {table} AS SELECT * FROM read_parquet([{listed}],"
                        " hive_partitioning = true, hive_types_autocast = false)"
                    )
                else:
                    empty = schema.empty_table().append_column(
                        "preset", pa.array([], pa.string())
                    ).append_column("date", pa.array([], pa.string()))
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

    def _part_of(self, game_id: int) -> Part:
        for part in self.parts:
            if part.first <= game_id <= part.last:
                return part
        raise RecordsError(f"the store holds no game {game_id}")

    def game(self, game_id: int) -> StoredGame:
        """Game ``game_id``, read back from its part's row groups: its record and facts.

        Raises:
            RecordsError: no game has that id, or its rows do not make a legal game.
        """
        if type(game_id) is not int:
            raise RecordsError(f"a game id is a whole number, got {game_id!r}")
        part = self._part_of(game_id)
        games = _rows(part.games, "id", game_id)
        if games.num_rows != 1:
            raise RecordsError(f"the store holds no game {game_id}")
        steps = _rows(part.steps, "game", game_id, ["game", "seat", "action"])
        return _stored(part, games.to_pylist()[0], steps)

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


def trace(game: GameRecord, where: str) -> list[tuple[Event, ...]]:
    """The events of each step of finished ``game``, replaying it (:func:`~modern_art.apply`).

    Raises:
        RecordsError: the setup is refused, an action is illegal where the
            record puts it, or the game ends otherwise than the record states.
    """
    try:
        state = game.start()
    except (ValueError, TypeError) as err:
        raise RecordsError(f"{where}: the setup is refused: {err}") from None
    out: list[tuple[Event, ...]] = []
    for index, action in enumerate(game.actions):
        try:
            step = apply(state, action)
        except IllegalAction as err:
            raise RecordsError(f"{where}: step {index} is illegal: {err}") from None
        out.append(step.events)
        state = step.state
    money = tuple(p.money for p in state.players)
    if not state.is_over or money != game.money or winners(state) != game.winners:
        raise RecordsError(
            f"{where} does not end as its record states (money {game.money}, winners"
            f" {game.winners})"
        )
    return out


def _rows(
    path: Path, column: str, game_id: int, columns: Sequence[str] | None = None
) -> pa.Table:
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


class PartWriter:
    """One new part: games added as they finish, flushed in row groups, renamed in at :meth:`close`.

    Args:
        root: the store's directory.
        preset: the ``preset`` partition (:func:`~modern_art.records.columns.partition_of`).
        name: a suffix that keeps parts written in the same second apart.
        row_group_games: games per row group.
    """

    def __init__(
        self,
        root: Path,
        preset: str,
        *,
        name: str | None = None,
        row_group_games: int = ROW_GROUP_GAMES,
    ) -> None:
        now = datetime.now(UTC)
        date = now.strftime("%Y-%m-%d")
        stamp = now.strftime("%Y%m%dT%H%M%S%f")
        part = f"part-{stamp}-{name or os.getpid()}.parquet"
        folder = Path(f"preset={preset}") / f"date={date}"
        self.paths = (root / "games" / folder / part, root / "steps" / folder / part)
        for path in self.paths:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                raise RecordsError(f"{path} exists already: not overwritten")
        self._temporary = tuple(path.with_name(f".{path.name}.tmp") for path in self.paths)
        self._writers = (
            pq.ParquetWriter(
                self._temporary[0],
                GAMES.with_metadata(_metadata("games")),
                compression=_COMPRESSION,
            ),
            pq.ParquetWriter(
                self._temporary[1],
                STEPS.with_metadata(_metadata("steps")),
                compression=_COMPRESSION,
                compression_level=9,
                use_dictionary=True,
                write_statistics=["game", "step"],
            ),
        )
        self._columns = Columns()
        self._group = row_group_games
        self.count = 0
        """How many games were added."""

    def add(
        self,
        game_id: int,
        game: GameRecord,
        events: Iterable[Sequence[Event]],
        *,
        bots: Sequence[str],
        source: str,
    ) -> None:
        """Add one finished game with the events of each step; a full row group is written."""
        self._columns.add(game_id, game, events, bots=bots, source=source)
        self.count += 1
        if self._columns.games >= self._group:
            self._flush()

    def _flush(self) -> None:
        if self._columns.games:
            games, steps = self._columns.tables()
            self._writers[0].write_table(games)
            self._writers[1].write_table(steps, row_group_size=steps.num_rows)

    def close(self) -> None:
        """Write what is left and put the part in place (steps first); an empty part is dropped."""
        self._flush()
        for writer in self._writers:
            writer.close()
        if self.count == 0:
            self.abandon()
            return
        os.replace(self._temporary[1], self.paths[1])
        os.replace(self._temporary[0], self.paths[0])

    def abandon(self) -> None:
        """Drop the part: nothing of it is stored."""
        for writer in self._writers:
            with contextlib.suppress(Exception):
                writer.close()
        for path in self._temporary:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
