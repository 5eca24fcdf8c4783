"""The modern-art command facing hostile files, names and input: nothing raw reaches a terminal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import modern_art as ma
from modern_art.cli.safe import markup_safe, visible
from tests.helpers.cli import ROOT, run

HOSTILE_NAMES = (
    "[/]",
    "[blink red on white]Eve",
    "Mal\x1b[2J\x1b[H",  # clear the screen, cursor home
    "\x1b]0;pwned\x07Oz",  # OSC: set the window title
)
HOSTILE_ARTIST = "[bold]Ink\x1b[5m"


def hostile_record() -> ma.GameRecord:
    """A finished game whose players, edition and first artist are named to attack a terminal."""
    cmon = ma.Rules().edition
    artists = (HOSTILE_ARTIST, *cmon.artists[1:])
    edition = attrs.evolve(cmon, name="[/]\x1b]0;title\x07", artists=artists)
    rules = ma.Rules(edition=edition)
    agents = [ma.RandomAgent(seed) for seed in range(4)]
    return ma.play_game(agents, rules=rules, seed=5, names=HOSTILE_NAMES)


def test_replay_prints_hostile_names_as_text_without_escape_sequences(tmp_path: Path) -> None:
    """Names and edition from a record are printed literally: no markup, no raw ESC or BEL."""
    path = tmp_path / "hostile.json"
    path.write_text(ma.to_json(hostile_record()), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "\x1b" not in out and "\x07" not in out  # piped: Rich itself adds no styles
    for name in HOSTILE_NAMES:
        assert visible(name) in out
    assert "[blink red on white]Eve" in out and "Mal\\x1b[2J\\x1b[H" in out
    assert "\\x1b]0;pwned\\x07Oz" in out and visible(HOSTILE_ARTIST) in out
    assert "The game is over." in out


def test_replay_in_colour_styles_nothing_a_hostile_name_asks_for(tmp_path: Path) -> None:
    """With colours forced on, the output holds Rich's own styles but no blink and no OSC."""
    path = tmp_path / "hostile.json"
    path.write_text(ma.to_json(hostile_record()), encoding="utf-8")
    colour = {"FORCE_COLOR": "1", "NO_COLOR": "", "TERM": "xterm-256color"}
    result = run("replay", str(path), env=colour)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "\x1b[1m" in out  # Rich's bold: colours really were on
    assert "\x1b[5m" not in out and ";5;" not in out and ";5m" not in out  # no blink
    assert "\x1b]" not in out and "\x07" not in out and "\x1b[2J" not in out


def test_cli_error_messages_show_control_characters_from_the_command_line(
    tmp_path: Path,
) -> None:
    """A path with an escape sequence is echoed in the error with the escape written out."""
    result = run("replay", str(tmp_path / "no\x1b[2Jfile.json"))
    assert result.returncode == 1
    assert "\x1b" not in result.stderr and "no\\x1b[2Jfile.json" in result.stderr


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ann", "Ann"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("a\x00b\x7fc\x9bd", "a\\x00b\\x7fc\\x9bd"),
        ("left\u202eright", "left\\u202eright"),
        ("two\nlines", "two\\x0alines"),
        ("Zoë 🎨", "Zoë 🎨"),
    ],
)
def test_visible_writes_out_control_characters_and_keeps_the_rest(text: str, shown: str) -> None:
    """Control and reordering characters become escapes; letters and emoji stay as they are."""
    assert visible(text) == shown


def test_markup_safe_text_prints_as_itself() -> None:
    """A markup-safe string inside our own markup renders as its visible form, brackets and all."""
    from rich.console import Console

    for name in (*HOSTILE_NAMES, "back\\", "\\[bold]x", "[link=http://x]y[/link]"):
        console = Console(width=200, emoji=False, highlight=False)
        with console.capture() as capture:
            console.print(f"[bold]{markup_safe(name)}[/]!")
        assert capture.get() == visible(name) + "!\n"


def test_replay_refuses_an_endless_file_after_reading_only_the_size_limit() -> None:
    """/dev/zero is refused as too large, quickly, instead of filling the memory."""
    result = run("replay", "/dev/zero")
    assert result.returncode == 1
    assert f"larger than a game record may be ({ma.MAX_JSON_BYTES} bytes)" in result.stderr


def test_replay_refuses_too_large_input_on_stdin() -> None:
    """A record on stdin larger than the limit is refused with the same message."""
    result = subprocess.run(
        [sys.executable, "-m", "modern_art", "replay", "-"],
        input=b" " * (ma.MAX_JSON_BYTES + 10),
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1 and b"larger than a game record may be" in result.stderr


def test_replay_reads_a_record_that_starts_with_a_utf8_byte_order_mark(tmp_path: Path) -> None:
    """A record saved by an editor that writes a BOM replays like any other."""
    record = ma.play_game([ma.RandomAgent(seed) for seed in range(3)], seed=9)
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + ma.to_json(record).encode("utf-8"))
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "The game is over." in result.stdout


def test_demo_and_simulate_refuse_an_unwritable_output_path_before_playing(
    tmp_path: Path,
) -> None:
    """demo --save and simulate --report into a missing folder exit 1 before any game is played."""
    missing = tmp_path / "no" / "such" / "folder"
    demo = run("demo", "--save", str(missing / "game.json"))
    assert demo.returncode == 1 and "cannot save the record to" in demo.stderr
    assert "Round 1" not in demo.stdout
    report = run("simulate", "--games", "2", "--report", str(missing / "report.html"))
    assert report.returncode == 1 and "cannot save the report to" in report.stderr
    assert "games per second" not in report.stdout
