"""The strength table: every bot against three of each other bot, and an OpenSkill ladder.

``python benchmarks/strength.py --games 400 --workers 2`` plays, for every
ordered pair of bots (X, Y), a tournament of X against three Ys (4 seats),
seats rotated and every deal played from every seat (the tournament's
duplicate format), and prints X's win rate with its 95% Wilson interval.
Par is 25%: a bot no better than its rivals wins a quarter of the games.
An OpenSkill ladder (Plackett-Luce, the ``openskill`` package) rates all
bots on every game played, each seat ranked by its final money.

``--learned`` plays the learned bot (``learned``, trained by ``modern-art
train``) against three of each other bot instead, and ``--write`` puts its
table between the ``learned-table`` markers.

With ``--write``, the table replaces the part of README.md and of
docs/strength.rst between the ``strength-table`` markers, stating the games
actually played, each pairing's budgets and its seconds a game; a run
with fewer games than 400 a pairing, or without every pairing, says it is
PARTIAL in the table's heading. Every game's record goes to ``--records
DIR`` (one JSON Lines file a pairing and budget), and a stopped run resumes
from there (``--resume``, which also keeps the rows of the pairings it does
not play this time, so that pairings played by separate runs make one
table); ``--rewrite`` writes the table kept there again, playing nothing.

The search's budget (play-outs a decision) is ``--iterations`` in every
pairing, or ``--iterations-for X:Y=N`` in one: the goal pairing may be
played at a larger budget than the rest of the table, and the table says
which budget each row had.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(ROOT))  # this checkout's modern_art, not an installed one

import modern_art as ma  # noqa: E402
from modern_art.agents.factories import BOT_NAMES, bot_factory  # noqa: E402
from modern_art.agents.search.tree import DEFAULT_ITERATIONS  # noqa: E402
from modern_art.agents.standings import Outcome, standings  # noqa: E402

LEARNED = ("learned",)
"""Bots measured only as the one bot against three of each other bot (never as the three):
the trained policy's rows make a table of their own (``--learned``)."""
Row = tuple[str, str, float, float, float, int, float, int]
"""A pairing's row: bot, rival, win rate, interval low and high, games, seconds a game
(wall time, ``--workers`` games at once), the search's budget."""
FULL = 400
"""Games a pairing needs for the table to be the full one (the issue's bar)."""


def ladder(records: list[ma.GameRecord]) -> list[tuple[str, float, float]]:
    """(bot, mu, sigma) per bot, best ordinal (mu - 3 sigma) first.

    **(decision)** A bot that holds several seats of a game is one rating:
    each seat is rated as a player of the game, ranked by final money (ties
    share a rank), and the bot's new rating is the mean of its seats'.
    """
    from openskill.models import PlackettLuce  # the strength extra: openskill

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in BOT_NAMES}
    for record in records:
        assert record.money is not None
        names = list(record.players)
        ranks = [float(-m) for m in record.money]
        teams = [[ratings[n]] for n in names]
        new = model.rate(teams, ranks=ranks)
        for name in set(names):
            seats = [new[s][0] for s, n in enumerate(names) if n == name]
            r = ratings[name]
            r.mu = sum(x.mu for x in seats) / len(seats)
            r.sigma = sum(x.sigma for x in seats) / len(seats)
    found = [
        (n, r.mu, r.sigma) for n, r in ratings.items() if any(n in x.players for x in records)
    ]
    return sorted(found, key=lambda t: -(t[1] - 3 * t[2]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--games", type=int, default=FULL, help="games a pairing (default 400)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bots", default=",".join(BOT_NAMES))
    parser.add_argument("--playouts", type=int, default=16, help="montecarlo's budget")
    parser.add_argument(
        "--iterations",
        type=int,
        default=DEFAULT_ITERATIONS,
        help=f"search's play-outs a decision (default {DEFAULT_ITERATIONS})",
    )
    parser.add_argument(
        "--iterations-for",
        action="append",
        default=[],
        metavar="X:Y=N",
        help="search's budget in the pairing X against three Y (repeatable)",
    )
    parser.add_argument("--records", default=str(ROOT / "benchmarks" / "strength-records"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument(
        "--installed",
        action="store_true",
        help="play the installed modern_art (a compiled build), not this checkout's sources",
    )
    parser.add_argument("--only", action="append", default=[], help="X:Y pairings to play")
    parser.add_argument(
        "--learned",
        action="store_true",
        help="the learned bot against three of each other bot (its own table)",
    )
    parser.add_argument("--write", action="store_true", help="update README.md and the docs")
    parser.add_argument(
        "--rewrite",
        action="store_true",
        help="play nothing: the table of the last run in --records (its summary.json)",
    )
    args = parser.parse_args()
    folder = Path(args.records)
    if args.rewrite:
        kept = json.loads((folder / "summary.json").read_text())
        last = argparse.Namespace(**kept["args"])
        rows = table_rows(folder, kept)
        expected = learned_pairings(last) if getattr(last, "learned", False) else None
        table = render(rows, ladder(read_records(folder, rows)), last, expected)
        finish(table, args.write, learned=expected is not None)
        return
    budgets = dict(_budget(text) for text in args.iterations_for)
    args.compiled = ma.COMPILED
    folder.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {"args": vars(args), "pairings": [], "timing": {}}
    if args.resume and (folder / "summary.json").exists():
        before = json.loads((folder / "summary.json").read_text())
        summary["pairings"] = before.get("pairings", [])
        summary["timing"] = before.get("timing", {})
    bots = args.bots.split(",")
    expected = learned_pairings(args) if args.learned else None
    pairs = (
        [tuple(p.split(":", 1)) for p in args.only]
        or expected
        or [(x, y) for x in bots for y in bots if x != y and LEARNED[0] not in (x, y)]
    )
    for x, y in pairs:
        iterations = budgets.get((x, y), args.iterations)
        make = {n: bot_factory(n, playouts=args.playouts, iterations=iterations) for n in (x, y)}
        name = records_name(x, y, iterations)
        path = folder / name
        if not args.resume and path.exists():
            path.unlink()
        summary["pairings"] = [p for p in summary["pairings"] if p[:2] != [x, y]]
        summary["pairings"].append([x, y, iterations])
        if not args.resume:
            summary["timing"][name] = [0, 0.0]
        timing = summary["timing"].setdefault(name, [0, 0.0])
        found = len(path.read_text().splitlines()) if path.exists() else 0
        clock = Clock(timing, found, lambda: save(folder, summary))
        result = ma.tournament(
            [make[x], make[y], make[y], make[y]],
            args.games,
            seed=args.seed,
            workers=args.workers,
            records=path,
            progress=clock.tick,
        )
        s = result.standing(x)
        low, high = s.win_rate_ci
        print(
            f"{x} vs 3 {y}: {s.win_rate:.1%} ({low:.1%} to {high:.1%}),"
            f" {result.games} games, {timing[1]:.0f} s",
            flush=True,
        )
        save(folder, summary)
    rows = table_rows(folder, summary)
    table = render(rows, ladder(read_records(folder, rows)), args, expected)
    finish(table, args.write, learned=expected is not None)


def learned_pairings(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The learned table's pairings: the learned bot against three of each other bot."""
    rivals = [b for b in args.bots.split(",") if b not in LEARNED and b != "random"]
    return [(LEARNED[0], y) for y in rivals]


class Clock:
    """Counts a pairing's games and their seconds as they finish (the tournament's progress)."""

    def __init__(self, timing: list[Any], found: int, saved: Callable[[], None]) -> None:
        self.timing, self.done, self.saved = timing, found, saved
        self.last = time.perf_counter()

    def tick(self, done: int, _total: int) -> None:
        now = time.perf_counter()
        self.timing[0] += done - self.done
        self.timing[1] += now - self.last
        self.done, self.last = done, now
        self.saved()


def _budget(text: str) -> tuple[tuple[str, str], int]:
    """``X:Y=N`` as ((X, Y), N)."""
    pair, _, n = text.partition("=")
    x, _, y = pair.partition(":")
    if not (x and y and n.isdigit() and int(n) > 0):
        raise SystemExit(f"--iterations-for takes X:Y=N (N a positive integer), got {text!r}")
    return (x, y), int(n)


def records_name(x: str, y: str, iterations: int) -> str:
    """The records file of a pairing; the search's budget is part of its name."""
    budget = f"-{iterations}" if "search" in (x, y) else ""
    return f"{x}-vs-3-{y}{budget}.jsonl"


def table_rows(folder: Path, summary: dict[str, Any]) -> list[Row]:
    """The rows of the pairings in ``summary``, worked out from their records files.

    A pairing stopped halfway counts the games it finished.
    """
    rows: list[Row] = []
    for x, y, iterations in summary["pairings"]:
        name = records_name(x, y, iterations)
        path = folder / name
        if not path.exists():
            continue
        records = [ma.from_json(line, "record") for line in path.read_text().splitlines() if line]
        if not records:
            continue
        outcomes = [
            Outcome(i, r.players, r.money or (), r.winners or ()) for i, r in enumerate(records)
        ]
        s = standings(outcomes, 4).standing(x)
        games, seconds = summary["timing"].get(name, [0, 0.0])
        per_game = seconds / games if games else math.nan
        rows.append((x, y, s.win_rate, *s.win_rate_ci, len(records), per_game, iterations))
    return rows


def read_records(folder: Path, rows: list[Row]) -> list[ma.GameRecord]:
    """Every game record of ``rows``' pairings."""
    return [
        ma.from_json(line, "record")
        for x, y, *_, iterations in rows
        for line in (folder / records_name(x, y, iterations)).read_text().splitlines()
        if line
    ]


def save(folder: Path, summary: dict[str, Any]) -> None:
    """The pairings so far, their timing and the run's options (``--resume``, ``--rewrite``)."""
    part = folder / "summary.json.part"
    part.write_text(json.dumps(summary, indent=2))
    part.replace(folder / "summary.json")  # whole or not at all, for a reader meanwhile


def finish(table: str, write: bool, *, learned: bool = False) -> None:
    """Print ``table``; with ``write``, put it into README.md and docs/strength.rst."""
    print(table)
    if write:
        for target in (ROOT / "README.md", ROOT / "docs" / "strength.rst"):
            marker = "learned-table" if learned else "strength-table"
            write_between(target, table, rst=target.suffix == ".rst", marker=marker)


def render(
    rows: list[Row],
    board: list[tuple[str, float, float]],
    args: argparse.Namespace,
    expected: list[tuple[str, str]] | None = None,
) -> str:
    """The table of ``rows`` and the ladder, under a heading that says what ran.

    ``expected`` is the pairings a full table has; by default every ordered
    pair of the bots in ``rows``.
    """
    games = sorted({r[5] for r in rows})
    names = sorted({r[0] for r in rows} | {r[1] for r in rows})
    if expected is None:
        expected = [(x, y) for x in names for y in names if x != y]
    missing = len(set(expected) - {(r[0], r[1]) for r in rows})
    full = all(g >= FULL for g in games) and missing == 0
    short = [] if all(g >= FULL for g in games) else [f"the full table needs {FULL} a pairing"]
    if missing:
        short.append(f"{missing} of the {len(expected)} pairings not played")
    budgets = sorted({r[7] for r in rows if "search" in r[:2]})
    why = f" ({'; '.join(short)})" if short else ""
    heading = (
        f"{'Full run' if full else 'PARTIAL run'}: {', '.join(map(str, games))} games a pairing"
        f"{why}; {'compiled' if getattr(args, 'compiled', False) else 'pure'} build;"
        f" seed {args.seed};"
        f" montecarlo {args.playouts} playouts a decision, search"
        f" {' or '.join(map(str, budgets or [args.iterations]))} play-outs a decision"
        " (the budget column); seats rotated, every deal from every seat;"
        " s a game is wall time, the run's workers playing at once."
    )
    lines = [
        heading,
        "",
        "| bot | against three | win rate | 95% interval | games | search budget | s a game |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for x, y, rate, low, high, n, seconds, iterations in rows:  # seconds a game
        budget = str(iterations) if "search" in (x, y) else "n/a"
        lines.append(
            f"| {x} | {y} | {rate:.1%} | {low:.1%} to {high:.1%} | {n} | {budget}"
            f" | {seconds:.1f} |"
        )
    lines += ["", "| ladder | bot | mu | sigma |", "| ---: | --- | ---: | ---: |"]
    lines += [
        f"| {i} | {n} | {mu:.2f} | {sigma:.2f} |" for i, (n, mu, sigma) in enumerate(board, 1)
    ]
    return "\n".join(lines)


def write_between(path: Path, table: str, *, rst: bool, marker: str = "strength-table") -> None:
    """Put ``table`` between ``path``'s ``marker`` start and end lines."""
    text = path.read_text(encoding="utf-8")
    start, end = (
        (f"..  {marker}-start", f"..  {marker}-end")
        if rst
        else (f"<!-- {marker}-start -->", f"<!-- {marker}-end -->")
    )
    body = _rst_table(table) if rst else table
    pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path}: no {start} ... {end} markers")
    path.write_text(pattern.sub(lambda _: f"{start}\n\n{body}\n\n{end}", text), encoding="utf-8")


def _rst_table(table: str) -> str:
    """The Markdown tables as reStructuredText list-tables (the heading as a paragraph)."""
    out: list[str] = []
    for block in table.split("\n\n"):
        lines = block.splitlines()
        if not lines[0].startswith("|"):
            out.append(block)
            continue
        cells = [
            [c.strip() for c in line.strip("|").split("|")]
            for line in lines
            if not line.startswith("| ---")
        ]
        out.append(".. list-table::\n   :header-rows: 1\n")
        for row in cells:
            out.append("   * - " + "\n     - ".join(row))
    return "\n\n".join(out)


if __name__ == "__main__":
    main()
