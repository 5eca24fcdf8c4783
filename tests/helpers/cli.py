"""Running the ``modern-art`` command as a user would, for the tests of the command.

The command's tests (``tests/cli/test_cli*.py``) start it in a fresh
process, ``python -m modern_art``, from the project root, and read its exit
code, output and errors: nothing in the test process can hide a crash.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The project root, where the command is started."""

FAST_BOTS = "heuristic,random,heuristic"
"""A lineup of quick bots for ``--bots``: a whole game takes well under a second."""


def run(
    *args: str,
    stdin: str = "",
    timeout: float = 300,
    env: dict[str, str] | None = None,
    cwd: Path = ROOT,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m modern_art ARGS`` from the project root (or ``cwd``), as a user would.

    ``stdin`` is typed in; ``env`` adds to (or overrides) the test's own
    environment. From another ``cwd`` the checkout is put first on
    ``PYTHONPATH``, so the command is this checkout's wherever it runs. The
    result holds the exit code and the text of stdout and stderr; a non-zero
    exit is the test's to judge.
    """
    return subprocess.run(
        [sys.executable, "-m", "modern_art", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        check=False,
        env=_environment(env, cwd),
    )


def _environment(env: dict[str, str] | None, cwd: Path) -> dict[str, str] | None:
    if cwd == ROOT and not env:
        return None  # the test's own environment; ./modern_art comes first from ROOT
    merged = {**os.environ, **(env or {})}
    if cwd != ROOT:
        merged["PYTHONPATH"] = os.pathsep.join([str(ROOT), merged.get("PYTHONPATH", "")])
    return merged
