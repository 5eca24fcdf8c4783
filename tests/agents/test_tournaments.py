"""Tournaments at scale: any executor, records files and resuming, agent factories."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, ClassVar

import pytest

import modern_art as ma

ROOT = Path(__file__).resolve().parents[2]
LINEUP: list[ma.AgentFactory] = [ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent]
GAMES = 40


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[ma.TournamentResult, bytes]:
    """The 40-game reference tournament played here in one go, and its records file."""
    path = tmp_path_factory.mktemp("reference") / "reference.jsonl"
    result = ma.tournament(LINEUP, GAMES, seed=5, records=path)
    return result, path.read_bytes()


class StopAfter:
    """An executor that plays each batch at once and fails every batch from game ``stop`` on."""

    def __init__(self, stop: int) -> None:
        self.stop = stop

    def submit(self, fn: Callable[[range], Any], batch: range) -> Future[Any]:
        future: Future[Any] = Future()
        if batch.stop > self.stop:
            future.set_exception(KeyboardInterrupt("stopped"))
        else:
            future.set_result(fn(batch))
        return future


def test_records_and_standings_are_the_same_in_process_in_processes_and_in_threads(
    tmp_path: Path, reference: tuple[ma.TournamentResult, bytes]
) -> None:
    """Worker processes and a caller's thread pool give the same standings and records file."""
    result, records = reference
    pool = tmp_path / "pool.jsonl"
    assert ma.tournament(LINEUP, GAMES, seed=5, workers=2, records=pool) == result
    assert pool.read_bytes() == records
    threads = tmp_path / "threads.jsonl"
    with ThreadPoolExecutor(max_workers=3) as executor:
        assert ma.tournament(LINEUP, GAMES, seed=5, executor=executor, records=threads) == result
    assert threads.read_bytes() == records


def test_records_file_holds_one_game_record_a_line_in_game_order(
    reference: tuple[ma.TournamentResult, bytes],
) -> None:
    """Line g is game g's record: it replays, and consecutive blocks of 3 share a deal."""
    _, records = reference
    lines = records.decode("ascii").splitlines()
    assert len(lines) == GAMES
    games = [ma.from_json(line, "record") for line in lines]
    for game, record in enumerate(games):
        assert ma.replay(record).is_over
        assert record.seed == games[game - game % 3].seed
        assert record.players[(3 - game % 3) % 3] == "heuristic"
    assert len({record.seed for record in games}) == (GAMES + 2) // 3


def test_a_run_stopped_midway_resumes_to_the_uninterrupted_result(
    tmp_path: Path, reference: tuple[ma.TournamentResult, bytes]
) -> None:
    """Games in the file are not replayed, a truncated last line is dropped, and all ends equal."""
    result, records = reference
    path = tmp_path / "stopped.jsonl"
    with pytest.raises(KeyboardInterrupt):
        ma.tournament(LINEUP, GAMES, seed=5, executor=StopAfter(13), records=path)
    kept = path.read_bytes()
    assert kept.count(b"\n") == 13 and records.startswith(kept)
    # A kill in the middle of a write leaves part of a line.
    path.write_bytes(kept + records[len(kept) : len(kept) + 300])
    played: list[int] = []
    resumed = ma.tournament(
        LINEUP, GAMES, seed=5, records=path, progress=lambda done, _: played.append(done)
    )
    assert resumed == result
    assert path.read_bytes() == records
    assert played == list(range(13, GAMES + 1))


def test_a_killed_process_resumes_to_the_uninterrupted_result(
    tmp_path: Path, reference: tuple[ma.TournamentResult, bytes]
) -> None:
    """A tournament process killed with SIGKILL mid-run is finished by a second run, unchanged."""
    result, records = reference
    path = tmp_path / "killed.jsonl"
    child = (
        "import sys, time\n"
        "import modern_art as ma\n"
        "class SlowRandom(ma.RandomAgent):\n"
        "    def __init__(self, seed):\n"
        "        super().__init__(seed)\n"
        "        time.sleep(0.05)\n"
        "ma.tournament([ma.HeuristicAgent, SlowRandom, ma.RandomAgent], 40, seed=5,"
        " records=sys.argv[1])\n"
    )
    process = subprocess.Popen([sys.executable, "-c", child, str(path)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while not (path.exists() and path.read_bytes().count(b"\n") >= 4):
            assert process.poll() is None, "the child ended before it was killed"
            assert time.monotonic() < deadline, "the child wrote no records in 60 s"
            time.sleep(0.01)
        assert process.poll() is None, "the child finished before it was killed"
    finally:
        process.kill()
        process.wait()
    kept = path.read_bytes()
    assert 4 <= kept.count(b"\n") < GAMES
    assert ma.tournament(LINEUP, GAMES, seed=5, records=path) == result
    assert path.read_bytes() == records


def test_a_records_file_of_another_tournament_is_refused(
    tmp_path: Path, reference: tuple[ma.TournamentResult, bytes]
) -> None:
    """Another seed, lineup or length, or a line that is not a record, is a ValueError."""
    _, records = reference
    path = tmp_path / "games.jsonl"
    path.write_bytes(records)
    with pytest.raises(ValueError, match=r"another tournament: game 0 \(line 1\) has deal seed"):
        ma.tournament(LINEUP, GAMES, seed=6, records=path)
    swapped: list[ma.AgentFactory] = [ma.RandomAgent, ma.HeuristicAgent, ma.RandomAgent]
    wrong = r"game 0 .* seats heuristic, random, random, not random, heuristic"
    with pytest.raises(ValueError, match=wrong):
        ma.tournament(swapped, GAMES, seed=5, records=path)
    with pytest.raises(ValueError, match="more than the 39 games"):
        ma.tournament(LINEUP, GAMES - 1, seed=5, records=path)
    lines = records.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:2]) + b'{"not": "a record"}\n' + lines[3])
    with pytest.raises(ValueError, match="line 3, is not a game record"):
        ma.tournament(LINEUP, GAMES, seed=5, records=path)
    assert path.read_bytes() == b"".join(lines[:2]) + b'{"not": "a record"}\n' + lines[3]


def test_a_longer_tournament_goes_on_from_a_shorter_ones_records(
    tmp_path: Path, reference: tuple[ma.TournamentResult, bytes]
) -> None:
    """Game g is the same in any tournament of the same seed, so 40 games extend 20."""
    result, records = reference
    path = tmp_path / "games.jsonl"
    ma.tournament(LINEUP, 20, seed=5, records=path)
    assert ma.tournament(LINEUP, GAMES, seed=5, records=path) == result
    assert path.read_bytes() == records


# Agent factories --------------------------------------------------------------------


class FirstChoice:
    """A plain agent class: no seed parameter, no chance."""

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        return view.legal_actions[0]


class Deep:
    """An agent with a parameter that is not a seed, which must keep its default."""

    made: ClassVar[list[int]] = []

    def __init__(self, depth: int = 3) -> None:
        Deep.made.append(depth)
        self.name = "deep"

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        return view.legal_actions[-1]


def seeded(*, seed: int) -> ma.RandomAgent:
    """A factory whose seed is keyword-only."""
    return ma.RandomAgent(seed)


def test_a_plain_agent_class_without_a_seed_parameter_plays_in_a_tournament() -> None:
    """A class with no seed parameter is made with no arguments (it once got a bare TypeError)."""
    result = ma.tournament([FirstChoice, ma.RandomAgent, ma.RandomAgent], 6, seed=2)
    assert result.standing("FirstChoice").games == 6
    assert ma.tournament([FirstChoice, ma.RandomAgent, ma.RandomAgent], 6, seed=2) == result


def test_tournament_passes_the_seed_only_to_a_parameter_named_seed() -> None:
    """Depth keeps its default; a keyword-only seed gets the same seed RandomAgent's does."""
    Deep.made = []
    by_keyword = ma.tournament([Deep, seeded, seeded], 3, seed=4)
    assert Deep.made == [3, 3, 3]
    assert by_keyword == ma.tournament([Deep, ma.RandomAgent, ma.RandomAgent], 3, seed=4)


def test_tournament_explains_a_factory_that_cannot_make_agents() -> None:
    """An agent object, a factory needing arguments or one making no agent is a clear TypeError."""
    with pytest.raises(TypeError, match="lineup entry 1 is a 'RandomAgent' object, not an agent"):
        ma.tournament([ma.RandomAgent, ma.RandomAgent(1), ma.RandomAgent], 3)  # type: ignore[list-item]

    class NeedsDepth:
        def __init__(self, depth: int) -> None:
            self.depth = depth

    with pytest.raises(TypeError, match=r"lineup entry 2, .*NeedsDepth, cannot be called without"):
        ma.tournament([ma.RandomAgent, ma.RandomAgent, NeedsDepth], 3)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="returned 'int', which is not an agent"):
        ma.tournament([ma.RandomAgent, ma.RandomAgent, lambda: 7], 3)  # type: ignore[list-item, return-value]


def test_tournament_explains_what_cannot_run_in_worker_processes() -> None:
    """A lambda in the lineup with workers=2, or an executor without submit, is a TypeError."""
    lineup: list[ma.AgentFactory] = [ma.RandomAgent, ma.RandomAgent, lambda: FirstChoice()]  # noqa: PLW0108
    with pytest.raises(TypeError, match="cannot be sent to worker processes"):
        ma.tournament(lineup, 3, workers=2)
    with pytest.raises(TypeError, match="submit"):
        ma.tournament(lineup, 3, executor=object())  # type: ignore[arg-type]
    assert ma.tournament(lineup, 3).games == 3


class Unreadable:
    """A factory whose signature Python cannot read, as for some compiled classes."""

    __signature__ = "not a signature"
    seeds: ClassVar[list[int]] = []

    def __call__(self, seed: int) -> ma.RandomAgent:
        Unreadable.seeds.append(seed)
        return ma.RandomAgent(seed)


def test_a_factory_without_a_readable_signature_gets_the_seed_as_its_argument() -> None:
    """Such a factory is called as factory(seed), and plays as the class it wraps."""
    Unreadable.seeds = []
    result = ma.tournament([ma.HeuristicAgent, Unreadable(), ma.RandomAgent], 3, seed=4)
    assert len(Unreadable.seeds) == 3 and len(set(Unreadable.seeds)) == 3
    assert result == ma.tournament([ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent], 3, seed=4)
