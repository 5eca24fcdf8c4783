"""Every table's record in SQLite, so that a restarted server loses no game.

One row per table holds how the game began (a :class:`~modern_art.GameRecord`
with no actions, as the library's JSON), the seats (names, bot kinds and the
SHA-256 of each person's token, never the token) and whether it is playing,
finished or expired. One row per log line holds the action (as the library's
JSON) or the notice. :meth:`Store.write` adds a line, and marks the table
finished with its last action, in one transaction; the table applies the step
only once that transaction has committed.

>>> store = Store(":memory:")
>>> store.tables_in_play()
[]
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from typing import Any

from attrs import frozen

import modern_art as ma
from modern_art.web.seats import TableError
from modern_art.web.tables import Entry, GameTable

__all__ = ["Store", "StoredTable"]

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS game_tables (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,      -- {"record": ..., "seats": [...], "bot": ..., "bot_seed": ...}
    status TEXT NOT NULL,     -- 'playing', 'finished' or 'expired'
    result TEXT               -- the finished game's record, as the library's JSON
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
    setup: dict[str, Any]
    lines: tuple[tuple[int, int, str, str | None, str | None], ...]
    """``(step, seat, by, action JSON or None, note or None)`` for every log line."""


class Store:
    """The tables of one server in an SQLite file (``":memory:"``: kept in memory only).

    Args:
        path: the database file; made, with its tables, if missing.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False)
        self._lock = threading.Lock()
        if path != ":memory:":
            # WAL with synchronous=NORMAL: a committed step survives the
            # process being killed (not a power cut), at one write per step.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        with self._db:
            self._db.executescript(_SCHEMA)

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()

    def open_table(self, table: GameTable) -> None:
        """Store a new table's setup, before its first step.

        Raises:
            TableError: 503 when the database refuses.
        """
        setup = {
            "record": json.loads(ma.to_json(ma.record(table.start, [], seed=table.seed))),
            "seats": [
                {"name": s.name, "token_hash": s.token_hash, "bot": None if s.away else s.bot}
                for s in table.seats
            ],
            "bot": table.bot,
            "bot_seed": table.bot_seed,
        }
        try:
            with self._lock, self._db:
                self._db.execute(
                    "INSERT INTO game_tables (id, setup, status) VALUES (?, ?, 'playing')",
                    (table.id, json.dumps(setup, sort_keys=True)),
                )
        except sqlite3.Error as err:
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
            with self._lock, self._db:
                self._db.execute(
                    "INSERT INTO log_lines (table_id, line, step, seat, by, action, note)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        table.id,
                        len(table.log),
                        entry.step,
                        entry.seat,
                        entry.by,
                        None if action is None else ma.to_json(action),
                        entry.note,
                    ),
                )
                if result is not None:
                    self._db.execute(
                        "UPDATE game_tables SET status = 'finished', result = ? WHERE id = ?",
                        (result, table.id),
                    )
        except sqlite3.Error as err:  # the step is not taken: say so, in one line
            log.error("table %s: could not save a step: %s", table.id, err)
            raise TableError(503, "the server could not save this step; try again") from None

    def expire(self, table_id: str) -> None:
        """Mark an abandoned table expired: it is not brought back on the next start."""
        with self._lock, self._db:
            self._db.execute(
                "UPDATE game_tables SET status = 'expired' WHERE id = ? AND status = 'playing'",
                (table_id,),
            )

    def tables_in_play(self) -> list[StoredTable]:
        """Every table still being played, with its log, to bring back after a restart."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, setup FROM game_tables WHERE status = 'playing' ORDER BY rowid"
            ).fetchall()
            found = []
            for table_id, setup in rows:
                lines = self._db.execute(
                    "SELECT step, seat, by, action, note FROM log_lines"
                    " WHERE table_id = ? ORDER BY line",
                    (table_id,),
                ).fetchall()
                found.append(StoredTable(table_id, json.loads(setup), tuple(lines)))
            return found

    def finished_record(self, table_id: str) -> str | None:
        """The finished game's record (the library's JSON), or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT result FROM game_tables WHERE id = ? AND status = 'finished'",
                (table_id,),
            ).fetchone()
        return None if row is None else str(row[0])

    def token_hashes(self, table_id: str) -> list[str | None]:
        """The hashes of a stored table's seat tokens (``None`` for a bot's seat)."""
        with self._lock:
            row = self._db.execute(
                "SELECT setup FROM game_tables WHERE id = ?", (table_id,)
            ).fetchone()
        if row is None:
            return []
        return [seat["token_hash"] for seat in json.loads(row[0])["seats"]]
