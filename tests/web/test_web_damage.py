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
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.webkit import need

need("starlette.testclient")

import modern_art as ma  # noqa: E402
from modern_art.data.errors import StoreError  # noqa: E402
from modern_art.web import Registry, Store  # noqa: E402
from tests.helpers.webclient import FAST, ROOT  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402


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
