"""Framework steps in instructions per action (callgrind): ``benchmarks/envs_instructions.py``.

Times on a loaded machine wander; instruction counts do not. This records
``--games`` seeded 4-player games as ``benchmarks/envs.py`` does, then runs
one workload per process under ``valgrind --tool=callgrind``, counting only
the workload (it runs inside ``itertools.starmap``, whose C function
toggles collection; the recording, the imports and the envs' set-up are not
counted), and prints each workload's instructions per action:

* **bare**: ``ma.legal_actions(state)`` and ``ma.apply(state, action)``;
* **pettingzoo**: ``env.last()`` and ``env.step(index)`` on the unwrapped
  env, reset before the count;
* **gymnasium**: ``SeatEnv.step(index)`` for seat 0's indices, the other
  seats replaying the recorded game, per action applied.

Run it with the build's own interpreter (``--python``, this one by
default), outside the checkout for an installed build::

    python benchmarks/envs_instructions.py --python /path/to/venv/bin/python

Add ``--keep DIR`` to keep the callgrind files for ``callgrind_annotate``.
Needs valgrind and the rl extra. Not part of the test run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from callgrind import instructions

ROOT = Path(__file__).resolve().parent.parent

_WORKLOAD = r"""
import gc, itertools, random, sys
root, mode, games, players = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
if root:
    sys.path.insert(0, root)
import numpy as np
import modern_art as ma
from modern_art.envs.gymnasium import SeatEnv
from modern_art.envs.pettingzoo import raw_env

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

class Replay:
    def __init__(self, actions):
        self.actions = actions
    def act(self, view, events):
        return self.actions[view.step]

tables = []
for game, _, _, _, _ in recorded:
    table = raw_env(players=players)
    table.reset(seed=game)
    tables.append(table)
seat_envs = []
for game, _, _, _, actions in recorded:
    env = SeatEnv(players, opponents=[lambda seed, a=actions: Replay(a)] * (players - 1))
    env.reset(seed=game)
    seat_envs.append((env, env.game_state.step))

def work():
    if mode == "bare":
        legal, apply = ma.legal_actions, ma.apply
        for _, start, _, _, actions in recorded:
            state = start
            for action in actions:
                legal(state)
                state = apply(state, action).state
    elif mode == "pettingzoo":
        for table, (_, _, indices, _, _) in zip(tables, recorded):
            last, step = table.last, table.step
            for index in indices:
                last()
                step(index)
    else:
        for (env, _), (_, _, indices, seats, _) in zip(seat_envs, recorded):
            step = env.step
            for index, seat in zip(indices, seats):
                if seat == 0:
                    step(index)

gc.collect()
gc.freeze()
list(itertools.starmap(work, [()]))  # the counted part
if mode == "gymnasium":
    applied = sum(len(r[4]) - before for r, (_, before) in zip(recorded, seat_envs))
else:
    applied = sum(len(r[4]) for r in recorded)
print("ACTIONS", applied, file=sys.stderr)
"""

MODES = ("bare", "pettingzoo", "gymnasium")


def count(python: str, root: str, mode: str, games: int, players: int, out: Path) -> float:
    """Instructions per action of one workload, under callgrind."""
    arguments = (root, mode, str(games), str(players))
    totals, stderr = instructions(python, _WORKLOAD, arguments, out)
    actions = next(
        int(line.split()[1]) for line in stderr.splitlines() if line.startswith("ACTIONS")
    )
    return totals / actions


def main(argv: Sequence[str] | None = None) -> None:
    """Print each workload's instructions per action."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable, help="the build's interpreter")
    parser.add_argument("--root", default="", help="a checkout to import (pure build)")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--keep", help="keep the callgrind files in this folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        figures = {
            mode: count(
                args.python, args.root, mode, args.games, args.players, folder / f"{mode}.out"
            )
            for mode in MODES
        }
    bare = figures["bare"]
    for mode, figure in figures.items():
        ratio = "" if mode == "bare" else f" ({figure / bare:.2f}x bare)"
        print(f"{mode}: {figure:,.0f} instructions per action{ratio}")


if __name__ == "__main__":
    main()
