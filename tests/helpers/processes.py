"""Counting a process's descendants (Linux ``/proc``), to show that none is left behind."""

from __future__ import annotations

import os
import time
from pathlib import Path


def descendants(pid: int | None = None) -> set[int]:
    """The ids of every living process below ``pid`` (default: this one), zombies excluded."""
    root = os.getpid() if pid is None else pid
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z":
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def settle(before: set[int], seconds: float = 5.0) -> set[int]:
    """The descendants not in ``before``, after waiting up to ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while True:
        left = descendants() - before
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
