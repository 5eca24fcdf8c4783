"""The HTTP side: a Starlette app serving the page and a small JSON API.

Endpoints (every reply is JSON, errors as ``{"error": ..., "rule": ...}``):

- ``GET /`` and ``GET /t/{table}``: the page (plain HTML, CSS, JavaScript).
- ``POST /api/tables``: open a table; answers each person's seat link.
- ``GET /api/tables/{table}``: public facts and a spectator's view, no token.
- ``GET /api/tables/{table}/seat?since=K``: the seat's view, its redacted
  events from log entry ``K`` on, the payout hint and the open-auction clock.
- ``POST /api/tables/{table}/actions?step=N``: the body is one action, as the
  library's JSON; ``N`` is the ``state.step`` it was made on.

A seat is named by its token in ``Authorization: Bearer <token>``: none
gives 401, one of no seat of the table 403. A stale ``step`` gives 409, a
malformed or illegal action 400 with the library's message, which for an
illegal action names the rule; the state is then untouched.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import modern_art as ma
from examples.web.documents import events_document, view_document
from examples.web.registry import Registry
from examples.web.tables import BOTS, TableError, Timings

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"
MAX_BODY_BYTES = 16_384
_NAME_LENGTH = 24
_BEARER = re.compile(r"Bearer\s+(\S+)\s*$", re.IGNORECASE)


def _error(status: int, message: str, rule: str | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": message, "rule": rule, "status": status},
        status_code=status,
        headers={"Cache-Control": "no-store"},
    )


def _reply(body: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})


def _token(request: Request) -> str | None:
    match = _BEARER.match(request.headers.get("authorization", ""))
    return match.group(1) if match else None


def _int_param(request: Request, name: str, *, default: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        if default is None:
            raise TableError(400, f"the query parameter {name!r} is missing")
        return default
    if not re.fullmatch(r"\d{1,9}", raw):
        raise TableError(400, f"the query parameter {name!r} must be a whole number, got {raw!r}")
    return int(raw)


async def _body(request: Request) -> bytes:
    """The request body, refused with 413 as soon as it grows past :data:`MAX_BODY_BYTES`."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise TableError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _table_request(fields: Any) -> dict[str, Any]:
    """Check a request to open a table: names (or players), humans, bot, seed."""
    if not isinstance(fields, dict):
        raise TableError(400, 'expected a JSON object such as {"players": 3, "humans": [0]}')
    unknown = sorted(set(fields) - {"players", "names", "humans", "bot", "seed"})
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
    if (
        not isinstance(names, list)
        or len(names) != players
        or any(not isinstance(n, str) or not 0 < len(n.strip()) <= _NAME_LENGTH for n in names)
    ):
        raise TableError(400, f"names must be {players} names of 1 to {_NAME_LENGTH} characters")
    bot = fields.get("bot", "heuristic")
    if bot not in BOTS:
        raise TableError(400, f"bot must be one of {sorted(BOTS)}, got {bot!r}")
    seed = fields.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**31):
        raise TableError(400, f"seed must be a whole number from 0 to 2**31 - 1, got {seed!r}")
    return {"names": [n.strip() for n in names], "humans": humans, "bot": bot, "seed": seed}


def create_app(registry: Registry | None = None, *, timings: Timings | None = None) -> Starlette:
    """The web app; pass a :class:`Registry` to share it with a test or another app.

    Args:
        registry: where the tables live; a new one with ``timings`` if ``None``.
        timings: how fast tables run, for a new registry.
    """
    tables = registry if registry is not None else Registry(timings)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def open_table(request: Request) -> Response:
        try:
            try:
                fields = json.loads(await _body(request))
            except (ValueError, RecursionError):
                raise TableError(400, "the request body is not JSON") from None
            wanted = _table_request(fields)
            table, tokens = tables.open_table(
                wanted["names"], humans=wanted["humans"], bot=wanted["bot"], seed=wanted["seed"]
            )
        except TableError as err:
            return _error(err.status, str(err), err.rule)
        seats = [
            {"seat": s, "name": table.seats[s].name, "link": f"/t/{table.id}#token={token}"}
            for s, token in sorted(tokens.items())
        ]
        return _reply({"table": table.id, "seats": seats, "summary": table.summary()}, 201)

    async def public(request: Request) -> Response:
        try:
            table = tables.get(request.path_params["table"])
        except TableError as err:
            return _error(err.status, str(err))
        with tables.lock:
            return _reply(
                {
                    "table": table.summary(),
                    "view": view_document(ma.view(table.state, None)),
                }
            )

    async def seat(request: Request) -> Response:
        try:
            table = tables.get(request.path_params["table"])
            since = _int_param(request, "since", default=0)
            with tables.lock:
                now = tables.clock()
                you = table.seat_of(_token(request))
                table.touched = now
                view = ma.view(table.state, you)
                entries = [
                    {
                        "index": i,
                        "step": e.step,
                        "seat": e.seat,
                        "by": e.by,
                        "events": events_document(ma.visible_events(e.events, you)),
                    }
                    for i, e in enumerate(table.log[since:], start=since)
                ]
                return _reply(
                    {
                        "table": table.summary(you),
                        "seat": you,
                        "view": view_document(view),
                        "log": entries,
                        "next": len(table.log),
                        "payout": {
                            "now": ma.payout_if_round_ended_now(view),
                            "best": ma.best_case_payout(view),
                        },
                        "clock": table.clock(now),
                    }
                )
        except TableError as err:
            return _error(err.status, str(err), err.rule)

    async def act(request: Request) -> Response:
        try:
            body = await _body(request)  # read first: no await while holding the lock
            table = tables.get(request.path_params["table"])
            with tables.lock:
                you = table.seat_of(_token(request))
                step = _int_param(request, "step")
                try:
                    action = ma.from_json(
                        body, "action", rules=table.state.rules, max_bytes=MAX_BODY_BYTES
                    )
                except ma.SerializationError as err:
                    raise TableError(400, str(err)) from None
                table.act(you, action, step, tables.clock())
                return _reply({"step": table.state.step})
        except TableError as err:
            return _error(err.status, str(err), err.rule)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = None
        if tables.timings.tick is not None:
            task = asyncio.create_task(_ticker(tables, tables.timings.tick))
        try:
            yield
        finally:
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/t/{table}", page),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{table}", public),
            Route("/api/tables/{table}/seat", seat),
            Route("/api/tables/{table}/actions", act, methods=["POST"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.registry = tables
    return app


async def _ticker(tables: Registry, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        tables.tick()
