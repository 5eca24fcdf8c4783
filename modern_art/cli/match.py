"""``modern-art match``: bots and engines raced, with win rates, ratings and an SPRT."""

from __future__ import annotations

import argparse
import json
import shlex
import signal
from types import FrameType

from rich.table import Table

from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.ratings import has_ratings
from modern_art.agents.match.runner import run_match
from modern_art.agents.match.summary import ERROR_KINDS, MatchResult
from modern_art.cli.commands import console, rules_from
from modern_art.cli.safe import markup_safe, visible
from modern_art.data.errors import CommandError

__all__ = ["match", "result_table"]


def _interrupted(number: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def match(args: argparse.Namespace) -> int:
    """Run the match ``args`` describe and print its summary; the exit code."""
    rules = rules_from(args)
    try:
        plan = MatchPlan.of(
            args.players,
            seed=args.seed,
            rules=rules,
            move_time=args.move_time,
            hello_time=args.hello_time,
            fallback=args.fallback,
            playouts=args.playouts,
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    sprt = None
    if args.sprt is not None:
        sprt = (args.sprt[0], args.sprt[1], args.alpha, args.beta)
    # SIGTERM stops the match as Ctrl-C does: every engine and worker is ended first.
    previous = signal.signal(signal.SIGTERM, _interrupted)
    try:
        result = run_match(plan, args.games, records=args.records, workers=args.workers, sprt=sprt)
    except (ValueError, OSError) as exc:
        raise CommandError(str(exc)) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    if args.markdown:
        print(markdown_table(result, args))
        return 0
    out = console()
    out.print(result_table(result))
    if not has_ratings():
        out.print(
            "Ratings need the match extra: from a clone, pip install -e '.[match]';"
            " once published, pip install 'modern-art[match]'.",
            markup=False,  # the brackets are the command's, not Rich's markup
        )
    if result.sprt is not None:
        out.print(sprt_words(result))
    if result.played < result.games:
        out.print(f"{result.games - result.played} games were already in the records file.")
    return 0


def result_table(result: MatchResult) -> Table:
    """The summary as a Rich table; every name from an engine or user is escaped."""
    table = Table(title=f"{result.games} games, seats rotated, each deal from every seat")
    for column in ("player", "name", "games", "wins", "win rate", "95% CI", "rating", "errors"):
        if column in ("player", "name"):  # shown whole, folded: a name is never cut
            table.add_column(column, overflow="fold")
        else:
            table.add_column(column, justify="right", no_wrap=True)
    for p in result.players:
        low, high = p.ci
        rating = "-" if p.rating is None else f"{p.rating[0]:.1f} ± {p.rating[1]:.1f}"
        errors = ", ".join(f"{p.errors[k]} {k}" for k in ERROR_KINDS if p.errors[k]) or "0"
        table.add_row(
            markup_safe(p.player),
            markup_safe(p.name),
            str(p.games),
            f"{p.wins:g}",
            f"{p.win_rate:.1%}",
            f"{low:.1%} to {high:.1%}",
            rating,
            errors,
        )
    return table


def markdown_table(result: MatchResult, args: argparse.Namespace) -> str:
    """The summary as a Markdown table, best rating first, with the command that made it."""
    rows = sorted(
        result.players, key=lambda p: -(p.rating[0] - 3 * p.rating[1]) if p.rating else 0.0
    )
    lines = [
        "| player | games | win rate | 95% CI | rating (mu ± sigma) | errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for p in rows:
        low, high = p.ci
        rating = "-" if p.rating is None else f"{p.rating[0]:.1f} ± {p.rating[1]:.1f}"
        cell = visible(p.player).replace("|", "\\|")
        lines.append(
            f"| {cell} | {p.games} | {p.win_rate:.1%} | {low:.1%} to {high:.1%} | {rating}"
            f" | {sum(p.errors.values())} |"
        )
    command = " ".join(["modern-art match", *map(shlex.quote, args.players)])
    lines.append("")
    lines.append(
        f"{result.games} games, seed {args.seed}, seats rotated; made by"
        f" `{visible(command)} --games {args.games} --seed {args.seed} --markdown`."
    )
    return "\n".join(lines)


def sprt_words(result: MatchResult) -> str:
    """One sentence on what the SPRT decided, and after how many games."""
    s = result.sprt
    assert s is not None
    who = markup_safe(result.players[0].player)
    if s.decision is None:
        verdict = f"undecided after {s.games} games (llr {s.llr:.2f})"
    else:
        rate = s.p1 if s.decision == "H1" else s.p0
        verdict = (
            f"{s.decision}: the win rate of {who} is {rate:g}, decided after {s.games} games"
            f" (llr {s.llr:.2f})"
        )
    return (
        f"SPRT of P0={s.p0:g} against P1={s.p1:g} (alpha {s.alpha:g}, beta {s.beta:g}):"
        f" {verdict}; a fixed-length test would need {s.fixed_games} games."
    )
