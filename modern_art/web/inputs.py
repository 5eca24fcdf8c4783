"""Reading what a request brings, trusting none of it: body, JSON, token, numbers, a new table.

Each reader answers the value or raises :class:`~modern_art.data.errors.TableError`
with a 4xx status and a message a person can act on.

>>> strict_json(b'{"players": 3}')
{'players': 3}
>>> strict_json(b'{"a": 1, "a": 2}')
Traceback (most recent call last):
...
modern_art.data.errors.TableError: the request body repeats the key 'a'
"""

from __future__ import annotations

import json
import logging
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from starlette.requests import ClientDisconnect, Request

from modern_art.data.errors import TableError
from modern_art.web.seats import BOTS, PRESETS

if TYPE_CHECKING:
    from modern_art.web.registry import Registry
    from modern_art.web.tables import GameTable

__all__ = [
    "MAX_BODY_BYTES",
    "bearer_token",
    "read_body",
    "seated",
    "strict_json",
    "table_request",
    "whole",
]

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 16_384
NAME_LENGTH = 24
_BEARER = re.compile(r"Bearer[ \t]+([^ \t]+)[ \t]*", re.IGNORECASE | re.ASCII)
_WHOLE = re.compile(r"[0-9]{1,9}", re.ASCII)


def bearer_token(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or ``None`` without one."""
    match = _BEARER.fullmatch(request.headers.get("authorization", ""))
    return match.group(1) if match else None


def seated(tables: Registry, request: Request) -> tuple[GameTable, int]:
    """The table of the request's path and the seat its bearer token holds there.

    Raises:
        TableError: as :meth:`Registry.seated <modern_art.web.registry.Registry.seated>`.
    """
    return tables.seated(request.path_params["table"], bearer_token(request))


def whole(request: Request, name: str, *, default: int | None = None) -> int:
    """The query parameter ``name`` as a whole number of ASCII digits."""
    raw = request.query_params.get(name)
    if raw is None:
        if default is None:
            raise TableError(400, f"the query parameter {name!r} is missing")
        return default
    if not _WHOLE.fullmatch(raw):
        raise TableError(400, f"the query parameter {name!r} must be a whole number, got {raw!a}")
    return int(raw)


async def read_body(request: Request) -> bytes:
    """The request body, refused with 413 as soon as it grows past :data:`MAX_BODY_BYTES`.

    A client that goes away mid-upload is logged in one line and answered 400
    (which nobody reads).
    """
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                raise TableError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
            chunks.append(chunk)
    except ClientDisconnect:
        client = request.client.host if request.client else "unknown"
        log.warning("client %s went away during %s %s", client, request.method, request.url.path)
        raise TableError(400, "the client went away before the body arrived") from None
    return b"".join(chunks)


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise TableError(400, f"the request body repeats the key {key!r}")
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise TableError(400, f"the request body holds {name}, which is not JSON")


def strict_json(body: bytes) -> Any:
    """``body`` as JSON: UTF-8, no repeated key, no ``NaN`` or ``Infinity``."""
    try:
        text = body.decode("utf-8")
        return json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise TableError(400, "the request body is not JSON") from None


def _name_problem(name: object) -> str | None:
    if not isinstance(name, str):
        return "is not a string"
    if not 0 < len(name.strip()) <= NAME_LENGTH:
        return f"must be 1 to {NAME_LENGTH} characters"
    if any(unicodedata.category(c) in ("Cs", "Cc", "Cf", "Co", "Cn") for c in name):
        return "holds a control, format, private or unpaired surrogate character"
    return None


SPECTATORS = ("none", "public", "after")
"""A table's spectator policy: nobody watches, the public view, or everything after the end."""

TURN_SECONDS = (15, 600)
"""The range of a table's own clock for a person's decision (``"turn"``), in seconds."""


def table_request(fields: Any) -> dict[str, Any]:
    """Check a request to open a table: names (or players), humans, bot, seed, preset, turn,
    spectators."""
    if not isinstance(fields, dict):
        raise TableError(400, 'expected a JSON object such as {"players": 3, "humans": [0]}')
    known = {"players", "names", "humans", "bot", "seed", "preset", "turn", "spectators"}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise TableError(400, f"unknown fields {unknown}")
    names = fields.get("names")
    players = fields.get("players", len(names) if isinstance(names, list) else 3)
    if type(players) is not int or not 3 <= players <= 5:
        raise TableError(400, f"players must be 3, 4 or 5, got {players!r} (R1.1)")
    humans = fields.get("humans", [0])
    if (
        not isinstance(humans, list)
        or not humans
        or any(type(s) is not int or not 0 <= s < players for s in humans)
        or len(set(humans)) != len(humans)
    ):
        raise TableError(
            400, f"humans must be a list of distinct seats from 0 to {players - 1}, got {humans!r}"
        )
    if names is None:
        names = [f"Player {s + 1}" if s in humans else f"Bot {s + 1}" for s in range(players)]
    if not isinstance(names, list) or len(names) != players:
        raise TableError(400, f"names must be {players} names of 1 to {NAME_LENGTH} characters")
    for seat, name in enumerate(names):
        problem = _name_problem(name)
        if problem:
            raise TableError(400, f"the name of seat {seat} {problem}")
    bot = fields.get("bot", "heuristic")
    if not isinstance(bot, str) or bot not in BOTS:
        raise TableError(400, f"bot must be one of {sorted(BOTS)}, got {bot!a}")
    seed = fields.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**31):
        raise TableError(400, f"seed must be a whole number from 0 to 2**31 - 1, got {seed!r}")
    if seed is not None and len(humans) > 1:
        raise TableError(
            400,
            "a seed lets whoever knows it predict every hand: only a practice table"
            " (one person, the rest bots) takes one",
        )
    preset = fields.get("preset", "cmon")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise TableError(400, f"preset must be one of {list(PRESETS)}, got {preset!a}")
    turn = fields.get("turn")
    low, high = TURN_SECONDS
    if turn is not None and (type(turn) is not int or not low <= turn <= high):
        raise TableError(400, f"turn must be whole seconds from {low} to {high}, got {turn!r}")
    spectators = fields.get("spectators", "public")
    if not isinstance(spectators, str) or spectators not in SPECTATORS:
        raise TableError(400, f"spectators must be one of {list(SPECTATORS)}, got {spectators!a}")
    return {
        "names": [n.strip() for n in names],
        "humans": humans,
        "bot": bot,
        "seed": seed,
        "preset": preset,
        "turn": turn,
        "spectators": spectators,
    }
