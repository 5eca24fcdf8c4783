"""Run docs/web-hosting.rst's nginx and Caddy configurations, as written, against a real server.

    python tools/web_proxies.py            # both; needs nginx, caddy, openssl and curl on PATH
    python tools/web_proxies.py --only caddy

For each proxy, and for each way the server learns its origin (``--public-origin
https://play.example.org``, and none: the trusted proxy's ``X-Forwarded-Proto``),
it starts ``modern-art serve --trust-proxy 127.0.0.1`` on a fresh database and
the proxy on 127.0.0.1:443 with TLS for ``play.example.org`` (a self-signed
certificate for nginx, Caddy's own local one), then speaks through the proxy
as a browser does (``curl --resolve play.example.org:443:127.0.0.1``, with the
browser's ``Origin``): opens a table of two people, claims the invitation,
reads the seat's push stream, posts an action and rotates the token. The
proxy's part of the configuration is read from docs/web-hosting.rst itself,
so the page is what is tested. It prints one line per run and exits 1 if any
failed. It ends every process it starts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the docs' one reader of code blocks

from tests.helpers.codeblocks import rst_block  # noqa: E402

NAME = "play.example.org"
ORIGIN = f"https://{NAME}"
DOCS = ROOT / "docs" / "web-hosting.rst"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} ended at start: {process.stderr.read().decode()[-800:]}")  # type: ignore[union-attr]
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start listening on {port}")


@contextlib.contextmanager
def _running(command: list[str], port: int, what: str, cwd: Path = ROOT) -> Iterator[None]:
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(port, process, what)
        yield
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stderr:
            process.stderr.close()


def _nginx(folder: Path, upstream: int) -> tuple[list[str], str]:
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
         f"/CN={NAME}", "-addext", f"subjectAltName=DNS:{NAME}",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    location = rst_block(DOCS, "nginx", "location / {").replace(
        "127.0.0.1:8000", f"127.0.0.1:{upstream}"
    )
    conf = folder / "nginx.conf"
    conf.write_text(
        f"pid {folder}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\n"
        f"  access_log off;\n  client_body_temp_path {folder}/body;\n"
        f"  proxy_temp_path {folder}/proxy;\n"
        f"  server {{\n    listen 127.0.0.1:443 ssl;\n    server_name {NAME};\n"
        f"    ssl_certificate {folder}/cert.pem;\n    ssl_certificate_key {folder}/key.pem;\n"
        f"{location}  }}\n}}\n"
    )
    return ["nginx", "-p", str(folder), "-c", str(conf), "-g", "daemon off;"], "nginx"


def _caddy(folder: Path, upstream: int) -> tuple[list[str], str]:
    site = rst_block(DOCS, "text", f"{NAME} {{").replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    redirects = _free_port()
    while redirects == upstream:  # both were free when asked: take another
        redirects = _free_port()
    caddyfile = folder / "Caddyfile"
    caddyfile.write_text(
        "{\n  admin off\n  local_certs\n  skip_install_trust\n"
        f"  http_port {redirects}\n  storage file_system {folder}/caddy\n}}\n{site}"
    )
    command = ["caddy", "run", "--config", str(caddyfile), "--adapter", "caddyfile"]
    return command, "caddy"


def _curl(method: str, path: str, body: object = None, token: str | None = None,
          stream: float | None = None) -> tuple[int, str]:  # fmt: skip
    command = ["curl", "-sk", "--resolve", f"{NAME}:443:127.0.0.1", "-X", method,
               "-H", f"Origin: {ORIGIN}", "-H", "Sec-Fetch-Site: same-origin",
               "-w", "\n%{http_code}", f"{ORIGIN}{path}"]  # fmt: skip
    if body is not None:
        command += ["-H", "Content-Type: application/json", "--data", json.dumps(body)]
    if token is not None:
        command += ["-H", f"Authorization: Bearer {token}"]
    if stream is not None:
        command += ["-N", "--max-time", str(stream)]
    done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=60)
    text, _, code = done.stdout.rpartition("\n")
    return int(code or 0), text


def _play() -> str | None:
    """A table's documented requests through the proxy; ``None``, or what went wrong."""
    code, text = _curl("POST", "/api/tables", {"players": 3, "humans": [0, 1]})
    if code != 201:
        return f"opening a table: {code} {text[:200]}"
    opened = json.loads(text)
    table = opened["table"]
    invite = opened["invitations"][0]["link"].split("#invite=")[1]
    code, text = _curl("POST", f"/api/tables/{table}/claim", {"invite": invite})
    if code != 201:
        return f"claiming a seat: {code} {text[:200]}"
    token = opened["you"]["token"]
    code, text = _curl("GET", f"/api/tables/{table}/stream", token=token, stream=2.0)
    if "event: seat" not in text:
        return f"the push stream: {code} {text[:200]}"
    seen = json.loads(re.findall(r"^data: (.*)$", text, re.MULTILINE)[0])
    action = {**seen["view"]["legal_actions"][0], "format": "modern-art/1"}
    code, text = _curl("POST", f"/api/tables/{table}/actions?step={seen['view']['step']}",
                       action, token=token)  # fmt: skip
    if code != 200:
        return f"an action: {code} {text[:200]}"
    code, text = _curl("POST", f"/api/tables/{table}/token", {}, token=token)
    if code != 200:
        return f"rotating the token: {code} {text[:200]}"
    return None


def main() -> int:
    """Run every proxy and origin combination; 0 if all held."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["nginx", "caddy"], help="run one proxy only")
    args = parser.parse_args()
    proxies = {"nginx": _nginx, "caddy": _caddy}
    wanted = [args.only] if args.only else list(proxies)
    missing = [tool for tool in ["openssl", "curl", *wanted] if shutil.which(tool) is None]
    if missing:
        print(f"web_proxies: {', '.join(missing)} not found on PATH", file=sys.stderr)
        return 2
    failed = 0
    for proxy in wanted:
        for origin in (["--public-origin", ORIGIN], []):
            with tempfile.TemporaryDirectory(prefix="modern-art-proxy-") as name:
                folder = Path(name)
                upstream = _free_port()
                serve = [sys.executable, "-m", "modern_art", "serve", "--port", str(upstream),
                         "--db", str(folder / "games.sqlite3"), "--trust-proxy", "127.0.0.1",
                         "--allowed-host", NAME, "--rate", "0", *origin]  # fmt: skip
                command, what = proxies[proxy](folder, upstream)
                with (
                    _running(serve, upstream, "modern-art serve"),
                    _running(command, 443, what, cwd=folder),
                ):
                    wrong = _play()
            how = "--public-origin" if origin else "X-Forwarded-Proto"
            print(f"{proxy:6} {how:18} {'ok' if wrong is None else 'FAILED: ' + wrong}")
            failed += wrong is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
