"""Parallel efficiency of tournaments on processes and on Ray: ``python benchmarks/scale.py``.

Plays the same tournament (one heuristic and three random bots, 4 players)
in this process, in a process pool of ``--workers`` processes, and on a
local Ray instance of ``--workers`` CPUs, and prints a Markdown table:
games per second (wall time: parallel play is about wall time), each
backend's speed-up over this process, its parallel efficiency (the speed-up
divided by the workers), and Ray's start-up (``ray_executor()`` until the
first task's result) in seconds and in games this process plays meanwhile.
Each figure is the median of ``--repeat`` rounds; the rounds interleave the
backends, so a busy machine slows all of them alike. Needs the ``ray`` extra
for the Ray rows. Not part of the test run.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import modern_art as ma

LINEUP: list[ma.AgentFactory] = [ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent, ma.RandomAgent]


def timed(play: Callable[[], ma.TournamentResult]) -> tuple[float, ma.TournamentResult]:
    """Wall seconds of ``play()`` and its result."""
    start = time.perf_counter()
    result = play()
    return time.perf_counter() - start, result


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=96, help="games per tournament (96)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="(all cores)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (3)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray rows")
    args = parser.parse_args()
    games, workers = args.games, args.workers
    try:
        import ray

        from modern_art.scale import ray_executor
    except ImportError:
        ray = None
    use_ray = ray is not None and not args.no_ray
    play = functools.partial(ma.tournament, LINEUP, games, seed=1, workers=workers)

    speeds: dict[str, list[float]] = {"local": [], "processes": [], "ray": []}
    startups: list[float] = []
    reference = None
    for _ in range(args.repeat):
        seconds, result = timed(functools.partial(ma.tournament, LINEUP, games, seed=1))
        reference = reference or result
        speeds["local"].append(games / seconds)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            pool.submit(int).result()  # the pool's start-up is not play
            seconds, result = timed(functools.partial(play, executor=pool))
        assert result == reference, "processes changed the standings"
        speeds["processes"].append(games / seconds)
        if use_ray:
            start = time.perf_counter()
            with ray_executor(num_cpus=workers, include_dashboard=False) as executor:
                executor.submit(int).result()
                startups.append(time.perf_counter() - start)
                seconds, result = timed(functools.partial(play, executor=executor))
            assert result == reference, "Ray changed the standings"
            speeds["ray"].append(games / seconds)

    local = statistics.median(speeds["local"])
    print(
        f"{games} games of heuristic + 3 random, {args.repeat} rounds, {workers} workers;"
        f" {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f},"
        f" CPython {platform.python_version()}" + (f", Ray {ray.__version__}" if use_ray else "")
    )
    print()
    print("| backend | games/s | speed-up | parallel efficiency |")
    print("| --- | --- | --- | --- |")
    for name in ("local", "processes", "ray"):
        if not speeds[name]:
            continue
        speed = statistics.median(speeds[name])
        cores = 1 if name == "local" else workers
        print(f"| {name} | {speed:.1f} | {speed / local:.2f} | {speed / local / cores:.0%} |")
    if startups:
        startup = statistics.median(startups)
        print()
        print(
            f"Ray start-up: {startup:.1f} s (median of {len(startups)}),"
            f" the time this process plays {startup * local:.0f} games in."
        )


if __name__ == "__main__":
    main()
