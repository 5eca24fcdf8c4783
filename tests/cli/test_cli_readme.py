"""The README's command lines work as written, in order, in a folder of their own.

Each ``modern-art`` line of the README's shell blocks runs from an empty
folder after the lines above it, so a line that reads a file (``replay
game.json``, ``analyse position.txt``) finds it written by an earlier one.
The lines that start an interactive game or a server, or play hundreds of
games (``play``, ``serve``, ``simulate``, ``match``), are parsed by the
command's own parser instead: their options exist as written. Install lines
come from a clone first.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from modern_art.cli import build_parser
from tests.helpers.cli import run
from tests.helpers.codeblocks import ROOT, SHELL, markdown_blocks

PARSED_ONLY = {"play", "serve", "simulate", "match", "engine", "site"}
"""Subcommands the test parses, not runs: interactive, a server, or long."""


def _commands() -> list[list[str]]:
    """Every command of the README's shell blocks, continued lines joined, comments cut."""
    commands: list[list[str]] = []
    for block in markdown_blocks(ROOT / "README.md"):
        if block.language not in SHELL:
            continue
        for line in block.text.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            command: list[str] = []
            for word in [*words, "&&"]:
                if word == "&&":
                    if command:
                        commands.append(command)
                    command = []
                else:
                    command.append(word)
    return commands


def test_every_install_line_installs_from_a_clone_first() -> None:
    """A pip line of the README installs the clone (-e .[extra]), not an unpublished package."""
    pips = [c for c in _commands() if c[:2] == ["pip", "install"]]
    assert pips
    for command in pips:
        assert "-e" in command and any(w.startswith(".[") for w in command), command


def test_every_modern_art_line_of_the_readme_runs_in_order(tmp_path: Path) -> None:
    """Each modern-art line runs (exit 0) after those above it, or parses if interactive."""
    parser = build_parser()
    ran = 0
    for command in _commands():
        if command[0] != "modern-art":
            continue
        if command[1] in PARSED_ONLY:
            if command[1] not in ("serve", "site"):  # they parse their own options
                parser.parse_args(command[1:])
            continue
        args = [re.sub(r"^examples/", f"{ROOT}/examples/", a) for a in command[1:]]
        if args[0] == "analyse":
            args.extend(["--samples", "50"])  # the analysis as written, on fewer deals
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 0, (command, done.stderr)
        ran += 1
    assert ran >= 8
    assert (tmp_path / "game.json").is_file() and (tmp_path / "position.txt").is_file()


def test_the_readme_s_test_run_uses_both_cores_with_what_the_test_extra_brings() -> None:
    """Issue 37, item 9: the README's ``pytest`` runs on two cores, and says how long it takes.

    ``pytest -n`` needs pytest-xdist, which the ``test`` extra of the README's
    install line must bring; the README states the run's time on a 2-core machine.
    """
    import tomllib

    tests = [c for c in _commands() if c[0] == "pytest"]
    assert tests == [["pytest", "-n", "2"]]
    installs = [c for c in _commands() if c[:2] == ["pip", "install"] and "-e" in c]
    assert ["pip", "install", "-e", ".[test]"] in installs
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert any(re.match(r"pytest-xdist\b", need) for need in extras["test"])
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "under five minutes on a 2-core machine" in readme
