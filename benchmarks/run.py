"""Throughput and memory of the engine: ``python benchmarks/run.py``.

Prints a Markdown table. Every figure is the median of ``--repeat`` runs
(5 by default); the spread (min..max) is printed beside it, because the
machine may be shared. Throughputs and means are measured in CPU time of
this process (``time.process_time``), which other processes on a busy
machine inflate far less than wall time (``--clock wall`` to compare);
per-call medians use ``time.perf_counter_ns`` around each call, and a median
ignores the few calls that another process interrupts. Not part of the test
run.

Sections:

* playouts: complete random games per second and actions per second for 3,
  4 and 5 players. The random player picks uniformly among
  ``legal_actions(state)`` (every seat's actions) at every step.
* apply: microseconds per action, by the phase the action is applied in,
  over a corpus of (state, action) pairs captured from random games.
* legal_actions: microseconds to build the sequence, take its ``len`` and
  one index, as the random player does, over the same corpus of states.
* view and JSON round trip of a state: only when ``ma.view`` and
  ``ma.to_json`` (with ``ma.from_json``) exist; "n/a" otherwise.
* memory: bytes retained per state when 10,000 successive states of random
  4-player games are kept alive, measured with tracemalloc.
* text: ``ma.describe`` per event (spoken to the acting seat's neighbour),
  ``ma.format_action`` and ``ma.parse_action`` per action, and
  ``ma.write_position``, ``ma.position_problems`` and ``ma.read_position``
  per state, over the corpus in game order (as a log writes them); and
  ``write_position`` over the states shuffled, so that no state follows its
  parent and the tuples they share are not already written.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import modern_art as ma

Row = tuple[str, str, str, str]

clock = time.process_time
"""The clock for throughputs and means: CPU time unless ``--clock wall``."""


def random_game(players: int, seed: int) -> int:
    """Play one random game to the end; return the number of actions applied."""
    rng = random.Random(seed)
    state = ma.new_game(players, seed=seed)
    legal, apply, randrange = ma.legal_actions, ma.apply, rng.randrange
    steps = 0
    while not state.is_over:
        actions = legal(state)
        state = apply(state, actions[randrange(len(actions))]).state
        steps += 1
    return steps


def corpus(players: int, games: int, seed0: int = 10_000) -> list[tuple[ma.GameState, Any]]:
    """(state, action) pairs of random games, every action the random player took."""
    pairs = []
    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        state = ma.new_game(players, seed=seed)
        while not state.is_over:
            actions = ma.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            pairs.append((state, action))
            state = ma.apply(state, action).state
    return pairs


def median_spread(values: Sequence[float], fmt: str) -> tuple[str, str]:
    """The median and the min..max spread, formatted."""
    return format(statistics.median(values), fmt), (
        f"{format(min(values), fmt)}..{format(max(values), fmt)}"
    )


def bench_playouts(repeat: int, games: int) -> list[Row]:
    rows: list[Row] = []
    for players in (3, 4, 5):
        gps, aps = [], []
        for r in range(repeat):
            seeds = range(r * games, (r + 1) * games)
            start = clock()
            steps = sum(random_game(players, seed) for seed in seeds)
            elapsed = clock() - start
            gps.append(games / elapsed)
            aps.append(steps / elapsed)
        med, spread = median_spread(gps, ",.0f")
        rows.append((f"playouts, {players} players", "games/s", med, spread))
        med, spread = median_spread(aps, ",.0f")
        rows.append((f"playouts, {players} players", "actions/s", med, spread))
    return rows


def time_per_call(
    calls: Sequence[Callable[[], object]], repeat: int, loops: int = 1
) -> list[float]:
    """Mean microseconds per call over ``calls``, once per repeat."""
    results = []
    for _ in range(repeat):
        gc.collect()
        start = clock()
        for _ in range(loops):
            for call in calls:
                call()
        results.append((clock() - start) / (len(calls) * loops) * 1e6)
    return results


def per_call_median(calls: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """The median over ``calls`` of each call's own time in microseconds, once per repeat."""
    ns = time.perf_counter_ns
    overhead = statistics.median(
        [-(ns() - ns()) for _ in range(10_000)]  # the cost of reading the clock
    )
    results = []
    for _ in range(repeat):
        gc.collect()
        times = []
        for call in calls:
            t0 = ns()
            call()
            times.append(ns() - t0 - overhead)
        results.append(statistics.median(times) / 1e3)
    return results


def bench_apply(pairs: list[tuple[ma.GameState, Any]], repeat: int) -> list[Row]:
    rows: list[Row] = []
    by_phase: dict[str, list[tuple[ma.GameState, Any]]] = {}
    for state, action in pairs:
        by_phase.setdefault(type(state.phase).__name__, []).append((state, action))
    apply = ma.apply

    def calls(group: list[tuple[ma.GameState, Any]]) -> list[Callable[[], object]]:
        return [lambda s=s, a=a: apply(s, a) for s, a in group]

    for name in sorted(by_phase, key=lambda k: -len(by_phase[k])):
        group = by_phase[name]
        share = len(group) / len(pairs)
        med, spread = median_spread(per_call_median(calls(group), repeat), ".2f")
        rows.append((f"apply, {name} ({share:.0%} of actions)", "µs/action", med, spread))
    med, spread = median_spread(per_call_median(calls(pairs), repeat), ".2f")
    rows.append(("apply, all phases: median action", "µs/action", med, spread))
    med, spread = median_spread(time_per_call(calls(pairs), repeat), ".2f")
    rows.append(("apply, all phases: mean action", "µs/action", med, spread))
    return rows


def bench_legal(pairs: list[tuple[ma.GameState, Any]], repeat: int) -> list[Row]:
    legal = ma.legal_actions
    rng = random.Random(1)
    picks = [rng.random() for _ in pairs]

    def pick(state: ma.GameState, x: float) -> object:
        actions = legal(state)
        return actions[int(x * len(actions))]

    calls = [lambda s=s, x=x: pick(s, x) for (s, _), x in zip(pairs, picks, strict=True)]
    rows: list[Row] = []
    med, spread = median_spread(per_call_median(calls, repeat), ".2f")
    rows.append(("legal_actions + len + index: median state", "µs/call", med, spread))
    med, spread = median_spread(time_per_call(calls, repeat), ".2f")
    rows.append(("legal_actions + len + index: mean state", "µs/call", med, spread))
    return rows


def bench_view(states: list[ma.GameState], repeat: int) -> list[Row]:
    view = getattr(ma, "view", None)
    if view is None:
        return [("view(state, seat)", "µs/call", "n/a", "ma.view not available")]
    seats = [s.step % len(s.players) for s in states]
    calls = [lambda s=s, seat=seat: view(s, seat) for s, seat in zip(states, seats, strict=True)]
    med, spread = median_spread(time_per_call(calls, repeat), ".2f")
    return [("view(state, seat)", "µs/call", med, spread)]


def _from_json() -> Callable[[str], object] | None:
    """The inverse of ``ma.to_json`` for a state, whichever shape it has."""
    loads = getattr(ma, "from_json", None)
    if loads is None:
        return None
    probe = ma.new_game(3, seed=0)
    text = ma.to_json(probe)
    candidates: list[Callable[[str], object]] = [
        lambda t: loads(t, "state"),
        lambda t: loads(t, ma.GameState),
        loads,
    ]
    for call in candidates:
        try:
            if call(text) == probe:
                return call
        except (TypeError, ValueError):
            continue
    return None


def bench_json(states: list[ma.GameState], repeat: int) -> list[Row]:
    dumps = getattr(ma, "to_json", None)
    loads = _from_json() if dumps is not None else None
    if dumps is None or loads is None:
        return [("JSON round trip of a state", "µs/call", "n/a", "ma.to_json not available")]
    for s in states[:50]:
        assert loads(dumps(s)) == s, "JSON round trip changed the state"
    calls = [lambda s=s: loads(dumps(s)) for s in states]
    med, spread = median_spread(time_per_call(calls, repeat), ".1f")
    return [("JSON round trip of a state", "µs/call", med, spread)]


def bench_text(pairs: list[tuple[ma.GameState, Any]], repeat: int) -> list[Row]:
    names = ["Ann", "Bo", "Cy", "Di"]
    events = [e for s, a in pairs for e in ma.apply(s, a).events]
    describe, fmt, parse = ma.describe, ma.format_action, ma.parse_action
    write, problems, read = ma.write_position, ma.position_problems, ma.read_position
    texts = [fmt(a) for _, a in pairs]
    positions = [write(s) for s, _ in pairs]
    groups: list[tuple[str, str, list[Callable[[], object]]]] = [
        (
            "describe(event, names, you)",
            "µs/event",
            [lambda e=e, i=i: describe(e, names, i % 4) for i, e in enumerate(events)],
        ),
        ("format_action(action)", "µs/action", [lambda a=a: fmt(a) for _, a in pairs]),
        (
            "parse_action(text, state)",
            "µs/action",
            [lambda t=t, s=s: parse(t, s) for t, (s, _) in zip(texts, pairs, strict=True)],
        ),
        ("write_position(state)", "µs/state", [lambda s=s: write(s) for s, _ in pairs]),
        (
            "write_position(state), shuffled order",
            "µs/state",
            [
                lambda s=s: write(s)
                for s in random.Random(2).sample([s for s, _ in pairs], len(pairs))
            ],
        ),
        ("position_problems(state)", "µs/state", [lambda s=s: problems(s) for s, _ in pairs]),
        ("read_position(text)", "µs/state", [lambda t=t: read(t) for t in positions]),
    ]
    rows: list[Row] = []
    for label, unit, calls in groups:
        med, spread = median_spread(per_call_median(calls, repeat), ".2f")
        rows.append((f"{label}: median", unit, med, spread))
        med, spread = median_spread(time_per_call(calls, repeat), ".2f")
        rows.append((f"{label}: mean", unit, med, spread))
    return rows


def retained_bytes(count: int, players: int = 4) -> float:
    """Bytes per state retained by ``count`` successive states of random games."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept: list[ma.GameState] = []
    seed = 0
    while len(kept) < count:
        rng = random.Random(seed)
        state = ma.new_game(players, seed=seed)
        kept.append(state)
        while not state.is_over and len(kept) < count:
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state
            kept.append(state)
        seed += 1
    del rng, state, actions
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert len(kept) == count
    return (after - before) / count


def bench_memory(repeat: int, count: int) -> list[Row]:
    values = [retained_bytes(count) for _ in range(max(1, min(repeat, 3)))]
    med, spread = median_spread(values, ",.0f")
    return [(f"memory, {count:,} successive states (4 players)", "bytes/state", med, spread)]


def machine() -> str:
    return (
        f"{platform.python_implementation()} {platform.python_version()},"
        f" {os.cpu_count()} CPUs ({platform.processor() or platform.machine()}),"
        f" load average {os.getloadavg()[0]:.2f} at start"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--games", type=int, default=100, help="games per playout run")
    parser.add_argument("--corpus-games", type=int, default=40, help="4-player games in corpus")
    parser.add_argument("--states", type=int, default=10_000, help="states kept for memory")
    parser.add_argument(
        "--clock",
        choices=["cpu", "wall"],
        default="cpu",
        help="clock for throughputs and means (default: CPU time of this process)",
    )
    parser.add_argument(
        "--only",
        choices=["playouts", "apply", "legal", "view", "json", "memory", "text"],
        action="append",
        help="run only these sections (repeatable)",
    )
    args = parser.parse_args(argv)
    global clock  # noqa: PLW0603 (a command-line choice, set once)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    only = set(args.only or ["playouts", "apply", "legal", "view", "json", "memory", "text"])
    rows: list[Row] = []
    pairs = corpus(4, args.corpus_games) if only - {"playouts", "memory"} else []
    states = [s for s, _ in pairs]
    if "playouts" in only:
        rows += bench_playouts(args.repeat, args.games)
    if "apply" in only:
        rows += bench_apply(pairs, args.repeat)
    if "legal" in only:
        rows += bench_legal(pairs, args.repeat)
    if "view" in only:
        rows += bench_view(states, args.repeat)
    if "json" in only:
        rows += bench_json(states, args.repeat)
    if "memory" in only:
        rows += bench_memory(args.repeat, args.states)
    if "text" in only:
        rows += bench_text(pairs, args.repeat)
    print(f"modern-art {ma.__version__}; {machine()}")
    print(
        f"median of {args.repeat} runs; {args.clock} clock for throughputs and means;"
        f" corpus: {len(pairs):,} (state, action) pairs from {args.corpus_games}"
        " random 4-player games"
    )
    print()
    header = ("benchmark", "unit", "median", "min..max")
    widths = [max(len(r[i]) for r in [*rows, header]) for i in range(4)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)) + " |")
    print("| " + " | ".join("-" * w for w in widths) + " |")
    for row in rows:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [row[2].rjust(widths[2]), row[3].ljust(widths[3])]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
