"""The engine protocol's cost: ``python benchmarks/engines.py``.

Two figures:

* **per message**, in this process: writing an ``act`` line (the view
  document and the legal actions in notation) and reading the answer
  (:func:`~modern_art.agents.engine.protocol.read_action`), and, on the
  engine's side, reading the view document back (``from_json``), over every
  decision of ``--games`` seeded random games;
* **games per second** of a match of four ``modern-art engine random``
  processes against the same match of four random bots in this process
  (``modern-art match random random random random``), both played by
  :func:`~modern_art.agents.match.runner.run_match` in one process, in
  wall time, ``--repeat`` times interleaved (medians).

Not part of the test run; the figures depend on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The engine processes import this checkout too.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
)

import modern_art as ma  # noqa: E402
from modern_art.agents.engine.protocol import (  # noqa: E402
    act_line,
    action_line,
    read_action,
    read_message,
)
from modern_art.agents.match.plan import MatchPlan  # noqa: E402
from modern_art.agents.match.runner import run_match  # noqa: E402


def decisions(games: int) -> list[tuple[ma.OwnView, ma.Action]]:
    """Each decision of ``games`` seeded random games: the actor's view and its action."""
    out = []
    for seed in range(games):
        record = ma.play_game([ma.RandomAgent(seed * 10 + s) for s in range(4)], seed=seed)
        state = record.start()
        for action in record.actions:
            out.append((ma.view(state, action.seat), action))
            state = ma.apply(state, action).state
    return out


def per_message(games: int) -> dict[str, float]:
    """Microseconds per decision: the runner's act line and answer, the engine's view read."""
    moves = decisions(games)
    start = time.process_time()
    lines = [act_line(view, 1000) for view, _ in moves]
    write = time.process_time() - start
    answers = [action_line(view.step, action) for view, action in moves]
    start = time.process_time()
    for (view, _), answer in zip(moves, answers, strict=True):
        read_action(read_message(answer), view)
    read = time.process_time() - start
    start = time.process_time()
    for line in lines:
        ma.from_json(json.dumps(json.loads(line)["view"]), "view")
    engine = time.process_time() - start
    n = len(moves)
    return {
        "decisions": n,
        "act_line_us": 1e6 * write / n,
        "read_action_us": 1e6 * read / n,
        "engine_reads_view_us": 1e6 * engine / n,
        "act_line_bytes": statistics.mean(len(line) for line in lines),
    }


def games_per_second(games: int, repeat: int) -> dict[str, float]:
    """Medians of wall-time games per second, engines against bots in this process."""
    engine = f"engine:{sys.executable} -m modern_art engine random --seed 1"
    lineups = {"in_process": ["random"] * 4, "engines": [engine] * 4}
    times: dict[str, list[float]] = {name: [] for name in lineups}
    for _ in range(repeat):
        for name, players in lineups.items():
            plan = MatchPlan.of(players, seed=1)
            start = time.perf_counter()
            result = run_match(plan, games)
            times[name].append(time.perf_counter() - start)
            errors = sum(sum(p.errors.values()) for p in result.players)
            assert errors == 0, f"{name}: {errors} protocol errors"
    out = {f"{name}_games_per_s": games / statistics.median(t) for name, t in times.items()}
    out["slowdown"] = out["in_process_games_per_s"] / out["engines_games_per_s"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (default 40)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = {**per_message(min(args.games, 20)), **games_per_second(args.games, args.repeat)}
    if args.json:
        print(json.dumps(figures))
        return
    print(f"{figures['decisions']:.0f} decisions of 20 random four-player games:")
    print(
        f"  runner writes an act line: {figures['act_line_us']:.0f} us"
        f" ({figures['act_line_bytes']:.0f} bytes); reads the answer:"
        f" {figures['read_action_us']:.0f} us; an engine reads the view back:"
        f" {figures['engine_reads_view_us']:.0f} us (CPU)"
    )
    print(f"a match of {args.games} games, medians of {args.repeat} runs (wall time):")
    print(
        f"  four random bots in process: {figures['in_process_games_per_s']:.1f} games/s;"
        f" four `modern-art engine random` processes: {figures['engines_games_per_s']:.1f}"
        f" games/s ({figures['slowdown']:.1f} times slower)"
    )


if __name__ == "__main__":
    main()
