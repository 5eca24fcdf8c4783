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
from typing import Any, Final

from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.runner.game import GameResult, SeatError
from modern_art.agents.runner.records import read_record, record_json
from modern_art.wire.parsing import MAX_JSON_BYTES, TextError, parse

__all__ = ["LINE_TYPE", "MatchLines"]

LINE_TYPE: Final = "match-game"
"""The ``"type"`` of every line of a match's records file."""

_KINDS = ("crashed", "timed_out", "illegal", "protocol")


class MatchLines:
    """The lines of one match's records file: written, and read back checked against the plan."""

    def __init__(self, plan: MatchPlan) -> None:
        self.plan = plan

    def write(self, result: GameResult) -> bytes:
        """``result`` as one line of the records file."""
        plan = self.plan
        errors = [
            {"seat": e.seat, "kind": e.kind, "step": e.step, "detail": e.detail}
            for e in result.errors
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
        return f'{head[:-1]},"record":{record_json(result.record)}}}\n'.encode("ascii")

    def read(self, game: int, line: bytes, where: str) -> GameResult:
        """Game ``game`` from ``line``.

        Raises:
            ValueError: a line that is not a game of this match (another
                seed, other players, another game's place, a bad record).
        """
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
        record = read_record(json.dumps(doc.get("record")), f"{where}: ", rules=plan.rules)
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
