"""The audit's database findings: damage stays with its table, the file stays small.

One damaged row (a setup that is not JSON, a log line with a changed step, a
notice with an unknown note) made the start fail, so every other table was
gone too; a damaged file gave a raw ``sqlite3.DatabaseError`` traceback;
dropping the log table brought tables back silently at step 0; finished and
expired tables were never deleted; which address owned a table was lost on
restart.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.helpers.webkit import need

need("starlette.testclient")

import modern_art as ma  # noqa: E402
from modern_art.data.errors import StoreError  # noqa: E402
from modern_art.web import Registry, Store  # noqa: E402
from modern_art.web.store import SCHEMA_VERSION  # noqa: E402
from modern_art.web.tables import JournalBusyError  # noqa: E402
from tests.helpers.webclient import FAST, ROOT  # noqa: E402
from tests.helpers.webkit import Clock, hold_lock, release  # noqa: E402

ONE_STORE = True  # about the SQLite file itself (tests/web/conftest.py)


def _two_tables(path: Path, clock: Clock) -> tuple[str, str]:
    """Two tables with a few steps each in a fresh file; their ids (the store is closed)."""
    registry = Registry(FAST, clock=clock, store=Store(str(path)))
    ids = []
    for n in range(2):
        table, _ = registry.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=n + 3)
        action = ma.legal_actions(table.state, 0)[0]
        table.act(0, action, table.state.step, clock())
        ids.append(table.id)
    assert registry.store is not None
    registry.store.close()
    return ids[0], ids[1]


def _damage(path: Path, sql: str, *args: object) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql, args)


@pytest.mark.parametrize(
    ("what", "sql"),
    [
        ("setup not JSON", "UPDATE game_tables SET setup = '{not json' WHERE id = ?"),
        ("a changed step", "UPDATE log_lines SET step = step + 7 WHERE table_id = ? AND line = 0"),
        (
            "an unknown note",
            "INSERT INTO log_lines (table_id, line, step, seat, by, action, note)"
            " VALUES (?, 999, 0, 0, 'table', NULL, 'gone fishing')",
        ),
        (
            "an action not JSON",
            "UPDATE log_lines SET action = '[' WHERE table_id = ? AND line = 0",
        ),
    ],
)
def test_one_damaged_table_is_left_out_and_the_others_come_back(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, what: str, sql: str
) -> None:
    """A damaged table's rows leave it out, with a log line naming it; the other comes back."""
    path = tmp_path / "web.sqlite3"
    clock = Clock()
    damaged, sound = _two_tables(path, clock)
    _damage(path, sql, damaged)
    with caplog.at_level(logging.ERROR):
        registry = Registry(FAST, clock=clock, store=Store(str(path)))
    assert set(registry.tables) == {sound}, what
    assert registry.tables[sound].state.step > 0
    (line,) = [r.getMessage() for r in caplog.records if damaged in r.getMessage()]
    assert "left out" in line and str(path) in line


def _serve_says(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "modern_art", "serve", "--port", "1", "--db", str(db)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_file_that_is_not_a_database_stops_the_start_with_one_line(tmp_path: Path) -> None:
    """No traceback: one line naming the file and what to do, exit status 1."""
    path = tmp_path / "web.sqlite3"
    path.write_bytes(b"this is not SQLite at all\n" * 100)
    with pytest.raises(StoreError, match=r"web\.sqlite3 is not a usable modern-art database"):
        Store(str(path))
    done = _serve_says(path)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0] and "backup" in lines[0]
    assert "Traceback" not in done.stderr


def test_a_damaged_page_stops_the_start_with_one_line(tmp_path: Path) -> None:
    """A file whose pages are overwritten is refused, naming it; nothing is served from it."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    data[4096 + 8 : 4096 + 2048] = b"\xff" * (2048 - 8)  # the second page
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match=r"web\.sqlite3"):
        Registry(FAST, store=Store(str(path)))


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    """An SQLite file of other tables is not taken over."""
    path = tmp_path / "notes.sqlite3"
    _damage(path, "CREATE TABLE notes (text TEXT)")
    with pytest.raises(StoreError, match="another program's database"):
        Store(str(path))
    with sqlite3.connect(path) as db:
        assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["notes"]


def test_a_missing_log_table_is_an_error_not_a_reset(tmp_path: Path) -> None:
    """Dropping log_lines no longer brings the tables back at step 0."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    _damage(path, "DROP TABLE log_lines")
    with pytest.raises(StoreError, match="lacks the table log_lines"):
        Store(str(path))
    done = _serve_says(path)
    assert done.returncode == 1 and "lacks the table log_lines" in done.stderr


def test_finished_and_abandoned_tables_are_deleted(tmp_path: Path) -> None:
    """An abandoned table's rows go when it expires, a finished one's after keep_finished."""
    path = tmp_path / "web.sqlite3"
    clock = Clock()
    wall = [1_000_000.0]
    store = Store(str(path), wall=lambda: wall[0])
    registry = Registry(FAST, clock=clock, store=store, keep_finished=3600.0, wall=store.wall)
    abandoned, _ = registry.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=1)
    finished, _ = registry.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=2)
    finished.hand_to_bot(0, clock())  # a bot plays the person's seat to the end
    finished.advance(clock())
    assert finished.state.is_over

    def rows() -> set[str]:
        with sqlite3.connect(path) as db:
            return {r[0] for r in db.execute("SELECT id FROM game_tables")}

    assert rows() == {abandoned.id, finished.id}
    clock.advance(FAST.ttl + 1)
    registry.expire()
    assert rows() == {finished.id}
    assert store.finished_record(finished.id) is not None
    wall[0] += 3601
    assert store.prune(3600.0, wall[0]) == 1
    assert rows() == set()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT COUNT(*) FROM log_lines").fetchone() == (0,)


def test_owners_survive_a_restart(tmp_path: Path) -> None:
    """The address that opened a table still holds it after a restart (its limit counts it)."""
    path = tmp_path / "web.sqlite3"
    first = Registry(FAST, clock=Clock(), store=Store(str(path)), per_owner=1)
    table, _ = first.open_table(["Ann", "Bot", "Bot 2"], humans=[0], owner="203.0.113.5")
    assert first.store is not None
    first.store.close()
    again = Registry(FAST, clock=Clock(), store=Store(str(path)), per_owner=1)
    assert again.tables[table.id].owner == "203.0.113.5"
    with pytest.raises(Exception, match="unfinished tables open"):
        again.open_table(["Ann", "Bot", "Bot 2"], humans=[0], owner="203.0.113.5")


# -- the second audit: locked, read-only, newer, given back --------------------------


def test_a_file_locked_by_another_process_is_called_locked(tmp_path: Path) -> None:
    """Not damaged: locked, with who may hold it and what to do; nothing is changed."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    holder = hold_lock(path)
    try:
        with pytest.raises(StoreError) as locked:
            Store(str(path), busy_timeout=0.2)
    finally:
        release(holder)
    said = str(locked.value)
    assert "is locked by another program" in said and "another --db" in said
    assert "backup" not in said and "damaged" not in said
    assert len(Registry(FAST, clock=Clock(), store=Store(str(path))).tables) == 2


def test_a_read_only_file_is_called_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file (or folder) the server may not write: read-only, and how to let it write."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    path.chmod(0o444)
    try:
        if os.geteuid() != 0:  # root writes it all the same: the command is asked as others
            done = _serve_says(path)
            assert done.returncode == 1 and "is read-only" in done.stderr
            assert len(done.stderr.strip().splitlines()) == 1
        real = os.access
        monkeypatch.setattr(
            "modern_art.web.store.os.access",
            lambda where, mode: False if str(where) == str(path) else real(where, mode),
        )
        with pytest.raises(StoreError, match="is read-only") as refused:
            Store(str(path))
        assert "damaged" not in str(refused.value) and "write" in str(refused.value)
    finally:
        path.chmod(0o644)


def test_a_read_only_file_is_called_read_only_even_for_root(tmp_path: Path) -> None:
    """SQLite's own refusal to write (a read-only connection) is told apart from damage."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    with pytest.raises(StoreError, match="is read-only") as refused:
        Store(f"file:{path}?mode=ro")
    assert "damaged" not in str(refused.value)
    with pytest.raises(StoreError, match=r"cannot open .* check the path"):
        Store(str(tmp_path / "no such folder" / "web.sqlite3"))


def test_a_file_of_a_newer_schema_is_refused_at_start(tmp_path: Path) -> None:
    """The audit: a newer schema's file started, opened tables and refused every action (503)."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    _damage(path, f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer modern-art") as newer:
        Store(str(path))
    assert "upgrade" in str(newer.value) and "backup" not in str(newer.value)
    done = _serve_says(path)
    assert done.returncode == 1 and "newer modern-art" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    with sqlite3.connect(path) as db:  # nothing was changed
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)


def test_a_file_gets_the_schema_version(tmp_path: Path) -> None:
    """A new file, and one of a server that kept no version, say SCHEMA_VERSION after a start."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    _damage(path, "PRAGMA user_version = 0")
    Store(str(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def _pages(path: Path) -> tuple[int, int]:
    with sqlite3.connect(path) as db:
        return (
            db.execute("PRAGMA page_count").fetchone()[0],
            db.execute("PRAGMA freelist_count").fetchone()[0],
        )


def test_the_file_is_given_back_once_every_table_is_gone(tmp_path: Path) -> None:
    """The audit: with every table gone, 254 of 260 pages were free and a 4.4 MB WAL stayed."""
    path = tmp_path / "web.sqlite3"
    wal = Path(f"{path}-wal")
    clock = Clock()
    registry = Registry(FAST, clock=clock, store=Store(str(path)), max_tables=80, per_owner=80)
    for n in range(40):
        table, _ = registry.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=n)
        table.hand_to_bot(0, clock())
        table.advance(clock())  # the bots play it to the end: a few hundred log lines
    full = path.stat().st_size + wal.stat().st_size
    for table_id in list(registry.tables):
        registry.close(table_id, "gone")
    clock.advance(61.0)  # the registry's minute: prune, then compact
    registry.expire()
    pages, free = _pages(path)
    assert free <= 2, (pages, free)
    assert wal.stat().st_size == 0
    assert path.stat().st_size < full / 4 and pages <= 8


def test_an_old_file_without_incremental_vacuum_is_made_so(tmp_path: Path) -> None:
    """A file made before auto_vacuum was set (or by hand) is vacuumed once, at start."""
    path = tmp_path / "web.sqlite3"
    _two_tables(path, Clock())
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("PRAGMA auto_vacuum=NONE")
        db.execute("VACUUM")
        assert db.execute("PRAGMA auto_vacuum").fetchone() == (0,)
    Store(str(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA auto_vacuum").fetchone() == (2,)


def test_where_it_may_not_wait_a_locked_database_changes_nothing_at_once(tmp_path: Path) -> None:
    """On the event loop's thread a lock raises JournalBusyError at once, the table untouched;
    in another thread the same step waits for the lock and is taken once it goes."""
    path = tmp_path / "web.sqlite3"
    clock = Clock()
    store = Store(str(path), busy_timeout=30.0)
    registry = Registry(FAST, clock=clock, store=store)
    table, _ = registry.open_table(["Ann", "Bot", "Bot 2"], humans=[0], seed=3)
    step = table.state.step
    action = ma.legal_actions(table.state, 0)[0]
    store.never_wait_in(threading.get_ident())
    holder = hold_lock(path)
    done: list[int] = []

    def act_waiting() -> None:
        table.act(0, action, step, clock())
        done.append(table.state.step)

    waiting = threading.Thread(target=act_waiting)
    try:
        with pytest.raises(JournalBusyError):
            table.act(0, action, step, clock())
        assert table.state.step == step and len(table.log) == 0
        waiting.start()
        waiting.join(timeout=0.5)
        assert waiting.is_alive() and not done  # it waits for the lock, in its thread
    finally:
        release(holder)
    waiting.join(timeout=30)
    assert done and table.state.step > step
    again = Registry(FAST, clock=Clock(), store=Store(str(path)))
    assert again.tables[table.id].state.step == table.state.step  # it was kept
