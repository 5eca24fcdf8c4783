"""Speed of the search bot and of the analysis: ``python benchmarks/search_speed.py``.

Two workloads, each in its own process per build (this checkout's pure
build, and ``--compiled PYTHON``, an interpreter whose environment holds a
compiled build, ``MODERN_ART_COMPILE=1 pip install .``), CPU time of that
process (``time.process_time``, which a busy machine inflates far less than
wall time):

* search: decisions per second of ``ma.SearchAgent`` at its default budget
  (200 iterations), over the decisions of seat 0 in ``--games`` seeded
  4-player games against three heuristic bots (every decision with more
  than one legal action counts, the quick ones too);
* analyse: seconds per call of ``ma.analyse`` at 1,000 samples, over the
  first decision of seat 0 in each round of one seeded 4-player heuristic
  game (four positions, early in each round, where play-outs are longest).

Run it without ``PYTHONPATH``: the script puts this checkout first itself
for the pure build, and the compiled interpreter must import its own build.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_WORKLOAD = r"""
import json, sys, time
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
import modern_art as ma
games, samples = int(sys.argv[2]), int(sys.argv[3])

class Clocked:
    name = "search"
    def __init__(self, seed):
        self.inner = ma.SearchAgent(seed=seed)
        self.decisions, self.seconds = 0, 0.0
    def act(self, view, events):
        start = time.process_time()
        action = self.inner.act(view, events)
        if len(view.legal_actions) > 1:
            self.decisions += 1
            self.seconds += time.process_time() - start
        return action

decisions = seconds = 0
for seed in range(games):
    bot = Clocked(seed)
    ma.play_game([bot, ma.HeuristicAgent(), ma.HeuristicAgent(), ma.HeuristicAgent()], seed=seed)
    decisions += bot.decisions
    seconds += bot.seconds

record = ma.play_game([ma.HeuristicAgent() for _ in range(4)], seed=1)
state, positions, rounds = record.start(), [], set()
for action in record.actions:
    if state.round not in rounds and 0 in state.to_act and len(ma.legal_actions(state, 0)) > 1:
        rounds.add(state.round)
        positions.append(state)
    state = ma.apply(state, action).state
spent = 0.0
for state in positions:
    ledger = ma.MoneyLedger(tuple(p.money for p in state.players))
    start = time.process_time()
    ma.analyse(ma.view(state, 0), samples=samples, seed=1, ledger=ledger)
    spent += time.process_time() - start
print(json.dumps({
    "compiled": ma.COMPILED,
    "decisions": decisions,
    "decisions_per_second": decisions / seconds,
    "seconds_per_decision": seconds / decisions,
    "analyse_positions": len(positions),
    "analyse_seconds": spent / len(positions),
}))
"""


def measure(python: str, root: str, games: int, samples: int) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [python, "-c", _WORKLOAD, root, str(games), str(samples)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tempfile.gettempdir(),  # not this checkout, which python -c would import
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--compiled", metavar="PYTHON", default=None)
    parser.add_argument("--games", type=int, default=2, help="games for the search (default 2)")
    parser.add_argument("--samples", type=int, default=1000, help="analyse's (default 1000)")
    args = parser.parse_args()
    builds = [("pure", sys.executable, str(ROOT))]
    if args.compiled:
        builds.append(("compiled", args.compiled, ""))
    print("| build | search decisions/s | s/decision | decisions | analyse s/call |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, python, root in builds:
        r = measure(python, root, args.games, args.samples)
        assert bool(r["compiled"]) == (name == "compiled"), f"{python} is not the {name} build"
        print(
            f"| {name} | {r['decisions_per_second']:.2f} | {r['seconds_per_decision']:.3f} |"
            f" {r['decisions']:.0f} | {r['analyse_seconds']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
