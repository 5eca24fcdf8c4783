"""The library's JSON documents, as the server embeds them in its replies.

Every view, action and event crosses the wire as a document written by
:func:`modern_art.to_json` and read by :func:`modern_art.from_json`; the
server only wraps them in a reply object (see :mod:`modern_art.web.app`). The
library's text is spliced into the reply as it is, never parsed and written
again, and each seat's log lines are written once: a push to five seats
after every action is most of what the server does.
"""

from __future__ import annotations

import json
from typing import Any

import modern_art as ma
from modern_art.web.tables import Entry, GameTable

__all__ = [
    "events_document",
    "log_line",
    "seat_document",
    "seat_document_text",
    "view_document",
]


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def view_document(view: ma.PlayerView) -> Any:
    """``view`` as the library's JSON document, parsed for embedding in a reply.

    >>> import modern_art as ma
    >>> doc = view_document(ma.view(ma.new_game(3, seed=1), 1))
    >>> doc["type"], doc["seat"], len(doc["hand"]), doc["players"][0]["money"]
    ('PlayerView', 1, 10, None)
    """
    return json.loads(ma.to_json(view))


def events_document(events: tuple[ma.Event, ...]) -> Any:
    """``events`` as the library's JSON document (type ``"Events"``), parsed.

    >>> events_document((ma.TurnStarted(seat=2),))["events"]
    [{'seat': 2, 'type': 'TurnStarted'}]
    """
    return json.loads(ma.to_json(events))


def _notice(entry: Entry, seat: int | None, names: list[str], bot_after: int) -> str:
    """A notice of the table's, in the words of :func:`modern_art.describe` (you or a name)."""
    mine = entry.seat == seat
    name = names[entry.seat]
    if entry.note == "away":
        whose, who = ("your", "you") if mine else (f"{name}'s", name)
        missed = f"{who} let the clock run out {bot_after} times in a row"
        return f"A bot plays {whose} seat: {missed}."
    return "You are back and play again." if mine else f"{name} is back and plays again."


def log_line(entry: Entry, index: int, seat: int | None, names: list[str], bot_after: int) -> str:
    """One log line as ``seat`` may see it, as JSON: the action's events redacted, or a notice.

    ``text`` says each event in one sentence of :func:`modern_art.describe`,
    spoken to ``seat`` (the one way the library says each thing), and when
    the clock acted, says so.

    >>> import modern_art as ma
    >>> from modern_art.web.tables import Entry
    >>> names = ["Ann", "Bo", "Cy"]
    >>> line = json.loads(log_line(Entry(4, 1, "clock", (ma.Passed(1),)), 9, 1, names, 3))
    >>> line["index"], line["by"], line["text"]
    (9, 'clock', ['You pass (the clock ran out).'])
    >>> json.loads(log_line(Entry(5, 1, "table", (), "away"), 10, 0, names, 3))["text"]
    ["A bot plays Bo's seat: Bo let the clock run out 3 times in a row."]
    """
    events = ma.visible_events(entry.events, seat)
    if entry.note is not None:
        text = [_notice(entry, seat, names, bot_after)]
    else:
        text = [ma.describe(e, names=names, you=seat) for e in events]
        if entry.by == "clock" and text:
            text[0] = f"{text[0].removesuffix('.')} (the clock ran out)."
    head = {"index": index, "step": entry.step, "seat": entry.seat, "by": entry.by}
    tail = {"note": entry.note, "text": text}
    return f'{_compact(head)[:-1]},{_compact(tail)[1:-1]},"events":{ma.to_json(events)}}}'


def seat_document_text(table: GameTable, seat: int, since: int, now: float) -> tuple[str, int]:
    """Everything ``seat`` may know of ``table``, with its log from line ``since`` on.

    This one document is what a poll answers and what a push stream sends.

    Returns:
        The document as JSON text, and the cursor of the next log line.
    """
    view = ma.view(table.state, seat)
    lines = table.rendered.setdefault(seat, [])
    names = [p.name for p in table.seats]
    for index in range(len(lines), len(table.log)):
        lines.append(log_line(table.log[index], index, seat, names, table.timings.bot_after))
    head = {
        "table": table.summary(seat),
        "seat": seat,
        "next": len(table.log),
        "payout": {
            "now": ma.payout_if_round_ended_now(view),
            "best": ma.best_case_payout(view),
        },
        "clock": table.clock(now, seat),
    }
    log = ",".join(lines[since:])
    text = f'{_compact(head)[:-1]},"view":{ma.to_json(view)},"log":[{log}]}}'
    return text, len(table.log)


def seat_document(table: GameTable, seat: int, since: int, now: float) -> dict[str, Any]:
    """:func:`seat_document_text`, parsed: ``view``, ``log``, ``next``, ``payout``, ``clock``...

    >>> import modern_art as ma
    >>> from modern_art.web import GameTable, Seat, Timings
    >>> seats = [Seat("Ann", token_hash="0" * 64), Seat("Bo", bot="random"),
    ...          Seat("Cy", bot="random")]
    >>> table = GameTable("t", ma.new_game(3, seed=2), seats, Timings(), now=0.0, bot_seed=1)
    >>> document = seat_document(table, 0, 0, now=0.0)
    >>> document["seat"], document["next"], document["log"], document["clock"]["stage"]
    (0, 0, [], 'turn')
    """
    found: dict[str, Any] = json.loads(seat_document_text(table, seat, since, now)[0])
    return found
