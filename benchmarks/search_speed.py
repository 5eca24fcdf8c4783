"""Speed of the search bot and of the analysis: ``python benchmarks/search_speed.py``.

Two workloads, each in its own process per build (this checkout's pure
build, and ``--compiled PYTHON``, an interpreter whose environment holds a
compiled build, ``MODERN_ART_COMPILE=1 pip install .``), CPU time of that
process (``time.process_time``, which a busy machine inflates far less than
wall time):

* search: decisions per second of ``ma.SearchAgent`` at its default budget
  (``--iterations``: its default play-outs a decision unless given), over
  the decisions of seat 0 in ``--games`` seeded 4-player games against three
  heuristic bots (``--rivals montecarlo``: three Monte Carlo bots), every
  decision with more than one legal action counted, the quick ones too; and
  the slowest decision and the 99th percentile;
* analyse: seconds per call of ``ma.analyse`` at 1,000 samples, over the
  first decision of seat 0 in each round of one seeded 4-player heuristic
  game (four positions, early in each round, where play-outs are longest);
* play-out: milliseconds of one heuristic play-out from a round's start to
  its end (``agents/search/rollout.play_round``), over 300 sampled deals of
  a seeded 4-player game, what the search and the analysis spend their time
  on.

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
import json, random, sys, time
if sys.argv[1]:
    sys.path.insert(0, sys.argv[1])
import modern_art as ma
games, samples = int(sys.argv[2]), int(sys.argv[3])
iterations = int(sys.argv[4]) if sys.argv[4] else None
rival = {"heuristic": ma.HeuristicAgent, "montecarlo": ma.MonteCarloAgent}[sys.argv[5]]

class Clocked:
    name = "search"
    def __init__(self, seed):
        self.inner = ma.SearchAgent(seed=seed, iterations=iterations)
        self.times = []
    def act(self, view, events):
        start = time.process_time()
        action = self.inner.act(view, events)
        if len(view.legal_actions) > 1:
            self.times.append(time.process_time() - start)
        return action

times = []
for seed in range(games):
    bot = Clocked(seed)
    ma.play_game([bot, rival(seed=1), rival(seed=2), rival(seed=3)], seed=seed)
    times += bot.times
decisions, seconds = len(times), sum(times)
times.sort()
budget = bot.inner.iterations

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
from modern_art.agents.search.rollout import play_round
start_state = ma.new_game(4, seed=1)
rng = random.Random(1)
own = ma.view(start_state, 0)
worlds = [
    ma.sample_state(own, rng, ledger=ma.MoneyLedger(tuple(p.money for p in start_state.players)))
    for _ in range(300)
]
start = time.process_time()
for world in worlds:
    play_round(world)
playout_ms = (time.process_time() - start) / len(worlds) * 1000
print(json.dumps({
    "playout_ms": playout_ms,
    "compiled": ma.COMPILED,
    "decisions": decisions,
    "decisions_per_second": decisions / seconds,
    "seconds_per_decision": seconds / decisions,
    "p99": times[min(len(times) - 1, int(0.99 * len(times)))],
    "slowest": times[-1],
    "iterations": budget,
    "analyse_positions": len(positions),
    "analyse_seconds": spent / len(positions),
}))
"""


def measure(
    python: str, root: str, games: int, samples: int, iterations: int | None, rivals: str
) -> dict[str, float]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [python, "-c", _WORKLOAD, root, str(games), str(samples), str(iterations or ""), rivals],
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
    parser.add_argument("--iterations", type=int, default=None, help="the search's budget")
    parser.add_argument("--rivals", choices=("heuristic", "montecarlo"), default="heuristic")
    parser.add_argument("--no-pure", action="store_true", help="measure --compiled alone")
    args = parser.parse_args()
    builds = [] if args.no_pure else [("pure", sys.executable, str(ROOT))]
    if args.compiled:
        builds.append(("compiled", args.compiled, ""))
    print(
        "| build | play-outs a decision | search decisions/s | s/decision | 99th percentile |"
        " slowest | decisions | analyse s/call | play-out ms |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, python, root in builds:
        r = measure(python, root, args.games, args.samples, args.iterations, args.rivals)
        assert bool(r["compiled"]) == (name == "compiled"), f"{python} is not the {name} build"
        print(
            f"| {name} | {r['iterations']:.0f} | {r['decisions_per_second']:.2f} |"
            f" {r['seconds_per_decision']:.3f} | {r['p99']:.3f} | {r['slowest']:.3f} |"
            f" {r['decisions']:.0f} | {r['analyse_seconds']:.2f} | {r['playout_ms']:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
