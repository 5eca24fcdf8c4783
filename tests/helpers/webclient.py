"""The web table's tests' shared pieces: prompt timings, fixtures, and requests made simply.

Import it only after :func:`webkit.need` found Starlette's test client.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

import modern_art as ma
from modern_art.web import Limits, Registry, Timings, create_app
from tests.helpers.webkit import Clock, need, short_rules

FAST = Timings(bot_delay=0.0, open_idle=4.0, going=2.0, ttl=600.0, poll=0.05, tick=None)
NO_LIMITS = Limits(rate=0.0, tables_per_minute=0.0)  # the limits' own tests set theirs


@pytest.fixture
def clock() -> Clock:
    """A clock moved by hand."""
    return Clock()


@pytest.fixture
def registry(clock: Clock) -> Registry:
    """A registry on the hand-moved clock, with prompt bots and no background ticker."""
    return Registry(FAST, clock=clock)


@pytest.fixture
def client(registry: Registry) -> TestClient:
    """A test client on an app sharing ``registry``, without per-address limits."""
    return TestClient(create_app(registry, limits=NO_LIMITS))


JSON = {"Content-Type": "application/json"}


def auth(token: str) -> dict[str, str]:
    """The headers of a JSON request by the seat holding ``token``."""
    return {"Authorization": f"Bearer {token}", **JSON}


def open_http(client: TestClient, **fields: Any) -> tuple[str, dict[int, str]]:
    """Open a table through the API, claim every invitation; its id and each person's token.

    A practice table (one person) is seeded 4 unless ``fields`` say otherwise;
    a table of more people takes no seed.
    """
    wanted = {"players": 3, "humans": [0], **fields}
    if len(wanted["humans"]) == 1:
        wanted.setdefault("seed", 4)
    reply = client.post("/api/tables", json=wanted)
    assert reply.status_code == 201, reply.text
    body = reply.json()
    tokens = {body["you"]["seat"]: body["you"]["token"]}
    for invitation in body["invitations"]:
        code = invitation["link"].split("#invite=")[1]
        claimed = client.post(f"/api/tables/{body['table']}/claim", json={"invite": code})
        assert claimed.status_code == 201, claimed.text
        tokens[invitation["seat"]] = claimed.json()["token"]
    return body["table"], tokens


def seat_view(client: TestClient, table: str, token: str, since: int = 0) -> dict[str, Any]:
    """The seat's document, which must be answered 200."""
    reply = client.get(f"/api/tables/{table}/seat?since={since}", headers=auth(token))
    assert reply.status_code == 200, reply.text
    body: dict[str, Any] = reply.json()
    return body


def post_action(
    client: TestClient, table: str, token: str, action: ma.Action | str | bytes, step: int
) -> Any:
    """Post ``action`` (or a raw body) made on ``step``; the reply."""
    body = ma.to_json(action) if not isinstance(action, str | bytes) else action
    return client.post(
        f"/api/tables/{table}/actions?step={step}", content=body, headers=auth(token)
    )


def stacked(registry: Registry, hands: list[list[Any]], humans: list[int], **kw: Any) -> Any:
    """A 3-player table with round-1 ``hands`` stacked; returns the table and tokens."""
    rules = short_rules(len(hands[0]))
    deck = ma.stack_deck(hands, rules=rules)
    return registry.open_table(
        ["Ann", "Bea", "Cy"],
        humans=humans,
        rules=rules,
        deck=deck,
        seed=1,
        **kw,
        invitations=False,
    )


ROOT = Path(__file__).parents[2]


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


FLAGS = ["--bot-delay", "0", "--rate", "0", "--tables-per-minute", "0"]

DB: str | None = None
"""The store of the test now running (tests/web/conftest.py), given to servers instead of
the ``db`` a test names: a ``postgresql://`` URL or an SQLite file."""


def answered(
    url: str,
    process: subprocess.Popen[bytes],
    said: Callable[[], str],
    name: str = "the server",
    seconds: float = 30,
) -> Any:
    """The first answer to ``GET url`` once ``process`` listens: an ``httpx`` response.

    If ``process`` ends first, or ``seconds`` pass, a RuntimeError gives
    ``name`` and what it said (``said()``, asked only then).
    """
    httpx = need("httpx")
    deadline = time.monotonic() + seconds
    while True:
        try:
            return httpx.get(url, timeout=2)
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start: {said()}") from None
            time.sleep(0.05)


def serve(db: Path | str, port: int, *flags: str) -> subprocess.Popen[bytes]:
    """``modern-art serve`` on ``port`` and ``db`` (or :data:`DB`; prompt bots, no limits,
    ``flags``), up."""
    # A file, not a pipe nobody reads: a server that logs much would block on a full pipe.
    with tempfile.TemporaryFile() as said:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "modern_art",
                "serve",
                "--port",
                str(port),
                "--db",
                DB or str(db),
                *FLAGS,
                *flags,
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=said,
        )

        def told() -> str:
            process.kill()
            process.wait()
            said.seek(0)
            return said.read().decode(errors="replace")

        answered(f"http://127.0.0.1:{port}/api/tables/none", process, told)
        return process


def play_to_the_end(registry: Registry, table_id: str, seat: int = 0) -> ma.GameState:
    """Play ``seat`` (its first legal action each time) and let the bots play, to the end."""
    for _ in range(5000):
        with registry.lock:
            table = registry.get(table_id)
            state = table.state
            if state.is_over:
                return state
            mine = ma.legal_actions(state, seat)
            if mine:
                table.act(seat, mine[0], state.step, registry.clock())
            else:
                table.advance(registry.clock())
    raise AssertionError("the game does not end")
