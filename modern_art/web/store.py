"""Every table's record in SQLite, so that a restarted server loses no game.

One row per table holds how the game began (a :class:`~modern_art.GameRecord`
with no actions, as the library's JSON), the seats (names, bot kinds and the
SHA-256 of each person's token, never the token) and whether it is playing,
finished or expired. One row per log line holds the action (as the library's
JSON) or the notice. :meth:`Store.write` adds a line, and marks the table
finished with its last action, in one transaction; the table applies the step
only once that transaction has committed.

Damage stays local. A file that another program holds locked, that the
server may not write, that a newer modern-art wrote (``PRAGMA user_version``
above :data:`SCHEMA_VERSION`), that is not an SQLite database, is damaged,
is another program's, or lacks one of the tables below stops the start with
one :class:`StoreError` naming the file, what is wrong and what to do
(``modern-art serve`` prints it as its only line); a table whose rows do not
read back is left out by the registry, which logs its id. Finished tables
are deleted after the server's ``keep_finished`` seconds (:meth:`Store.prune`),
abandoned and closed ones at once (:meth:`Store.delete`), and
:meth:`Store.compact` gives the freed pages back and empties the write-ahead
log, so the file stays as large as the tables in it; which address opened
each table is kept with it. A call may wait for another process's lock (up
to ``busy_timeout`` seconds, then the step is refused with 503), except in
the thread named by :meth:`Store.never_wait_in` (the server's event loop),
where it raises :class:`~modern_art.web.tables.JournalBusyError` at once and
the server does the work again in its tables' thread
(:mod:`modern_art.web.thread`).

>>> store = Store(":memory:")
>>> store.tables_in_play()
[]
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from attrs import frozen

import modern_art as ma
from modern_art.data.errors import StoreError, TableError
from modern_art.web.tables import Entry, GameTable, JournalBusyError

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "Store",
    "StoreError",
    "StoredTable",
    "TableStore",
    "log_line",
    "open_store",
    "setup_document",
]

log = logging.getLogger(__name__)

APPLICATION_ID = 0x4D417274
"""``PRAGMA application_id`` of the server's files ("MArt"): a file with another is foreign."""

SCHEMA_VERSION = 3
"""``PRAGMA user_version`` of the files this server writes; a file of a later one is refused.

0: before the version was kept (0.1 and 0.2's servers, read and brought up to
date); 3: ``owner`` and ``ended`` columns, incremental auto-vacuum."""

_TABLES = ("game_tables", "log_lines")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS game_tables (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,      -- {"record": ..., "seats": [...], "bot": ..., "bot_seed": ...}
    status TEXT NOT NULL,     -- 'playing' or 'finished'
    result TEXT,              -- the finished game's record, as the library's JSON
    owner TEXT,               -- the address that opened it
    ended REAL                -- when it finished (seconds since the epoch)
);
CREATE TABLE IF NOT EXISTS log_lines (
    table_id TEXT NOT NULL REFERENCES game_tables(id),
    line INTEGER NOT NULL,
    step INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    by TEXT NOT NULL,
    action TEXT,              -- the action as the library's JSON; NULL for a notice
    note TEXT,                -- 'away' or 'back' for a notice
    PRIMARY KEY (table_id, line)
);
"""


@frozen
class StoredTable:
    """One table as the database keeps it: its setup and its log lines, in order."""

    id: str
    setup: str
    """The setup as stored, JSON text (read by the registry, which leaves a damaged one out)."""
    lines: tuple[tuple[Any, ...], ...]
    """``(step, seat, by, action JSON or None, note or None)`` for every log line."""
    owner: str | None = None
    """The address that opened the table."""
    revision: int = 0
    """How many changes the table has had (a shared store's, :mod:`~modern_art.web.postgres`)."""
    reshaped: int = 0
    """The revision of its last change that was not a new line (an undo, a seat's token)."""
    times: tuple[float, ...] = ()
    """When each log line was written (seconds since the epoch), where the store keeps it."""


def setup_document(table: GameTable) -> dict[str, Any]:
    """How a table began, its seats and its policy, as a store keeps it (JSON)."""
    return {
        "record": json.loads(ma.to_json(ma.record(table.start, [], seed=table.seed))),
        "seats": [
            {
                "name": s.name,
                "token_hash": s.token_hash,
                "bot": None if s.away else s.bot,
                "person": s.kind == "human",
            }
            for s in table.seats
        ],
        "bot": table.bot,
        "bot_seed": table.bot_seed,
        "invites": list(table.invites),
        "practice": table.practice,
        "turn": table.timings.turn,
        "spectators": table.spectators,
    }


def log_line(
    table: GameTable, entry: Entry, action: ma.Action | None
) -> tuple[str, int, int, int, str, str | None, str | None]:
    """The row of ``entry`` as the table's next log line: ``(table_id, line, step, seat,
    by, action JSON or None, note or None)``."""
    action_json = None if action is None else ma.to_json(action)
    return (table.id, len(table.log), entry.step, entry.seat, entry.by, action_json, entry.note)


class TableStore(Protocol):
    """What the registry asks of a store: :class:`Store` (SQLite, one process) or
    :class:`~modern_art.web.postgres.PostgresStore` (PostgreSQL, shared)."""

    path: str
    """Where the tables are kept, for messages (a URL without its password)."""
    shared: bool
    """Whether other server processes share these tables."""

    def open_table(self, table: GameTable) -> None:
        """Store a new table's setup, before its first step."""

    def write(
        self, table: GameTable, entry: Entry, action: ma.Action | None, finished: bool
    ) -> None:
        """Add ``entry`` as the table's next log line."""

    def rewind(self, table: GameTable, lines: int) -> None:
        """Delete the table's log lines from line ``lines`` on (an undo)."""

    def set_seat(
        self, table: GameTable, seat: int, token_hash: str | None, invite_hash: str | None
    ) -> None:
        """Keep a seat's new token hash and its invitation's hash."""

    def delete(self, table_id: str, reason: str | None = None) -> None:
        """Forget a table and its log."""

    def prune(self, keep_finished: float, now: float | None = None) -> int:
        """Delete the games finished more than ``keep_finished`` seconds ago; how many."""

    def compact(self) -> bool:
        """Give freed space back, where the database needs telling; whether it did."""

    def never_wait_in(self, thread: int | None) -> None:
        """Calls made in ``thread`` never wait for another process's lock."""

    def tables_in_play(self) -> list[StoredTable]:
        """Every table still being played, with its log."""

    def finished_record(self, table_id: str) -> str | None:
        """The finished game's record (the library's JSON), or ``None``."""

    def finished_games(self) -> list[tuple[str, str, str, float | None]]:
        """Every finished table, oldest first: ``(id, setup JSON, record JSON, ended)``."""

    def setup(self, table_id: str) -> dict[str, Any] | None:
        """A stored table's setup, or ``None``."""

    def token_hashes(self, table_id: str) -> list[str | None]:
        """The hashes of a stored table's seat tokens."""

    def close(self) -> None:
        """Close the database."""


def open_store(db: str, *, wall: Callable[[], float] = time.time) -> TableStore:
    """The store ``db`` names: a ``postgresql://`` URL (the ``web-postgres`` extra), else
    an SQLite file (``":memory:"``: kept in memory only).

    Raises:
        StoreError: the database cannot be used (each store says why), or
            PostgreSQL is asked for without its extra.
    """
    if db.startswith(("postgresql://", "postgres://")):
        try:
            from modern_art.web.postgres import PostgresStore  # noqa: PLC0415 (its extra)
        except ImportError as err:
            raise StoreError(
                f"{err}: a postgresql:// database needs the web-postgres extra: from a clone,"
                " pip install -e '.[web-postgres]'"
            ) from None
        return PostgresStore(db, wall=wall)
    return Store(db, wall=wall)


def _check_writable(path: str) -> None:
    """Refuse a file (or a new file's folder) the server may not write: it writes every step."""
    if path == ":memory:" or path.startswith("file:"):
        return
    target = path if os.path.exists(path) else (os.path.dirname(os.path.abspath(path)))
    if os.path.exists(target) and not os.access(target, os.W_OK):
        what = "file" if target == path else "folder"
        raise StoreError(f"{path} is read-only ({what} {target}): {_READ_ONLY}")


_READ_ONLY = (
    "the server writes every step there; let the server's user write the file and its"
    " folder (for the -wal and -shm files), or pass another --db"
)


def _diagnosis(path: str, err: sqlite3.DatabaseError) -> str:
    """What is wrong with the file, and what to do, from SQLite's error."""
    name = getattr(err, "sqlite_errorname", "")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return (
            f"{path} is locked by another program ({err}): is another modern-art serve using"
            " it? Stop it, or pass another --db; nothing was changed"
        )
    if name.startswith("SQLITE_READONLY"):
        return f"{path} is read-only ({err}): {_READ_ONLY}"
    if name.startswith("SQLITE_CANTOPEN"):
        return (
            f"{path} cannot be opened ({err}): check that its folder exists and that the"
            " server's user may write there, or pass another --db"
        )
    return (
        f"{path} is not a usable modern-art database ({err}): it is damaged or not a"
        " database; restore it from a backup, or move it away to start afresh"
    )


class Store:
    """The tables of one server in an SQLite file (``":memory:"``: kept in memory only).

    Args:
        path: the database file; made, with its tables, if missing.
        wall: seconds since the epoch, when a game ends (tests inject one).
        busy_timeout: seconds a call waits for another process's lock on the
            file before it is refused.

    Raises:
        StoreError: the file is locked by another program, may not be
            written, is of a newer schema, is not an SQLite database, is
            damaged, is another program's, or lacks a table of the schema;
            each says so and what to do.
    """

    shared = False
    """One server process keeps the file: a second one would run every table twice
    (several processes share a :class:`~modern_art.web.postgres.PostgresStore`)."""

    def __init__(
        self, path: str, *, wall: Callable[[], float] = time.time, busy_timeout: float = 5.0
    ) -> None:
        self.path = path
        self.wall = wall
        self._lock = threading.Lock()
        self._written = False  # since the last compact()
        self._busy_ms = max(0, round(busy_timeout * 1000))
        self._no_wait: int | None = None  # the thread that may not wait (the event loop's)
        self._waits = True  # what busy_timeout the connection has now
        _check_writable(path)
        try:
            self._db = sqlite3.connect(
                path, check_same_thread=False, timeout=busy_timeout, uri=path.startswith("file:")
            )
        except sqlite3.Error as err:
            raise StoreError(
                f"cannot open {path} ({err}): check the path and its rights"
            ) from None
        try:
            self._open()
        except sqlite3.DatabaseError as err:
            self._db.close()
            raise StoreError(_diagnosis(path, err)) from None
        except StoreError:
            self._db.close()
            raise

    def _open(self) -> None:
        db, path = self._db, self.path
        found = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        (app,) = db.execute("PRAGMA application_id").fetchone()
        (version,) = db.execute("PRAGMA user_version").fetchone()
        if (app == APPLICATION_ID or found & set(_TABLES)) and version > SCHEMA_VERSION:
            raise StoreError(
                f"{path} was written by a newer modern-art (schema {version}; this one reads"
                f" up to {SCHEMA_VERSION}): upgrade modern-art (pip install -U"
                " 'modern-art[web]'), or pass another --db; nothing was changed"
            )
        (check,) = db.execute("PRAGMA quick_check").fetchone()
        if check != "ok":
            raise StoreError(f"{path} is damaged ({check}): restore it from a backup")
        ours = app == APPLICATION_ID or bool(found & set(_TABLES))
        if found and not ours:
            raise StoreError(
                f"{path} is another program's database (tables {', '.join(sorted(found))}):"
                " pass another --db"
            )
        if ours:
            lacking = [name for name in _TABLES if name not in found]
            if lacking:
                raise StoreError(
                    f"{path} lacks the table {', '.join(lacking)} of its games: restore it from"
                    " a backup (nothing was changed)"
                )
        if path != ":memory:":
            (vacuum,) = db.execute("PRAGMA auto_vacuum").fetchone()
            if vacuum != 2:  # 2: INCREMENTAL, so that deleted games give space back
                db.execute("PRAGMA auto_vacuum=INCREMENTAL")
                if found:
                    db.execute("VACUUM")  # an older file: made incremental once
            # WAL with synchronous=NORMAL: a committed step survives the
            # process being killed (not a power cut), at one write per step.
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        with db:
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(game_tables)")}
            for column, kind in (("owner", "TEXT"), ("ended", "REAL")):  # a file of 0.1's server
                if column not in columns:
                    db.execute(f"ALTER TABLE game_tables ADD COLUMN {column} {kind}")
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    def never_wait_in(self, thread: int | None) -> None:
        """Calls made in ``thread`` (a ``threading.get_ident()``: the event loop's) never
        wait for another process's lock: a write raises
        :class:`~modern_art.web.tables.JournalBusyError` at once, having changed nothing."""
        self._no_wait = thread

    @contextlib.contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One transaction, holding the store's lock, waiting for others' locks where allowed."""
        with self._lock:
            self._ready()
            with self._db:
                self._written = True
                yield self._db

    def _ready(self) -> None:
        """The busy timeout for the calling thread (call it holding the store's lock)."""
        waits = threading.get_ident() != self._no_wait
        if waits != self._waits:
            self._db.execute(f"PRAGMA busy_timeout={self._busy_ms if waits else 0}")
            self._waits = waits

    def _busy(self, err: sqlite3.Error) -> None:
        """Raise :class:`JournalBusyError` for a lock met where waiting is not allowed."""
        name = getattr(err, "sqlite_errorname", "")
        if not self._waits and name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            raise JournalBusyError() from None

    def close(self) -> None:
        """Close the database (giving its freed pages back first, :meth:`compact`)."""
        self.compact()
        with self._lock:
            self._db.close()

    def compact(self) -> bool:
        """Give the pages of deleted games back and empty the write-ahead log; whether it did.

        Only after something was written since the last time; a refusal (a
        lock held by another process) is logged and waits for the next call.
        """
        if self.path == ":memory:" or not self._written:
            return False
        try:
            with self._lock:
                self._ready()
                self._db.execute("PRAGMA incremental_vacuum").fetchall()
                self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
                self._written = False
        except sqlite3.Error as err:
            log.warning("could not give %s's free pages back: %s", self.path, err)
            return False
        return True

    def open_table(self, table: GameTable) -> None:
        """Store a new table's setup, before its first step.

        Raises:
            TableError: 503 when the database refuses.
        """
        setup = setup_document(table)
        try:
            with self._writing():
                self._db.execute(
                    "INSERT INTO game_tables (id, setup, status, owner)"
                    " VALUES (?, ?, 'playing', ?)",
                    (table.id, json.dumps(setup, sort_keys=True), table.owner),
                )
        except sqlite3.Error as err:
            self._busy(err)
            log.error("table %s: could not save the new table: %s", table.id, err)
            raise TableError(503, "the server could not save the new table; try again") from None

    def write(
        self, table: GameTable, entry: Entry, action: ma.Action | None, finished: bool
    ) -> None:
        """Add ``entry`` as the table's next log line; the last action also stores the result.

        Raises:
            TableError: 503 when the database refuses; nothing was written.
        """
        result = None
        if action is not None and finished:
            actions = [*table.actions, action]
            result = ma.to_json(ma.record(table.start, actions, seed=table.seed))
        try:
            with self._writing():
                self._db.execute(
                    "INSERT INTO log_lines (table_id, line, step, seat, by, action, note)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    log_line(table, entry, action),
                )
                if result is not None:
                    self._db.execute(
                        "UPDATE game_tables SET status = 'finished', result = ?, ended = ?"
                        " WHERE id = ?",
                        (result, self.wall(), table.id),
                    )
        except sqlite3.Error as err:  # the step is not taken: say so, in one line
            self._busy(err)
            log.error("table %s: could not save a step: %s", table.id, err)
            raise TableError(503, "the server could not save this step; try again") from None

    def rewind(self, table: GameTable, lines: int) -> None:
        """Delete the table's log lines from line ``lines`` on (an undo), in one transaction.

        The setup keeps the count of undos, one more (the summary's ``undos``).

        Raises:
            TableError: 503 when the database refuses; nothing was deleted.
        """
        try:
            with self._writing():
                self._db.execute(
                    "DELETE FROM log_lines WHERE table_id = ? AND line >= ?", (table.id, lines)
                )
                row = self._db.execute(
                    "SELECT setup FROM game_tables WHERE id = ?", (table.id,)
                ).fetchone()
                if row is not None:
                    setup = json.loads(row[0])
                    setup["undos"] = table.undos + 1
                    self._db.execute(
                        "UPDATE game_tables SET setup = ? WHERE id = ?",
                        (json.dumps(setup, sort_keys=True), table.id),
                    )
        except sqlite3.Error as err:
            self._busy(err)
            log.error("table %s: could not take a decision back: %s", table.id, err)
            raise TableError(503, "the server could not take it back; try again") from None

    def set_seat(
        self, table: GameTable, seat: int, token_hash: str | None, invite_hash: str | None
    ) -> None:
        """Keep a seat's new token hash (claimed or rotated) and its invitation's hash.

        Raises:
            TableError: 503 when the database refuses; nothing changed.
        """
        table_id = table.id
        try:
            with self._writing():
                row = self._db.execute(
                    "SELECT setup FROM game_tables WHERE id = ?", (table_id,)
                ).fetchone()
                if row is None:
                    return
                setup = json.loads(row[0])
                setup["seats"][seat]["token_hash"] = token_hash
                invites = setup.get("invites") or [None] * len(setup["seats"])
                invites[seat] = invite_hash
                setup["invites"] = invites
                self._db.execute(
                    "UPDATE game_tables SET setup = ? WHERE id = ?",
                    (json.dumps(setup, sort_keys=True), table_id),
                )
        except sqlite3.Error as err:
            self._busy(err)
            log.error("table %s: could not save a seat's token: %s", table_id, err)
            raise TableError(503, "the server could not save your seat; try again") from None

    def delete(self, table_id: str, reason: str | None = None) -> None:
        """Forget a table and its log (abandoned, closed): it is not brought back.

        ``reason`` (why it was closed) is for a shared store's other processes:
        this server keeps it in memory (:attr:`~modern_art.web.registry.Registry.closed`).

        A refusal is logged; the next :meth:`prune` does not retry it, but the
        table is gone from the server all the same. Where waiting is not
        allowed, a lock raises :class:`~modern_art.web.tables.JournalBusyError`
        (call it before the table leaves the server's memory).
        """
        try:
            with self._writing():
                self._db.execute("DELETE FROM log_lines WHERE table_id = ?", (table_id,))
                self._db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
        except sqlite3.Error as err:
            self._busy(err)
            log.error("table %s: could not delete it from %s: %s", table_id, self.path, err)

    def prune(self, keep_finished: float, now: float | None = None) -> int:
        """Delete the games finished more than ``keep_finished`` seconds ago; how many.

        ``now`` is seconds since the epoch (the store's ``wall`` if ``None``).
        Tables a server before 0.2 marked expired go too.
        """
        now = self.wall() if now is None else now
        try:
            with self._writing():
                gone = [
                    row[0]
                    for row in self._db.execute(
                        "SELECT id FROM game_tables WHERE status = 'expired'"
                        " OR (status = 'finished' AND COALESCE(ended, 0) <= ?)",
                        (now - keep_finished,),
                    )
                ]
                for table_id in gone:
                    self._db.execute("DELETE FROM log_lines WHERE table_id = ?", (table_id,))
                    self._db.execute("DELETE FROM game_tables WHERE id = ?", (table_id,))
        except sqlite3.Error as err:  # pruning waits for the next time; play goes on
            log.error("could not delete old games from %s: %s", self.path, err)
            return 0
        return len(gone)

    def tables_in_play(self) -> list[StoredTable]:
        """Every table still being played, with its log, to bring back after a restart.

        Raises:
            StoreError: the file is damaged where it cannot be read at all.
        """
        try:
            with self._lock:
                rows = self._db.execute(
                    "SELECT id, setup, owner FROM game_tables WHERE status = 'playing'"
                    " ORDER BY rowid"
                ).fetchall()
                found = []
                for table_id, setup, owner in rows:
                    lines = self._db.execute(
                        "SELECT step, seat, by, action, note FROM log_lines"
                        " WHERE table_id = ? ORDER BY line",
                        (table_id,),
                    ).fetchall()
                    found.append(StoredTable(str(table_id), str(setup), tuple(lines), owner))
                return found
        except sqlite3.DatabaseError as err:
            raise StoreError(
                f"{self.path} cannot be read ({err}): restore it from a backup"
            ) from None

    def finished_record(self, table_id: str) -> str | None:
        """The finished game's record (the library's JSON), or ``None``.

        Raises:
            TableError: 503 when the database cannot be read now.
        """
        row = self._read("SELECT result FROM game_tables WHERE id = ? AND status = 'finished'",
                         table_id)  # fmt: skip
        return None if row is None else str(row[0])

    def finished_games(self) -> list[tuple[str, str, str, float | None]]:
        """Every finished table, oldest first: ``(id, setup JSON, record JSON, ended)``.

        What ``modern-art records import`` reads (``modern_art.records``); it
        writes nothing.

        Raises:
            StoreError: the file cannot be read.
        """
        try:
            with self._lock:
                rows = self._db.execute(
                    "SELECT id, setup, result, ended FROM game_tables"
                    " WHERE status = 'finished' AND result IS NOT NULL ORDER BY rowid"
                ).fetchall()
        except sqlite3.DatabaseError as err:
            raise StoreError(
                f"{self.path} cannot be read ({err}): restore it from a backup"
            ) from None
        return [(str(a), str(b), str(c), d) for a, b, c, d in rows]

    def setup(self, table_id: str) -> dict[str, Any] | None:
        """A stored table's setup (seats, bots, policy), or ``None`` if absent or unreadable.

        Raises:
            TableError: 503 when the database cannot be read now.
        """
        row = self._read("SELECT setup FROM game_tables WHERE id = ?", table_id)
        try:
            found = json.loads(row[0]) if row is not None else None
        except ValueError:
            return None
        return found if isinstance(found, dict) else None

    def _read(self, sql: str, table_id: str) -> Any:
        try:
            with self._lock:
                self._ready()
                return self._db.execute(sql, (table_id,)).fetchone()
        except sqlite3.Error as err:
            self._busy(err)
            log.error("table %s: could not read it from %s: %s", table_id, self.path, err)
            raise TableError(503, "the server could not read this game now; try again") from None

    def token_hashes(self, table_id: str) -> list[str | None]:
        """The hashes of a stored table's seat tokens (``None`` for a bot's seat)."""
        try:
            return [seat["token_hash"] for seat in (self.setup(table_id) or {})["seats"]]
        except (KeyError, TypeError):
            return []
