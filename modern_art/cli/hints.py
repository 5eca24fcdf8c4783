"""The analysis where players meet it: ``play --hint`` and ``modern-art analyse POSITION_FILE``.

Both print :func:`~modern_art.analyse`: the seat's best graded actions
(the expected change of its money minus the others' mean by the round's
end) and what a painting of each artist may pay at the round's end, with
the chances of each place. It is an estimate: the table is assumed to play
like the heuristic bot from here on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from rich.table import Table

from modern_art.agents.search.analysis import Analysis, analyse
from modern_art.cli.commands import console
from modern_art.cli.narrate import card_text
from modern_art.cli.safe import markup_safe
from modern_art.core.seats import next_seat
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.errors import CommandError, NotationError
from modern_art.data.events import Event
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.payout import payout_if_round_ended_now
from modern_art.seeing.views import OwnView, view
from modern_art.text.notation import format_action
from modern_art.text.positions import MAX_POSITION_CHARS, read_position
from modern_art.text.sentences import describe
from modern_art.wire.analysis import analysis_document

TOP = 4
"""Choices shown by a hint (a pass is shown too, where it is one)."""


def action_words(action: Action) -> str:
    """``action`` as the person would answer it, with rich markup."""
    if isinstance(action, PlayCard):
        return f"offer {card_text(action.card)}"
    if isinstance(action, Bid):
        return f"bid {action.amount}"
    if isinstance(action, SetPrice):
        return f"price {action.price}"
    if isinstance(action, Accept):
        return "accept"
    if isinstance(action, Pass):
        return "pass"
    return markup_safe(format_action(action))  # pragma: no cover (every kind is above)


def _places(p_rank: Sequence[float]) -> str:
    names = ("1st", "2nd", "3rd")
    parts = [
        f"{names[q] if q < len(names) else f'{q + 1}th'} {p:.0%}"
        for q, p in enumerate(p_rank[:-1])
    ]
    return ", ".join([*parts, f"none {p_rank[-1]:.0%}"])


def _gain(money: float, stderr: float) -> str:
    """A choice's worth in words: how far ahead of (or behind) the others it puts you."""
    spread = f"± {stderr:.1f}"
    if round(money, 1) == 0:
        return f"level with the others ({spread})"
    side = "ahead of" if money > 0 else "behind"
    return f"{abs(money):.1f} {spread} {side} the others' average"


def hint_lines(seen: OwnView, events: Sequence[Event], samples: int, seed: int) -> list[str]:
    """The one hint for the seat's decision, in a player's words.

    Each choice with what it is expected to be worth by the round's end,
    against the others (your money's change less the others' average
    change, with its uncertainty), the best marked; then what a painting of
    the lot's artist (or of each artist, when offering) pays: now, if the
    round ended at once, and on average at the round's end. The question that
    follows prints no hint of its own (``prompt_text(..., hint=False)``).
    """
    report = analyse(seen, samples=samples, seed=seed, events=tuple(events))
    lines = [
        f"Hint: what each choice is worth by the round's end, against the others"
        f" ({report.samples} sampled deals, if everyone plays like the heuristic bot):"
    ]
    shown = list(report.actions[:TOP])
    shown += [v for v in report.actions[TOP:] if isinstance(v.action, Pass)][:1]
    for i, v in enumerate(shown):
        mark = "  <- best" if i == 0 else ""
        lines.append(f"  {action_words(v.action)}: {_gain(v.money, v.stderr)}{mark}")
    auction = seen.auction
    wanted = {card.artist for card in auction.lot} if auction is not None else None
    now = payout_if_round_ended_now(seen)
    for outlook in report.artists:
        if wanted is not None and outlook.artist not in wanted:
            continue
        how = "exactly" if outlook.exact else f"on average, ± {outlook.stderr:.1f}"
        lines.append(
            f"  A painting of {markup_safe(outlook.artist)} pays {now[outlook.artist]} if the"
            f" round ended now; at the round's end {outlook.value:.1f} {how}"
            f" ({_places(outlook.p_rank)})."
        )
    return lines


def analyse_position(args: argparse.Namespace) -> int:
    """Run ``modern-art analyse POSITION_FILE``; the exit code."""
    try:
        state = read_position(_read(args.file))
    except NotationError as exc:
        raise CommandError(f"{args.file} is not a position: {exc}") from None
    if state.is_over:
        raise CommandError(f"{args.file}: the game is over (R8.1): nothing to analyse")
    seat = next_seat(state) if args.seat is None else args.seat
    if not 0 <= seat < len(state.players):
        raise CommandError(f"--seat must be a seat from 0 to {len(state.players) - 1}, got {seat}")
    # A careful player knows every seat's money from the public record (R7.4).
    ledger = MoneyLedger(tuple(p.money for p in state.players))
    report = analyse(view(state, seat), samples=args.samples, seed=args.seed, ledger=ledger)
    if args.json:
        names = [p.name for p in state.players]
        document = analysis_document(
            report, step=state.step, sentence=lambda action: describe(action, names, seat)
        )
        print(json.dumps(document, indent=2))
        return 0
    out = console()
    out.print(_artists_table(report))
    if report.actions:
        out.print(_actions_table(report))
    else:
        out.print(f"Seat {seat} has no decision to make now.")
    out.print(
        f"{report.samples} sampled deals, seed {args.seed}: an estimate if every seat plays"
        " like the heuristic bot to the round's end; 'exact' rows are forced by the rules."
    )
    return 0


def _read(path: str) -> str:
    try:
        if path == "-":
            text = sys.stdin.read(MAX_POSITION_CHARS + 1)
        else:
            with open(path, encoding="utf-8-sig") as file:
                text = file.read(MAX_POSITION_CHARS + 1)
    except OSError as exc:
        raise CommandError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{path} is not a text file (not UTF-8)") from None
    if len(text) > MAX_POSITION_CHARS:
        raise CommandError(
            f"{path} is longer than a position may be ({MAX_POSITION_CHARS} characters)"
        )
    return text


def _artists_table(report: Analysis) -> Table:
    table = Table(title=f"Seat {report.seat}: the artists at this round's end")
    for column in ("artist", "1st", "2nd", "3rd", "none", "a painting pays", "±"):
        table.add_column(column, justify="left" if column == "artist" else "right")
    for o in report.artists:
        places = [f"{p:.0%}" for p in o.p_rank]
        table.add_row(
            markup_safe(o.artist),
            *places[:3],
            places[-1],
            f"{o.value:.1f}",
            "exact" if o.exact else f"{o.stderr:.1f}",
        )
    return table


def _actions_table(report: Analysis) -> Table:
    table = Table(
        title="Its actions, best first: money minus the others' mean, by the round's end"
    )
    for column in ("action", "expected", "±", "samples"):
        table.add_column(column, justify="left" if column == "action" else "right")
    for v in report.actions:
        table.add_row(action_words(v.action), f"{v.money:+.1f}", f"{v.stderr:.1f}", str(v.samples))
    return table
