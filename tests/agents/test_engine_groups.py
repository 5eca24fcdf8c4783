"""An engine's children end with it: each engine runs in a process group of its own.

An engine may start processes of its own (a shell script that runs the real
engine, a helper it forks). They inherit its stdout, so they can keep the
pipe open after the engine itself has gone. The runner ends the whole group:
on ``close()``, at the end of a match, when the runner is stopped by SIGINT or
SIGTERM, and when an :class:`~modern_art.EngineAgent` is dropped; and an
engine that exits is ``crashed`` at once, whatever its children hold.
Every check is by process group (a left-over child is adopted by init, so it
is no longer this process's descendant).
"""

from __future__ import annotations

import gc
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import modern_art as ma
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.engine.process import EngineProcess, kill_group
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.runner import run_match
from tests.helpers.processes import ctrl_c_reaches_children, group_members, groups_end

pytestmark = pytest.mark.skipif(
    not hasattr(os, "killpg"), reason="process groups are POSIX; Windows has none to check"
)

BAD = Path(__file__).with_name("engines") / "bad_engine.py"
RANDOM = shlex.join([sys.executable, "-m", "modern_art", "engine", "random", "--seed", "1"])


def with_child(engine: str, pids: Path) -> list[str]:
    """``engine`` run by a shell that writes its process group to ``pids`` and leaves a child.

    The shell ``exec``s the engine, so its group is the engine's; the
    ``sleep`` holds the engine's stdout and stderr open for ten minutes.
    """
    group = "cut -d' ' -f5 /proc/$$/stat"  # "pid (sh) state ppid pgrp ..."
    script = f"{group} >> {shlex.quote(str(pids))}; sleep 600 & exec {engine}"
    return ["/bin/sh", "-c", script]


def recorded(pids: Path) -> set[int]:
    """The process groups the engines wrote; none is this test's own group."""
    groups = {int(line) for line in pids.read_text().split()} if pids.exists() else set()
    assert os.getpgid(0) not in groups, "an engine shares the runner's process group"
    return groups


def three_seats(engine: EngineAgent) -> list[ma.Agent]:
    return [engine, ma.RandomAgent(2), ma.RandomAgent(3)]


def test_an_engine_runs_in_a_process_group_of_its_own() -> None:
    process = EngineProcess(RANDOM)
    try:
        assert os.getpgid(process.pid) == process.pid != os.getpgid(0)
    finally:
        process.close()
    assert groups_end({process.pid}) == set()


def test_close_ends_the_children_that_hold_the_engines_output(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    with EngineAgent(with_child(RANDOM, pids)) as engine:
        game = ma.play_game(three_seats(engine), seed=5)
        (group,) = recorded(pids)
        assert len(group_members(group)) == 2  # the engine and its sleeping child
    assert ma.replay(game).is_over
    assert groups_end({group}) == set()


def test_an_engine_that_exits_while_its_child_holds_stdout_has_crashed(tmp_path: Path) -> None:
    """Not ``timed_out``: the process is watched, not only the end of its stdout."""
    pids = tmp_path / "pids"
    crash = shlex.join([sys.executable, str(BAD), "crash-mid-game", "2"])
    engine = EngineAgent(with_child(crash, pids), move_time=20, fallback=ma.RandomAgent(9))
    try:
        ma.play_game(three_seats(engine), seed=5)
        (group,) = recorded(pids)
        assert [error.kind for error in engine.errors] == ["crashed"]
        assert "exited with code 4" in engine.errors[0].detail
    finally:
        engine.close()
    assert groups_end({group}) == set()


def test_closing_an_engine_whose_child_holds_its_pipes_leaves_no_reader_waiting(
    tmp_path: Path,
) -> None:
    """The group is killed, so the pipes close and both reading threads are done on return."""
    pids = tmp_path / "pids"
    process = EngineProcess(with_child(RANDOM, pids))
    process.close()
    assert not any(thread.is_alive() for thread in process._threads)
    assert groups_end(recorded(pids)) == set()


def _signal_inside_popen(monkeypatch: pytest.MonkeyPatch, number: int) -> list[int]:
    """Make signal ``number`` arrive in each ``Popen`` after the fork, before it returns.

    Returns the list that each started process's pid (its group) is added to.
    """
    started: list[int] = []
    real_popen = subprocess.Popen

    def popen_then_signal(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        process = real_popen(*args, **kwargs)
        started.append(process.pid)
        signal.raise_signal(number)
        return process

    monkeypatch.setattr(subprocess, "Popen", popen_then_signal)
    return started


def _exit_on_sigterm(number: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + number)  # what a run's worker does on SIGTERM


@pytest.mark.parametrize(
    ("number", "handler", "raised"),
    [
        (signal.SIGINT, signal.default_int_handler, KeyboardInterrupt),
        (signal.SIGTERM, _exit_on_sigterm, SystemExit),
    ],
)
def test_a_signal_while_an_engine_starts_ends_it(
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    number: int,
    handler: Callable[[int, FrameType | None], None],
    raised: type[BaseException],
) -> None:
    """A Ctrl-C (or a worker's SIGTERM) that comes after the fork, while ``Popen`` waits for
    the exec, is felt once the engine is held: the exception ends the engine as it passes."""
    previous = signal.signal(number, handler)
    started = _signal_inside_popen(monkeypatch, number)
    try:
        with pytest.raises(raised):
            EngineProcess(with_child(RANDOM, tmp_path / "pids"))
        assert started
        assert signal.getsignal(number) is handler  # put back as it was
        assert groups_end(set(started)) == set()
    finally:
        signal.signal(number, previous)
        for group in started:
            kill_group(group)


def test_a_signal_held_while_an_engine_starts_reaches_an_event_loop_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An event loop that hears SIGTERM through the wakeup file (asyncio's
    ``add_signal_handler``) hears a signal held while an engine starts once, not twice."""
    heard, wakeup = socket.socketpair()
    heard.setblocking(False)
    wakeup.setblocking(False)
    previous_fd = signal.set_wakeup_fd(wakeup.fileno())
    previous = signal.signal(signal.SIGTERM, lambda number, frame: None)  # the loop's no-op
    started = _signal_inside_popen(monkeypatch, signal.SIGTERM)
    try:
        process = EngineProcess(RANDOM)
        assert started
        process.close()
        assert heard.recv(16) == bytes([signal.SIGTERM])
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.set_wakeup_fd(previous_fd)
        heard.close()
        wakeup.close()


def test_a_dropped_engine_agent_ends_its_engines_group(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    engine = EngineAgent(with_child(RANDOM, pids))
    engine.start(0, ["A", "B", "C"], ma.Rules())
    (group,) = recorded(pids)
    assert group_members(group)
    del engine
    gc.collect()
    assert groups_end({group}) == set()


def test_the_end_of_a_match_ends_every_engines_group(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    player = "engine:" + shlex.join(with_child(RANDOM, pids))
    result = run_match(MatchPlan.of([player, "random", "random"], seed=3), 2)
    assert result.games == 2
    groups = recorded(pids)
    assert groups  # the engine waits in the pool between games, then the match ends it
    assert groups_end(groups) == set()


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_stopped_runner_ends_every_engines_group(
    tmp_path: Path, number: int, workers: int
) -> None:
    """``modern-art match`` stopped mid-match (Ctrl-C, SIGTERM), its games played here or in
    worker processes: no engine, and no child of one, outlives it."""
    pids = tmp_path / "pids"
    playing = tmp_path / "engine-pids"
    slow = shlex.join([sys.executable, str(BAD), "pid", str(playing)])
    player = "engine:" + shlex.join(with_child(slow, pids))
    command = [sys.executable, "-m", "modern_art", "match", player, "random", "random"]
    with ctrl_c_reaches_children():
        runner = subprocess.Popen(
            [*command, "--games", "50", "--workers", str(workers)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": os.getcwd()},
        )
    try:
        deadline = time.monotonic() + 60
        while not recorded(playing) and time.monotonic() < deadline:  # mid-game
            time.sleep(0.05)
        groups = recorded(pids)
        assert groups, "the match never started its engine"
        runner.send_signal(number)
        runner.wait(30)
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()
    assert groups_end(recorded(pids)) == set()
