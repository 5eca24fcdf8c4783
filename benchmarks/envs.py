"""The framework adapters against the bare engine, both builds in one run: ``benchmarks/envs.py``.

Needs the rl extra in each build's environment. Each round runs, in a fresh
process of each build (the pure build of this checkout and, with
``--compiled PYTHON`` or ``MODERN_ART_COMPILED_PYTHON``, the compiled one),
interleaved round by round so that a busy machine slows them alike, in CPU
time (``time.process_time``):

* recording: ``--games`` seeded 4-player games (``--players``) through the
  PettingZoo env, each action drawn uniformly from the acting seat's mask;
* **bare**: ``ma.legal_actions(state)`` and ``ma.apply(state, action)`` per
  recorded action;
* **PettingZoo**: ``env.last()`` (the acting agent's observation and mask)
  and ``env.step(index)`` per recorded action, on the unwrapped env;
* **Gymnasium**: ``SeatEnv.step(index)`` for seat 0's recorded indices,
  the other seats played by agents that replay the recorded game (so the
  very same games as bare and PettingZoo, and no bot's thinking counted:
  what is timed is the env, its views for the bots and the learner's
  observation and mask), per action applied (the seat's and the bots');
* **Gymnasium, RandomAgent seats**: the same with three ``RandomAgent``
  opponents (their views and random draws counted), per action applied;
* ``ma.view(state, seat)`` per call, over the recorded states;
* the vector env (``SeatVectorEnv``, ``--tables`` tables, ``RandomAgent``
  opponents, random legal actions): env steps (one table's step) per second.

The pure build is this checkout's, or ``--root DIR``'s (another checkout,
say the commit before a change). The timers run game by game in turn
(bare, PettingZoo, Gymnasium, ... on
game 0, then on game 1, ...), after ``gc.freeze()``: what was made before
(the recorded games, the modules) is out of the collector's reach, so a full
collection does not land on one timer at random; each still pays for
collecting its own garbage. Every figure is the median over ``--repeat``
rounds (5 by default); the ratios are each build's own, of medians from the
same rounds. Prints Markdown. Not part of the test run.
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
import gc, json, random, sys, time
root, players, games, tables = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
if root:
    sys.path.insert(0, root)
import numpy as np
import modern_art as ma
from modern_art.envs.gymnasium import SeatEnv
from modern_art.envs.pettingzoo import raw_env
from modern_art.envs.vector import SeatVectorEnv

clock = time.process_time
out = {"compiled": ma.COMPILED, "python": sys.version.split()[0]}

# Record: seeds, the PettingZoo indices and seats, the library actions.
recorded = []
rng = random.Random(0)
for game in range(games):
    table = raw_env(players=players)
    table.reset(seed=game)
    start = table.game_state
    indices, seats, actions = [], [], []
    while not table.game_state.is_over:
        seat = ma.next_seat(table.game_state)
        allowed = np.flatnonzero(table.codec.mask(table.game_state, seat))
        index = int(allowed[rng.randrange(len(allowed))])
        actions.append(table.codec.decode(index, table.game_state, seat))
        indices.append(index)
        seats.append(seat)
        table.step(index)
    recorded.append((game, start, indices, seats, actions))
count = sum(len(r[2]) for r in recorded)

# Each timer plays one recorded game and returns (CPU seconds, actions applied).

def bare(game):
    _, start, _, _, actions = recorded[game]
    legal, apply = ma.legal_actions, ma.apply
    state = start
    begin = clock()
    for action in actions:
        legal(state)
        state = apply(state, action).state
    return clock() - begin, len(actions)

petting_table = raw_env(players=players)

def petting(game):
    _, _, indices, _, _ = recorded[game]
    table = petting_table
    table.reset(seed=game)
    last, step = table.last, table.step
    begin = clock()
    for index in indices:
        last()
        step(index)
    spent = clock() - begin
    assert table.game_state.is_over
    return spent, len(indices)

class Replay:
    # Plays the recorded game: the action of the view's step.
    def __init__(self, actions):
        self.actions = actions
    def act(self, view, events):
        return self.actions[view.step]

def gym_replayed(game):
    _, _, indices, seats, actions = recorded[game]
    env = SeatEnv(players, opponents=[lambda seed: Replay(actions)] * (players - 1))
    env.reset(seed=game)
    before = env.game_state.step  # the bots before seat 0's first turn ran in reset
    mine = [index for index, seat in zip(indices, seats) if seat == 0]
    step = env.step
    begin = clock()
    for index in mine:
        step(index)
    spent = clock() - begin
    assert env.game_state.is_over and env.game_state.step == len(actions)
    return spent, len(actions) - before

random_env = SeatEnv(players, opponents=[ma.RandomAgent] * (players - 1))
pick = random.Random(1)

def gym_random(game):
    env = random_env
    _, info = env.reset(seed=game)
    spent, applied, done = 0.0, 0, False
    while not done:
        index = pick.choice(np.flatnonzero(info["action_mask"]).tolist())
        before = env.game_state.step
        begin = clock()
        _, _, done, _, info = env.step(index)
        spent += clock() - begin
        applied += env.game_state.step - before  # the seat's action and the bots'
    return spent, applied

def views(game):
    _, start, _, _, actions = recorded[game]
    view, apply, state = ma.view, ma.apply, start
    shown = []
    for action in actions:
        shown.append(state)
        state = apply(state, action).state
    begin = clock()
    for state in shown:
        view(state, state.step % players)
    return clock() - begin, len(shown)

def vector():
    envs = SeatVectorEnv(tables, players, opponents=[ma.RandomAgent] * (players - 1))
    _, info = envs.reset(seed=0)
    pick = random.Random(2)
    steps, spent = 0, 0.0
    while spent < 1.0:
        rows = info["action_mask"]
        chosen = np.array([pick.choice(np.flatnonzero(row).tolist() or [0]) for row in rows])
        begin = clock()
        _, _, _, _, info = envs.step(chosen)
        spent += clock() - begin
        steps += tables
    return steps / spent

# The recorded games, the modules and the envs stay alive through every timer:
# frozen out of the collector's reach, so that a full collection, which would walk
# them all, does not land on whichever timer runs then (each timer still pays for
# collecting its own garbage).
gc.collect()
gc.freeze()
timers = {"bare": bare, "pettingzoo": petting, "gymnasium": gym_replayed,
          "gymnasium_random": gym_random, "view": views}
for fn in timers.values():
    fn(0)  # warm up
totals = {name: [0.0, 0] for name in timers}
for game in range(games):  # interleaved game by game, so that the machine's load slows all alike
    for name, fn in timers.items():
        spent, applied = fn(game)
        totals[name][0] += spent
        totals[name][1] += applied
for name, (spent, applied) in totals.items():
    out[name] = spent / applied
out["vector"] = vector()
out["actions"] = count
print(json.dumps(out))
"""

ROWS = (
    ("bare", "bare `legal_actions` + `apply`, µs per action"),
    ("pettingzoo", "PettingZoo `last` + `step`, µs per action"),
    ("gymnasium", "Gymnasium `SeatEnv.step`, µs per action applied (replayed seats)"),
    ("gymnasium_random", "Gymnasium `SeatEnv.step`, µs per action applied (3 `RandomAgent`)"),
    ("view", "`ma.view(state, seat)`, µs"),
)


def run_once(python: str, root: str, players: int, games: int, tables: int) -> dict[str, object]:
    """One round of every workload in a fresh process of ``python``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [python, "-c", _WORKLOAD, root, str(players), str(games), str(tables)],
        cwd="/",  # outside any checkout: an installed build imports as installed
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _median(rounds: list[dict[str, object]], key: str) -> float:
    values = [float(r[key]) for r in rounds]  # type: ignore[arg-type]
    return statistics.median(values)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", default=os.environ.get("MODERN_ART_COMPILED_PYTHON"))
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds (median)")
    parser.add_argument("--games", type=int, default=20, help="recorded games per round")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tables", type=int, default=16, help="the vector env's tables")
    parser.add_argument("--root", default=str(ROOT), help="the checkout of the pure build")
    args = parser.parse_args(argv)
    builds = {"pure": (sys.executable, args.root)}
    if args.compiled:
        builds["compiled"] = (args.compiled, "")
    rounds: dict[str, list[dict[str, object]]] = {name: [] for name in builds}
    for _ in range(args.repeat):
        for name, (python, root) in builds.items():
            rounds[name].append(run_once(python, root, args.players, args.games, args.tables))
    if args.compiled and not all(r["compiled"] for r in rounds["compiled"]):
        raise SystemExit(f"{args.compiled} does not run the compiled build")
    actions = rounds["pure"][0]["actions"]
    print(
        f"{args.games} games of {args.players} players ({actions} actions), median of"
        f" {args.repeat} interleaved rounds, CPU time; load {os.getloadavg()[0]:.1f}"
    )
    print()
    header = " | ".join(f"{name} (Python {r[0]['python']})" for name, r in rounds.items())
    print(f"| path | {header} |")
    print("| --- |" + " ---: |" * len(builds))
    for key, label in ROWS:
        cells = []
        for results in rounds.values():
            figure = _median(results, key) * 1e6
            bare = _median(results, "bare") * 1e6
            ratio = "" if key in ("bare", "view") else f" ({figure / bare:.2f}x bare)"
            cells.append(f"{figure:.2f}{ratio}")
        print(f"| {label} | " + " | ".join(cells) + " |")
    cells = [f"{_median(results, 'vector'):,.0f}" for results in rounds.values()]
    print(f"| `SeatVectorEnv`, {args.tables} tables, env steps/s | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
