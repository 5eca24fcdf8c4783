"""Both pages in Chromium draw a card alike: its artist's colour and its artist's name.

The service's page (``modern-art serve``, under uvicorn in a thread) and the
static site (``modern-art site``, written by :func:`~modern_art.site.build.write_site`
and served by ``python -m http.server``) load one renderer, ``render.js``,
and one palette, :func:`modern_art.svg.palette_css`: a card in each page has
the colour :func:`modern_art.svg.artist_color` gives its artist, as its
computed style, and shows the artist's name. (The site once showed every card
as a blank white box: it had no palette.)

Needs Playwright, the web extra, ``/usr/bin/chromium`` and the site's Node
tooling (``cd js && npm ci``); skipped with the reason without them, failed
under CI.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.site import PYODIDE, need_node_tooling
from tests.helpers.webkit import CHROMIUM, NO_CHROMIUM, chromium, missing, need

need("starlette")
uvicorn = need("uvicorn")
need("playwright.sync_api")
httpx = need("httpx")
if not CHROMIUM.exists():
    missing(NO_CHROMIUM)
need_node_tooling()

import modern_art as ma  # noqa: E402
from modern_art import svg  # noqa: E402
from modern_art.site.build import write_site  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402

pytestmark = pytest.mark.browser
PYODIDE_MS = 180_000  # Pyodide compiles about 10 MB of WebAssembly on a slow machine
WAIT_MS = 10_000


def _wait_for_port(port: int, alive: Any) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or not alive():
                raise RuntimeError(f"nothing listens on port {port}") from None
            time.sleep(0.05)


@pytest.fixture(scope="module")
def service() -> Iterator[str]:
    """The service under uvicorn on a free loopback port, in a thread; its base URL."""
    app = create_app(Registry(Timings(bot_delay=0.0)))
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{server.servers[0].sockets[0].getsockname()[1]}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The static site, written once, served by python's http.server; its base URL."""
    directory = tmp_path_factory.mktemp("site")
    write_site(directory, pyodide=PYODIDE)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(directory), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port, lambda: server.poll() is None)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium under Playwright."""
    with chromium() as launched:
        yield launched


def _rgb(colour: str) -> str:
    """``#d9534f`` as a computed style says it: ``rgb(217, 83, 79)``."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def _cards_are_drawn_in_their_artists_colours(page: Any) -> None:
    """Every card in the hand: the background of its artist, the artist's name on it."""
    artists = ma.preset("cmon").edition.artists
    cards = page.eval_on_selector_all(
        "#hand-cards .card",
        """ns => ns.map(n => ({artist: n.dataset.artist,
            name: n.querySelector('.artist').innerText,
            colour: getComputedStyle(n).backgroundColor}))""",
    )
    assert len(cards) >= 5, cards
    for card in cards:
        assert card["artist"] in artists, card
        assert card["name"] == card["artist"], card
        assert card["colour"] == _rgb(svg.artist_color(card["artist"], artists)), card
    assert len({c["colour"] for c in cards}) == len({c["artist"] for c in cards})


def test_a_card_on_the_services_page_has_its_artists_colour_and_name(
    service: str, browser: Any
) -> None:
    """A person's seat at a served table shows each card in its artist's palette colour."""
    reply = httpx.post(
        f"{service}/api/tables", json={"players": 3, "humans": [0], "seed": 4}, timeout=10
    )
    assert reply.status_code == 201, reply.text
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(service + reply.json()["you"]["link"])
        page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
        _cards_are_drawn_in_their_artists_colours(page)
        assert errors == []
    finally:
        context.close()


def test_a_card_on_the_static_site_has_its_artists_colour_and_name(
    site: str, browser: Any
) -> None:
    """The site's first person's hand shows each card in its artist's palette colour."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(site + "index.html?delay=0")
        page.wait_for_selector("body[data-state=setup]", state="attached", timeout=PYODIDE_MS)
        page.fill("#seed", "4")
        page.click("#start-button")
        page.wait_for_selector("#hand-cards button.card", timeout=60_000)
        _cards_are_drawn_in_their_artists_colours(page)
        assert errors == []
    finally:
        context.close()


def test_both_pages_load_one_renderer_and_one_palette(service: str, site: str) -> None:
    """render.js and palette.css are the same bytes on both pages."""
    for name in ("render.js", "palette.css"):
        served = httpx.get(f"{service}/static/{name}", timeout=10)
        built = httpx.get(f"{site}{name}", timeout=10)
        assert served.status_code == built.status_code == 200, name
        assert served.content == built.content, name
