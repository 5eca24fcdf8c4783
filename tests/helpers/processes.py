"""Counting a process's descendants (Linux ``/proc``), to show that none is left behind."""

from __future__ import annotations

import os
import time
from pathlib import Path

_INFRASTRUCTURE = (b"multiprocessing.resource_tracker", b"multiprocessing.forkserver")
"""Command lines of multiprocessing's own helpers: one per parent, ending with it, not a leak."""


def descendants(pid: int | None = None) -> set[int]:
    """The ids of every living process below ``pid`` (default: this one).

    Zombies are left out, and so is multiprocessing's resource tracker (the
    one helper a ``spawn`` pool starts, which lives as long as this process).
    """
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
        if fields[0] != "Z" and not _infrastructure(entry):
            parents[int(entry.name)] = int(fields[1])
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _infrastructure(entry: Path) -> bool:
    try:
        command = (entry / "cmdline").read_bytes()
    except OSError:
        return False
    return any(name in command for name in _INFRASTRUCTURE)


def settle(before: set[int], seconds: float = 5.0) -> set[int]:
    """The descendants not in ``before``, after waiting up to ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while True:
        left = descendants() - before
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def group_members(pgid: int) -> set[int]:
    """The ids of every living process in process group ``pgid``, whoever its parent now is.

    A child an engine leaves behind is adopted by init, so :func:`descendants`
    no longer finds it; its process group still names the engine's.
    """
    found: set[int] = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state ppid pgrp ...
        if fields[0] != "Z" and int(fields[2]) == pgid:
            found.add(int(entry.name))
    return found


def groups_end(pgids: set[int], seconds: float = 5.0) -> set[int]:
    """The members left in any of ``pgids`` after waiting up to ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while True:
        left = {pid for pgid in pgids for pid in group_members(pgid)}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
