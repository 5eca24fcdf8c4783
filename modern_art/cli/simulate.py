"""``modern-art simulate``: many games of bots, a table of the results, records and a report."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from modern_art.agents import TournamentResult, tournament
from modern_art.agents.registry import bot_factory
from modern_art.cli import pictures
from modern_art.cli.backends import backend_of, executor_for, games_in, printable, progress_bar
from modern_art.cli.commands import check_writable, console, rules_from, write_file
from modern_art.data.errors import CommandError


def simulate(args: argparse.Namespace) -> int:
    """Run a tournament and print its table (or JSON)."""
    rules = rules_from(args)
    lineup = list(args.bots)
    if not rules.min_players <= len(lineup) <= rules.max_players:
        raise CommandError(
            f"the lineup needs {rules.min_players} to {rules.max_players} bots"
            f" (one per seat, R1.1), got {len(lineup)}"
        )
    check_writable(args.report, "the report")  # before the games, not after them
    factories = [
        bot_factory(kind, args.playouts, args.iterations, args.move_time) for kind in lineup
    ]
    err = Console(stderr=True)
    try:
        backend = backend_of(args)
        resumed = games_in(args.records) if args.resume else 0
        with (
            executor_for(backend, args) as executor,
            progress_bar(err, disable=args.json or not err.is_terminal) as progress,
        ):
            start = time.perf_counter()  # after Ray's start-up, which is not play
            task = progress.add_task("games", total=args.games, completed=min(resumed, args.games))

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done)

            result = tournament(
                factories,
                args.games,
                rules=rules,
                seed=args.seed,
                workers=args.workers,
                executor=executor,
                records=args.records,
                progress=advance,
            )
    except ValueError as exc:
        raise CommandError(printable(str(exc))) from None
    except OSError as exc:
        where = printable(args.records or "")
        raise CommandError(f"cannot use the records file {where}: {exc.strerror}") from None
    seconds = max(time.perf_counter() - start, 1e-9)
    played = result.games - min(resumed, result.games)
    command = _simulate_command(args)
    if args.report:
        write_file(Path(args.report), pictures.report_page(result, command, seconds), "the report")
    if args.json:
        print(json.dumps(_result_json(result, seconds, played, backend, args, command), indent=2))
        return 0
    out = console()
    out.print(_result_table(result))
    out.print(_speed_line(result, played, seconds, backend, args), markup=False)
    out.print(
        "Win rate: share of games won, a shared victory split evenly; an agent holding"
        " k of n seats wins k/n of games if it is no better than its rivals."
    )
    out.print(f"Reproduce with: {command}")
    return 0


def _speed_line(
    result: TournamentResult, played: int, seconds: float, backend: str, args: argparse.Namespace
) -> str:
    where = {"local": "in this process", "processes": f"in {args.workers} processes"}.get(
        backend, "on Ray"
    )
    line = (
        f"{result.games} games of {result.players} players; {played} played in {seconds:.1f} s"
        f" {where}: {played / seconds:.1f} games per second."
    )
    if args.records is not None:
        kept = f" ({result.games - played} were already there)" if played < result.games else ""
        line += f" Records in {printable(args.records)}{kept}."
    return line


def _simulate_command(args: argparse.Namespace) -> str:
    parts = [
        "modern-art simulate",
        f"--bots {','.join(args.bots)}",
        f"--games {args.games}",
        f"--seed {args.seed}",
    ]
    if "montecarlo" in args.bots:
        parts.append(f"--playouts {args.playouts}")
    if "search" in args.bots and args.iterations is not None:
        parts.append(f"--iterations {args.iterations}")
    if "search" in args.bots and args.move_time is not None:
        parts.append(f"--move-time {args.move_time}")
    if args.preset != "cmon":
        parts.append(f"--preset {args.preset}")
    if args.open_money:
        parts.append("--open-money")
    if args.workers > 1:
        parts.append(f"--workers {args.workers}")
    return " ".join(parts)


def _result_table(result: TournamentResult) -> Table:
    table = Table(title=f"{result.games} games, {result.players} players, seats rotated")
    for column in ("agent", "seats", "games", "win rate", "95% CI", "mean money", "sd"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for s in result.standings:
        low, high = s.win_rate_ci
        table.add_row(
            s.name,
            f"{s.seats}/{result.players}",
            str(s.games),
            f"{s.win_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            f"{s.mean_money:.1f}",
            f"{s.money_sd:.1f}",
        )
    return table


def _result_json(
    result: TournamentResult,
    seconds: float,
    played: int,
    backend: str,
    args: argparse.Namespace,
    command: str,
) -> dict[str, object]:
    return {
        "command": command,
        "games": result.games,
        "players": result.players,
        "lineup": list(args.bots),
        "seed": args.seed,
        "workers": args.workers,
        "backend": backend,
        "games_played": played,
        "seconds": round(seconds, 3),
        "games_per_second": round(played / seconds, 3),
        "standings": [
            {
                "agent": s.name,
                "seats": s.seats,
                "games": s.games,
                "wins": s.wins,
                "win_rate": s.win_rate,
                "win_rate_ci95": list(s.win_rate_ci),
                "mean_money": s.mean_money,
                "money_sd": s.money_sd,
            }
            for s in result.standings
        ],
    }


# replay -------------------------------------------------------------------------------
