"""``modern-art analyse POSITION_FILE`` and ``play --hint``: the analysis for players."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import modern_art as ma
from tests.helpers.cli import FAST_BOTS, run


def written(tmp_path: Path, state: ma.GameState, name: str = "pos.txt") -> str:
    path = tmp_path / name
    path.write_text(ma.write_position(state), encoding="utf-8")
    return str(path)


def test_analyse_json_is_the_librarys_analysis_of_the_position(tmp_path: Path) -> None:
    """The command's JSON is the analysis document of ma.analyse for the seat to act (R7.4)."""
    state = ma.play_game([ma.HeuristicAgent() for _ in range(3)], seed=2).start()
    path = written(tmp_path, state)
    result = run("analyse", path, "--samples", "10", "--seed", "4", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    ledger = ma.MoneyLedger(tuple(p.money for p in state.players))
    expected = ma.analyse(ma.view(state, 0), samples=10, seed=4, ledger=ledger)
    assert report["seat"] == 0 and report["samples"] == 10 and report["step"] == state.step
    assert report["type"] == "Analysis" and report["format"] == ma.FORMAT
    assert [a["p_rank"] for a in report["artists"]] == [list(o.p_rank) for o in expected.artists]
    assert [ma.from_json(json.dumps(a["action"]), "action") for a in report["actions"]] == [
        v.action for v in expected.actions
    ]
    names = [p.name for p in state.players]
    assert [a["text"] for a in report["actions"]] == [
        ma.describe(v.action, names, 0) for v in expected.actions
    ]


def test_analyse_prints_tables_for_the_seat_to_act(tmp_path: Path) -> None:
    path = written(tmp_path, ma.new_game(3, seed=4))
    result = run("analyse", path, "--samples", "6", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "the artists at this round's end" in result.stdout
    assert "best first" in result.stdout and "6 sampled deals, seed 2" in result.stdout


def test_analyse_refuses_what_it_cannot_read(tmp_path: Path) -> None:
    missing = run("analyse", str(tmp_path / "nowhere.txt"))
    assert missing.returncode == 1 and "cannot read" in missing.stderr
    junk = tmp_path / "junk.txt"
    junk.write_text("modern-art position 1\nrules \x1b[31mred\n", encoding="utf-8")
    bad = run("analyse", str(junk))
    assert bad.returncode == 1 and "is not a position" in bad.stderr
    assert "\x1b" not in bad.stderr  # a file's control characters are shown, not obeyed
    seat = run("analyse", written(tmp_path, ma.new_game(3, seed=4)), "--seat", "7")
    assert seat.returncode == 1 and "--seat" in seat.stderr
    samples = run("analyse", written(tmp_path, ma.new_game(3, seed=4)), "--samples", "0")
    assert samples.returncode == 2


def _play_with_hints(answers: str) -> subprocess.CompletedProcess[str]:
    """``play --hint`` (4 sampled deals) against quick bots, answering ``answers``."""
    return run(
        "play", "--seed", "3", "--bots", FAST_BOTS, "--hint", "--hint-samples", "4", stdin=answers
    )


def test_play_hint_shows_the_analysis_before_each_decision() -> None:
    result = _play_with_hints("q\n")
    assert result.returncode == 0, result.stderr
    heading = "Hint: what each choice is worth by the round's end, against the others"
    assert heading in result.stdout
    assert "<- best" in result.stdout
    assert "the others' average" in result.stdout


def test_play_hint_is_one_hint_in_a_players_words_at_an_auction() -> None:
    """At an auction, --hint gives each choice's worth, the best marked, and no second hint."""
    result = _play_with_hints("1\n" * 3 + "q\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Payout hint" not in out  # the question's own hint is left out under --hint
    assert "if the round ended now; at the round's end" in out
    marked = [line for line in out.splitlines() if line.endswith("<- best")]
    assert marked and all("±" in line for line in marked)
    assert re.search(r"\d+\.\d ± \d+\.\d (ahead of|behind) the others' average|level with", out)


def test_search_is_a_bot_of_the_command() -> None:
    result = run(
        "simulate",
        "--bots",
        "search,random,random",
        "--games",
        "1",
        "--iterations",
        "3",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {s["agent"] for s in report["standings"]} == {"search", "random"}
    assert "--iterations 3" in report["command"]
    unknown = run("simulate", "--bots", "search,deep,random")
    assert unknown.returncode == 2 and "search" in unknown.stderr
