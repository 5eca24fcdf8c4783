"""``modern-art match`` and ``modern-art engine``: the commands as a user runs them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.cli import ROOT, run
from tests.helpers.processes import ctrl_c_reaches_children

BAD = ROOT / "tests" / "agents" / "engines" / "bad_engine.py"
NODE_BOT = "engine:node examples/engines/random_bot.js"
PYTHON_BOT = f"engine:{sys.executable} examples/engines/greedy_bot.py"


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


def test_the_two_example_engines_play_80_games_with_no_protocol_error() -> None:
    """The Node and the Python example each play 80 games of one match: zero errors."""
    done = run(
        "match", "random", "random", NODE_BOT, PYTHON_BOT,
        "--games", "80", "--workers", "2", "--json", "--move-time", "5",
    )  # fmt: skip  # a clock with room for a busy CI machine; the engines answer in ms
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 80
    engines = summary["players"][2:]
    assert [p["name"] for p in engines] == ["random-js", "greedy-py"]
    for entry in summary["players"]:
        assert entry["games"] == 80
        assert entry["errors"] == {"crashed": 0, "timed_out": 0, "illegal": 0, "protocol": 0}
    # Reading the view to bid on what a painting may pay beats bidding at random.
    assert engines[1]["win_rate"] > engines[0]["win_rate"] > summary["players"][0]["win_rate"]


def test_the_example_engines_stay_short_and_import_nothing_of_the_library() -> None:
    """Each example engine is under 80 lines and never names modern_art in an import."""
    for name in ("random_bot.js", "greedy_bot.py"):
        text = (ROOT / "examples" / "engines" / name).read_text()
        assert len(text.splitlines()) < 80
        assert "import modern_art" not in text and "require(" not in text.replace(
            'require("readline")', ""
        )


def test_the_summary_table_shows_errors_and_escapes_what_an_engine_says(tmp_path: Path) -> None:
    """An engine named with markup and escapes is shown escaped; its errors are counted."""
    script = (
        "import json,sys\n"
        "for line in sys.stdin:\n"
        " m=json.loads(line)\n"
        " if m['type']=='hello': print(json.dumps({'type':'ready','name':'[blink]\\x1b[2J'}),"
        " flush=True)\n"
        " elif m['type']=='act': print('garbage', flush=True)\n"
    )
    (tmp_path / "e.py").write_text(script)
    done = run(
        "match", "heuristic", "random", f"engine:{sys.executable} {tmp_path / 'e.py'}",
        "--games", "3", "--seed", "2",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "[blink]\\x1b" in done.stdout  # text, not markup
    assert "3 protocol" in done.stdout


def test_sprt_says_which_hypothesis_it_accepts_and_when() -> None:
    """``--sprt 0.25 0.45`` on heuristic against three random stops early for H1."""
    done = run("match", "heuristic", "random", "random", "random", "--sprt", "0.25", "0.45")
    assert done.returncode == 0, done.stderr
    words = " ".join(done.stdout.split())
    assert "H1: the win rate of heuristic is 0.45, decided after 6 games" in words
    assert "a fixed-length test would need 59 games" in words


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["random", "random", "chess"], "unknown bot 'chess'"),
        (["random", "random"], "3 to 5 players"),
        (["random", "random", "random", "--sprt", "0.5", "0.4"], "P0 < P1"),
        (["random", "random", "random", "--move-time", "0"], "expected seconds above 0"),
        (["random", "random", "random", "--fallback", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_match_arguments_are_refused_with_a_message(args: list[str], words: str) -> None:
    """Unknown bots, too few players, bad SPRT rates or clocks: exit 1 or 2 and a message."""
    done = run("match", *args, "--games", "1")
    assert done.returncode in (1, 2) and words in done.stderr


def test_engine_serves_a_bot_over_the_protocol() -> None:
    """``modern-art engine random``: ready to a hello, a legal action to an act, exit at quit."""
    import modern_art as ma
    from modern_art.agents.engine.protocol import act_line, hello_line

    state = ma.new_game(3, seed=1)
    lines = hello_line(0, ["a", "b", "c"], state.rules) + act_line(ma.view(state, 0), 500)
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "engine", "heuristic", "--seed", "1"],
        input=lines + b'{"type": "quit"}\n',
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    ready, action = (json.loads(line) for line in done.stdout.splitlines())
    assert ready == {"type": "ready", "name": "heuristic", "author": "modern-art"}
    assert action["type"] == "action" and action["step"] == 0
    assert action["action"] in [ma.format_action(a) for a in ma.legal_actions(state, 0)]


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        (b"not json\n", "not a JSON line"),
        (b'{"type": "act", "step": 0}\n', 'a "act" message before "hello"'),
        (b'{"type": "hello", "protocol": 2, "seat": 0}\n', "speaks protocol 1, got 2"),
    ],
)
def test_engine_stops_with_exit_code_1_when_the_runner_breaks_the_protocol(
    stdin: bytes, words: str
) -> None:
    """A runner's garbage, an act before hello, another version: a message, exit code 1."""
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "engine", "random"],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1 and words in done.stderr.decode()


def test_engine_ends_quietly_at_the_end_of_its_input() -> None:
    """No quit, just the end of stdin: exit code 0, nothing written."""
    done = run("engine", "random")
    assert done.returncode == 0 and done.stdout == ""


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_match_leaves_no_engine_running(tmp_path: Path, how: int) -> None:
    """Ctrl-C or SIGTERM in mid-match, with workers: exit 130 and every engine has ended."""
    pids = tmp_path / "pids"
    engine = f"engine:{sys.executable} {BAD} pid {pids}"
    with ctrl_c_reaches_children():
        process = subprocess.Popen(
            [sys.executable, "-m", "modern_art", "match", engine, engine, engine, "random",
             "--games", "400", "--workers", "2"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (pids.exists() and len(pids.read_text().split()) >= 6):
            assert time.monotonic() < deadline and process.poll() is None
            time.sleep(0.05)
        time.sleep(0.3)  # in mid-game
        process.send_signal(how)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err
    assert "interrupted" in err
    started = [int(pid) for pid in pids.read_text().split()]
    assert [pid for pid in started if _alive(pid)] == []
    assert os.getpid() not in started


def test_play_seats_an_engine_beside_the_bots() -> None:
    """``modern-art play --engine COMMAND``: the engine plays its seat; q leaves cleanly."""
    done = run(
        "play", "--seat", "2", "--bots", "heuristic", "--engine",
        f"{sys.executable} examples/engines/greedy_bot.py", "--seed", "3",
        stdin="q\n",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    words = " ".join(done.stdout.split())
    assert "Ben (engine:" in words and "You leave the table" in words


def test_the_ratings_hint_shows_the_install_command_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without OpenSkill the hint prints pip install -e '.[match]' with its brackets."""
    from modern_art.cli import main
    from modern_art.cli import match as match_command

    monkeypatch.setattr(match_command, "has_ratings", lambda: False)
    assert main(["match", "random", "random", "random", "--games", "3"]) == 0
    out = " ".join(capsys.readouterr().out.split())  # the terminal's line breaks undone
    assert "pip install -e '.[match]'" in out and "pip install 'modern-art[match]'" in out


@pytest.mark.parametrize("command", ["match", "simulate", "play", "analyse", "position", "ask"])
def test_help_shows_per_cent_signs_once(command: str) -> None:
    """No %% in a subcommand's --help: argparse formats help strings, not descriptions."""
    done = run(command, "--help")
    assert done.returncode == 0
    assert "%%" not in done.stdout
