"""Speed of the pictures: ``python benchmarks/svg.py``.

Prints a Markdown table:

* ``svg.board(state)`` and ``svg.board(view)``: median microseconds per
  call (``time.perf_counter_ns`` around each call) over every state of
  ``--games`` random 4-player games, the median of ``--repeat`` runs, with
  the spread (min..max) of those runs beside it. The goal is under 1 ms.
* The start-up cost of ``import modern_art`` and then of ``import
  modern_art.svg``, in fresh interpreters (median of ``--repeat``): what a
  ``_repr_svg_`` pays once, and what ``import modern_art`` would pay if it
  imported the pictures eagerly (it does not).

Not part of the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import modern_art as ma
from modern_art import svg


def states(games: int, players: int = 4) -> list[ma.GameState]:
    """Every state of ``games`` random games, in order."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ma.new_game(players, seed=seed)
        found.append(state)
        while not state.is_over:
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state
            found.append(state)
    return found


def median_us(calls: Sequence[Callable[[], object]]) -> float:
    """The median time of one call, in microseconds."""
    times = []
    for call in calls:
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def import_ms() -> tuple[float, float]:
    """Milliseconds to import ``modern_art``, then ``modern_art.svg``, in a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter(); import modern_art; u = time.perf_counter();"
        " import modern_art.svg; v = time.perf_counter(); print((u - t) * 1000, (v - u) * 1000)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    core, pictures = out.stdout.split()
    return float(core), float(pictures)


def row(name: str, runs: list[float], unit: str) -> str:
    """A table row: the median of the runs and their spread."""
    return f"| {name} | {statistics.median(runs):.0f} {unit} | {min(runs):.0f}..{max(runs):.0f} |"


def main(argv: Sequence[str] | None = None) -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--games", type=int, default=10, help="random games in the corpus")
    args = parser.parse_args(argv)
    corpus = states(args.games)
    views = [ma.view(s, s.step % s.num_players) for s in corpus]
    board = svg.board
    state_runs = [median_us([lambda s=s: board(s) for s in corpus]) for _ in range(args.repeat)]
    view_runs = [median_us([lambda v=v: board(v) for v in views]) for _ in range(args.repeat)]
    imports = [import_ms() for _ in range(args.repeat)]
    python = sys.version.split()[0]
    print(f"{len(corpus)} states of {args.games} random 4-player games; Python {python}")
    print()
    print("| measure | median | spread |")
    print("| --- | --- | --- |")
    print(row("svg.board(state), per call", state_runs, "µs"))
    print(row("svg.board(view), per call", view_runs, "µs"))
    for name, runs in (
        ("import modern_art", [core for core, _ in imports]),
        ("then import modern_art.svg", [pictures for _, pictures in imports]),
    ):
        print(f"| {name} | {statistics.median(runs):.1f} ms | {min(runs):.1f}..{max(runs):.1f} |")


if __name__ == "__main__":
    main()
