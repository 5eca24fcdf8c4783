"""benchmarks/strength.py: the table it writes says what ran, and the ladder orders the bots."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import modern_art as ma
from tests.helpers.docs import load

ROOT = Path(__file__).resolve().parents[2]


def test_the_table_says_a_short_run_is_partial_and_the_ladder_ranks_by_money(
    tmp_path: Path,
) -> None:
    pytest.importorskip("openskill", reason="the ladder needs openskill (the test extra)")
    strength = load(ROOT / "benchmarks" / "strength.py")
    result = ma.tournament(
        [ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent, ma.RandomAgent],
        4,
        seed=1,
        records=tmp_path / "games.jsonl",
    )
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    records = [ma.from_json(line, "record") for line in lines]
    board = strength.ladder(records)
    assert [name for name, _, _ in board] == ["heuristic", "random"]
    s = result.standing("heuristic")
    row = ("heuristic", "random", s.win_rate, *s.win_rate_ci, 4, 1.0, 300)
    args = argparse.Namespace(seed=1, playouts=16, iterations=300)
    table = strength.render([row], board, args)
    assert table.startswith(
        "PARTIAL run: 4 games a pairing (the full table needs 400 a pairing; 1 of the 2"
        " pairings not played)"
    )
    assert "search 300 play-outs a decision" in table
    assert "| heuristic | random | " in table and "| 4 | n/a | 1.0 |" in table
    page = tmp_path / "page.rst"
    page.write_text("x\n\n..  strength-table-start\n\nold\n\n..  strength-table-end\n")
    strength.write_between(page, table, rst=True)
    assert "old" not in page.read_text() and ".. list-table::" in page.read_text()


def test_a_stopped_pairing_counts_its_games_and_resume_keeps_the_other_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Rows come from the records files: a pairing cut short counts what it played."""
    pytest.importorskip("openskill", reason="the ladder needs openskill (the test extra)")
    strength = load(ROOT / "benchmarks" / "strength.py")
    common = ["strength", "--games", "4", "--workers", "1", "--records", str(tmp_path)]
    monkeypatch.setattr("sys.argv", [*common, "--only", "heuristic:random"])
    strength.main()
    monkeypatch.setattr("sys.argv", [*common, "--resume", "--only", "random:heuristic"])
    strength.main()
    table = capsys.readouterr().out.rsplit("PARTIAL run", 1)[1]
    assert "| heuristic | random | 100.0% |" in table and "| random | heuristic | 0.0% |" in table
    games = (tmp_path / "heuristic-vs-3-random.jsonl").read_text().splitlines()
    (tmp_path / "heuristic-vs-3-random.jsonl").write_text("\n".join(games[:2]) + "\n")
    monkeypatch.setattr("sys.argv", ["strength", "--rewrite", "--records", str(tmp_path)])
    strength.main()
    rewritten = capsys.readouterr().out
    assert "| heuristic | random | 100.0% | 34.2% to 100.0% | 2 | n/a |" in rewritten


def test_the_learned_table_counts_its_own_pairings_and_has_its_own_markers(
    tmp_path: Path,
) -> None:
    """``--learned``: the learned bot against three of each other bot but random, apart."""
    pytest.importorskip("openskill", reason="the ladder needs openskill (the test extra)")
    strength = load(ROOT / "benchmarks" / "strength.py")
    args = argparse.Namespace(seed=1, playouts=16, iterations=50, bots="random,heuristic,learned")
    assert strength.learned_pairings(args) == [("learned", "heuristic")]
    args.bots = "random,heuristic,montecarlo,search,learned"
    expected = strength.learned_pairings(args)
    assert expected == [("learned", "heuristic"), ("learned", "montecarlo"), ("learned", "search")]
    row = ("learned", "heuristic", 0.4, 0.35, 0.45, 400, 0.1, 50)
    table = strength.render([row], [], args, expected)
    assert table.startswith("PARTIAL run: 400 games a pairing (2 of the 3 pairings not played)")
    page = tmp_path / "README.md"
    page.write_text(
        "<!-- strength-table-start -->\nkept\n<!-- strength-table-end -->\n"
        "<!-- learned-table-start -->\nold\n<!-- learned-table-end -->\n"
    )
    strength.write_between(page, table, rst=False, marker="learned-table")
    text = page.read_text()
    assert "kept" in text and "old" not in text and "| learned | heuristic | 40.0% |" in text
