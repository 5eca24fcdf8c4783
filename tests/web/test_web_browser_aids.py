"""The practice aids and the replay in Chromium: undo, analysis, a finished game move by move.

Debian's Chromium under Playwright, against the app under uvicorn on
127.0.0.1 (the fixtures of ``test_web_browser``: a server for each test,
pages that close when it ends, the browser ended after the module).
"""

# ruff: noqa: F811 (the tests take test_web_browser's fixtures, imported, as parameters)

from __future__ import annotations

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
from tests.helpers.webclient import play_to_the_end  # noqa: E402
from tests.web.test_web_browser import (  # noqa: E402, F401 (fixtures)
    ARTIFACTS,
    WAIT_MS,
    browser,
    new_page,
    server,
)

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="document.body.dataset.owned=1">'


def practice_table(registry: Registry, seed: int, **kw: Any) -> tuple[Any, str]:
    """A table of one person (seat 0) and two bots; the table and the person's token."""
    table, tokens = registry.open_table(["Ann", HOSTILE, "Cy"], humans=[0], seed=seed, **kw)
    return table, tokens[0]


def my_turn(page: Any) -> None:
    page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=WAIT_MS)


def answered(registry: Registry, table_id: str, steps: int) -> None:
    """Wait until the table's game has made ``steps`` actions."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        with registry.lock:
            if len(registry.tables[table_id].actions) >= steps:
                return
        time.sleep(0.02)
    raise AssertionError(f"the table did not reach {steps} actions")


@pytest.mark.parametrize("news", ["pushed", "polled"])
def test_undo_takes_back_the_persons_last_decision_and_the_bots_after_it(
    server: tuple[str, Registry], new_page: Callable[[], Any], news: str
) -> None:
    """Offer a card, the bots answer; "take back" restores the hand, the log, the turn.

    Pushed, the stream sends the whole log again; polled, the page asks for it.
    """
    base, registry = server
    table, token = practice_table(registry, seed=21)
    page = new_page()
    if news == "polled":
        page.route("**/stream?*", lambda route: route.abort())
    page.goto(f"{base}/t/{table.id}#token={token}")
    page.wait_for_selector("#hand-cards button.playable", timeout=WAIT_MS)
    my_turn(page)
    assert page.evaluate("page.polling === true") is (news == "polled")
    with registry.lock:
        before = registry.tables[table.id].state
        lines_before = len(registry.tables[table.id].log)
    hand_before = page.locator("#hand-cards button.card").count()
    assert page.is_visible("#practice") and page.is_visible("#undo-button")
    card = page.get_attribute("#hand-cards button.playable >> nth=0", "data-card-id")
    page.click(f'#hand-cards button[data-card-id="{card}"]')
    page.wait_for_function(
        "(s) => document.body.dataset.step !== s", arg=str(before.step), timeout=WAIT_MS
    )
    answered(registry, table.id, before.step + 2)  # the bots have answered the offer
    page.wait_for_function(
        "(s) => Number(document.body.dataset.step) >= s", arg=before.step + 2, timeout=WAIT_MS
    )
    page.click("#undo-button")
    page.wait_for_selector("#banner.info:not([hidden])", timeout=WAIT_MS)
    assert (page.text_content("#banner") or "").startswith("Taken back: You play")
    page.wait_for_function(
        "(s) => document.body.dataset.step === s", arg=str(before.step), timeout=WAIT_MS
    )
    my_turn(page)
    assert page.locator("#hand-cards button.card").count() == hand_before
    assert page.locator(f'#hand-cards button[data-card-id="{card}"]').count() == 1
    assert page.locator("#log-list li").count() == lines_before
    with registry.lock:
        assert registry.tables[table.id].state == before  # the bots' moves went too
    # The game goes on from there: another card is offered, and taken.
    other = page.get_attribute(
        f'#hand-cards button.playable:not([data-card-id="{card}"]) >> nth=0', "data-card-id"
    )
    page.click(f'#hand-cards button[data-card-id="{other}"]')
    page.wait_for_function(
        "(s) => document.body.dataset.step !== s", arg=str(before.step), timeout=WAIT_MS
    )
    with registry.lock:
        offered = registry.tables[table.id].actions[before.step]
    assert isinstance(offered, ma.PlayCard) and offered.card.id == int(other or -1)
    assert page.evaluate("document.body.dataset.owned") is None  # the bot's name stayed text
    assert page.errors == []


def test_no_undo_or_analysis_at_a_table_of_two_people(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """The practice aids appear only where one person plays bots."""
    base, registry = server
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Cy"], humans=[0, 1], invitations=False, seed=5
    )
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    assert not page.is_visible("#practice") and not page.is_visible("#analysis")
    assert page.errors == []


def test_the_analysis_of_a_decision_is_shown_and_goes_when_the_game_moves_on(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """Each artist's chances and pay, the best actions with their margins; all as text."""
    base, registry = server
    table, token = practice_table(registry, seed=22)
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={token}")
    page.wait_for_selector("#hand-cards button.playable", timeout=WAIT_MS)
    my_turn(page)
    page.click("#analysis-button")
    page.wait_for_selector("#analysis-actions li", timeout=3 * WAIT_MS)
    artists = page.locator("#analysis-artists tbody tr").all_text_contents()
    assert len(artists) == len(table.state.rules.artists)
    assert all(("±" in row or "exactly" in row) and "%" in row for row in artists)
    head = page.locator("#analysis-artists thead th").all_text_contents()
    assert head[:4] == ["Artist", "1st", "2nd", "3rd"] and head[-2] == "unranked"
    actions = page.locator("#analysis-actions li").all_text_contents()
    assert 1 <= len(actions) <= 5
    assert all(line.startswith("You play ") and " ± " in line for line in actions)
    assert "sampled deals" in (page.text_content("#analysis-note") or "")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-table-analysis.png"), full_page=True)
    page.click("#hand-cards button.playable >> nth=0")
    page.wait_for_selector("#analysis", state="hidden", timeout=WAIT_MS)
    assert page.evaluate("document.body.dataset.owned") is None
    assert page.errors == []


def test_a_finished_game_is_replayed_move_by_move(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """From the final standings: start, on, back, end; as another seat; back to the table."""
    base, registry = server
    table, token = practice_table(registry, seed=23, spectators="after")
    end = play_to_the_end(registry, table.id)
    record = registry.tables[table.id].record()
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={token}")
    page.wait_for_selector("#standings:not([hidden]) #final li", timeout=WAIT_MS)
    page.click("#replay-button")
    page.wait_for_selector("#replay:not([hidden])", timeout=WAIT_MS)
    page.wait_for_function("() => document.body.dataset.replayStep === '0'", timeout=WAIT_MS)
    start = record.start()
    assert page.locator("#hand-cards .card").count() == len(start.players[0].hand)
    assert page.is_hidden("#standings") and page.locator("#log-list li").count() == 0
    assert page.locator(".round-result").count() == 0  # not the end's results
    assert "No round has ended yet." in page.inner_text("#round-results")
    page.click("#replay-forward")
    page.wait_for_function("() => document.body.dataset.replayStep === '1'", timeout=WAIT_MS)
    said = page.text_content("#replay-said") or ""
    first = ma.apply(start, record.actions[0])
    assert said.startswith("You offer")
    assert page.locator("#hand-cards .card").count() == len(first.state.players[0].hand)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.body.dataset.replayStep === '2'", timeout=WAIT_MS)
    page.click("#replay-back")
    page.wait_for_function("() => document.body.dataset.replayStep === '1'", timeout=WAIT_MS)
    page.click("#replay-end")
    steps = len(record.actions)
    page.wait_for_function(
        "(n) => document.body.dataset.replayStep === n", arg=str(steps), timeout=WAIT_MS
    )
    assert page.text_content("#replay-position") == f"move {steps} of {steps}"
    page.wait_for_selector("#standings:not([hidden]) #final li", timeout=WAIT_MS)
    assert page.locator(".round-result").count() == end.round
    # The same moment as Cy saw it: Cy's hand, in Cy's words.
    page.click("#replay-start")
    page.wait_for_function("() => document.body.dataset.replayStep === '0'", timeout=WAIT_MS)
    page.select_option("#replay-as", "2")
    page.wait_for_function("() => document.body.dataset.replayAs === '2'", timeout=WAIT_MS)
    assert page.text_content("#hand-title") == "Cy's hand"
    shown = {
        int(i)
        for i in page.eval_on_selector_all(
            "#hand-cards .card", "(cards) => cards.map((c) => c.dataset.cardId)"
        )
    }
    assert shown == {c.id for c in start.players[2].hand}
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-table-replay.png"), full_page=True)
    assert page.inner_text("#replay-as").count(HOSTILE) == 1  # a name, as text
    page.click("#replay-exit")
    page.wait_for_selector("#replay", state="hidden", timeout=WAIT_MS)
    assert page.text_content("#status") == "The game is over."
    assert end.is_over and page.evaluate("document.body.dataset.owned") is None
    assert page.errors == []


def test_a_spectator_replays_a_finished_game_as_the_policy_allows(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """ "After the end" lets a link without a seat token replay as any seat; "none" does not."""
    base, registry = server
    table, _ = practice_table(registry, seed=24, spectators="after")
    play_to_the_end(registry, table.id)
    page = new_page()
    page.goto(f"{base}/t/{table.id}")
    page.wait_for_selector("#replay:not([hidden])", timeout=WAIT_MS)
    page.wait_for_function("() => document.body.dataset.replayAs === 'public'", timeout=WAIT_MS)
    assert page.is_hidden("#replay-exit") and page.locator("#hand-cards .card").count() == 0
    page.select_option("#replay-as", "1")
    page.wait_for_function("() => document.body.dataset.replayAs === '1'", timeout=WAIT_MS)
    assert page.locator("#hand-cards .card").count() == len(
        registry.tables[table.id].start.players[1].hand
    )
    closed, _ = practice_table(registry, seed=25, spectators="none")
    play_to_the_end(registry, closed.id)
    other = new_page()
    other.goto(f"{base}/t/{closed.id}")
    other.wait_for_selector("#banner:not([hidden])", timeout=WAIT_MS)
    assert other.is_hidden("#replay") and "no seat token" in (other.text_content("#banner") or "")
    assert page.errors == other.errors == []
