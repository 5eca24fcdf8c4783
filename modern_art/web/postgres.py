"""Every table's record in PostgreSQL, shared by any number of server processes.

``modern-art serve --db postgresql://…`` (the ``web-postgres`` extra:
psycopg 3 and its pool) keeps the same rows as the SQLite
:class:`~modern_art.web.store.Store` (a table's setup and seats, one row per
log line), and a few more that let several processes, on one machine or
many, share every table:

* **a revision a table.** Every change (a step, an undo, a seat's new token)
  adds one to the table's ``revision`` in the same transaction as the
  change, and only if the revision is still the one this process read; else
  nothing is written and :class:`~modern_art.web.tables.StaleTableError` is
  raised, the registry catches the table up and the request's work is done
  again (:class:`~modern_art.web.thread.TablesThread`). So of two
  simultaneous actions for one step, wherever each lands, exactly one wins;
  the other is judged against the game as it now is.
* **a notification a change**: ``NOTIFY modern_art_tables`` with the table's
  id and revision, and nothing else (no seat's secret is ever in one), sent
  when the change commits. Every process listens (:meth:`PostgresStore.listen`)
  and catches that table up, waking its push streams.
* **a lease a table**: the process holding a table's session advisory lock
  (:meth:`PostgresStore.hold`) runs its clocks and bots; the others only
  answer its requests. A killed process's connections close and its leases
  with them; another takes the table over at its next tick. The lease
  connection sends TCP keep-alives (the server gives up on a silent
  machine after about 8 seconds), and every tick checks it (the renewal).
* **the limits in the database**: a new table is counted against the
  tables in play of every process, under one transaction-level advisory lock
  (:meth:`PostgresStore.open_shared`).
* **schema versions**: :data:`MIGRATIONS`, applied in order under an
  advisory lock by whichever process starts first; a database of a later
  version is refused.

The pool is psycopg's synchronous :class:`psycopg_pool.ConnectionPool`
**(decision)**: the tables' work runs under the registry's lock, which is a
thread's, and every call here is made in the tables' thread
(:mod:`modern_art.web.thread`), never on the event loop.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from attrs import define
from psycopg_pool import ConnectionPool, PoolTimeout

import modern_art as ma
from modern_art.data.errors import StoreError, TableError
from modern_art.web.store import StoredTable, log_line, setup_document
from modern_art.web.tables import Entry, GameTable, StaleTableError

__all__ = ["CHANNEL", "MIGRATIONS", "PostgresStore", "Playing"]

log = logging.getLogger(__name__)

CHANNEL = "modern_art_tables"
"""The ``LISTEN`` channel; a payload is ``"<table id> <revision>"`` (``-1``: gone)."""

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE game_tables (
        id TEXT PRIMARY KEY,
        setup TEXT NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        owner TEXT,
        ended DOUBLE PRECISION,
        opened DOUBLE PRECISION NOT NULL,
        moved DOUBLE PRECISION NOT NULL,
        touched DOUBLE PRECISION NOT NULL,
        revision BIGINT NOT NULL DEFAULT 0,
        reshaped BIGINT NOT NULL DEFAULT 0,
        seq BIGSERIAL
    );
    CREATE INDEX game_tables_status ON game_tables (status);
    CREATE TABLE log_lines (
        table_id TEXT NOT NULL REFERENCES game_tables(id) ON DELETE CASCADE,
        line INTEGER NOT NULL,
        step INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        by TEXT NOT NULL,
        action TEXT,
        note TEXT,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, line)
    );
    CREATE TABLE closed_tables (
        id TEXT PRIMARY KEY,
        reason TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    """,
    """
    CREATE TABLE network_buckets (
        kind TEXT NOT NULL,
        network TEXT NOT NULL,
        tokens DOUBLE PRECISION NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        rate DOUBLE PRECISION NOT NULL,
        burst DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (kind, network)
    );
    CREATE TABLE server_processes (
        process TEXT PRIMARY KEY,
        seen DOUBLE PRECISION NOT NULL
    );
    CREATE TABLE network_holds (
        process TEXT NOT NULL REFERENCES server_processes(process) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        network TEXT NOT NULL,
        held INTEGER NOT NULL,
        PRIMARY KEY (process, kind, network)
    );
    """,
)
"""The schema, one migration a version (version ``n`` is ``MIGRATIONS[n - 1]``).

1: tables with their revision, lease-free columns of fairness (``opened``,
``moved``, ``touched``), log lines with their wall time, closed tables' reasons.

2: the per-network limits every process counts together
(:mod:`modern_art.web.shared_limits`): token buckets, and what each process's
networks hold open."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this server writes; a database of a later one is refused."""

_MIGRATION_LOCK = 0x4D41_5274_0000_0001  # "MArt", 1: who migrates
_OPENING_LOCK = 0x4D41_5274_0000_0002  # "MArt", 2: who counts the tables to open one
_KEEP_CLOSED = 86400.0  # seconds a closed table's reason is kept, for its players


@define
class Playing:
    """A table in play as every process sees it, for the shared limits
    (:mod:`~modern_art.web.fairness`)."""

    id: str
    owner: str | None
    moved: float
    """When a person's action last took its game further (seconds since the epoch)."""


def lease_key(table_id: str) -> int:
    """The advisory lock of a table's lease: 64 bits of its id's SHA-256, signed."""
    digest = hashlib.sha256(b"modern-art lease " + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _redacted(url: str) -> str:
    """The URL with its password left out, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}:***@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))


class PostgresStore:
    """The tables of every server process sharing one PostgreSQL database.

    Args:
        url: a ``postgresql://`` URL (libpq's: user, password, host, port,
            database, and any libpq parameter as a query).
        wall: seconds since the epoch (tests inject one).
        busy_timeout: seconds a call waits for a connection or a lock before
            the step is refused with 503.
        pool_size: the most connections the pool opens.

    Raises:
        StoreError: the server cannot be reached, refuses the login, or holds
            a schema newer than this modern-art's; each says so and what to do.
    """

    shared = True
    """Other processes share the tables: the registry catches them up and leases them."""

    def __init__(
        self,
        url: str,
        *,
        wall: Callable[[], float] = time.time,
        busy_timeout: float = 5.0,
        pool_size: int = 4,
    ) -> None:
        self.url = url
        self.path = _redacted(url)
        self.wall = wall
        self._timeout = busy_timeout
        self._lease_lock = threading.Lock()
        self._lease_db: psycopg.Connection[Any] | None = None
        self.held: set[str] = set()
        """The tables whose lease this process holds."""
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()
        ms = max(1, round(busy_timeout * 1000))
        self._check_reachable()  # one line at once, rather than the pool's wait
        self._pool = ConnectionPool(
            url,
            # Every connection opened at the start: under a flood of sockets that
            # takes the process's last file descriptors, none is needed later.
            min_size=pool_size,
            max_size=pool_size,
            timeout=busy_timeout,
            kwargs={"options": f"-c lock_timeout={ms} -c statement_timeout={ms * 4}"},
            open=False,
            name="modern-art",
        )
        try:
            self._pool.open(wait=True, timeout=busy_timeout)
        except PoolTimeout:
            self._pool.close()
            raise StoreError(self._unreachable()) from None
        try:
            self._migrate()
        except psycopg.Error as err:
            self._pool.close()
            raise StoreError(
                f"{self.path} could not be read or brought up to date: {err}"
            ) from None
        except StoreError:
            self._pool.close()
            raise
        with self._lease_lock:  # opened now too, for the same reason
            try:
                self._lease_connection()
            except psycopg.Error as err:
                self._pool.close()
                raise StoreError(self._unreachable(err)) from None

    def _check_reachable(self) -> None:
        try:
            psycopg.connect(self.url, connect_timeout=max(1, round(self._timeout))).close()
        except psycopg.Error as err:
            raise StoreError(self._unreachable(err)) from None

    def _unreachable(self, err: Exception | None = None) -> str:
        said = str(err).strip() if err is not None else ""
        why = said.splitlines()[0] if said else "the pool timed out"
        return (
            f"cannot reach the database {self.path} ({why}): check that PostgreSQL runs"
            " there and that the URL's user, password and database are right"
        )

    def _migrate(self) -> None:
        """Bring the schema up to :data:`SCHEMA_VERSION`, once, whichever process is first."""
        with self._pool.connection() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            db.execute("CREATE TABLE IF NOT EXISTS modern_art_schema (version INTEGER NOT NULL)")
            row = db.execute("SELECT version FROM modern_art_schema").fetchone()
            version = 0 if row is None else int(row[0])
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer modern-art (schema {version}; this"
                    f" one reads up to {SCHEMA_VERSION}): upgrade modern-art on every server"
                    " first (pip install -U 'modern-art[web-postgres]'); nothing was changed"
                )
            for number in range(version + 1, SCHEMA_VERSION + 1):
                db.execute(MIGRATIONS[number - 1])
            if version < SCHEMA_VERSION:
                log.warning(
                    "%s: schema brought from version %d to %d", self.path, version, SCHEMA_VERSION
                )
            if row is None:
                db.execute("INSERT INTO modern_art_schema VALUES (%s)", (SCHEMA_VERSION,))
            elif version != SCHEMA_VERSION:
                db.execute("UPDATE modern_art_schema SET version = %s", (SCHEMA_VERSION,))

    # -- the journal -------------------------------------------------------------

    @contextlib.contextmanager
    def _writing(self, table_id: str, what: str) -> Iterator[psycopg.Connection[Any]]:
        """One transaction; a database that refuses is a 503 naming ``what``."""
        try:
            with self._pool.connection() as db:
                yield db
        except (psycopg.Error, PoolTimeout) as err:
            log.error("table %s: could not %s: %s", table_id, what, err)
            raise TableError(503, f"the server could not {what}; try again") from None

    def _bump(self, db: psycopg.Connection[Any], table: GameTable, reshape: bool) -> int:
        """The table's next revision, if this process has its latest; else StaleTableError."""
        row = db.execute(
            "UPDATE game_tables SET revision = revision + 1,"
            " reshaped = CASE WHEN %s THEN revision + 1 ELSE reshaped END"
            " WHERE id = %s AND revision = %s RETURNING revision",
            (reshape, table.id, table.revision),
        ).fetchone()
        if row is None:
            raise StaleTableError(table.id)
        revision = int(row[0])
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table.id} {revision}"))
        return revision

    @staticmethod
    def _bumped(table: GameTable, revision: int, reshape: bool) -> None:
        """The committed revision, kept at the table (after the transaction)."""
        table.revision = revision
        if reshape:
            table.reshaped = revision

    def open_table(self, table: GameTable) -> None:
        """Store a new table's setup, counted against nothing (see :meth:`open_shared`)."""
        self.open_shared(table, None)

    def open_shared(
        self,
        table: GameTable,
        admit: Callable[[list[Playing], float], tuple[str, str] | None] | None,
    ) -> None:
        """Store a new table, once ``admit`` let it in against every process's tables in play.

        ``admit(playing, now)`` runs in the transaction, under a lock that every
        process's opening takes: it raises :class:`TableError` (429, 503) to
        refuse, or returns ``(id, reason)`` of a table to close for this one.

        Raises:
            TableError: what ``admit`` raised, or 503 when the database refuses.
        """
        now = self.wall()
        setup = json.dumps(setup_document(table), sort_keys=True)
        with self._writing(table.id, "save the new table") as db:
            if admit is not None:
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_OPENING_LOCK,))
                rows = db.execute(
                    "SELECT id, owner, moved FROM game_tables WHERE status = 'playing'"
                ).fetchall()
                victim = admit([Playing(str(i), o, float(m)) for i, o, m in rows], now)
                if victim is not None:
                    self._delete(db, *victim)
            db.execute(
                "INSERT INTO game_tables (id, setup, status, owner, opened, moved, touched)"
                " VALUES (%s, %s, 'playing', %s, %s, %s, %s)",
                (table.id, setup, table.owner, now, now, now),
            )
        table.revision = 0

    def write(
        self, table: GameTable, entry: Entry, action: ma.Action | None, finished: bool
    ) -> None:
        """Add ``entry`` as the table's next log line, if no other process changed it first.

        Raises:
            StaleTableError: another process changed the table since this one
                read it; nothing was written.
            TableError: 503 when the database refuses; nothing was written.
        """
        result = None
        if action is not None and finished:
            result = ma.to_json(ma.record(table.start, [*table.actions, action], seed=table.seed))
        now = self.wall()
        progress = entry.by == "player" and action is not None and entry.step >= table.furthest
        with self._writing(table.id, "save this step") as db:
            revision = self._bump(db, table, reshape=False)
            db.execute(
                "INSERT INTO log_lines (table_id, line, step, seat, by, action, note, at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (*log_line(table, entry, action), now),
            )
            if progress:
                db.execute("UPDATE game_tables SET moved = %s WHERE id = %s", (now, table.id))
            if result is not None:
                db.execute(
                    "UPDATE game_tables SET status = 'finished', result = %s, ended = %s"
                    " WHERE id = %s",
                    (result, now, table.id),
                )
        table.revision = revision

    def rewind(self, table: GameTable, lines: int) -> None:
        """Delete the table's log lines from ``lines`` on (an undo), counting the undo.

        Raises:
            StaleTableError: another process changed the table first.
            TableError: 503 when the database refuses; nothing was deleted.
        """
        with self._writing(table.id, "take it back") as db:
            revision = self._bump(db, table, reshape=True)
            db.execute(
                "DELETE FROM log_lines WHERE table_id = %s AND line >= %s", (table.id, lines)
            )
            self._edit_setup(db, table.id, lambda setup: setup.update(undos=table.undos + 1))
        self._bumped(table, revision, reshape=True)

    def set_seat(
        self, table: GameTable, seat: int, token_hash: str | None, invite_hash: str | None
    ) -> None:
        """Keep a seat's new token hash and its invitation's hash.

        Raises:
            StaleTableError: another process changed the table first.
            TableError: 503 when the database refuses; nothing changed.
        """

        def seated(setup: dict[str, Any]) -> None:
            setup["seats"][seat]["token_hash"] = token_hash
            invites = setup.get("invites") or [None] * len(setup["seats"])
            invites[seat] = invite_hash
            setup["invites"] = invites

        with self._writing(table.id, "save your seat") as db:
            revision = self._bump(db, table, reshape=True)
            self._edit_setup(db, table.id, seated)
        self._bumped(table, revision, reshape=True)

    @staticmethod
    def _edit_setup(
        db: psycopg.Connection[Any], table_id: str, edit: Callable[[dict[str, Any]], None]
    ) -> None:
        row = db.execute(
            "SELECT setup FROM game_tables WHERE id = %s FOR UPDATE", (table_id,)
        ).fetchone()
        if row is not None:
            setup = json.loads(row[0])
            edit(setup)
            db.execute(
                "UPDATE game_tables SET setup = %s WHERE id = %s",
                (json.dumps(setup, sort_keys=True), table_id),
            )

    def delete(self, table_id: str, reason: str | None = None) -> None:
        """Forget a table and its log; with ``reason``, every process tells its players why.

        A refusal is logged; the table is gone from this server all the same.
        """
        try:
            with self._pool.connection() as db:
                self._delete(db, table_id, reason)
        except (psycopg.Error, PoolTimeout) as err:
            log.error("table %s: could not delete it from %s: %s", table_id, self.path, err)

    def _delete(self, db: psycopg.Connection[Any], table_id: str, reason: str | None) -> None:
        db.execute("DELETE FROM game_tables WHERE id = %s", (table_id,))  # lines cascade
        if reason is not None:
            db.execute(
                "INSERT INTO closed_tables (id, reason, at) VALUES (%s, %s, %s)"
                " ON CONFLICT (id) DO UPDATE SET reason = EXCLUDED.reason, at = EXCLUDED.at",
                (table_id, reason, self.wall()),
            )
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} -1"))

    def closed_reason(self, table_id: str) -> str | None:
        """Why a table was closed to make room, if it was (by any process)."""
        row = self._one("SELECT reason FROM closed_tables WHERE id = %s", (table_id,))
        return None if row is None else str(row[0])

    def prune(self, keep_finished: float, now: float | None = None) -> int:
        """Delete the games finished more than ``keep_finished`` seconds ago; how many."""
        now = self.wall() if now is None else now
        try:
            with self._pool.connection() as db:
                gone = db.execute(
                    "DELETE FROM game_tables WHERE status = 'finished'"
                    " AND COALESCE(ended, 0) <= %s RETURNING id",
                    (now - keep_finished,),
                ).fetchall()
                db.execute("DELETE FROM closed_tables WHERE at <= %s", (now - _KEEP_CLOSED,))
        except (psycopg.Error, PoolTimeout) as err:
            log.error("could not delete old games from %s: %s", self.path, err)
            return 0
        return len(gone)

    def compact(self) -> bool:
        """Nothing to do: PostgreSQL's autovacuum gives the space back."""
        return False

    def never_wait_in(self, thread: int | None) -> None:
        """Nothing to do: every call is made in the tables' thread, never on the loop."""

    def touch(self, seen: dict[str, float]) -> None:
        """Keep when each table was last looked at here (``seen``: id to epoch seconds)."""
        if not seen:
            return
        try:
            with self._pool.connection() as db:
                db.execute(
                    "UPDATE game_tables AS t SET touched = GREATEST(t.touched, s.at)"
                    " FROM unnest(%s::text[], %s::float8[]) AS s(id, at) WHERE t.id = s.id",
                    (list(seen), list(seen.values())),
                )
        except (psycopg.Error, PoolTimeout) as err:
            log.warning("could not keep when tables were looked at: %s", err)

    def abandoned(self, ttl: float) -> list[str]:
        """The unfinished tables nobody looked at, in any process, for ``ttl`` seconds."""
        rows = self._all(
            "SELECT id FROM game_tables WHERE status = 'playing' AND touched <= %s",
            (self.wall() - ttl,),
        )
        return [str(row[0]) for row in rows]

    # -- reading -----------------------------------------------------------------

    def _one(self, sql: str, args: Sequence[Any]) -> Any:
        """The first row ``sql`` reads, or ``None``."""
        rows = self._all(sql, args)
        return rows[0] if rows else None

    def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        """Every row ``sql`` reads; a database that refuses is a 503."""
        try:
            with self._pool.connection() as db:
                return db.execute(sql, args).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.error("could not read %s: %s", self.path, err)
            raise TableError(503, "the server could not read the tables now; try again") from None

    def revision(self, table_id: str) -> tuple[int, int] | None:
        """A table's ``(revision, reshaped)``, or ``None`` if it is gone."""
        row = self._one("SELECT revision, reshaped FROM game_tables WHERE id = %s", (table_id,))
        return None if row is None else (int(row[0]), int(row[1]))

    def stored(self, table_id: str, since: int = 0) -> StoredTable | None:
        """A table with its log lines from line ``since`` on, or ``None`` if it is gone."""
        try:
            with self._pool.connection() as db, db.transaction():
                head = db.execute(
                    "SELECT id, setup, owner, revision, reshaped FROM game_tables WHERE id = %s",
                    (table_id,),
                ).fetchone()
                if head is None:
                    return None
                lines = db.execute(
                    "SELECT step, seat, by, action, note, at FROM log_lines"
                    " WHERE table_id = %s AND line >= %s ORDER BY line",
                    (table_id, since),
                ).fetchall()
        except (psycopg.Error, PoolTimeout) as err:
            log.error("table %s: could not read it from %s: %s", table_id, self.path, err)
            raise TableError(503, "the server could not read this game now; try again") from None
        return _stored(head, lines)

    def tables_in_play(self) -> list[StoredTable]:
        """Every table still being played, with its log.

        Raises:
            StoreError: the database cannot be read.
        """
        try:
            with self._pool.connection() as db, db.transaction():
                heads = db.execute(
                    "SELECT id, setup, owner, revision, reshaped FROM game_tables"
                    " WHERE status = 'playing' ORDER BY seq"
                ).fetchall()
                lines: dict[str, list[Any]] = {str(h[0]): [] for h in heads}
                for row in db.execute(
                    "SELECT table_id, step, seat, by, action, note, at FROM log_lines"
                    " WHERE table_id = ANY(%s) ORDER BY table_id, line",
                    (list(lines),),
                ):
                    lines[row[0]].append(row[1:])
        except (psycopg.Error, PoolTimeout) as err:
            raise StoreError(f"{self.path} cannot be read ({err})") from None
        return [_stored(head, lines[str(head[0])]) for head in heads]

    def ids_in_play(self) -> list[str]:
        """The ids of every table in play, in any process."""
        return [str(row[0]) for row in self._all(
            "SELECT id FROM game_tables WHERE status = 'playing' ORDER BY seq")]  # fmt: skip

    def finished_record(self, table_id: str) -> str | None:
        """The finished game's record (the library's JSON), or ``None``."""
        row = self._one(
            "SELECT result FROM game_tables WHERE id = %s AND status = 'finished'", (table_id,)
        )
        return None if row is None else str(row[0])

    def finished_games(self) -> list[tuple[str, str, str, float | None]]:
        """Every finished table, oldest first: ``(id, setup JSON, record JSON, ended)``."""
        try:
            rows = self._all(
                "SELECT id, setup, result, ended FROM game_tables"
                " WHERE status = 'finished' AND result IS NOT NULL ORDER BY seq"
            )
        except TableError as err:
            raise StoreError(str(err)) from None
        return [(str(a), str(b), str(c), d) for a, b, c, d in rows]

    def setup(self, table_id: str) -> dict[str, Any] | None:
        """A stored table's setup, or ``None`` if absent or unreadable."""
        row = self._one("SELECT setup FROM game_tables WHERE id = %s", (table_id,))
        try:
            found = json.loads(row[0]) if row is not None else None
        except ValueError:
            return None
        return found if isinstance(found, dict) else None

    def token_hashes(self, table_id: str) -> list[str | None]:
        """The hashes of a stored table's seat tokens (``None`` for a bot's seat)."""
        try:
            return [seat["token_hash"] for seat in (self.setup(table_id) or {})["seats"]]
        except (KeyError, TypeError):
            return []

    # -- leases ------------------------------------------------------------------

    def _lease_connection(self) -> psycopg.Connection[Any]:
        if self._lease_db is None or self._lease_db.closed:
            self.held.clear()  # a new session holds no lock
            self._lease_db = psycopg.connect(
                self.url,
                autocommit=True,
                connect_timeout=max(1, round(self._timeout)),
                keepalives=1,
                keepalives_idle=5,
                keepalives_interval=1,
                keepalives_count=3,
            )
            # The server's side: it drops a silent machine's session (and its leases) in ~8 s.
            for setting in ("tcp_keepalives_idle = 5", "tcp_keepalives_interval = 1",
                            "tcp_keepalives_count = 3"):  # fmt: skip
                self._lease_db.execute(f"SET {setting}")
        return self._lease_db

    def hold(self, table_id: str) -> bool:
        """Take the table's lease if nobody holds it; whether this process holds it now."""
        with self._lease_lock:
            if table_id in self.held:
                return True
            try:
                row = (
                    self._lease_connection()
                    .execute("SELECT pg_try_advisory_lock(%s)", (lease_key(table_id),))
                    .fetchone()
                )
            except psycopg.Error as err:
                self._lost(err)
                return False
            if row is not None and row[0]:
                self.held.add(table_id)
                return True
            return False

    def let_go(self, table_id: str) -> None:
        """Give the table's lease up (it left this process)."""
        with self._lease_lock:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            try:
                self._lease_connection().execute(
                    "SELECT pg_advisory_unlock(%s)", (lease_key(table_id),)
                )
            except psycopg.Error as err:
                self._lost(err)

    def renew(self) -> bool:
        """Check the lease connection (every tick); whether the leases are still held."""
        with self._lease_lock:
            if self._lease_db is None:
                return True
            try:
                self._lease_db.execute("SELECT 1")
            except psycopg.Error as err:
                self._lost(err)
                return False
            return True

    def _lost(self, err: Exception) -> None:
        """The lease connection broke: every lease went with it (call holding the lease lock)."""
        if self.held:
            log.error(
                "the leases of %d tables were lost (%s); they are taken again", len(self.held), err
            )
        self.held.clear()
        if self._lease_db is not None:
            with contextlib.suppress(psycopg.Error):
                self._lease_db.close()
        self._lease_db = None

    # -- notifications -------------------------------------------------------------

    def listen(self, changed: Callable[[str | None, int], None]) -> None:
        """Call ``changed(table_id, revision)`` for every change any process commits.

        In a thread of its own, on a connection of its own; after that
        connection broke and came back, ``changed(None, -1)``: anything may
        have changed meanwhile. Returns once listening.
        """
        if self._listener is not None:
            return
        self._listener = threading.Thread(
            target=self._listen, args=(changed,), name="modern-art-listen", daemon=True
        )
        self._listener.start()
        self._listening.wait(self._timeout)

    def _listen(self, changed: Callable[[str | None, int], None]) -> None:
        again = False
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if again:
                        changed(None, -1)
                    while not self._closed.is_set():
                        for note in db.notifies(timeout=0.5):
                            table_id, _, revision = note.payload.rpartition(" ")
                            changed(table_id, int(revision))
            except psycopg.Error as err:
                if self._closed.is_set():
                    return
                log.error("lost the notifications of %s (%s); listening again", self.path, err)
                again = True
                self._closed.wait(1.0)
            except Exception:  # a bug in ``changed`` must not end the listening
                log.exception("a notification could not be handled")
                again = True

    def close(self) -> None:
        """Stop listening, give every lease up and close the connections."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(timeout=5)
        with self._lease_lock:
            if self._lease_db is not None:
                with contextlib.suppress(psycopg.Error):
                    self._lease_db.close()
            self._lease_db = None
            self.held.clear()
        self._pool.close()


def _stored(head: Any, lines: Sequence[Any]) -> StoredTable:
    table_id, setup, owner, revision, reshaped = head
    return StoredTable(
        str(table_id),
        str(setup),
        tuple(tuple(line[:5]) for line in lines),
        owner,
        revision=int(revision),
        reshaped=int(reshaped),
        times=tuple(float(line[5]) for line in lines),
    )
