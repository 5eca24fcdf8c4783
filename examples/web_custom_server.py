"""A server of your own around the library's web table (``modern_art.web``).

``modern-art serve`` is the ready-made server. To change it, build the app
yourself: your own :class:`~modern_art.web.Timings` (here quick bots and long
turns), your own :class:`~modern_art.web.Registry` and store, and any ASGI
around it (here a ``/health`` endpoint for a load balancer).

Run it: it starts the server on 127.0.0.1 on a free port, asks ``/health``,
opens a table of one person and three bots over HTTP, and stops. With
``--serve`` it keeps serving on http://127.0.0.1:8000/ until Ctrl-C.

    python examples/web_custom_server.py
"""

# requires: starlette uvicorn

from __future__ import annotations

import json
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import uvicorn

from modern_art.web import Registry, Store, Timings, create_app

Scope = MutableMapping[str, Any]
ASGI = Callable[[Scope, Any, Any], Awaitable[None]]


def build_app() -> ASGI:
    """The table's app, with quick bots and a ``/health`` endpoint in front of it."""
    timings = Timings(bot_delay=0.2, turn=120.0)
    registry = Registry(timings, max_tables=16, store=Store(":memory:"))
    table = create_app(registry)

    async def app(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["path"] == "/health":
            body = json.dumps({"tables": len(registry.tables)}).encode()
            head = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 200, "headers": head})
            await send({"type": "http.response.body", "body": body})
            return
        await table(scope, receive, send)  # everything else, lifespan included

    return app


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return json.load(reply)


def _post(url: str, document: object) -> Any:
    data = json.dumps(document).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def check() -> None:
    """Serve on a free port of 127.0.0.1, open one table over HTTP, stop."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    port = listening.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(build_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]})
    thread.start()
    try:
        while not server.started:
            time.sleep(0.05)
        base = f"http://127.0.0.1:{port}"
        print("health before:", _get(f"{base}/health"))
        names = ["You", "Bot A", "Bot B", "Bot C"]
        opened = _post(f"{base}/api/tables", {"names": names, "humans": [0]})
        print("opened table", opened["table"], "- your seat's link:", opened["seats"][0]["link"])
        print("health after:", _get(f"{base}/health"))
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listening.close()


if __name__ == "__main__":
    if "--serve" in sys.argv[1:]:
        uvicorn.run(build_app(), host="127.0.0.1", port=8000, log_level="warning")
    else:
        check()
