"""Cost of :func:`modern_art.position_problems` per state: ``python benchmarks/positions.py``.

Plays ``--games`` seeded random games (4 players, CMON) and times
``position_problems`` on every state they pass through, and on a view of
each, printing microseconds per state (the median of ``--repeat`` passes).
Then the same on games of made-up editions with 2, 4 and 8 times the CMON
cards a kind and as many more dealt, to show that the cost grows with the
state's size, not faster.

``--checkout PATH`` imports ``modern_art`` from another checkout (the base
before a change, say) to compare: the states are made by that checkout too.
On a busy machine separate runs differ by more than the checks cost, so the
last table times this checkout with and without the history and view-secret
checks (issue 24), the passes interleaved so that the load hits both alike.
``--against PATH`` runs the whole measurement ``--rounds`` times for each
checkout, alternately, in fresh processes, and prints each table's median
and the ratio of this checkout to that one. Times are the process's CPU
time (``time.process_time``), which other processes on a shared machine
disturb far less than the clock. Not part of the test run::

    python benchmarks/positions.py --against /work/base --rounds 5
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--against", type=Path, help="another checkout to compare, interleaved")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each, with --against")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()


def _states(ma: Any, rules: Any, games: int) -> list[Any]:
    from modern_art.testing import playout  # after the checkout is on the path

    states = []
    for seed in range(games):
        start = ma.new_game(4, seed=seed, rules=rules)
        states += [start, *(step.state for step in playout(start, seed))]
    return states


def _per_state(check: Any, things: list[Any], repeat: int) -> float:
    """Median microseconds a call over ``things``."""
    passes = []
    for _ in range(repeat):
        begin = time.process_time()
        for thing in things:
            check(thing)
        passes.append((time.process_time() - begin) / len(things) * 1e6)
    return statistics.median(passes)


def _scaled_rules(ma: Any, times: int) -> Any:
    """CMON's artists with ``times`` the cards of each kind, and ``times`` the deal."""
    rows = [tuple(k * times for k in row) for row in ma.Rules().edition.symbols]
    edition = ma.Edition(f"x{times}", ma.Rules().artists, rows)
    deals = {n: tuple(k * times for k in ma.Rules().deals(n)) for n in (3, 4, 5)}
    return ma.Rules(edition=edition, deal_schedule=deals)


def _table(ma: Any, args: argparse.Namespace) -> dict[str, tuple[int, int, float, float]]:
    """Per deck size: cards, states timed, µs per state, µs per view."""
    rows = {}
    for times in (1, 2, 4, 8):
        rules = ma.Rules() if times == 1 else _scaled_rules(ma, times)
        games = args.games if times == 1 else max(2, args.games // times)
        states = _states(ma, rules, games)
        views = [ma.view(state, state.step % 4) for state in states]
        state_us = _per_state(ma.position_problems, states, args.repeat)
        view_us = _per_state(ma.position_problems, views, args.repeat)
        label = "CMON" if times == 1 else f"x{times}"
        rows[label] = (len(rules.deck), len(states), state_us, view_us)
    return rows


def main() -> None:
    args = _parse()
    if args.against is not None:
        _interleaved(args)
        return
    sys.path.insert(0, str(args.checkout))
    import modern_art as ma

    rows = _table(ma, args)
    if args.json:
        print(json.dumps(rows))
        return
    print(f"checkout {args.checkout}, Python {platform.python_version()}, {args.games} games")
    print()
    print(
        "| states | cards in the deck | states timed | position_problems(state) µs | (view) µs |"
    )
    print("| --- | --- | --- | --- | --- |")
    for label, (cards, timed, state_us, view_us) in rows.items():
        print(f"| {label} | {cards} | {timed} | {state_us:.1f} | {view_us:.1f} |")
    _added_cost(ma, args)


def _interleaved(args: argparse.Namespace) -> None:
    """Both checkouts' tables, ``--rounds`` runs each, alternately; medians and ratios."""
    runs: dict[Path, list[dict[str, list[float]]]] = {args.checkout: [], args.against: []}
    for turn in range(args.rounds):
        for checkout in (args.checkout, args.against)[:: 1 if turn % 2 == 0 else -1]:
            done = subprocess.run(
                [sys.executable, __file__, "--json", "--checkout", str(checkout),
                 "--games", str(args.games), "--repeat", str(args.repeat)],
                capture_output=True, text=True, check=True, env=_clean_env(),
            )  # fmt: skip
            runs[checkout].append(json.loads(done.stdout))
    print(
        f"this checkout {args.checkout} against {args.against}: {args.rounds} runs each,"
        f" alternately, {args.games} games, Python {platform.python_version()}"
    )
    print()
    print("| states | cards | this: state µs | that: state µs | ratio | this: view µs |"
          " that: view µs | ratio |")  # fmt: skip
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for label in runs[args.checkout][0]:
        cards = runs[args.checkout][0][label][0]
        this = [statistics.median(run[label][k] for run in runs[args.checkout]) for k in (2, 3)]
        that = [statistics.median(run[label][k] for run in runs[args.against]) for k in (2, 3)]
        print(
            f"| {label} | {cards} | {this[0]:.1f} | {that[0]:.1f} | {this[0] / that[0]:.2f} |"
            f" {this[1]:.1f} | {that[1]:.1f} | {this[1] / that[1]:.2f} |"
        )


def _clean_env() -> dict[str, str]:
    """The environment without PYTHONPATH: each run imports its own checkout."""
    return {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}


def _added_cost(ma: Any, args: argparse.Namespace) -> None:
    """position_problems with and without the history and view-secret checks, interleaved."""
    try:
        import modern_art.seeing.problems.position as imported
    except ImportError:
        return
    position: Any = imported  # another checkout's module: looked up by name
    if not hasattr(position, "_history_problems"):
        return
    states = _states(ma, ma.Rules(), args.games)
    views = [ma.view(state, state.step % 4) for state in states]
    real = position._history_problems, position.view_secret_problems
    times: dict[str, list[float]] = {"on": [], "off": [], "view on": [], "view off": []}
    for _ in range(args.repeat):
        position._history_problems, position.view_secret_problems = real
        times["on"].append(_per_state(ma.position_problems, states, 1))
        times["view on"].append(_per_state(ma.position_problems, views, 1))
        position._history_problems = lambda *_: []
        position.view_secret_problems = lambda _: []
        times["off"].append(_per_state(ma.position_problems, states, 1))
        times["view off"].append(_per_state(ma.position_problems, views, 1))
    position._history_problems, position.view_secret_problems = real
    med = {key: statistics.median(values) for key, values in times.items()}
    print()
    print("| CMON, this checkout | with the history checks µs | without µs | ratio |")
    print("| --- | --- | --- | --- |")
    for what, on, off in (("state", "on", "off"), ("view", "view on", "view off")):
        print(f"| {what} | {med[on]:.1f} | {med[off]:.1f} | {med[on] / med[off]:.2f} |")


if __name__ == "__main__":
    main()
