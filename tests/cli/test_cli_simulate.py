"""modern-art simulate at scale: backends, records files, resuming and the progress bar."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console
from rich.progress import Progress

from modern_art.cli import main
from modern_art.cli.backends import GamesPerSecond, printable
from modern_art.scale import ray_executor
from tests.helpers import cli

BOTS = ["--bots", "heuristic,random,random", "--seed", "3"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m modern_art simulate ARGS`` from the project root, as a user would."""
    return cli.run("simulate", *args)


def test_simulate_resumes_a_records_file_to_the_uninterrupted_standings(tmp_path: Path) -> None:
    """--records writes one game a line; --resume finishes a cut file with the same results."""
    path = tmp_path / "games.jsonl"
    whole = run(*BOTS, "--games", "9", "--json", "--records", str(path))
    assert whole.returncode == 0, whole.stderr
    records = path.read_bytes()
    assert records.count(b"\n") == 9
    cut = records.splitlines(keepends=True)
    path.write_bytes(b"".join(cut[:4]) + cut[4][:100])

    refused = run(*BOTS, "--games", "9", "--records", str(path))
    assert refused.returncode == 1
    assert "already holds games: add --resume" in refused.stderr

    resumed = run(*BOTS, "--games", "9", "--json", "--records", str(path), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    before, after = json.loads(whole.stdout), json.loads(resumed.stdout)
    assert after["standings"] == before["standings"]
    assert (after["games_played"], before["games_played"]) == (5, 9)
    assert path.read_bytes() == records

    table = run(*BOTS, "--games", "9", "--records", str(path), "--resume")
    assert table.returncode == 0, table.stderr
    # The terminal's line breaks undone: a long tmp path (pytest -n's popen-gwN/) wraps the line.
    said = " ".join(table.stdout.split())
    assert "0 played" in said and "(9 were already there)" in said


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``modern-art simulate ARGS`` in this process: exit code, stdout, stderr."""
    code = main(["simulate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_refuses_a_records_file_of_another_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Resuming with another seed, or a file in no folder, exits 1 with the reason."""
    path = tmp_path / "games.jsonl"
    assert simulate(capsys, *BOTS, "--games", "3", "--json", "--records", str(path))[0] == 0
    code, out, err = simulate(capsys, "--bots", "heuristic,random,random", "--seed", "4",
                              "--games", "3", "--records", str(path), "--resume")  # fmt: skip
    assert (code, out) == (1, "")
    assert "holds games of another tournament" in err
    nowhere = str(tmp_path / "no" / "such.jsonl")
    code, out, err = simulate(capsys, *BOTS, "--games", "3", "--records", nowhere)
    assert (code, out) == (1, "")
    assert "cannot use the records file" in err


def test_simulate_backends_give_the_same_standings(capsys: pytest.CaptureFixture[str]) -> None:
    """--backend processes and local (and --workers 2 alone) print the same standings."""
    docs = [
        json.loads(simulate(capsys, *BOTS, "--games", "6", "--json", *extra)[1])
        for extra in ([], ["--backend", "processes", "--workers", "2"], ["--workers", "2"])
    ]
    assert docs[0]["standings"] == docs[1]["standings"] == docs[2]["standings"]
    assert [doc["backend"] for doc in docs] == ["local", "processes", "processes"]


def test_simulate_refuses_options_that_do_not_go_together(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--workers with local, --address without ray, --resume without --records: exit 1."""
    cases = {
        ("--backend", "local", "--workers", "2"): "--workers needs --backend processes or ray",
        ("--address", "auto"): "--address names a Ray cluster",
        ("--resume",): "--resume continues a records file",
    }
    for options, message in cases.items():
        code, out, err = simulate(capsys, *BOTS, "--games", "3", *options)
        assert code == 1 and message in err, err
        assert not out


def test_progress_bar_shows_games_per_second() -> None:
    """The speed column reads the task's recent speed, and '?' before there is one."""
    progress = Progress(console=Console(file=None, force_terminal=False))
    progress.add_task("games", total=10)
    task = progress.tasks[0]
    assert GamesPerSecond().render(task).plain == "? games/s"
    task.finished_speed = 12.345
    assert GamesPerSecond().render(task).plain == "12.3 games/s"


def test_file_names_reach_the_terminal_without_control_characters() -> None:
    """A control character in a file name is printed as its escape."""
    assert printable("runs/\x1b[2Jgames.jsonl") == "runs/\\x1b[2Jgames.jsonl"


def test_simulate_backend_ray_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without Ray, --backend ray exits 1 naming the extra, and ray_executor raises ImportError."""
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(ImportError, match=r"pip install 'modern-art\[ray\]'"):
        ray_executor()
    assert main(["simulate", *BOTS, "--games", "3", "--backend", "ray"]) == 1
    hint = "--backend ray needs Ray: from a clone of the repository, pip install -e '.[ray]';"
    assert hint in capsys.readouterr().err


def test_simulate_help_lists_the_backends_and_records_options() -> None:
    """--help names every backend and the records options, with percent signs printed once."""
    result = run("--help")
    assert result.returncode == 0
    for text in ("local,processes,ray", "--address", "--records FILE", "--resume", "95% conf"):
        assert text in result.stdout
    assert "%%" not in result.stdout
