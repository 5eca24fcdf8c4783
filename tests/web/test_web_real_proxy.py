"""docs/web-hosting.rst's nginx and Caddy configurations, as written, before a real server.

:mod:`tests.web.test_web_origin` replays the headers the documented proxies
send; here the proxies themselves run (Debian's ``nginx`` and ``caddy``, as
child processes on 127.0.0.1 with a configuration and folders of their own),
in front of ``modern-art serve --trust-proxy 127.0.0.1 --public-origin URL``.
The proxy's part of each configuration is the code block of
docs/web-hosting.rst itself, read from the page, so the page is what is
tested. Two things around it are changed, because a test cannot hold
``play.example.org`` and its certificate: the proxy listens with plain HTTP
on a free loopback port (nginx: ``listen 127.0.0.1:PORT`` for ``listen 443
ssl`` and its certificate; Caddy: the site address ``http://127.0.0.1:PORT``
for ``play.example.org``), which is then the public origin, and the
upstream's port 8000 is the server's free port. ``tools/web_proxies.py``
runs the same blocks with TLS on port 443.

Through each proxy, as browsers do (each ``POST`` with the page's
``Origin``): a table of two people opened, the second seat claimed by its
invitation, the first seat's push stream opened, an action posted and its
document pushed down the open stream (the proxy does not hold it back), and
a ``POST`` from another site's page refused 403. Each proxy and the server
end with the test, and no process is left behind.
"""

from __future__ import annotations

import contextlib
import grp
import json
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.codeblocks import rst_block
from tests.helpers.processes import descendants, settle
from tests.helpers.webkit import missing, need

httpx = need("httpx")

import modern_art as ma  # noqa: E402
from tests.helpers.webclient import ROOT, answered, auth, free_port, serve  # noqa: E402

ONE_STORE = True  # the proxies' part is the same for both stores: SQLite only
DOCS = ROOT / "docs" / "web-hosting.rst"
FOREIGN = "https://elsewhere.example"
UPSTREAM = "127.0.0.1:8000"  # the documented server's address, in both configurations


def documented(language: str, opening: str) -> str:
    """The code block of docs/web-hosting.rst in ``language`` whose first line is ``opening``."""
    text = rst_block(DOCS, language, opening)
    assert UPSTREAM in text, f"the block no longer proxies to {UPSTREAM}"
    return text


def nginx(folder: Path, port: int, upstream: int) -> list[str]:
    """The nginx command for the documented ``location`` block, on ``port``, to ``upstream``."""
    location = documented("nginx", "location / {").replace(UPSTREAM, f"127.0.0.1:{upstream}")
    user = ""
    if os.geteuid() == 0:  # as root the workers would be nobody anyway: say so, with its group
        nobody = pwd.getpwnam("nobody")
        user = f"user nobody {grp.getgrgid(nobody.pw_gid).gr_name};\n"
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{user}worker_processes 1;\npid {folder}/nginx.pid;\nerror_log stderr;\n"
        "events {\n  worker_connections 64;\n}\nhttp {\n  access_log off;\n"
        f"  server {{\n    listen 127.0.0.1:{port};\n    server_name 127.0.0.1;\n"
        f"{location}\n  }}\n}}\n"
    )
    # -e: the error log before the configuration is read (Debian's is /var/log/nginx).
    return [
        program("nginx"),
        "-p",
        f"{folder}/",
        "-e",
        "stderr",
        "-c",
        str(conf),
        "-g",
        "daemon off;",
    ]


def caddy(folder: Path, port: int, upstream: int) -> list[str]:
    """The caddy command for the documented site block, as ``http://127.0.0.1:port``."""
    site = documented("text", "play.example.org {").replace(UPSTREAM, f"127.0.0.1:{upstream}")
    site = site.replace("play.example.org", f"http://127.0.0.1:{port}", 1)
    caddyfile = folder / "Caddyfile"
    caddyfile.write_text(f"{{\n  admin off\n  storage file_system {folder}/data\n}}\n{site}")
    return [program("caddy"), "run", "--config", str(caddyfile), "--adapter", "caddyfile"]


PROXIES = {"nginx": nginx, "caddy": caddy}


def program(name: str) -> str:
    """Where Debian's package put ``name`` (nginx is in /usr/sbin, off a user's ``PATH``)."""
    __tracebackhide__ = True
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/usr/bin")
    if found is None:
        missing(f"{name} is not installed; to install: apt-get install {name}")
        raise AssertionError  # unreachable: missing() raises
    return found


@contextlib.contextmanager
def running(command: list[str], folder: Path, port: int) -> Iterator[None]:
    """``command`` started in ``folder`` (its home too), until it listens on ``port``; ended."""
    home = {"HOME": str(folder), "XDG_DATA_HOME": str(folder), "XDG_CONFIG_HOME": str(folder)}
    with tempfile.TemporaryFile() as said:
        process = subprocess.Popen(
            command, cwd=folder, env={**os.environ, **home}, stdout=said, stderr=said
        )

        def told() -> str:
            said.seek(0)
            return said.read().decode(errors="replace")

        try:
            answered(f"http://127.0.0.1:{port}/", process, told, Path(command[0]).name, 20)
            yield
        finally:
            process.send_signal(signal.SIGTERM)  # both: a fast stop, streams cut
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def browser(origin: str, public: str, token: str | None = None) -> dict[str, str]:
    """What a browser's ``fetch`` ``POST`` to ``public`` from a page of ``origin`` sends."""
    site = "same-origin" if origin == public else "cross-site"
    headers = {"Origin": origin, "Sec-Fetch-Site": site, "Sec-Fetch-Mode": "cors"}
    return headers | (auth(token) if token else {})


def next_document(lines: Iterator[str]) -> dict[str, Any]:
    """The data of the next ``event: seat`` message on a push stream."""
    event = ""
    for line in lines:
        if line.startswith("event: "):
            event = line.removeprefix("event: ")
        elif line.startswith("data: ") and event == "seat":
            document: dict[str, Any] = json.loads(line.removeprefix("data: "))
            return document
    raise AssertionError("the stream ended before a seat's document")


@pytest.mark.parametrize("proxy", list(PROXIES))
def test_the_documented_proxy_serves_a_browser_with_public_origin(proxy: str) -> None:
    """Open, claim, stream, act through the real proxy; another site's post is refused."""
    program(proxy)  # skipped (failed under CI) without it
    before = descendants()
    upstream, port = free_port(), free_port()
    while port == upstream:
        port = free_port()
    public = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="modern-art-proxy-") as name:
        folder = Path(name)
        folder.chmod(0o755)  # nginx's workers (nobody, when run as root) read below it
        server = serve(
            folder / "games.sqlite3", upstream, "--trust-proxy", "127.0.0.1",
            "--public-origin", public,
        )  # fmt: skip
        try:
            with running(PROXIES[proxy](folder, port, upstream), folder, port):
                played(public)
        finally:
            server.terminate()
            server.wait(timeout=10)
    assert settle(before) == set(), f"left behind by {proxy} or the server"


def played(public: str) -> None:
    """A table's documented requests through the proxy at ``public``, as browsers send them."""
    with httpx.Client(base_url=public, timeout=5) as web:
        table = {"players": 3, "humans": [0, 1]}
        opened = web.post("/api/tables", json=table, headers=browser(public, public))
        assert opened.status_code == 201, opened.text
        body = opened.json()
        table_id, tokens = body["table"], [body["you"]["token"]]
        invite = body["invitations"][0]["link"].split("#invite=")[1]
        claimed = web.post(
            f"/api/tables/{table_id}/claim",
            json={"invite": invite},
            headers=browser(public, public),
        )
        assert claimed.status_code == 201, claimed.text
        tokens.append(claimed.json()["token"])

        stream_url = f"/api/tables/{table_id}/stream"
        with web.stream("GET", stream_url, headers=auth(tokens[0])) as stream:
            assert stream.status_code == 200
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            first = next_document(lines)["view"]
            mover = 0 if first["legal_actions"] else 1
            view = first
            if mover:
                seat = web.get(f"/api/tables/{table_id}/seat", headers=auth(tokens[1]))
                view = seat.json()["view"]
            action = {**view["legal_actions"][0], "format": ma.FORMAT}
            url = f"/api/tables/{table_id}/actions?step={view['step']}"

            refused = web.post(url, json=action, headers=browser(FOREIGN, public, tokens[mover]))
            assert refused.status_code == 403, refused.text
            assert refused.json()["error"].startswith(
                f"requests from {FOREIGN!r} are not accepted"
            )
            foreign_table = web.post("/api/tables", json=table, headers=browser(FOREIGN, public))
            assert foreign_table.status_code == 403, foreign_table.text

            acted = web.post(url, json=action, headers=browser(public, public, tokens[mover]))
            assert acted.status_code == 200, acted.text
            pushed = next_document(lines)["view"]  # through the proxy, while the stream is open
            assert pushed["step"] > first["step"]
