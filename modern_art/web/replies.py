"""The API's JSON replies: a document, or an error as ``{"error", "rule", "status"}``."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from modern_art.data.errors import TableError

__all__ = ["NO_STORE", "Handler", "error", "refusals_answered", "reply"]

NO_STORE = {"Cache-Control": "no-store"}
"""Every API answer's cache header: a seat's view is never kept by a cache."""


def error(err: TableError) -> JSONResponse:
    """The JSON error of a refused request (with ``Retry-After`` when it says when)."""
    body = {"error": str(err), "rule": err.rule, "status": err.status}
    headers = NO_STORE
    if err.retry_after is not None:
        headers = {**NO_STORE, "Retry-After": str(err.retry_after)}
    return JSONResponse(body, status_code=err.status, headers=headers)


def reply(body: Any, status: int = 200) -> JSONResponse:
    """A JSON document answered, never cached."""
    return JSONResponse(body, status_code=status, headers=NO_STORE)


Handler = Callable[[Request], Awaitable[Response]]
"""An endpoint: a request in, a response out."""


def refusals_answered(handler: Handler) -> Handler:
    """``handler``, with a :class:`TableError` it raises answered as its JSON :func:`error`."""

    @functools.wraps(handler)
    async def answered(request: Request) -> Response:
        try:
            return await handler(request)
        except TableError as err:
            return error(err)

    return answered
