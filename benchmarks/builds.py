"""Builds side by side, in one run: ``python benchmarks/builds.py``.

Compares the pure build of this checkout with

* ``--compiled PYTHON``: an interpreter whose environment holds the compiled
  build (``MODERN_ART_COMPILE=1 pip install .``); default: the variable
  ``MODERN_ART_COMPILED_PYTHON``, as ``.ci/run`` sets it;
* ``--base DIR``: another checkout, e.g. an older version
  (``git worktree add /tmp/base main``), run with this interpreter.

Each build runs in its own process; the rounds are interleaved (A, B, C, A,
B, C ...) so that a busy machine slows them alike, and each figure is the
median over ``--repeat`` rounds of CPU time. Prints a Markdown table with
each build's figure and its ratio to this checkout's pure build.

Workloads:

* playouts: complete random 4-player games (the random player picks among
  every seat's legal actions), games per second;
* view: ``ma.view(state, seat)`` over the states of 20 random games, calls
  per second;
* table: random 4-player games (half as many) that put each state in a
  dictionary and look it up again, as a search's table of seen states does,
  games per second;
* bots: ``ma.play_game`` of a heuristic and two random agents, games per
  second.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_WORKLOAD = r"""
import json, random, sys, time
root = sys.argv[1]
if root:
    sys.path.insert(0, root)
import modern_art as ma

def playouts(games):
    for seed in range(games):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        legal, apply = ma.legal_actions, ma.apply
        while not state.is_over:
            actions = legal(state)
            state = apply(state, actions[rng.randrange(len(actions))]).state
    return games

def states(games):
    kept = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        while not state.is_over:
            kept.append(state)
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state
    return kept

CORPUS = states(20)

def views(_):
    for state in CORPUS:
        ma.view(state, state.step % len(state.players))
    return len(CORPUS)

def table(games):
    # A search keeps the states it met in a table and looks them up again.
    for seed in range(games):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        seen = {}
        legal, apply = ma.legal_actions, ma.apply
        while not state.is_over:
            seen[state] = state.step
            assert seen[state] == state.step
            actions = legal(state)
            state = apply(state, actions[rng.randrange(len(actions))]).state
    return games

def bots(games):
    for seed in range(games):
        agents = [ma.HeuristicAgent(seed=seed), ma.RandomAgent(seed=seed)]
        agents.append(ma.RandomAgent(seed=seed + 1))
        ma.play_game(agents, seed=seed)
    return games

work = {"playouts": (playouts, int(sys.argv[2])), "view": (views, 1)}
work["table"] = (table, int(sys.argv[2]) // 2)
work["bots"] = (bots, int(sys.argv[3]))
out = {"compiled": getattr(ma, "COMPILED", False)}
for name, (fn, n) in work.items():
    fn(max(1, n // 10))  # warm up
    start = time.process_time()
    count = fn(n)
    out[name] = count / (time.process_time() - start)
print(json.dumps(out))
"""


def run_once(python: str, root: str, games: int, bot_games: int) -> dict[str, float]:
    """One round of every workload in a fresh process of ``python``."""
    result = subprocess.run(
        [python, "-c", _WORKLOAD, root, str(games), str(bot_games)],
        cwd="/",  # outside any checkout: an installed build imports as installed
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, float] = json.loads(result.stdout)
    return data


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", default=os.environ.get("MODERN_ART_COMPILED_PYTHON"))
    parser.add_argument("--base", help="another checkout to compare (run with this python)")
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--games", type=int, default=100, help="random games per round")
    parser.add_argument("--bot-games", type=int, default=20, help="bot games per round")
    args = parser.parse_args(argv)
    builds: dict[str, tuple[str, str]] = {"pure (this checkout)": (sys.executable, str(ROOT))}
    if args.base:
        builds["base: " + args.base] = (sys.executable, str(Path(args.base).resolve()))
    if args.compiled:
        builds["compiled"] = (args.compiled, "")
    rounds: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    for _ in range(args.repeat):
        for name, (python, root) in builds.items():
            rounds[name].append(run_once(python, root, args.games, args.bot_games))
    if args.compiled and not all(r["compiled"] for r in rounds["compiled"]):
        raise SystemExit(f"{args.compiled} does not run the compiled build")
    units = {"playouts": "games/s", "view": "calls/s", "table": "games/s", "bots": "games/s"}
    reference = rounds["pure (this checkout)"]
    print(f"median of {args.repeat} interleaved rounds, CPU time; load {os.getloadavg()[0]:.1f}")
    print()
    print("| workload | build | figure | ratio to pure |")
    print("| --- | --- | ---: | ---: |")
    for work, unit in units.items():
        base = statistics.median(r[work] for r in reference)
        for name, results in rounds.items():
            figure = statistics.median(r[work] for r in results)
            print(f"| {work} ({unit}) | {name} | {figure:,.0f} | {figure / base:.2f}x |")


if __name__ == "__main__":
    main()
