"""The strength table: every bot against three of each other bot, and an OpenSkill ladder.

``python benchmarks/strength.py --games 400 --workers 2`` plays, for every
ordered pair of bots (X, Y), a tournament of X against three Ys (4 seats),
seats rotated and every deal played from every seat (the tournament's
duplicate format), and prints X's win rate with its 95% Wilson interval.
Par is 25%: a bot no better than its rivals wins a quarter of the games.
An OpenSkill ladder (Plackett-Luce, the ``openskill`` package) rates all
bots on every game played, each seat ranked by its final money.

With ``--write``, the table replaces the part of README.md and of
docs/search.rst between the ``strength-table`` markers, stating the games
actually played, the budgets and the seconds each decision took; a run
with fewer games than 400 a pairing says so in the table's heading. Every
game's record goes to ``--records DIR`` (one JSON Lines file a pairing),
and a stopped run resumes from there (``--resume``); ``--rewrite`` writes the
table of the last run kept there again, playing nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's modern_art, not an installed one

import modern_art as ma  # noqa: E402
from modern_art.agents.factories import BOT_NAMES, bot_factory  # noqa: E402

Row = tuple[str, str, float, float, float, int, float]
"""A pairing's row: bot, rival, win rate, interval low and high, games, seconds."""
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
    parser.add_argument("--iterations", type=int, default=None, help="search's (default 200)")
    parser.add_argument("--records", default=str(ROOT / "benchmarks" / "strength-records"))
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--only", action="append", default=[], help="X:Y pairings to play")
    parser.add_argument("--write", action="store_true", help="update README.md and the docs")
    parser.add_argument(
        "--rewrite",
        action="store_true",
        help="play nothing: the table of the last run in --records (its summary.json)",
    )
    args = parser.parse_args()
    folder = Path(args.records)
    if args.rewrite:
        summary = json.loads((folder / "summary.json").read_text())
        rows = [tuple(row) for row in summary["rows"]]
        last = argparse.Namespace(**summary["args"])
        records = [
            ma.from_json(line, "record")
            for x, y, *_ in rows
            for line in (folder / f"{x}-vs-3-{y}.jsonl").read_text().splitlines()
            if line
        ]
        finish(render(rows, ladder(records), last), args.write)
        return
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    records = []
    bots = args.bots.split(",")
    for x in bots:
        for y in bots:
            if x == y or (args.only and f"{x}:{y}" not in args.only):
                continue
            make = {
                n: bot_factory(n, playouts=args.playouts, iterations=args.iterations)
                for n in (x, y)
            }
            path = folder / f"{x}-vs-3-{y}.jsonl"
            if not args.resume and path.exists():
                path.unlink()
            start = time.perf_counter()
            result = ma.tournament(
                [make[x], make[y], make[y], make[y]],
                args.games,
                seed=args.seed,
                workers=args.workers,
                records=path,
            )
            seconds = time.perf_counter() - start
            s = result.standing(x)
            low, high = s.win_rate_ci
            rows.append((x, y, s.win_rate, *s.win_rate_ci, result.games, seconds))
            print(
                f"{x} vs 3 {y}: {s.win_rate:.1%} ({low:.1%} to {high:.1%}),"
                f" {result.games} games, {seconds:.0f} s",
                flush=True,
            )
            records += [
                ma.from_json(line, "record") for line in path.read_text().splitlines() if line
            ]
    (folder / "summary.json").write_text(json.dumps({"rows": rows, "args": vars(args)}, indent=2))
    finish(render(rows, ladder(records), args), args.write)


def finish(table: str, write: bool) -> None:
    """Print ``table``; with ``write``, put it into README.md and docs/search.rst."""
    print(table)
    if write:
        for target in (ROOT / "README.md", ROOT / "docs" / "search.rst"):
            write_between(target, table, rst=target.suffix == ".rst")


def render(
    rows: list[Row], board: list[tuple[str, float, float]], args: argparse.Namespace
) -> str:
    games = sorted({r[5] for r in rows})
    full = all(g >= FULL for g in games)
    heading = (
        f"{'Full run' if full else 'PARTIAL run'}: {', '.join(map(str, games))} games a pairing"
        f"{'' if full else f' (the full table needs {FULL})'}; seed {args.seed};"
        f" montecarlo {args.playouts} playouts, search"
        f" {args.iterations or 200} iterations a decision."
    )
    lines = [
        heading,
        "",
        "| bot | against three | win rate | 95% interval | games |",
        "| --- | --- | ---: | ---: | ---: |",
    ]
    for x, y, rate, low, high, n, _ in rows:
        lines.append(f"| {x} | {y} | {rate:.1%} | {low:.1%} to {high:.1%} | {n} |")
    lines += ["", "| ladder | bot | mu | sigma |", "| ---: | --- | ---: | ---: |"]
    lines += [
        f"| {i} | {n} | {mu:.2f} | {sigma:.2f} |" for i, (n, mu, sigma) in enumerate(board, 1)
    ]
    return "\n".join(lines)


def write_between(path: Path, table: str, *, rst: bool) -> None:
    text = path.read_text(encoding="utf-8")
    start, end = (
        ("..  strength-table-start", "..  strength-table-end")
        if rst
        else ("<!-- strength-table-start -->", "<!-- strength-table-end -->")
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
