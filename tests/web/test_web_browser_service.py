"""The service in Chromium: invitations between two browsers, no lost clicks, the help page.

Debian's Chromium under Playwright, launched as :mod:`tests.helpers.webkit`
says, against the app under uvicorn on 127.0.0.1 (the fixtures of
``test_web_browser``).
"""

# ruff: noqa: F811 (the tests take test_web_browser's fixtures, imported, as parameters)

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from tests.helpers.webkit import CHROMIUM, NO_CHROMIUM, missing, need

need("starlette.testclient")
need("uvicorn")
need("playwright.sync_api", "pip install playwright (Debian's Chromium is used, not a download)")
if not CHROMIUM.exists():
    missing(NO_CHROMIUM)

import modern_art as ma  # noqa: E402
from modern_art.web import Registry  # noqa: E402
from tests.web.test_web_browser import (  # noqa: E402, F401 (fixtures)
    WAIT_MS,
    browser,
    deafen,
    new_page,
    server,
    three_people,
    undeafen,
)

pytestmark = pytest.mark.browser

TRIES = 20  # each deafens the page to a raise on purpose: no race to wait for


def test_two_browsers_play_one_table_by_invitation(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """The opener sits down; a friend's browser claims the invitation once and sees its hand."""
    base, registry = server
    opener = new_page()
    opener.goto(f"{base}/")
    opener.select_option("select[name=players]", "3")
    opener.select_option("select[name=people]", "1")
    opener.fill("input[name=name]", "Zoe")
    opener.click("#open-button")
    opener.wait_for_selector("#links:not([hidden]) a[data-seat='1']", timeout=WAIT_MS)
    invitation = opener.get_attribute("#links a[data-seat='1']", "href") or ""
    assert "#invite=" in invitation and "#token=" not in invitation
    opener.click("#links a[data-seat='0']")
    opener.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    friend = new_page()
    friend.goto(invitation)
    friend.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    assert "#token=" in friend.url and "#invite=" not in friend.url
    table_id = friend.url.split("/t/")[1].split("#")[0]
    table = registry.tables[table_id]
    hand = table.state.players[1].hand
    assert friend.locator("#hand-cards button.card").count() == len(hand)
    assert (
        friend.locator("#player-list .player[data-seat='1'] .who").inner_text().endswith("(you)")
    )
    # The friend's page acts for seat 1 only; the opener's plays the first card.
    opener.click("#hand-cards button.playable >> nth=0")
    friend.wait_for_function("() => document.body.dataset.step !== '0'", timeout=WAIT_MS)
    late = new_page()
    late.goto(invitation)
    late.wait_for_selector("#banner:not([hidden])", timeout=WAIT_MS)
    assert "already used" in (late.text_content("#banner") or "")
    assert opener.errors == friend.errors == late.errors == []


def _drive_to_an_open_auction(table: Any, registry: Registry, rng: random.Random) -> bool:
    """Play for seats 1 and 2 (and 0 as auctioneer) until seat 0 may pass an open auction."""
    for _ in range(400):
        with registry.lock:
            state = table.state
            if state.is_over:
                return False
            phase = state.phase
            if isinstance(phase, ma.OpenAuction) and ma.Pass(0) in ma.legal_actions(state, 0):
                return True
            seat = min(state.to_act)
            legal = ma.legal_actions(state, seat)
            action: ma.Action
            opens = [
                a
                for a in legal
                if isinstance(a, ma.PlayCard) and a.card.auction is ma.Auction.OPEN
            ]
            if opens:
                action = opens[0]
            elif isinstance(phase, ma.OpenAuction):
                action = ma.Pass(seat)  # finish the lot: seat 0 is high bidder
            else:
                passes = [a for a in legal if isinstance(a, ma.Pass)]
                low = [a for a in legal if isinstance(a, ma.Bid) and a.amount == 0]
                action = (passes or low or [rng.choice(legal)])[0]
            table.act(seat, action, state.step, registry.clock())
    return False


def test_no_pass_is_lost_while_others_raise(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """20 passes clicked on a page that missed a raise: every one is applied as the player's."""
    base, registry = server
    rng = random.Random(3)
    lost, tried, table = 0, 0, None
    page = new_page()
    while tried < TRIES:
        if table is None or table.state.is_over:
            table, tokens = three_people(registry, seed=rng.randrange(1000))
            page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
        if not _drive_to_an_open_auction(table, registry, rng):
            table = None
            continue
        step = str(table.state.step)
        page.wait_for_function(
            "(s) => document.body.dataset.step === s", arg=step, timeout=WAIT_MS
        )
        page.wait_for_selector("#pass-button", timeout=WAIT_MS)
        with registry.lock:
            state = table.state
            raisers = [
                a
                for s in (1, 2)
                for a in ma.legal_actions(state, s)
                if isinstance(a, ma.Bid) and a.amount == state.phase.high_bid + 1
            ]
        if not raisers:
            with registry.lock:  # nobody can raise: let seat 0 pass for real, try the next lot
                table.act(0, ma.Pass(0), state.step, registry.clock())
            continue
        deafen(page)
        with registry.lock:  # a raise the page does not hear of
            table.act(raisers[0].seat, raisers[0], state.step, registry.clock())
        before = len(table.log)
        page.click("#pass-button")
        tried += 1
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            mine = [
                e
                for entry in table.log[before:]
                if entry.seat == 0 and entry.by == "player"
                for e in entry.events
                if isinstance(e, ma.Passed) and e.seat == 0
            ]
            if mine:
                break
            time.sleep(0.02)
        else:
            lost += 1
        undeafen(page)
        page.wait_for_function(
            "(s) => document.body.dataset.step !== s", arg=step, timeout=WAIT_MS
        )
    assert (lost, tried) == (0, TRIES)
    assert page.errors == []


def test_the_help_page_tells_the_rules(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """The table links to /help: the game in short, each auction, what a painting pays."""
    base, _ = server
    page = new_page()
    page.goto(f"{base}/")
    assert page.get_attribute("#help-link", "href") == "/help"
    page.goto(f"{base}/help")
    text = page.inner_text("main")
    for words in ("The five auctions", "Open", "One offer", "Hidden", "Fixed price", "Double"):
        assert words in text
    assert "What a painting pays" in text and "30, 20 and 10" in text
    assert page.errors == []


def test_the_page_shows_no_step_numbers(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """The status line says the round and whose turn it is, never the internal step."""
    base, registry = server
    table, tokens = three_people(registry, seed=11)
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    assert "step" not in page.inner_text("header").lower()
    assert page.get_attribute("#new-game-link", "href") == "/"
    assert page.errors == []
