"""The endpoints of the practice aids and the replay (see :mod:`modern_art.web.app`).

- ``POST /api/tables/{table}/undo``: a practice table's person takes back
  their last decision (:func:`modern_art.web.practice.undo`).
- ``GET /api/tables/{table}/analysis``: the analysis of a practice table's
  decision (:class:`modern_art.web.practice.Analyst`).
- ``GET /api/tables/{table}/replay?step=N&as=S&since=K``: a finished game
  after ``N`` actions as seat ``S`` (or ``public``) saw it, with its log
  lines from ``K`` (:mod:`modern_art.web.replays`).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

import modern_art as ma
from modern_art.data.errors import TableError
from modern_art.web.inputs import bearer_token, read_body, seated, whole
from modern_art.web.practice import Analyst, Asked, undo
from modern_art.web.push import Hub
from modern_art.web.registry import Registry
from modern_art.web.replays import Replay, Replays, replay_seat, stored_record
from modern_art.web.replies import NO_STORE, refusals_answered, reply
from modern_art.web.seats import seat_for_token
from modern_art.web.thread import TablesThread

__all__ = ["aid_routes"]


def aid_routes(
    tables: Registry, hub: Hub, analyst: Analyst, replays: Replays, work: TablesThread
) -> list[Route]:
    """The routes of undo, analysis and replay, for :func:`~modern_art.web.app.create_app`."""

    @refusals_answered
    async def take_back(request: Request) -> Response:
        await read_body(request)

        def taken() -> dict[str, Any]:
            table, you = seated(tables, request)
            done = undo(table, you, tables.clock())
            done["undos"] = table.undos
            return done

        done = await work.run(taken)
        hub.publish(tables)
        return reply(done)

    @refusals_answered
    async def analysis(request: Request) -> Response:
        network = tables.networks.key(request.client.host if request.client else "unknown")

        def asked() -> tuple[str, Asked]:
            table, you = seated(tables, request)
            return table.id, analyst.ask(table, you, network)

        table_id, (seen, events, seed) = await work.run(asked)
        return reply(await analyst.run(table_id, seen, events, seed))

    @refusals_answered
    async def replay(request: Request) -> Response:
        since = whole(request, "since", default=0)

        def document() -> str:
            replayed, seat, summary = _find_replay(
                tables,
                replays,
                request.path_params["table"],
                bearer_token(request),
                request.query_params.get("as"),
            )
            step = whole(request, "step", default=replayed.steps)
            return replayed.document(step, seat, summary, since)

        text = await work.run(document)
        return Response(text, media_type="application/json", headers=NO_STORE)

    return [
        Route("/api/tables/{table}/undo", take_back, methods=["POST"]),
        Route("/api/tables/{table}/analysis", analysis),
        Route("/api/tables/{table}/replay", replay),
    ]


def _find_replay(
    tables: Registry, replays: Replays, table_id: str, token: str | None, wanted: str | None
) -> tuple[Replay, int | None, dict[str, Any]]:
    """The finished game's replay, the seat it shows and the table's summary, or why not."""
    try:
        table = tables.get(table_id)
    except TableError as err:
        if err.status != 404 or tables.store is None:
            raise
        table = None
    if table is not None:
        you = table.seat_of(token) if token else None
        if not table.state.is_over:
            raise TableError(409, "the game is not over yet: its replay comes at the end")
        seat = replay_seat(wanted, you, len(table.seats), table.spectators)
        return replays.get(table_id, table.record), seat, table.summary(you)
    store = tables.store
    assert store is not None  # get() raised otherwise
    text, setup = store.finished_record(table_id), store.setup(table_id)
    if text is None or setup is None:
        raise TableError(404, f"there is no finished game {table_id!r} here")
    you = seat_for_token(store.token_hashes(table_id), token) if token else None
    spectators = str(setup.get("spectators", "public"))
    seat = replay_seat(wanted, you, len(setup["seats"]), spectators)

    replayed = replays.get(table_id, lambda: stored_record(text, table_id))
    return replayed, seat, _stored_summary(tables, table_id, setup, replayed, you)


def _stored_summary(
    tables: Registry, table_id: str, setup: dict[str, Any], replayed: Replay, you: int | None
) -> dict[str, Any]:
    """A finished table's summary from its stored setup (it left the server's memory)."""
    end = replayed.states[-1]
    practice = bool(setup.get("practice"))
    return {
        "id": table_id,
        "seats": [
            {
                "seat": s,
                "name": replayed.names[s],
                "kind": "human" if seat.get("person") else "bot",
                "bot": seat.get("bot"),
                "away": False,
                "you": s == you,
            }
            for s, seat in enumerate(setup["seats"])
        ],
        "step": end.step,
        "round": end.round,
        "over": True,
        "poll": tables.timings.poll,
        "bot_after": tables.timings.bot_after,
        "practice": practice,
        "seed": setup["record"].get("seed") if practice else None,
        "spectators": str(setup.get("spectators", "public")),
        "preset": next(
            (name for name, rules in ma.presets().items() if rules == end.rules), "custom"
        ),
        "turn": setup.get("turn", tables.timings.turn),
        "undos": 0,
    }
