"""Helpers for the web table's tests: optional dependencies, a hand-moved clock, tables.

The web tests need the ``test-web`` extra (``pip install -e '.[test-web]'``:
the ``web`` extra, an HTTP client for Starlette's test client and Playwright)
and, for the browser tests, Debian's Chromium. Locally they are skipped, with
the reason, when any of those is missing or fails to import; under CI (the
``CI`` variable set, as ``.ci/run`` runs) they fail instead, so that a broken
install cannot pass as a green run.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import modern_art as ma

CHROMIUM = Path(os.environ.get("MODERN_ART_CHROMIUM") or "/usr/bin/chromium")
"""The Chromium the browser tests launch: ``MODERN_ART_CHROMIUM``, by default Debian's."""

NO_CHROMIUM = (
    f"{CHROMIUM} is missing; install Debian's chromium (apt-get install -y chromium)"
    " or name another in MODERN_ART_CHROMIUM"
)
"""Why the browser tests skip without it, and the two ways to bring one."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """Headless :data:`CHROMIUM` under Playwright, with :data:`CHROMIUM_ARGS`; closed after."""
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def missing(reason: str) -> None:
    """Skip the calling module with ``reason``, or fail it when ``CI`` is set.

    The skip is reported at the caller's line, not here: pytest's report
    names the last frame not hidden by ``__tracebackhide__``.
    """
    __tracebackhide__ = True
    if os.environ.get("CI"):
        pytest.fail(f"{reason} (CI is set, so this fails instead of skipping)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


INSTALL = "pip install -e '.[test-web]'"
"""The install command that brings every web test's dependency but Chromium."""

NUMPY = "the rl extra: pip install -e '.[rl]'"
"""What brings numpy, with which the learned bot plays its network."""


def need(module: str, install: str = INSTALL) -> ModuleType:
    """Import ``module`` or skip (fail under CI), saying why and what to ``install``.

    Any failure to import counts, not only ``ImportError``: Starlette's test
    client raises ``RuntimeError`` when its HTTP client is missing.
    """
    __tracebackhide__ = True
    try:
        return importlib.import_module(module)
    except Exception as err:  # whatever breaks the import: say so and skip
        why = f"{type(err).__name__}: {(str(err).strip().splitlines() or [''])[0]}"
        missing(f"{module} is not importable ({why}); to install: {install}")
        raise  # unreachable: missing() raises


class Clock:
    """A clock the test moves by hand: ``clock()`` reads it, ``clock.advance(s)`` moves it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the time on by ``seconds``."""
        self.now += seconds


OPEN = ma.Auction.OPEN
ONE = ma.Auction.ONE_OFFER
HIDDEN = ma.Auction.HIDDEN
FIXED = ma.Auction.FIXED_PRICE
DOUBLE = ma.Auction.DOUBLE


def short_rules(first_deal: int) -> ma.Rules:
    """CMON rules dealing ``first_deal`` cards in round 1 and one card before rounds 2 and 3."""
    return ma.Rules(deal_schedule={n: (first_deal, 1, 1, 0) for n in (3, 4, 5)})


FIVE_KINDS_HAND = [
    ("melim", OPEN),
    ("melim", ONE),
    ("thaler", HIDDEN),
    ("thaler", FIXED),
    ("martins", DOUBLE),
    ("martins", ONE),
]
"""A first hand that can run every kind of auction, the double with its own second card."""

BOT_HANDS = [
    [
        ("carvalho", OPEN),
        ("carvalho", ONE),
        ("silveira", OPEN),
        ("silveira", ONE),
        ("melim", HIDDEN),
        ("thaler", OPEN),
    ],
    [
        ("carvalho", HIDDEN),
        ("carvalho", FIXED),
        ("silveira", HIDDEN),
        ("silveira", FIXED),
        ("martins", OPEN),
        ("thaler", ONE),
    ],
]
"""Two bots' first hands: with :data:`FIVE_KINDS_HAND` no artist reaches five in round 1."""


_HOLD_LOCK = (
    "import sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None);"
    " db.execute('BEGIN IMMEDIATE'); db.execute('UPDATE game_tables SET owner = owner');"
    " print('locked', flush=True); sys.stdin.readline()"
)


def hold_lock(path: Path) -> subprocess.Popen[str]:
    """Another process holding the server database's write lock until :func:`release`."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


def release(holder: subprocess.Popen[str]) -> None:
    """End the lock's holder (and so its lock), and wait for it."""
    assert holder.stdin is not None
    holder.stdin.close()
    holder.wait(timeout=10)
    if holder.stdout is not None:
        holder.stdout.close()
