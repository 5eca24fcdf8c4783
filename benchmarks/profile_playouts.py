"""Profile random 4-player playouts with cProfile: ``python benchmarks/profile_playouts.py``.

Prints the top entries by own time (tottime), the view that shows where
the interpreter actually spends its time. Not part of the test run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import random_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="4-player games to play")
    parser.add_argument("--top", type=int, default=15, help="entries to print")
    parser.add_argument("--sort", default="tottime", help="pstats sort key")
    args = parser.parse_args()
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(args.games):
        random_game(4, seed)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
