"""One workload's instructions under callgrind, for the benchmarks that count instructions.

A workload is a ``python -c`` script that warms up, then runs its counted part
inside ``itertools.starmap`` (``list(itertools.starmap(work, [()]))``):
callgrind counts only while ``starmap_next`` runs, so start-up, imports and
warming are left out. The interpreter runs outside any checkout, without
``PYTHONPATH`` and with ``PYTHONHASHSEED=0``, so that an installed build
imports as installed and every run hashes alike.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path


def instructions(
    python: str, workload: str, arguments: Sequence[str], out: Path
) -> tuple[int, str]:
    """The counted part's instructions and the workload's stderr; callgrind writes ``out``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONHASHSEED"] = "0"
    result = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--collect-atstart=no",
            "--toggle-collect=starmap_next",
            f"--callgrind-out-file={out}",
            python,
            "-c",
            workload,
            *arguments,
        ],
        cwd="/",  # outside any checkout: an installed build imports as installed
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    totals = next(
        int(line.split()[1])
        for line in out.read_text().splitlines()
        if line.startswith(("summary:", "totals:"))
    )
    return totals, result.stderr
