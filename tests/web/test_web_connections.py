"""``modern-art serve`` itself, over real sockets on 127.0.0.1: idle sockets and forged headers.

The audit held 1,100 half-sent requests open from one client against a
server under ``ulimit -n 1024``, and everyone else's requests timed out for
at least 25 s; and one client rotating ``X-Forwarded-For`` filled all 64
tables (uvicorn believed the header from any loopback peer). Each test
starts its own server and ends it.
"""

from __future__ import annotations

import contextlib
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.webkit import need

httpx = need("httpx")
need("uvicorn")

from tests.helpers.webclient import ROOT, free_port  # noqa: E402

OTHER_ADDRESS = "127.0.0.2"  # a second loopback address: another client of the same machine


# The server's process lowers its own file limit (ulimit -n) before it starts serving.
_LIMITED = (
    "import resource, sys; from modern_art.cli import main;"
    " hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1];"
    " resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), hard));"
    " sys.exit(main(sys.argv[2:]))"
)


@contextlib.contextmanager
def _server(tmp_path: Path, *flags: str, files: int | None = None) -> Iterator[str]:
    port = free_port()
    start = [sys.executable, "-m", "modern_art"]
    if files is not None:
        start = [sys.executable, "-c", _LIMITED, str(files)]
    command = [*start, "serve", "--port", str(port), "--bot-delay", "0"]
    command += ["--db", str(tmp_path / "web.sqlite3"), *flags]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{base}/api/options", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    said = process.stderr.read().decode() if process.stderr else ""
                    raise RuntimeError(f"the server did not start: {said}") from None
                time.sleep(0.05)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()


def _other_client() -> Any:
    """An HTTP client whose requests come from 127.0.0.2."""
    transport = httpx.HTTPTransport(local_address=OTHER_ADDRESS)
    return httpx.Client(transport=transport, timeout=10)


def test_a_thousand_idle_sockets_do_not_delay_another_address(tmp_path: Path) -> None:
    """1,100 half-sent requests from 127.0.0.1, server at ulimit -n 1024: 127.0.0.2 is served."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1300:
        pytest.skip(f"this process may open only {hard} files; the test holds 1,100 sockets")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1300), hard))
    idle: list[socket.socket] = []
    try:
        with _server(tmp_path, files=1024) as base, _other_client() as other:
            port = int(base.rsplit(":", 1)[1])
            for _ in range(1100):
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                with contextlib.suppress(OSError):  # a refused one was reset: that is the point
                    s.sendall(b"GET /api/options HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                idle.append(s)
            for _ in range(5):
                reply = other.get(f"{base}/api/options")  # times out (10 s) if starved
                assert reply.status_code == 200
            opened = other.post(f"{base}/api/tables", json={"players": 3, "humans": [0]})
            assert opened.status_code == 201, opened.text
    finally:
        for s in idle:
            s.close()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_half_sent_request_is_closed_after_the_header_timeout(tmp_path: Path) -> None:
    """A connection that never finishes its headers is closed by the server."""
    with _server(tmp_path, "--header-timeout", "0.5") as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            assert s.recv(1024) == b""  # the server closed it; a timeout here raises


def test_a_body_that_never_ends_is_closed_after_the_body_timeout(tmp_path: Path) -> None:
    """A request whose body stops halfway is cut off; it opens no table."""
    with _server(tmp_path, "--body-timeout", "0.5") as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"pla'
            )
            data = s.recv(4096)
            while data and b"\r\n\r\n" not in data:
                data += s.recv(4096)
            assert data == b"" or b" 400 " in data.split(b"\r\n", 1)[0]


def test_rotated_forwarded_for_headers_do_not_fill_the_server(tmp_path: Path) -> None:
    """One loopback client rotating X-Forwarded-For holds its 8 tables, then gets 429."""
    with _server(tmp_path, "--rate", "0", "--tables-per-minute", "0") as base:
        statuses = [
            httpx.post(
                f"{base}/api/tables",
                json={"players": 3, "humans": [0]},
                headers={"X-Forwarded-For": f"198.51.100.{n}"},
                timeout=10,
            ).status_code
            for n in range(12)
        ]
    assert statuses == [201] * 8 + [429] * 4


def test_an_other_host_name_is_refused_by_the_server(tmp_path: Path) -> None:
    """``Host: evil.example:8000`` with a matching Origin opens no table (DNS rebinding)."""
    with _server(tmp_path) as base:
        evil = {"Host": "evil.example:8000", "Origin": "http://evil.example:8000"}
        reply = httpx.post(f"{base}/api/tables", json={"players": 3}, headers=evil, timeout=10)
        assert reply.status_code == 400
        good = httpx.post(f"{base}/api/tables", json={"players": 3}, timeout=10)
        assert good.status_code == 201
