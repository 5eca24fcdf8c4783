"""A state's JSON, read and written, and its views': ``python benchmarks/json_state.py``.

Times ``ma.from_json``, ``ma.to_json`` and the round trip of one mid-game
state (4 players, 120 random actions in), and ``ma.to_json`` of each seat's
view of it in turn (what a server sends after every move), per call, in CPU time: the median
of ``--repeat`` runs of ``--calls`` calls. It times this checkout's sources;
``--installed`` times the build the interpreter has installed (a compiled
one, say: ``cd / && PYTHON benchmarks/json_state.py --installed``). Not part
of the test run.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if "--installed" not in sys.argv:  # this checkout's sources, unless the installed build is asked
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import modern_art as ma


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument(
        "--installed",
        action="store_true",
        help="time the build installed in this interpreter (run it outside a checkout)",
    )
    args = parser.parse_args()
    rng = random.Random(1)
    state = ma.new_game(4, seed=1)
    for _ in range(120):
        actions = ma.legal_actions(state)
        state = ma.apply(state, actions[rng.randrange(len(actions))]).state
    text = ma.to_json(state)
    assert ma.from_json(text, "state") == state
    views = itertools.cycle([ma.view(state, seat) for seat in range(4)])
    work: dict[str, Callable[[], object]] = {
        "from_json": lambda: ma.from_json(text, "state"),
        "to_json": lambda: ma.to_json(state),
        "to_json + from_json": lambda: ma.from_json(ma.to_json(state), "state"),
        "to_json of a view": lambda: ma.to_json(next(views)),
    }
    print(f"compiled: {ma.COMPILED}; median of {args.repeat} runs of {args.calls} calls, CPU time")
    for name, call in work.items():
        runs = []
        for _ in range(args.repeat):
            start = time.process_time()
            for _ in range(args.calls):
                call()
            runs.append((time.process_time() - start) / args.calls * 1e6)
        print(f"{name}: {statistics.median(runs):.0f} µs")


if __name__ == "__main__":
    main()
