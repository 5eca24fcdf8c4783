"""The HTTP side: a Starlette app serving the page and a small JSON API.

Endpoints (every reply is JSON, errors as ``{"error": ..., "rule": ..., "status": ...}``):

- ``GET /`` and ``GET /t/{table}``: the page (plain HTML, CSS, JavaScript);
  ``GET /help``: how to play (the rules in short, each auction, what a
  painting pays).
- ``GET /api/options``: what the lobby offers: bots, presets, the clock.
- ``POST /api/tables``: open a table; answers the opener's seat token and an
  invitation link for each other person's seat.
- ``POST /api/tables/{table}/claim``: an invitation's code claims its seat,
  once; answers that seat's token.
- ``POST /api/tables/{table}/token``: a seat rotates its token.
- ``GET /api/tables/{table}``: public facts and, by the table's spectator
  policy, a spectator's view (or, after the end, the whole record), no token.
- ``GET /api/tables/{table}/seat?since=K``: the seat's view, its redacted
  events from log line ``K`` on, the payout hint and the clock (a poll).
- ``GET /api/tables/{table}/stream?since=K``: the same documents, pushed as
  server-sent events (:mod:`modern_art.web.push`).
- ``POST /api/tables/{table}/actions?step=N``: the body is one action, as the
  library's JSON; ``N`` is the ``state.step`` it was made on.
- ``POST /api/tables/{table}/return``: a person takes their seat back from
  the bot that played it while they were away.
- ``GET /api/tables/{table}/record?format=json|text``: a finished game's
  record, as the library's JSON or its text record (for the table's people).
- ``GET .../replay``, ``POST .../undo``, ``GET .../analysis``: a finished
  game step by step, and a practice table's aids (:mod:`modern_art.web.aids`).

A seat is named by its token in ``Authorization: Bearer <token>``: none
gives 401, one of no seat of the table 403. A stale ``step`` gives 409, a
malformed or illegal action 400 with the library's message, which for an
illegal action names the rule; the state is then untouched. Every request
first passes :class:`~modern_art.web.guard.Guard` (limits, JSON-only posts,
security headers).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable, Collection
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

import modern_art as ma
from modern_art.agents.registry import BOTS as LIBRARY_BOTS
from modern_art.data.errors import TableError
from modern_art.svg import palette_css
from modern_art.svg.page_parts import fill_parts, page_parts
from modern_art.web.addresses import Proxies
from modern_art.web.aids import aid_routes
from modern_art.web.documents import seat_document_text, view_document
from modern_art.web.guard import Guard, Limits
from modern_art.web.inputs import (
    MAX_BODY_BYTES,
    TURN_SECONDS,
    bearer_token,
    read_body,
    seated,
    strict_json,
    whole,
)
from modern_art.web.inputs import table_request as check_table_request
from modern_art.web.invitations import claim, rotate
from modern_art.web.practice import Analyst
from modern_art.web.push import Hub, seat_stream
from modern_art.web.registry import Registry
from modern_art.web.replays import Replays, stored_record
from modern_art.web.replies import NO_STORE as _NO_STORE
from modern_art.web.replies import error as _error
from modern_art.web.replies import refusals_answered
from modern_art.web.replies import reply as _reply
from modern_art.web.seats import BOTS, PRESETS, seat_for_token
from modern_art.web.tables import GameTable
from modern_art.web.thread import TablesThread

__all__ = ["create_app"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"

PALETTE_CSS = palette_css()
"""``/static/palette.css``: one artist palette for the page and :mod:`modern_art.svg`."""

HELP_PAGE = fill_parts(
    (STATIC / "help.html").read_text(encoding="utf-8"),
    page_parts((STATIC / "index.html").read_text(encoding="utf-8")),
)
"""``/help``: the template ``help.html`` with the head of the page's own ``index.html``."""


def create_app(
    registry: Registry | None = None,
    *,
    limits: Limits | None = None,
    guard_clock: Any = None,
    proxies: Proxies | None = None,
    allowed_hosts: Collection[str] | None = None,
    analyst: Analyst | None = None,
    public_origin: str | None = None,
) -> Starlette:
    """The web app; pass a :class:`Registry` to share it with a test or another app.

    Args:
        registry: where the tables live; a new one, keeping nothing, if ``None``.
        limits: the per-network limits (:class:`~modern_art.web.guard.Limits`),
            counted on the registry's networks
            (:class:`~modern_art.web.addresses.Networks`).
        guard_clock: the limits' clock, for tests; ``time.monotonic`` if ``None``.
        proxies: the reverse proxies whose ``X-Forwarded-For`` is believed
            (:class:`~modern_art.web.addresses.Proxies`); none if ``None``.
        allowed_hosts: the ``Host`` names the app answers to
            (:func:`~modern_art.web.addresses.allowed_hosts`); ``None`` answers
            any, which only a test or a server that checks names itself should
            pass (``modern-art serve`` always gives them).
        analyst: runs the practice tables' analyses
            (:class:`~modern_art.web.practice.Analyst`); a default one if ``None``.
        public_origin: the origin browsers use (``--public-origin``, made by
            :func:`~modern_art.web.addresses.public_origin`); ``None``: the
            request's own, or what a trusted proxy says it is.
    """
    tables = registry if registry is not None else Registry()
    hub = Hub()
    analysis = analyst if analyst is not None else Analyst()
    shared = tables.shared is not None
    work = TablesThread(tables.lock, tables.refresh, shared=shared)  # off the event loop

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=_NO_STORE)

    async def help_page(request: Request) -> Response:
        return Response(HELP_PAGE, media_type="text/html")

    async def palette(request: Request) -> Response:
        return Response(PALETTE_CSS, media_type="text/css")

    async def options(request: Request) -> Response:
        low, high = TURN_SECONDS
        return _reply(
            {
                "bots": [{"name": n, "title": LIBRARY_BOTS[n].title} for n in BOTS],
                "presets": list(PRESETS),
                "turn": {"default": tables.timings.turn, "min": low, "max": high},
            }
        )

    @refusals_answered
    async def open_table(request: Request) -> Response:
        try:
            wanted = check_table_request(strict_json(await read_body(request)))
            owner = request.client.host if request.client else None
            table, secrets_ = await work.run(
                lambda: tables.open_table(
                    wanted["names"],
                    humans=wanted["humans"],
                    bot=wanted["bot"],
                    seed=wanted["seed"],
                    rules=ma.preset(wanted["preset"]),
                    owner=owner,
                    turn=wanted["turn"],
                    spectators=wanted["spectators"],
                )
            )
        except ValueError as err:  # a table the library refuses, such as too many seats
            raise TableError(400, str(err)) from None
        opener = wanted["humans"][0]

        def link(seat: int, secret: str) -> str:
            return f"/t/{table.id}#{'token' if seat == opener else 'invite'}={secret}"

        seats = [
            {"seat": s, "name": table.seats[s].name, "link": link(s, secret), "you": s == opener}
            for s, secret in sorted(secrets_.items())
        ]
        you = {"seat": opener, "token": secrets_[opener], "link": link(opener, secrets_[opener])}
        invitations = [seat for seat in seats if not seat["you"]]
        body = {
            "table": table.id,
            "you": you,
            "invitations": invitations,
            "seats": seats,
            "summary": table.summary(opener),
        }
        return _reply(body, 201)

    @refusals_answered
    async def claim_seat(request: Request) -> Response:
        fields = strict_json(await read_body(request))
        if not isinstance(fields, dict) or set(fields) != {"invite"}:
            raise TableError(400, 'expected {"invite": "<the code of your link>"}')

        def claimed() -> tuple[GameTable, str, int]:
            table = tables.get(request.path_params["table"])
            token = claim(tables, table, fields["invite"])
            return table, token, table.seat_of(token)

        table, token, you = await work.run(claimed)
        hub.publish(tables)
        link = f"/t/{table.id}#token={token}"
        return _reply({"seat": you, "token": token, "link": link}, 201)

    @refusals_answered
    async def new_token(request: Request) -> Response:
        await read_body(request)

        def rotated() -> tuple[GameTable, int, str]:
            table, you = seated(tables, request)
            return table, you, rotate(tables, table, you)

        table, you, token = await work.run(rotated)
        hub.revoke(table.id, you)  # a stream opened with the old token ends now
        return _reply({"seat": you, "token": token, "link": f"/t/{table.id}#token={token}"})

    @refusals_answered
    async def public(request: Request) -> Response:

        def found() -> dict[str, Any]:
            table = tables.get(request.path_params["table"])
            return {"table": table.summary(), **_spectated(table)}

        return _reply(await work.run(found))

    @refusals_answered
    async def seat(request: Request) -> Response:
        since = whole(request, "since", default=0)

        def document() -> str:
            table, you = seated(tables, request)
            now = tables.clock()
            table.touched = now
            return seat_document_text(table, you, since, now)[0]

        text = await work.run(document)
        return Response(text, media_type="application/json", headers=_NO_STORE)

    @refusals_answered
    async def stream(request: Request) -> Response:
        since = whole(request, "since", default=0)
        table, you = await work.run(lambda: seated(tables, request))
        return StreamingResponse(
            seat_stream(tables, hub, table.id, you, since, work.run),
            media_type="text/event-stream",
            headers={**_NO_STORE, "X-Accel-Buffering": "no"},
        )

    @refusals_answered
    async def act(request: Request) -> Response:
        body = await read_body(request)  # read first: no await while holding the lock
        step = whole(request, "step")

        def acted() -> int:
            table, you = seated(tables, request)
            if whole(request, "undos", default=table.undos) != table.undos:
                raise TableError(409, "you took a decision back since; the page refreshes")
            try:
                action = ma.from_json(
                    body, "action", rules=table.state.rules, max_bytes=MAX_BODY_BYTES
                )
            except ma.SerializationError as err:
                raise TableError(400, str(err)) from None
            table.act(you, action, step, tables.clock())
            return table.state.step

        reply = _reply({"step": await work.run(acted)})
        hub.publish(tables)
        return reply

    @refusals_answered
    async def come_back(request: Request) -> Response:
        await read_body(request)

        def back() -> dict[str, Any]:
            table, you = seated(tables, request)
            now = tables.clock()
            table.touched = now
            table.come_back(you, now)
            return {"step": table.state.step, "away": table.seats[you].away}

        reply = _reply(await work.run(back))
        hub.publish(tables)
        return reply

    @refusals_answered
    async def game_record(request: Request) -> Response:
        table_id = request.path_params["table"]
        token = bearer_token(request)
        wanted = request.query_params.get("format", "json")
        if wanted not in ("json", "text"):
            raise TableError(400, f"format must be 'json' or 'text', got {wanted!a}")

        def recorded() -> str:
            tables.refresh(table_id)
            table = tables.tables.get(table_id)
            if table is not None:
                table.seat_of(token)
                if not table.state.is_over:
                    raise TableError(409, "the game is not over yet; its record comes then")
                return ma.to_json(table.record())
            return _stored_record(tables, table_id, token)

        text = await work.run(recorded)
        if wanted == "text":  # the PGN-like text record, read back by ma.read_records
            text = ma.write_records([ma.from_json(text, "record")])
        kind, suffix = ("text/plain", "txt") if wanted == "text" else ("application/json", "json")
        return Response(
            text,
            media_type=kind,
            headers={
                **_NO_STORE,
                "Content-Disposition": f'attachment; filename="modern-art-{table_id}.{suffix}"',
            },
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = None
        if tables.store is not None:  # on the event loop the database never waits
            tables.store.never_wait_in(threading.get_ident())
        if tables.timings.tick is not None:
            task = asyncio.create_task(_ticker(tables, hub, work, tables.timings.tick))
        if tables.shared is not None:  # another process's changes wake this one's streams
            tables.shared.listen(_catching_up(tables, hub, work, asyncio.get_running_loop()))
        if shared_limits is not None:
            await asyncio.to_thread(shared_limits.start)
        try:
            yield
        finally:
            if shared_limits is not None:
                await asyncio.to_thread(shared_limits.close)
            analysis.close()
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            work.close()
            if tables.store is not None:
                tables.store.compact()  # the file given back, the WAL emptied

    shared_limits = None
    if tables.shared is not None:  # the per-network limits counted with the other processes
        from modern_art.web.shared_limits import SharedLimits  # noqa: PLC0415 (psycopg)

        shared_limits = SharedLimits(tables.shared.url)
    guard: dict[str, Any] = {
        "limits": limits,
        "proxies": proxies,
        "hosts": allowed_hosts,
        "networks": tables.networks,
        "public_origin": public_origin,
        "shared": shared_limits,
    }
    if guard_clock is not None:
        guard["clock"] = guard_clock
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/t/{table}", page),
            Route("/help", help_page),
            Route("/api/options", options),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/tables/{table}/claim", claim_seat, methods=["POST"]),
            Route("/api/tables/{table}/token", new_token, methods=["POST"]),
            Route("/api/tables/{table}", public),
            Route("/api/tables/{table}/seat", seat),
            Route("/api/tables/{table}/stream", stream),
            Route("/api/tables/{table}/actions", act, methods=["POST"]),
            Route("/api/tables/{table}/return", come_back, methods=["POST"]),
            Route("/api/tables/{table}/record", game_record),
            *aid_routes(tables, hub, analysis, Replays(), work),
            Route("/static/palette.css", palette),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(Guard, **guard)],
        exception_handlers={404: _not_found, 405: _not_found, Exception: _server_error},
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # /api/tables/ is no endpoint: JSON 404, no redirect
    app.state.registry = tables
    app.state.hub = hub
    app.state.shared_limits = shared_limits  # for the connections' limits (modern-art serve)
    return app


def _spectated(table: GameTable) -> dict[str, Any]:
    """What a spectator sees, by the table's policy (no seat token: nothing private)."""
    over = table.state.is_over
    if table.spectators == "public" or (table.spectators == "after" and over):
        view = view_document(ma.view(table.state, None))
        if over and table.spectators == "after":  # everything, now that it cannot matter
            return {"view": view, "record": json.loads(ma.to_json(table.record()))}
        return {"view": view}
    why = "nobody watches this table" if table.spectators == "none" else "watch after the end"
    return {"view": None, "spectators": why}


async def _not_found(request: Request, exc: Exception) -> Response:
    """An unmatched path or method: JSON under ``/api/``, like every other API answer."""
    status = getattr(exc, "status_code", 404)
    if not _under_api(request.url.path):
        return Response("Not Found" if status == 404 else "Method Not Allowed", status)
    what = "no such endpoint" if status == 404 else f"{request.method} is not allowed here"
    text = f"{what}: {request.method} {request.url.path[:200]!a}; see the HTTP API's documentation"
    return _error(TableError(status, text))


def _under_api(path: str) -> bool:
    """Whether ``path`` is the API's (``/api``, ``/API/...``: every spelling answers JSON)."""
    lowered = path.lower()
    return lowered == "/api" or lowered.startswith("/api/")


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug: answered JSON 500 under ``/api``, no traceback (the server's log has it)."""
    if not _under_api(request.url.path):
        return Response("the server failed; its log says why", 500)
    return _error(TableError(500, "the server failed on this request; its log says why"))


def _stored_record(tables: Registry, table_id: str, token: str | None) -> str:
    """A finished game's record from the database, for one of its people."""
    store = tables.store
    text = store.finished_record(table_id) if store is not None else None
    if store is None or text is None:
        raise TableError(404, f"there is no finished game {table_id!r} here")
    seat_for_token(store.token_hashes(table_id), token)
    stored_record(text, table_id)  # a damaged one is a JSON 500 naming it, not a crash later
    return text


async def _ticker(tables: Registry, hub: Hub, work: TablesThread, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            await work.in_thread(tables.tick)
        except TableError as err:  # a step the database refused: the next tick tries again
            log.warning("the ticker could not move a table on: %s", err)
        hub.publish(tables)


def _catching_up(
    tables: Registry, hub: Hub, work: TablesThread, loop: asyncio.AbstractEventLoop
) -> Callable[[str | None, int], None]:
    """What a shared store's listener calls for each change: the table caught up in the
    tables' thread, then its streams woken on the loop (changes close together in one go)."""
    pending: set[str | None] = set()
    running: set[asyncio.Task[None]] = set()  # kept, so that a task is not collected

    async def catch_up() -> None:
        batch = set(pending)
        pending.clear()
        try:
            await work.in_thread(lambda: tables.notified(batch))
        except TableError as err:  # the database refused: the next change or poll catches up
            log.warning("could not catch tables up with another server: %s", err)
        hub.publish(tables)

    def noted(table_id: str | None, revision: int) -> None:
        table = tables.tables.get(table_id) if table_id is not None else None
        if table is not None and revision >= 0 and table.revision >= revision:
            return  # this process wrote it, or already caught up

        def schedule() -> None:
            if not pending:
                task = loop.create_task(catch_up())
                running.add(task)
                task.add_done_callback(running.discard)
            pending.add(table_id)

        loop.call_soon_threadsafe(schedule)

    return noted
