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
Not part of the test run.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def _parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--checkout", type=Path, default=Path(__file__).resolve().parent.parent)
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
        begin = time.perf_counter()
        for thing in things:
            check(thing)
        passes.append((time.perf_counter() - begin) / len(things) * 1e6)
    return statistics.median(passes)


def _scaled_rules(ma: Any, times: int) -> Any:
    """CMON's artists with ``times`` the cards of each kind, and ``times`` the deal."""
    rows = [tuple(k * times for k in row) for row in ma.Rules().edition.symbols]
    edition = ma.Edition(f"x{times}", ma.Rules().artists, rows)
    deals = {n: tuple(k * times for k in ma.Rules().deals(n)) for n in (3, 4, 5)}
    return ma.Rules(edition=edition, deal_schedule=deals)


def main() -> None:
    args = _parse()
    sys.path.insert(0, str(args.checkout))
    import modern_art as ma

    print(f"checkout {args.checkout}, Python {platform.python_version()}, {args.games} games")
    print()
    print(
        "| states | cards in the deck | states timed | position_problems(state) µs | (view) µs |"
    )
    print("| --- | --- | --- | --- | --- |")
    for times in (1, 2, 4, 8):
        rules = ma.Rules() if times == 1 else _scaled_rules(ma, times)
        games = args.games if times == 1 else max(2, args.games // times)
        states = _states(ma, rules, games)
        views = [ma.view(state, state.step % 4) for state in states]
        state_us = _per_state(ma.position_problems, states, args.repeat)
        view_us = _per_state(ma.position_problems, views, args.repeat)
        label = "CMON" if times == 1 else f"x{times}"
        print(f"| {label} | {len(rules.deck)} | {len(states)} | {state_us:.1f} | {view_us:.1f} |")
    _added_cost(ma, args)


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
