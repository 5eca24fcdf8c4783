"""The pictures in a real browser: Playwright for Python driving Debian's Chromium.

A board drawn inline and one loaded as an image file have the size the SVG
declares and show exactly the text the SVG holds; the replay page steps
with the arrow keys from ``file://``; the report page draws its charts; the
committed gallery screenshots have the size Chromium draws now.

Skipped, with the reason, when Playwright or ``/usr/bin/chromium`` is
missing; under CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import importlib
import struct
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.svgcheck import texts
from tests.helpers.webkit import CHROMIUM, NO_CHROMIUM, chromium, need

need("playwright.sync_api")
if not CHROMIUM.exists():
    from tests.helpers.webkit import missing

    missing(NO_CHROMIUM)

import modern_art as ma  # noqa: E402
from modern_art import svg  # noqa: E402
from modern_art.svg.board import WIDTH  # noqa: E402

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs"))
screenshots: Any = importlib.import_module("screenshots")


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    """A page of headless Debian Chromium that fails the test on any script error."""
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        yield page
    assert errors == []


def _size(picture: str) -> tuple[float, float]:
    head = picture[: picture.index(">")]
    width = float(head.split(' width="')[1].split('"')[0])
    height = float(head.split(' height="')[1].split('"')[0])
    return width, height


def _positions() -> list[ma.GameState | ma.PlayerView]:
    state = ma.new_game(['<b>Ann</b> & "Bo"', "W" * 500, "Cy\x00"], seed=2)
    card = next(c for c in state.players[0].hand if c.auction is ma.Auction.HIDDEN)
    state = ma.apply(state, ma.PlayCard(0, card)).state
    state = ma.apply(state, ma.Bid(1, 12)).state
    return [state, ma.view(state, 0), ma.view(state, 1), ma.view(state, None)]


@pytest.mark.parametrize("which", range(4), ids=["state", "seat 0", "seat 1", "spectator"])
def test_inline_board_has_its_declared_size_and_shows_exactly_its_text(
    page: Any, which: int
) -> None:
    """Chromium lays the inline board out at its width and height and shows its texts."""
    picture = svg.board(_positions()[which])
    page.set_content(f"<!DOCTYPE html><html><body style='margin:0'>{picture}</body></html>")
    box = page.locator("body > svg").bounding_box()
    assert (box["width"], box["height"]) == _size(picture)
    shown = page.eval_on_selector_all("body > svg text", "ts => ts.map(t => t.textContent)")
    assert shown == texts(picture)
    assert any("&" in text and "<b>" in text for text in shown)  # escaped, shown as typed
    # The long name is cut to 18 characters and drawn inside a clipping viewport.
    name = page.locator("body > svg text", has_text="WWWW").first
    assert name.text_content().endswith("W" * 17 + "\N{HORIZONTAL ELLIPSIS}")
    overflow = name.evaluate("t => getComputedStyle(t.parentElement).overflow")
    assert name.evaluate("t => t.parentElement.tagName") == "svg" and overflow == "hidden"


def test_board_file_loads_as_an_image_at_its_size(page: Any, tmp_path: Path) -> None:
    """A board saved as a file is a standalone SVG image that Chromium decodes at its size."""
    picture = svg.board(_positions()[1])
    path = tmp_path / "board.svg"
    path.write_text(picture, encoding="utf-8")
    html = tmp_path / "board.html"
    html.write_text('<!DOCTYPE html><img id="b" src="board.svg">', encoding="utf-8")
    page.goto(html.as_uri())
    image = page.locator("#b")
    image.evaluate("img => img.decode()")
    size = image.evaluate("img => [img.naturalWidth, img.naturalHeight]")
    assert tuple(size) == _size(picture)


def test_replay_page_steps_with_the_arrow_keys_from_a_file(page: Any, tmp_path: Path) -> None:
    """The replay's index.html, opened from ``file://``, moves one picture per arrow key."""
    record = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=5, names=["A", "<B>", "C"])
    game = tmp_path / "game.json"
    game.write_text(ma.to_json(record), encoding="utf-8")
    out = tmp_path / "replay"
    command = [sys.executable, "-m", "modern_art", "replay", str(game), "--svg", str(out)]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    total = len(record.actions) + 1
    page.goto((out / "index.html").as_uri())
    assert page.locator("#position").text_content() == f"1 / {total}"
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.locator("#position").text_content() == f"3 / {total}"
    shown = page.locator("figure.frame:not([hidden]) img")
    assert shown.get_attribute("src") == "step-0002.svg"
    page.wait_for_function("document.querySelector('figure.frame:not([hidden]) img').complete")
    assert shown.evaluate("img => img.naturalWidth") == WIDTH
    page.keyboard.press("End")
    assert page.locator("#position").text_content() == f"{total} / {total}"


def test_report_page_draws_both_charts(page: Any, tmp_path: Path) -> None:
    """The simulate report opens from a file and lays out its two charts at their sizes."""
    report = tmp_path / "report.html"
    command = [sys.executable, "-m", "modern_art", "simulate", "--bots", "heuristic,random,random"]
    command += ["--games", "3", "--report", str(report)]
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    page.goto(report.as_uri())
    boxes = page.eval_on_selector_all(
        "svg",
        "ss => ss.map(s => [s.getBoundingClientRect().width, s.getBoundingClientRect().height])",
    )
    assert len(boxes) == 2 and all(w > 600 and h > 100 for w, h in boxes)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("name", list(screenshots.gallery.PICTURES))
def test_committed_gallery_screenshot_has_the_size_chromium_draws(page: Any, name: str) -> None:
    """Each gallery picture's committed PNG is there and as large as Chromium draws it now."""
    path = screenshots.OUT / f"{name}.png"
    assert path.is_file(), f"run: python docs/screenshots.py ({path} is missing)"
    png = screenshots.shoot(page, name)
    assert _png_size(path) == struct.unpack(">II", png[16:24])
