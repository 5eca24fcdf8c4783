"""The web table's analysis on request: its time per decision, and the event loop meanwhile.

    python benchmarks/web_analysis.py                  # 150 samples, 12 decisions
    python benchmarks/web_analysis.py --samples 50 --decisions 4   # at least 2 decisions

Plays a practice table's game (the person plays the heuristic, the bots
too) and, at each of the person's first ``--decisions`` decisions, runs the
server's analysis (:class:`modern_art.web.practice.Analyst`, the default
sample budget unless ``--samples``) as a request does: by its worker (a
process, the server's way, then a thread, for comparison), awaited from an
event loop; the first analysis in a process includes starting it. Meanwhile
a task on that loop wakes every 10 ms and notes how late it woke: the loop's
lag, what every other request of the server waits at most while an analysis
runs (a thread shares the GIL).

Prints the analysis time (median, slowest) and the loop's lag (median,
p99, worst), with and without an analysis running.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import modern_art as ma
from modern_art.web.clocks import Timings
from modern_art.web.practice import ANALYSIS_SAMPLES, Analyst
from modern_art.web.seats import Seat, hash_token
from modern_art.web.tables import GameTable


def _table(seed: int) -> GameTable:
    seats = [Seat("You", token_hash=hash_token("t"))]
    seats += [Seat(f"Bot {i}", bot="heuristic") for i in (2, 3, 4)]
    state = ma.new_game([s.name for s in seats], seed=seed)
    table = GameTable("bench", state, seats, Timings(bot_delay=0.0), now=0.0, bot_seed=seed)
    table.advance(0.0)
    return table


async def _lag(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        before = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - before - 0.01)


async def _run(
    samples: int, decisions: int, seed: int, processes: bool, first_lags: list[float]
) -> tuple[list[float], list[float]]:
    analyst = Analyst(samples, processes=processes)
    table = _table(seed)
    person = ma.HeuristicAgent(seed)
    times: list[float] = []
    busy: list[float] = []
    while len(times) < decisions and not table.state.is_over:
        if ma.legal_actions(table.state, 0):
            seen, events, analysis_seed = analyst.ask(table, 0)
            stop = asyncio.Event()
            # The first analysis starts the worker: its lag is reported apart.
            watcher = asyncio.create_task(_lag(stop, busy if times else first_lags))
            start = time.perf_counter()
            await analyst.run(table.id, seen, events, analysis_seed)
            times.append(time.perf_counter() - start)
            stop.set()
            await watcher
            action = person.act(ma.view(table.state, 0), table.host.seen(0))
            table.act(0, action, table.state.step, 0.0)
        table.advance(0.0)
    analyst.close()
    return times, busy


async def _idle(seconds: float) -> list[float]:
    lags: list[float] = []
    stop = asyncio.Event()
    watcher = asyncio.create_task(_lag(stop, lags))
    await asyncio.sleep(seconds)
    stop.set()
    await watcher
    return lags


def _ms(values: list[float], q: float) -> str:
    ordered = sorted(values)
    return f"{1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]:.1f} ms"


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=ANALYSIS_SAMPLES)
    parser.add_argument("--decisions", type=int, default=12, help="at least 2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.decisions < 2 or args.samples < 1:
        parser.error("--decisions must be at least 2 and --samples at least 1")
    idle = asyncio.run(_idle(2.0))
    for processes in (True, False):
        first: list[float] = []
        times, busy = asyncio.run(_run(args.samples, args.decisions, args.seed, processes, first))
        where = "a worker process" if processes else "a worker thread"
        print(f"analysis in {where}, {len(times)} decisions, {args.samples} samples each:")
        print(
            f"  first (starts the worker): {times[0]:.2f} s, loop lag worst"
            f" {1000 * max(first):.1f} ms"
        )
        rest = times[1:]
        print(f"  the others: median {statistics.median(rest):.2f} s, slowest {max(rest):.2f} s")
        for name, lags in (("while analysing (the others)", busy), ("idle", idle)):
            print(
                f"  event loop lag {name}: median {_ms(lags, 0.5)}, p99 {_ms(lags, 0.99)},"
                f" worst {1000 * max(lags):.1f} ms ({len(lags)} wake-ups)"
            )


if __name__ == "__main__":
    main()
