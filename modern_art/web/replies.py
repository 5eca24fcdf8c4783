"""The API's JSON replies: a document, or an error as ``{"error", "rule", "status"}``."""

from __future__ import annotations

from typing import Any

from starlette.responses import JSONResponse

from modern_art.data.errors import TableError

__all__ = ["NO_STORE", "error", "reply"]

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
