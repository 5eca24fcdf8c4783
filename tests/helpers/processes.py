"""Processes the tests start: Ctrl-C as from a terminal, and (Linux ``/proc``) their descendants.

:func:`descendants` and :func:`alive` show that none is left behind.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_INFRASTRUCTURE = (b"multiprocessing.resource_tracker", b"multiprocessing.forkserver")
"""Command lines of multiprocessing's own helpers: one per parent, ending with it, not a leak."""


@contextmanager
def ctrl_c_reaches_children() -> Iterator[None]:
    """Processes started inside this block get Ctrl-C (``SIGINT``) as from a terminal.

    pytest-xdist's workers ignore ``SIGINT``, an ignored signal stays ignored
    across ``exec``, and Python installs its ``KeyboardInterrupt`` handler only
    where ``SIGINT`` is not ignored: a command started from such a worker
    would never hear the Ctrl-C a test sends it. A handler, unlike ``SIG_IGN``,
    is reset to the default in the child. (The main thread only, as pytest's.)
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def descendants(pid: int | None = None) -> set[int]:
    """The ids of every living process below ``pid`` (default: this one).

    Zombies are left out, and so is multiprocessing's resource tracker (the
    one helper a ``spawn`` pool starts, which lives as long as this process).
    """
    root = os.getpid() if pid is None else pid
    parents = {
        int(entry.name): int(fields[1])
        for entry, fields in _living()
        if not _infrastructure(entry)
    }
    found: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _living() -> Iterator[tuple[Path, list[str]]]:
    """Each living process's ``/proc`` entry and its stat fields after the name (no zombies).

    The fields start ``state ppid pgrp ...``; the name ("comm") may hold spaces
    and parentheses, so they are read after its last ``)``.
    """
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if fields[0] != "Z":
            yield entry, fields


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, waiting to be reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


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
    return {int(entry.name) for entry, fields in _living() if int(fields[2]) == pgid}


def groups_end(pgids: set[int], seconds: float = 5.0) -> set[int]:
    """The members left in any of ``pgids`` after waiting up to ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while True:
        left = {pid for pgid in pgids for pid in group_members(pgid)}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
