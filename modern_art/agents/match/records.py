"""A match's records file: one JSON line a game, streamed as games end, read back to resume.

Line ``g`` (from 0) holds game ``g``::

    {"type": "match-game", "game": 0, "seed": 7,
     "players": ["heuristic", "engine:node bot.js", ...], "seats": [0, 1, 2, 3],
     "names": ["heuristic", "random-js", ...],
     "errors": [{"seat": 1, "kind": "timed_out", "step": 12, "detail": "..."}],
     "record": {game record document}}

``record`` is the game's :func:`~modern_art.to_json` record (it replays with
:func:`~modern_art.replay`). Each line is flushed as it is written; a
stopped match keeps its whole lines, and a last line without its newline is
dropped and its game played again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any, Final

from modern_art.agents.match.game import GameResult, SeatError
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.records_file import LinesFile
from modern_art.data.errors import SerializationError
from modern_art.wire.documents import from_json, to_json
from modern_art.wire.parsing import MAX_JSON_BYTES, TextError, parse

__all__ = ["LINE_TYPE", "MatchRecords"]

LINE_TYPE: Final = "match-game"
"""The ``"type"`` of every line of a match's records file."""

_KINDS = ("crashed", "timed_out", "illegal", "protocol")


def game_line(plan: MatchPlan, result: GameResult) -> bytes:
    """``result`` as one line of the records file."""
    errors = [
        {"seat": e.seat, "kind": e.kind, "step": e.step, "detail": e.detail} for e in result.errors
    ]
    head = json.dumps(
        {
            "type": LINE_TYPE,
            "game": result.game,
            "seed": plan.seed,
            "players": [p.given for p in plan.players],
            "seats": list(result.seats),
            "names": list(result.names),
            "errors": errors,
        },
        ensure_ascii=True,
        separators=(",", ":"),
    )
    return f'{head[:-1]},"record":{to_json(result.record)}}}\n'.encode("ascii")


class MatchRecords(LinesFile):
    """The records file of one match: read what is there (checked), then append."""

    def __init__(self, path: str | os.PathLike[str], plan: MatchPlan) -> None:
        super().__init__(path)
        self.plan = plan

    def read(self) -> Iterator[GameResult]:
        """The games of the file's whole lines, in order (none if it does not exist).

        Raises:
            ValueError: a line that is not a game of this match (another
                seed, other players, another game's place, a bad record).
            OSError: the file exists but cannot be read.
        """
        self._end = 0
        try:
            file = self.path.open("rb")
        except FileNotFoundError:
            return
        with file:
            for number, line in enumerate(file):
                if not line.endswith(b"\n"):
                    break  # the unfinished last line of a stopped match
                yield self._check(number, line)
                self._end += len(line)

    def _check(self, game: int, line: bytes) -> GameResult:
        where = f"{self.path}, line {game + 1}"
        try:
            doc = parse(line, MAX_JSON_BYTES * 4)
        except TextError as exc:
            raise ValueError(f"{where} is not a match's game line: {exc}") from None
        if not isinstance(doc, dict) or doc.get("type") != LINE_TYPE:
            raise ValueError(f'{where} is not a match\'s game line (no "type": "{LINE_TYPE}")')
        plan = self.plan
        expected: dict[str, Any] = {
            "game": game,
            "seed": plan.seed,
            "players": [p.given for p in plan.players],
            "seats": list(plan.seats(game)),
        }
        for key, value in expected.items():
            if doc.get(key) != value:
                raise ValueError(
                    f"{where} holds a game of another match: {key} is"
                    f" {json.dumps(doc.get(key))[:80]}, not {json.dumps(value)[:80]};"
                    " use another records file"
                )
        try:
            record = from_json(json.dumps(doc.get("record")), "record", rules=plan.rules)
        except SerializationError as exc:
            raise ValueError(f"{where}: {exc}") from None
        if record.seed != plan.deal_seed(game) or record.money is None:
            raise ValueError(
                f"{where} holds a game of another match (another deal, or unfinished)"
            )
        names, errors = doc.get("names"), doc.get("errors")
        n = len(plan.players)
        if not (
            isinstance(names, list) and len(names) == n and all(isinstance(x, str) for x in names)
        ):
            raise ValueError(f'{where}: "names" must be a list of {n} strings')
        if not isinstance(errors, list):
            raise ValueError(f'{where}: "errors" must be a list')
        return GameResult(
            game, plan.seats(game), tuple(names), tuple(map(_error(where, n), errors)), record
        )

    def write(self, line: bytes) -> None:
        """Append one game's line and flush it."""
        self._append(line)

    def __enter__(self) -> MatchRecords:
        self._open()
        return self


def _error(where: str, players: int) -> Any:
    def read(item: object) -> SeatError:
        if (
            isinstance(item, dict)
            and type(item.get("seat")) is int
            and 0 <= item["seat"] < players
            and item.get("kind") in _KINDS
            and (item.get("step") is None or type(item.get("step")) is int)
            and isinstance(item.get("detail"), str)
        ):
            return SeatError(item["seat"], item["kind"], item["step"], item["detail"])
        raise ValueError(
            f"{where}: an error entry must be {{seat, kind, step, detail}}, got {str(item)[:80]}"
        )

    return read
