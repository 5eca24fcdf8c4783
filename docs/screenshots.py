"""Screenshots of the gallery's pictures as Chromium draws them, for ``docs/_static/gallery``.

The docs build needs no browser: the PNGs are committed. Make them again
after changing a picture (Playwright for Python and Debian's Chromium)::

    python docs/screenshots.py

``tests/svg/test_svg_browser.py`` renders every picture again in Chromium and
checks each committed PNG has the size drawn now.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE / "examples")]

import gallery  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art import svg  # noqa: E402
from modern_art.svg.board import WIDTH  # noqa: E402

OUT = HERE / "_static" / "gallery"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
SCALE = 0.6
"""Each board is shot at this fraction of its natural size, to keep the PNGs small."""


def page_html(name: str) -> str:
    """A page holding the named gallery picture (two views side by side for a pair)."""
    subject = gallery.PICTURES[name]()
    subjects: tuple[ma.GameState | ma.PlayerView, ...] = (
        subject if isinstance(subject, tuple) else (subject,)
    )
    boards = "".join(
        f'<div style="width:{round(WIDTH * SCALE)}px">{svg.board(s)}</div>' for s in subjects
    )
    return (
        "<!DOCTYPE html><html><head><style>body{margin:0;background:#fff;color:#222}"
        " #shot{display:inline-flex;gap:8px;padding:4px}"
        " svg{width:100%;height:auto;display:block}</style></head>"
        f'<body><div id="shot">{boards}</div></body></html>'
    )


def shoot(page: Any, name: str) -> bytes:
    """The PNG of the named picture, drawn by ``page`` (a Playwright page)."""
    page.set_content(page_html(name))
    png: bytes = page.locator("#shot").screenshot()
    return png


def main() -> None:
    """Write every gallery picture's PNG into ``docs/_static/gallery``."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415 (a tool, not the library)

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        for name in gallery.PICTURES:
            (OUT / f"{name}.png").write_bytes(shoot(page, name))
            print(f"{OUT / name}.png")
        browser.close()


if __name__ == "__main__":
    main()
