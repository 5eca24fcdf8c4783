"""The library beside a plain reference engine, both builds, in one run: ``benchmarks/peers.py``.

Runs, each in its own process, interleaved round by round (A, B, C, A, B,
C ...) so that a busy machine slows them alike, every figure the median
over ``--repeat`` rounds (9 by default) of CPU time (``time.process_time``):

* the plain mutable reference (``benchmarks/reference.py``, not the
  library), as runs of actions and as a listed ``legal_actions()``, in the
  interpreter of each build, since interpreters differ;
* the pure build of this checkout and, with ``--compiled PYTHON`` (default:
  ``MODERN_ART_COMPILED_PYTHON``), the compiled build: random 4-player games
  through the documented loop and through ``ma.playout``; ``ma.view``; a
  bare ``legal_actions`` + ``apply`` step, a PettingZoo ``last`` + ``step``
  and a Gymnasium ``SeatEnv.step`` per action; the vector env's env steps
  per second; a state's ``from_json`` and its ``to_json`` + ``from_json``.

A random game draws each action uniformly from every seat's legal actions
with ``random.Random(seed)``; the reference plays the very same games (a
test checks it). The framework rows need the ``rl`` extra in that build's
environment and read "n/a" without it. Prints Markdown tables. Not part of
the test run.
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
root, bench, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
if root:
    sys.path.insert(0, root)
sys.path.insert(0, bench)
import modern_art as ma
import reference

clock = time.process_time
out = {"compiled": ma.COMPILED, "python": sys.version.split()[0]}

def rate(fn, n, per=1):
    fn(max(1, n // 10))
    start = clock()
    count = fn(n)
    return count / (clock() - start)

def reference_runs(n):
    for seed in range(n):
        reference.random_game(4, seed)
    return n

def reference_listed(n):
    for seed in range(n):
        reference.listed_game(4, seed)
    return n

def loop(n):
    legal, apply = ma.legal_actions, ma.apply
    for seed in range(n):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        while not state.is_over:
            acts = legal(state)
            state = apply(state, acts[rng.randrange(len(acts))]).state
    return n

def playouts(n):
    for seed in range(n):
        ma.playout(ma.new_game(4, seed=seed), seed=seed)
    return n

out["reference, runs"] = rate(reference_runs, games)
out["reference, listed"] = rate(reference_listed, max(1, games // 4))
out["documented loop"] = rate(loop, games)
out["ma.playout"] = rate(playouts, games)

states = []
for seed in range(20):
    rng = random.Random(seed)
    state = ma.new_game(4, seed=seed)
    while not state.is_over:
        states.append(state)
        acts = ma.legal_actions(state)
        state = ma.apply(state, acts[rng.randrange(len(acts))]).state

def per_call(fn, items):
    fn(items[:100])
    start = clock()
    fn(items)
    return (clock() - start) / len(items) * 1e6

def views(items):
    view = ma.view
    for state in items:
        view(state, state.step % 4)

texts = [ma.to_json(s) for s in states[::10]]
def from_json(items):
    for text in items:
        ma.from_json(text, "state")

def round_trip(items):
    for state in items:
        ma.from_json(ma.to_json(state), "state")

out["view, µs"] = per_call(views, states)
out["from_json, µs"] = per_call(from_json, texts)
out["to_json + from_json, µs"] = per_call(round_trip, states[::10])

try:
    import numpy as np
    from modern_art.envs.pettingzoo import raw_env
    from modern_art.envs.gymnasium import SeatEnv
    from modern_art.envs.vector import SeatVectorEnv
except ImportError:
    pass
else:
    recorded = []
    rng = random.Random(0)
    for game in range(10):
        table = raw_env(players=4)
        table.reset(seed=game)
        indices, actions = [], []
        while not table.game_state.is_over:
            seat = ma.next_seat(table.game_state)
            allowed = np.flatnonzero(table.codec.mask(table.game_state, seat))
            index = int(allowed[rng.randrange(len(allowed))])
            actions.append(table.codec.decode(index, table.game_state, seat))
            indices.append(index)
            table.step(index)
        recorded.append((game, table, indices, actions))

    def bare():
        legal, apply, count = ma.legal_actions, ma.apply, 0
        start = clock()
        for game, table, indices, actions in recorded:
            table.reset(seed=game)
            state = table.game_state
            for action in actions:
                legal(state)
                state = apply(state, action).state
            count += len(actions)
        return count, clock() - start

    def petting():
        count, spent = 0, 0.0
        for game, table, indices, actions in recorded:
            table.reset(seed=game)
            last, step = table.last, table.step
            start = clock()
            for index in indices:
                last()
                step(index)
            spent += clock() - start
            count += len(indices)
        return count, spent

    def gym():
        env = SeatEnv(4, opponents=[ma.RandomAgent] * 3)
        count, spent, pick = 0, 0.0, random.Random(1)
        for game in range(10):
            obs, info = env.reset(seed=game)
            done = False
            while not done:
                index = pick.choice(list(np.flatnonzero(info["action_mask"])))
                before = env.game_state.step
                start = clock()
                obs, reward, done, _, info = env.step(index)
                spent += clock() - start
                count += env.game_state.step - before  # the seat's action and the bots'
        return count, spent

    for name, fn in (("bare step, µs", bare), ("PettingZoo last + step, µs", petting),
                     ("Gymnasium step per action applied (3 RandomAgent seats), µs", gym)):
        fn()
        count, spent = fn()
        out[name] = spent / count * 1e6

    envs = SeatVectorEnv(16, 4, opponents=[ma.RandomAgent] * 3)
    obs, info = envs.reset(seed=0)
    pick = random.Random(2)
    steps = 0
    start = clock()
    while clock() - start < 1.0:
        rows = info["action_mask"]
        actions = np.array([pick.choice([*np.flatnonzero(row)] or [0]) for row in rows])
        obs, reward, term, trunc, info = envs.step(actions)
        steps += 16
    out["vector env (16 tables), env steps/s"] = steps / (clock() - start)
print(json.dumps(out))
"""


def run_once(python: str, root: str, games: int) -> dict[str, object]:
    """One round of every workload in a fresh process of ``python``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [python, "-c", _WORKLOAD, root, str(ROOT / "benchmarks"), str(games)],
        cwd="/",  # outside any checkout: an installed build imports as installed
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _median(rounds: list[dict[str, object]], key: str) -> float | None:
    values = [r[key] for r in rounds if isinstance(r.get(key), float)]
    return statistics.median(values) if values else None  # type: ignore[type-var]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", default=os.environ.get("MODERN_ART_COMPILED_PYTHON"))
    parser.add_argument("--repeat", type=int, default=9, help="interleaved rounds (median)")
    parser.add_argument("--games", type=int, default=100, help="random games per round")
    args = parser.parse_args(argv)
    builds = {"pure": (sys.executable, str(ROOT))}
    if args.compiled:
        builds["compiled"] = (args.compiled, "")
    rounds: dict[str, list[dict[str, object]]] = {name: [] for name in builds}
    for _ in range(args.repeat):
        for name, (python, root) in builds.items():
            rounds[name].append(run_once(python, root, args.games))
    if args.compiled and not all(r["compiled"] for r in rounds["compiled"]):
        raise SystemExit(f"{args.compiled} does not run the compiled build")
    print(
        f"4-player random games, median of {args.repeat} interleaved rounds, CPU time;"
        f" load {os.getloadavg()[0]:.1f}"
    )
    print()
    print("| engine | games/s | x reference (runs) | x reference (listed) |")
    print("| --- | ---: | ---: | ---: |")
    for name, results in rounds.items():
        python = results[0]["python"]
        runs = _median(results, "reference, runs")
        listed = _median(results, "reference, listed")
        assert runs and listed
        for key in ("reference, listed", "reference, runs", "documented loop", "ma.playout"):
            figure = _median(results, key)
            assert figure
            label = key if key.startswith("reference") else f"modern-art {name}, {key}"
            label = f"{label} (Python {python})"
            print(f"| {label} | {figure:,.0f} | {figure / runs:.2f} | {figure / listed:.2f} |")
    print()
    keys = [k for k in rounds["pure"][0] if k.endswith("µs") or k.endswith("/s")]
    keys = [k for k in keys if not k.startswith(("reference", "documented", "ma."))]
    print("| path | " + " | ".join(builds) + " |")
    print("| --- |" + " ---: |" * len(builds))
    for key in keys:
        cells = []
        for results in rounds.values():
            figure = _median(results, key)
            cells.append("n/a" if figure is None else f"{figure:,.2f}")
        print(f"| {key} | " + " | ".join(cells) + " |")
    for name, results in rounds.items():
        bare = _median(results, "bare step, µs")
        for key in (
            "PettingZoo last + step, µs",
            "Gymnasium step per action applied (3 RandomAgent seats), µs",
        ):
            figure = _median(results, key)
            if bare and figure:
                print(f"\n{name}: {key.split(',')[0]} / bare step = {figure / bare:.2f}x", end="")
    print()


if __name__ == "__main__":
    main()
