"""``modern-art records generate|import|export|query|examples``, run as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.cli import run
from tests.helpers.webkit import need

INSTALL = "the records extra: pip install -e '.[records]'"
need("pyarrow", INSTALL)
need("duckdb", INSTALL)

import modern_art as ma  # noqa: E402


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "store"
    done = run("records", "generate", "--store", str(path), "--games", "40", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert f"stored games 1 to 40 in {path} (40 games in all)" in done.stdout
    return path


def test_query_prints_a_named_query_as_a_table_and_sql_as_json(store: Path) -> None:
    done = run("records", "query", "auctions", "--store", str(store))
    assert done.returncode == 0 and "lots settled by each kind of auction" in done.stdout
    assert "open" in done.stdout and "hidden" in done.stdout
    done = run("records", "query", "SELECT count(*) AS n FROM games", "--store", str(store),
               "--format", "json")  # fmt: skip
    assert done.returncode == 0 and json.loads(done.stdout) == {"n": 40}
    done = run("records", "query", "SELECT id FROM games ORDER BY id LIMIT 2", "--store",
               str(store), "--format", "csv")  # fmt: skip
    assert done.stdout.split() == ["id", "1", "2"]


def test_query_list_shows_every_named_query_with_its_sql() -> None:
    done = run("records", "query", "--list")
    assert done.returncode == 0 and "hidden-ties:" in done.stdout and "SELECT" in done.stdout


def test_a_bad_query_is_one_line_on_stderr(store: Path) -> None:
    done = run("records", "query", "SELECT nope", "--store", str(store))
    assert done.returncode == 1 and done.stderr.startswith("modern-art records: the query failed")


def test_examples_show_the_position_and_the_sentences(store: Path) -> None:
    done = run("records", "examples", "R5.3", "--store", str(store), "--limit", "1")
    assert done.returncode == 0, done.stderr
    assert "R5.3: game " in done.stdout and "double-taken-over" in done.stdout
    assert "modern-art position 1" in done.stdout and "adds" in done.stdout


def test_export_then_import_round_trips(store: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.mart"
    done = run("records", "export", "--store", str(store), "--ids", "3,4", "--out", str(out))
    assert done.returncode == 0 and "2 games written" in done.stderr
    games = ma.read_records(out.read_text())
    assert [game.seed for game in games] == [7, 8]  # game k of the run: seed 5 + k
    other = tmp_path / "other"
    done = run("records", "import", str(out), "--store", str(other))
    assert done.returncode == 0 and "2 games stored" in done.stdout
    lines = tmp_path / "games.jsonl"
    done = run("records", "export", "--store", str(other), "--out", str(lines))
    assert [ma.from_json(line, "record") for line in lines.read_text().splitlines()] == games


def test_a_damaged_store_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "store"
    assert run("records", "generate", "--store", str(path), "--games", "3").returncode == 0
    (victim,) = path.glob("games/*/*/*.parquet")
    victim.write_bytes(b"not parquet at all")
    done = run("records", "query", "games", "--store", str(path))
    assert done.returncode == 1 and str(victim) in done.stderr and "damaged" in done.stderr
    assert victim.read_bytes() == b"not parquet at all"


def test_generate_refuses_an_unknown_bot_and_bad_rules(tmp_path: Path) -> None:
    done = run("records", "generate", "--store", str(tmp_path), "--bots", "chess")
    assert done.returncode == 1 and "unknown bot 'chess'" in done.stderr
    done = run("records", "generate", "--store", str(tmp_path), "--rules", "cmon nonsense=1")
    assert done.returncode == 1 and "--rules" in done.stderr
