"""``modern-art serve`` from a wheel, outside any clone: the page's files are package data.

The wheel is built from this checkout (hatchling, without build isolation),
unpacked into a temporary folder, which is what installing a pure wheel does,
and served from there with the working directory outside the repository.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers.webkit import missing, need

ROOT = Path(__file__).resolve().parents[2]
STATIC = (
    "index.html",
    "style.css",
    "render.js",
    "table.js",
    "connection.js",
    "practice.js",
    "replay.js",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pure wheel of this checkout."""
    need("hatchling", "hatchling builds the wheel: pip install hatchling")
    out = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k != "MODERN_ART_COMPILE"}
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet"]
    done = subprocess.run(
        [*pip, "--wheel-dir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=env,
    )
    if done.returncode != 0:
        missing(f"pip could not build the wheel: {done.stderr[-500:]}")
    (built,) = out.glob("modern_art-*.whl")
    return built


def test_the_wheel_holds_the_web_package_and_its_page(wheel: Path) -> None:
    """The web modules and every static file of the page are in the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "modern_art/web/serve.py" in names and "modern_art/web/app.py" in names
    for asset in STATIC:
        assert f"modern_art/web/static/{asset}" in names, asset
    assert not any(name.startswith("examples/") for name in names)


def test_modern_art_serve_runs_from_the_unpacked_wheel(wheel: Path, tmp_path: Path) -> None:
    """Served from the wheel with the working directory outside the clone: page and API answer."""
    httpx = need("httpx", "httpx: pip install httpx")
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run(
        [sys.executable, "-c", "import modern_art.web.app as a; print(a.STATIC)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.strip()
    assert Path(where).is_relative_to(site), where
    from tests.helpers.webclient import answered, free_port

    port = free_port()
    command = [sys.executable, "-m", "modern_art", "serve", "--port", str(port)]
    said = tmp_path / "server.log"  # a file, not a pipe nobody reads: it never blocks the server
    with said.open("wb") as log:
        process = subprocess.Popen(
            [*command, "--db", str(tmp_path / "games.sqlite3")],
            cwd=elsewhere,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        page = answered(f"{base}/", process, said.read_text)
        assert page.status_code == 200 and "<html" in page.text.lower()
        for asset in STATIC[1:]:
            assert httpx.get(f"{base}/static/{asset}", timeout=5).status_code == 200, asset
        opened = httpx.post(f"{base}/api/tables", json={"players": 3, "humans": [0]}, timeout=5)
        assert opened.status_code == 201, opened.text
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
