"""``modern-art play``: what it tells before each prompt, tables on request, leaving on Ctrl-C."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import modern_art as ma
from tests.helpers.cli import FAST_BOTS, ROOT, run
from tests.helpers.processes import ctrl_c_reaches_children

PLAY = ("play", "--seed", "3", "--bots", FAST_BOTS)
ANSWERS = "p\n1\n0\n" * 400  # always gets a legal answer through, eventually


@pytest.fixture(scope="module")
def whole_game() -> str:
    """The output of one whole game answered p, 1, 0 in turn."""
    result = run(*PLAY, stdin=ANSWERS)
    assert result.returncode == 0, result.stderr
    assert "The game is over." in result.stdout
    return result.stdout


def test_play_tells_the_others_bids_before_asking_for_yours(whole_game: str) -> None:
    """Every high bid the prompt names was told, bidder and amount, before that prompt."""
    checked = 0
    for match in re.finditer(r"high bid (\d+)\s+by ([^.]+)\. You have", whole_game):
        amount, bidder = match.group(1), " ".join(match.group(2).split())
        if bidder == "You":
            continue
        told = " ".join(whole_game[: match.start()].split())
        assert f"{bidder} bids {amount}" in told, (bidder, amount)
        checked += 1
    assert checked >= 5


def test_play_shows_the_full_tables_only_when_asked(whole_game: str) -> None:
    """Without t no players table is printed; each t prints the tables once more."""
    assert "Players (money is secret" not in whole_game
    asked = run(*PLAY, stdin="t\n" + "t\n" + ANSWERS)
    assert asked.stdout.count("Players (money is secret") == 2
    assert asked.stdout.count("Round 1 of 4") >= 2  # the board's title, under the round header


def test_play_prints_few_lines_per_prompt(whole_game: str) -> None:
    """Without tables a prompt costs a handful of lines, not the two tables it used to (20)."""
    prompts = whole_game.count("> ")
    assert whole_game.count("\n") < 8 * prompts


def test_play_refuses_an_unwritable_save_path_before_the_game_starts(tmp_path: Path) -> None:
    """--save into a missing folder exits 1 at once, before any card is dealt or played."""
    target = tmp_path / "no" / "such" / "folder" / "game.json"
    result = run(*PLAY, "--save", str(target), stdin=ANSWERS)
    assert result.returncode == 1
    assert "cannot save the record to" in result.stderr
    assert "Round 1" not in result.stdout and not target.parent.exists()


def test_play_checking_the_save_path_leaves_no_file_behind(tmp_path: Path) -> None:
    """The writability check creates nothing: a game left at once saves its empty record."""
    target = tmp_path / "game.json"
    result = run(*PLAY, "--save", str(target), stdin="q\n")
    assert result.returncode == 0
    assert ma.from_json(target.read_text(), "record").actions == ()


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT, a POSIX signal")
def test_play_saves_the_game_so_far_on_ctrl_c(tmp_path: Path) -> None:
    """Ctrl-C at a prompt leaves the table, saves the record in progress and exits 130."""
    target = tmp_path / "interrupted.json"
    with ctrl_c_reaches_children():
        process = subprocess.Popen(
            [sys.executable, "-m", "modern_art", *PLAY, "--save", str(target)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
    assert process.stdin is not None and process.stdout is not None
    stdout = process.stdout
    output: list[str] = []
    # Character by character: a prompt ("> ") ends no line.
    reader = threading.Thread(target=lambda: output.extend(iter(lambda: stdout.read(1), "")))
    reader.start()
    process.stdin.write("1\n")  # offer the first card, then wait at a later prompt
    process.stdin.flush()
    deadline = time.monotonic() + 120
    while "".join(output).count("> ") < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)  # not communicate(): it would race the reader for stdout
    reader.join(timeout=10)
    assert process.stderr is not None
    stderr = process.stderr.read()
    assert process.returncode == 130, stderr
    assert "Interrupted. You leave the table" in "".join(output)
    saved = ma.from_json(target.read_text(), "record")
    assert saved.money is None and len(saved.actions) >= 1
    assert not ma.replay(saved).is_over
