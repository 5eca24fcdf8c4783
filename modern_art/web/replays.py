"""The replay of a finished game, step by step, as one seat saw it (or the public).

A replay is read from the game's record (:class:`~modern_art.GameRecord`):
every action again from the start, each step's events redacted for the
seat asked (:func:`modern_art.visible_events`) and said in its words
(:func:`~modern_art.web.documents.log_line`), and the seat's view after
``step`` actions. The document has the shape of a seat document
(:func:`~modern_art.web.documents.seat_document`), so the page draws a
replayed step as it draws the table, plus ``replay``: ``{"step", "steps",
"as"}``.

Only a finished game is replayed: before its end a replay would tell what the
game still hides. **(decision)** After the end, the record (every hand, every
sealed bid) belongs to the table's people already (they may download it), so
a player may replay the game as any seat saw it, or as the public did. A
spectator replays by the table's policy: ``"after"`` as any seat,
``"public"`` in the public view only (what they could have watched live),
``"none"`` not at all.

>>> import modern_art as ma
>>> record = ma.play_game([ma.RandomAgent(1), ma.RandomAgent(2), ma.RandomAgent(3)], seed=4)
>>> replayed = Replay(record)
>>> doc = json.loads(replayed.document(2, 1, {"id": "t"}, since=0))
>>> doc["replay"]["step"], doc["seat"], doc["view"]["step"], len(doc["log"]), doc["next"]
(2, 1, 2, 2, 2)
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import modern_art as ma
from modern_art.data.errors import TableError
from modern_art.web.documents import log_line
from modern_art.web.tables import Entry

__all__ = ["Replay", "Replays", "replay_seat", "stored_record"]

log = logging.getLogger(__name__)


class Replay:
    """One finished game, replayed once: its states and each step's events."""

    def __init__(self, record: ma.GameRecord) -> None:
        if not record.is_finished:
            raise ValueError("only a finished game is replayed")
        state = record.start()
        self.names = [p.name for p in state.players]
        self.states = [state]
        self.entries: list[Entry] = []
        for action in record.actions:
            step = ma.apply(state, action)
            self.entries.append(Entry(state.step, action.seat, "replay", step.events))
            state = step.state
            self.states.append(state)
        self.rendered: dict[int | None, list[str]] = {}

    @property
    def steps(self) -> int:
        """How many actions the game had."""
        return len(self.entries)

    def document(self, step: int, seat: int | None, summary: dict[str, Any], since: int) -> str:
        """The game after ``step`` actions as ``seat`` (``None``: the public) saw it, as JSON.

        ``log`` holds the seat's log lines from ``since`` up to ``step``.

        Raises:
            TableError: 400 for a step outside the game.
        """
        if not 0 <= step <= self.steps:
            raise TableError(400, f"step must be from 0 to {self.steps}, got {step}")
        lines = self.rendered.setdefault(seat, [])
        for index in range(len(lines), step):
            lines.append(log_line(self.entries[index], index, seat, self.names, 0))
        seen = ma.view(self.states[step], seat)
        head = {
            "replay": {"step": step, "steps": self.steps, "as": seat},
            "table": summary,
            "seat": seat,
            "next": step,
            "payout": {
                "now": ma.payout_if_round_ended_now(seen),
                "best": ma.best_case_payout(seen),
            },
            "clock": None,
        }
        log = ",".join(lines[min(since, step) : step])
        text = json.dumps(head, separators=(",", ":"))[:-1]
        return f'{text},"view":{ma.to_json(seen)},"log":[{log}]}}'


class Replays:
    """The last few games replayed, by table id (a replay is stepped through many times)."""

    def __init__(self, keep: int = 16) -> None:
        self.keep = keep
        self._kept: OrderedDict[str, Replay] = OrderedDict()

    def get(self, table_id: str, record: Callable[[], ma.GameRecord]) -> Replay:
        """The replay of the finished game ``table_id``, made once from ``record()``."""
        found = self._kept.get(table_id)
        if found is None:
            found = self._kept[table_id] = Replay(record())
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)
        self._kept.move_to_end(table_id)
        return found


def stored_record(text: str, table_id: str) -> ma.GameRecord:
    """A finished game's record as the database kept it, read and checked step by step.

    Raises:
        TableError: 500 (JSON, one log line naming the table) when the stored
            record does not read back or is not a finished legal game.
    """
    try:
        record = ma.from_json(text, "record")
        if not isinstance(record, ma.GameRecord) or not record.is_finished:
            raise ValueError("not a finished game's record")
        ma.replay(record)  # every step legal
    except (ValueError, TypeError, KeyError, ma.IllegalAction) as err:
        log.error("table %s: its stored record does not read back: %s", table_id, str(err)[:200])
        raise TableError(
            500, "this game's stored record is damaged; the server's log names it"
        ) from None
    return record


def replay_seat(wanted: str | None, you: int | None, seats: int, spectators: str) -> int | None:
    """The seat a replay shows (``None``: the public view), by who asks and the policy.

    ``wanted`` is the ``as`` query parameter (a seat, ``"public"``, or none:
    the asker's own seat, or the public view for a spectator); ``you`` the
    asker's seat, ``None`` for a spectator.

    >>> from modern_art.web.replays import replay_seat
    >>> replay_seat(None, 2, 4, "none"), replay_seat("0", 2, 4, "none")
    (2, 0)
    >>> replay_seat(None, None, 4, "after"), replay_seat("3", None, 4, "after")
    (None, 3)

    Raises:
        TableError: 403 for a spectator the policy keeps out, 400 for a bad ``as``.
    """
    if you is None and spectators == "none":
        raise TableError(403, "nobody watches this table, and its replay is for its players")
    if wanted is None or wanted == "public":
        return you if wanted is None else None
    if not wanted.isascii() or not wanted.isdigit() or len(wanted) > 3 or int(wanted) >= seats:
        raise TableError(
            400, f"as must be a seat from 0 to {seats - 1} or 'public', got {wanted[:20]!a}"
        )
    if you is None and spectators != "after":
        raise TableError(403, "this table's spectators see the public view only")
    return int(wanted)
