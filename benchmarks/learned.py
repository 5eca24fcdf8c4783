"""How long the learned bot takes a decision: ``python benchmarks/learned.py --games 20``.

Plays seeded 4-player games of the bot ``learned`` (the shipped weights,
numpy inference) against three heuristic bots and times every call of its
``act`` (building the seat's observation and mask from its view and events,
the network, decoding), in this process's build: the pure build from a
checkout, or an installed (compiled) one with ``--installed``. Prints the
median, the mean, the 99th percentile and the slowest decision in
milliseconds of this process's CPU time (on a shared machine the wall
clock counts the other processes' turns too; it is printed beside); the
issue asks for under 1 ms a decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # this checkout's modern_art, not an installed one

import modern_art as ma  # noqa: E402
from modern_art.agents.learned import LearnedAgent  # noqa: E402


class Timed:
    """The learned bot, every decision timed."""

    name = "learned"

    def __init__(self, seconds: list[float], wall: list[float]) -> None:
        self.agent = LearnedAgent()
        self.seconds, self.wall = seconds, wall

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        start, clock = time.process_time(), time.perf_counter()
        action = self.agent.act(view, events)
        self.seconds.append(time.process_time() - start)
        self.wall.append(time.perf_counter() - clock)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--installed", action="store_true", help="time the installed build")
    args = parser.parse_args()
    seconds: list[float] = []
    wall: list[float] = []
    warm = [ma.HeuristicAgent(), ma.HeuristicAgent(), ma.HeuristicAgent()]
    ma.play_game([Timed([], []), *warm])  # loads numpy and the weights
    for g in range(args.games):
        agents: list[ma.Agent] = [ma.HeuristicAgent(g * 4 + s) for s in range(3)]
        agents.insert(g % 4, Timed(seconds, wall))
        ma.play_game(agents, seed=args.seed + g)
    seconds.sort()
    wall.sort()
    n = len(seconds)
    build = "compiled" if ma.COMPILED else "pure"
    print(
        "| build | decisions | median ms | mean ms | 99th percentile ms | slowest ms"
        " | wall median ms | wall mean ms |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        f"| {build} | {n} | {seconds[n // 2] * 1e3:.3f} | {sum(seconds) / n * 1e3:.3f}"
        f" | {seconds[int(0.99 * (n - 1))] * 1e3:.3f} | {seconds[-1] * 1e3:.3f}"
        f" | {wall[n // 2] * 1e3:.3f} | {sum(wall) / n * 1e3:.3f} |"
    )


if __name__ == "__main__":
    main()
