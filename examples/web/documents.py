"""The library's JSON documents, as the server embeds them in its replies.

Every view, action and event crosses the wire as a document written by
:func:`modern_art.to_json` and read by :func:`modern_art.from_json`; the
server only wraps them in a reply object (see :mod:`examples.web.app`).
"""

from __future__ import annotations

import json
from typing import Any

import modern_art as ma
from examples.web.tables import Entry, GameTable

__all__ = ["events_document", "log_line", "seat_document", "view_document"]


def view_document(view: ma.PlayerView) -> Any:
    """``view`` as the library's JSON document, parsed for embedding in a reply.

    >>> import modern_art as ma
    >>> doc = view_document(ma.view(ma.new_game(3, seed=1), 1))
    >>> doc["type"], doc["seat"], len(doc["hand"]), doc["players"][0]["money"]
    ('PlayerView', 1, 10, None)
    """
    try:
        return json.loads(ma.to_json(view))
    except ma.SerializationError:
        return _view_document_fallback(view)


def _view_document_fallback(view: ma.PlayerView) -> Any:
    # Until the library writes views itself (issue 4), write one in its wire
    # format: the converter the library uses, a "type" tag on the document
    # and on the phase, as the library tags every member of a union.
    from modern_art.serialize import FORMAT
    from modern_art.wire import CONVERTER, TAG

    body: dict[str, Any] = CONVERTER.unstructure(view, ma.PlayerView)
    body["phase"][TAG] = type(view.phase).__name__
    body["format"] = FORMAT
    body[TAG] = "PlayerView"
    return json.loads(json.dumps(body, sort_keys=True))


def events_document(events: tuple[ma.Event, ...]) -> Any:
    """``events`` as the library's JSON document (type ``"Events"``), parsed.

    >>> events_document((ma.TurnStarted(seat=2),))["events"]
    [{'seat': 2, 'type': 'TurnStarted'}]
    """
    return json.loads(ma.to_json(events))


def log_line(entry: Entry, index: int, seat: int | None) -> dict[str, Any]:
    """One log line as ``seat`` may see it: the action's events redacted, or a notice."""
    return {
        "index": index,
        "step": entry.step,
        "seat": entry.seat,
        "by": entry.by,
        "note": entry.note,
        "events": events_document(ma.visible_events(entry.events, seat)),
    }


def seat_document(table: GameTable, seat: int, since: int, now: float) -> dict[str, Any]:
    """Everything ``seat`` may know of ``table``, with its log from line ``since`` on.

    This one document is what a poll answers and what a push stream sends.
    """
    view = ma.view(table.state, seat)
    lines = table.rendered.setdefault(seat, [])
    for index in range(len(lines), len(table.log)):
        lines.append(log_line(table.log[index], index, seat))
    return {
        "table": table.summary(seat),
        "seat": seat,
        "view": view_document(view),
        "log": lines[since:],
        "next": len(table.log),
        "payout": {
            "now": ma.payout_if_round_ended_now(view),
            "best": ma.best_case_payout(view),
        },
        "clock": table.clock(now, seat),
    }
