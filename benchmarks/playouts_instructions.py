"""Random games and playouts in instructions (callgrind), build against build, in one run.

``python benchmarks/playouts_instructions.py --build main=/venv-a/bin/python:/src/main
--build here=/venv-b/bin/python:/src/here``: each ``--build NAME=PYTHON[:ROOT]`` is an
interpreter and, for a pure build, the checkout it imports (none: the installed build,
compiled or not). Times on a shared machine wander; instruction counts do not. Each
workload runs once per build under ``valgrind --tool=callgrind``, counting only the
workload (inside ``itertools.starmap``, as ``benchmarks/envs_instructions.py`` does):

* **games**: ``--games`` seeded 4-player games by the documented loop
  (``ma.legal_actions`` and ``ma.apply``, a uniform pick of ``random.Random(seed)``);
* **playout**: ``ma.playout(ma.new_game(4, seed=s), seed=s)`` for as many seeds.

Prints instructions per game and each build's ratio of speed to the first build's
(above 1: fewer instructions). Needs valgrind. Not part of the test run.
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Sequence
from pathlib import Path

from callgrind import instructions

_WORKLOAD = r"""
import gc, itertools, random, sys
root, mode, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
if root:
    sys.path.insert(0, root)
import modern_art as ma

def games_loop():
    for seed in range(games):
        rng = random.Random(seed)
        state = ma.new_game(4, seed=seed)
        while not state.is_over:
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state

def playouts():
    for seed in range(games):
        ma.playout(ma.new_game(4, seed=seed), seed=seed)

work = games_loop if mode == "games" else playouts
work()  # warm: the shared actions and sets are made before the count
gc.collect()
gc.freeze()
list(itertools.starmap(work, [()]))  # the counted part
print("COMPILED", ma.COMPILED, file=sys.stderr)
"""

MODES = ("games", "playout")


def count(python: str, root: str, mode: str, games: int, out: Path) -> tuple[float, bool]:
    """Instructions per game of one workload under callgrind, and whether it ran compiled."""
    totals, stderr = instructions(python, _WORKLOAD, (root, mode, str(games)), out)
    return totals / games, "COMPILED True" in stderr


def main(argv: Sequence[str] | None = None) -> None:
    """Count each workload on each build and print a Markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="append", required=True, help="NAME=PYTHON[:ROOT]")
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    builds = []
    for spec in args.build:
        name, _, rest = spec.partition("=")
        python, _, root = rest.partition(":")
        builds.append((name, python, root))
    rows: dict[str, list[tuple[float, bool]]] = {mode: [] for mode in MODES}
    with tempfile.TemporaryDirectory() as folder:
        for mode in MODES:
            for name, python, root in builds:  # interleaved: each mode on every build in turn
                rows[mode].append(count(python, root, mode, args.games, Path(folder) / name))
    print("| workload | " + " | ".join(name for name, _, _ in builds) + " |")
    print("| --- |" + " --- |" * len(builds))
    for mode in MODES:
        base = rows[mode][0][0]
        cells = [
            f"{n / 1e6:.2f} M ({base / n:.3f}x{', compiled' if compiled else ''})"
            for n, compiled in rows[mode]
        ]
        print(f"| {mode} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
