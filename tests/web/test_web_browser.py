"""The web table in a real browser: Playwright for Python driving Debian's Chromium.

A person plays a whole game against two bots by clicking, runs every kind of
auction, watches the open-auction clock go "once, twice", and sees the final
standings; a second browser context on another seat sees only its own hand.
Screenshots land in ``test-artifacts/``.

Skipped, with the reason, when Playwright, the web extra or
``/usr/bin/chromium`` is missing; under CI (``CI`` set) they fail instead.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve

from tests.helpers.webkit import (
    CHROMIUM,
    DOUBLE,
    FIVE_KINDS_HAND,
    NO_CHROMIUM,
    chromium,
    need,
)

need("starlette")
uvicorn = need("uvicorn")
need("playwright.sync_api")
httpx = need("httpx")
if not CHROMIUM.exists():
    from tests.helpers.webkit import missing

    missing(NO_CHROMIUM)

import modern_art as ma  # noqa: E402
from modern_art.web import Registry, Timings, create_app  # noqa: E402

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).parents[2] / "test-artifacts"
TIMINGS = Timings(bot_delay=0.0, open_idle=2.0, going=0.75, ttl=600.0, poll=0.1, tick=0.05)
WAIT_MS = 10_000


@pytest.fixture
def server(web_store: str) -> Iterator[tuple[str, Registry]]:
    """The app under uvicorn on a free loopback port, in a thread; its base URL and registry.

    One for each test, made after ``web_store`` so that its registry keeps the
    test's store, and with its own per-network limits: every person of every
    test comes from 127.0.0.1, and one test's clicks must not use up another's.
    """
    registry = Registry(TIMINGS)
    config = uvicorn.Config(
        create_app(registry), host="127.0.0.1", port=0, log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}", registry
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium under Playwright."""
    with chromium() as launched:
        yield launched


@pytest.fixture
def new_page(browser: Any) -> Iterator[Callable[[], Any]]:
    """Makes pages, each in a fresh context (its own storage), failing the test on a script error.

    Their contexts close when the test ends: a page left open would go on
    polling and holding a stream while later tests run.
    """
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def stacked_deck(rules: ma.Rules, seed: int) -> tuple[ma.Card, ...]:
    """Seat 0's first hand can run every kind of auction; the rest of the deck is shuffled."""
    mine: list[ma.Card] = []
    extra = [("silveira", ma.Auction.OPEN), ("silveira", ma.Auction.HIDDEN)]
    extra += [("carvalho", ma.Auction.FIXED_PRICE), ("melim", ma.Auction.DOUBLE)]
    for artist, auction in [*FIVE_KINDS_HAND, *extra]:
        mine.append(next(c for c in ma.find_cards(rules, artist, auction) if c not in mine))
    rest = [c for c in rules.deck if c not in mine]
    random.Random(seed).shuffle(rest)
    return (*mine, *rest)


# -- a person's sensible strategy, read off the page -------------------------------


def snapshot(page: Any) -> dict[str, Any]:
    """What the person sees that matters for the next click."""
    result: dict[str, Any] = page.evaluate(
        """() => {
        const b = document.body.dataset;
        const num = (sel, attr) => {
          const n = document.querySelector(sel);
          return n ? Number(n.getAttribute(attr)) : null;
        };
        const board = {};
        for (const row of document.querySelectorAll('#board-table tr[data-artist]')) {
          const d = row.dataset;
          board[d.artist] = {count: Number(d.count), now: Number(d.now)};
        }
        const hand = [...document.querySelectorAll('#hand-cards button.card')].map((c) => ({
          id: Number(c.dataset.cardId), artist: c.dataset.artist, auction: c.dataset.auction,
          playable: c.classList.contains('playable') && !c.disabled}));
        const lot = [...document.querySelectorAll('#lot .card')].map((c) => c.dataset.artist);
        return {phase: b.phase, step: b.step, myTurn: b.myTurn === 'true', over: b.over === 'true',
          board, hand, lot, clock: document.getElementById('clock').dataset.stage || '',
          bidMin: num('#bid-amount', 'min'), bidMax: num('#bid-amount', 'max'),
          priceMin: num('#price-amount', 'min'), priceMax: num('#price-amount', 'max'),
          price: num('#accept-button', 'data-price'),
          decline: !!document.getElementById('decline-button')};
      }"""
    )
    return result


def choose_offer(seen: dict[str, Any], kinds_run: set[str]) -> int:
    """A card to offer: a kind not run yet if it cannot end the round, else any safe card."""
    board = seen["board"]
    playable = [c for c in seen["hand"] if c["playable"]]

    def safe(card: dict[str, Any]) -> bool:
        count = board[card["artist"]]["count"]
        if card["auction"] == "double":  # the pair adds two: keep it under five (R5.6, R5.7)
            fits = [
                c
                for c in seen["hand"]
                if c["artist"] == card["artist"] and c["auction"] != "double"
            ]
            return bool(count <= 2) and bool(fits)
        return bool(count <= 3)

    for group in (
        [c for c in playable if safe(c) and c["auction"] not in kinds_run],
        [c for c in playable if safe(c) and c["auction"] != "double"],
        [c for c in playable if safe(c)],
        playable,
    ):
        if group:
            return int(group[0]["id"])
    raise AssertionError(f"no card to offer in {seen['hand']}")


def click_and_wait(page: Any, selector: str, step: str) -> None:
    """Click, then wait until the step moves on or a banner explains why not."""
    page.click(selector)
    page.wait_for_function(
        "(s) => document.body.dataset.step !== s || !document.getElementById('banner').hidden",
        arg=step,
        timeout=WAIT_MS,
    )
    banner = page.locator("#banner")
    if banner.is_visible():
        text = banner.text_content() or ""
        cls = banner.get_attribute("class") or ""
        # 409: someone (a bot, the clock) acted first; the page has refreshed. Fine.
        assert cls == "info", f"the server refused a click: {text}"
        page.evaluate("document.getElementById('banner').hidden = true")


def fill_and_click(page: Any, field: str, amount: int, button: str, step: str) -> None:
    page.fill(field, str(amount))
    click_and_wait(page, button, step)


def play_one_decision(page: Any, seen: dict[str, Any], kinds_run: set[str], value: int) -> None:
    """Make one sensible decision for the person, by clicking."""
    phase, step = seen["phase"], seen["step"]
    if phase == "Offering":
        card = choose_offer(seen, kinds_run)
        click_and_wait(page, f'#hand-cards button[data-card-id="{card}"]', step)
    elif phase == "DoubleOffer":
        fits = [c for c in seen["hand"] if c["playable"]]
        artist = seen["lot"][0]
        if fits and seen["board"][artist]["count"] <= 3:
            click_and_wait(page, f'#hand-cards button[data-card-id="{fits[0]["id"]}"]', step)
        else:
            click_and_wait(page, "#decline-button", step)
    elif phase in ("OpenAuction", "OneOfferAuction"):
        if seen["bidMin"] is not None and seen["bidMin"] <= value * 0.4:
            fill_and_click(page, "#bid-amount", int(seen["bidMin"]), "#bid-button", step)
        else:
            click_and_wait(page, "#pass-button", step)
    elif phase == "HiddenAuctionView":
        amount = min(int(seen["bidMax"]), int(value * 0.3))
        fill_and_click(page, "#bid-amount", amount, "#bid-button", step)
    elif phase == "FixedPriceAuction":
        if seen["priceMin"] is not None:
            price = max(int(seen["priceMin"]), min(int(seen["priceMax"]), value // 2))
            fill_and_click(page, "#price-amount", price, "#price-button", step)
        elif seen["price"] is not None and seen["price"] <= value * 0.4:
            click_and_wait(page, "#accept-button", step)
        else:
            click_and_wait(page, "#pass-button", step)
    else:
        raise AssertionError(f"no control for phase {phase}")


def kinds_run_by(registry: Registry, table_id: str, seat: int) -> set[str]:
    """The kinds of auction ``seat`` has run, a pair counting as a double (from the server)."""
    with registry.lock:
        log = list(registry.tables[table_id].log)
    return {
        (DOUBLE if len(e.lot) == 2 else e.kind).value
        for entry in log
        for e in entry.events
        if isinstance(e, ma.AuctionStarted) and e.auctioneer == seat
    }


# -- the tests ----------------------------------------------------------------------


def test_a_person_plays_a_whole_game_by_clicking(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """A person clicks through a whole game against bots, runs every auction kind, sees the end."""
    base, registry = server
    ARTIFACTS.mkdir(exist_ok=True)
    rules = ma.Rules()
    table, tokens = registry.open_table(
        ["Ann", "Bea", "Cy"], humans=[0], seed=11, rules=rules, deck=stacked_deck(rules, 11)
    )
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    clock_seen = False
    decisions = 0
    while True:
        page.wait_for_function(
            "() => ['myTurn', 'over'].some((k) => document.body.dataset[k] === 'true')",
            timeout=WAIT_MS,
        )
        seen = snapshot(page)
        if seen["over"]:
            break
        if seen["phase"] == "OpenAuction" and not clock_seen and seen["lot"]:
            # Stay idle once: the table's clock goes once, twice, then passes for the person.
            page.wait_for_selector('#clock[data-stage="going twice"]', timeout=WAIT_MS)
            page.screenshot(path=str(ARTIFACTS / "web-table-auction.png"), full_page=True)
            page.wait_for_function(
                "(s) => document.body.dataset.step !== s", arg=seen["step"], timeout=WAIT_MS
            )
            assert "You pass (the clock ran out)." in page.locator("#log-list").inner_text()
            clock_seen = True
            continue
        artist = seen["lot"][0] if seen["lot"] else None
        value = seen["board"][artist]["now"] * len(seen["lot"]) if artist else 0
        play_one_decision(page, seen, kinds_run_by(registry, table.id, 0), value)
        decisions += 1
        assert decisions < 400, "the game does not end"

    page.wait_for_selector("#standings:not([hidden]) #final li", timeout=WAIT_MS)
    with page.expect_download() as download:
        page.click("#record-text-button")
    saved = Path(download.value.path()).read_text()
    assert ma.read_records(saved)[0].winners == ma.winners(registry.tables[table.id].state)
    page.screenshot(path=str(ARTIFACTS / "web-table-final.png"), full_page=True)
    state = registry.tables[table.id].state
    assert state.is_over and clock_seen
    standings = page.locator("#final li").all_text_contents()
    assert len(standings) == 3
    winners = [state.players[s].name for s in ma.winners(state)]
    assert all(any(w in line and "(winner)" in line for line in standings) for w in winners)
    assert page.locator(".round-result").count() == state.round
    assert kinds_run_by(registry, table.id, 0) == {a.value for a in ma.Auction}
    clocked = [e for e in registry.tables[table.id].log if e.by == "clock" and e.seat == 0]
    assert clocked, "the clock passed for the idle person"
    assert page.errors == []


def card_ids(document: Any) -> set[int]:
    """Every card id anywhere in a JSON document."""
    found: set[int] = set()
    if isinstance(document, dict):
        if {"id", "artist", "auction"} <= document.keys():
            found.add(document["id"])
        for value in document.values():
            found |= card_ids(value)
    elif isinstance(document, list):
        for value in document:
            found |= card_ids(value)
    return found


def test_a_second_seat_sees_its_own_hand_and_never_the_first(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """Two people in two browser contexts each see their own hand, and updates arrive unasked."""
    base, registry = server
    table, tokens = registry.open_table(
        ["Ann", "Bo", "Cy"], humans=[0, 1], seed=5, invitations=False
    )
    hands = [{c.id for c in p.hand} for p in table.state.players]
    first, second = new_page(), new_page()
    replies: list[Any] = []

    def keep(response: Any) -> None:  # pushed documents are read off the page below
        if "/api/" in response.url and "/stream" not in response.url and response.ok:
            replies.append(json.loads(response.text()))

    second.on("response", keep)
    first.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    second.goto(f"{base}/t/{table.id}#token={tokens[1]}")
    for page, seat in ((first, 0), (second, 1)):
        page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
        shown = {
            int(x)
            for x in page.locator("#hand-cards [data-card-id]").evaluate_all(
                "(ns) => ns.map((n) => n.dataset.cardId)"
            )
        }
        assert shown == hands[seat]
    # Ann offers a card; Bo's page shows it without reloading.
    offered = int(first.locator("#hand-cards button.playable").first.get_attribute("data-card-id"))
    first.click(f'#hand-cards button[data-card-id="{offered}"]')
    second.wait_for_selector(f'#lot [data-card-id="{offered}"]', timeout=WAIT_MS)
    secret = hands[0] - {offered}
    everywhere = {
        int(x)
        for x in second.locator("[data-card-id]").evaluate_all(
            "(ns) => ns.map((n) => n.dataset.cardId)"
        )
    }
    assert not everywhere & secret
    replies.append(second.evaluate("() => ({log: page.log, data: page.data})"))
    assert all(not card_ids(reply) & secret for reply in replies)
    second.screenshot(path=str(ARTIFACTS / "web-table-second-seat.png"), full_page=True)
    # A wrong token shows no seat at all.
    stranger = new_page()
    stranger.goto(f"{base}/t/{table.id}#token=not-a-token")
    stranger.wait_for_selector("#banner:not([hidden])", timeout=WAIT_MS)
    assert "not valid" in (stranger.text_content("#banner") or "")
    assert stranger.locator("#hand-cards [data-card-id]").count() == 0
    assert first.errors == second.errors == stranger.errors == []


def deafen(page: Any) -> None:
    """The page stops hearing news: its stream is cut and new ones (and polls) fail."""
    page.route("**/stream?*", lambda route: route.abort())
    page.route("**/seat?*", lambda route: route.abort())
    page.evaluate("page.stream.abort()")


def undeafen(page: Any) -> None:
    page.unroute("**/stream?*")
    page.unroute("**/seat?*")


def three_people(registry: Registry, seed: int) -> tuple[Any, dict[int, str]]:
    """A table of three people, whose open auctions wait 30 s before "going once"."""
    table, tokens = registry.open_table(
        ["Ann", "Bo", "Cy"], humans=[0, 1, 2], seed=seed, invitations=False
    )
    with registry.lock:
        table.timings = evolve(TIMINGS, open_idle=30.0)
    return table, tokens


def test_a_stale_click_is_refused_politely_and_the_page_refreshes(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """A bid below a raise the page missed gets 409, a polite banner, and the page catches up."""
    base, registry = server
    table, tokens = three_people(registry, seed=5)
    ann, bo = new_page(), new_page()
    ann.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    bo.goto(f"{base}/t/{table.id}#token={tokens[1]}")
    ann.click('#hand-cards button.playable[data-auction="open"] >> nth=0')
    bo.wait_for_selector("#bid-button", timeout=WAIT_MS)
    ann.wait_for_selector("#bid-button", timeout=WAIT_MS)
    stale = bo.evaluate("document.body.dataset.step")
    deafen(bo)
    ann.fill("#bid-amount", "3")
    ann.click("#bid-button")
    ann.wait_for_function("(s) => document.body.dataset.step !== s", arg=stale, timeout=WAIT_MS)
    assert bo.evaluate("document.body.dataset.step") == stale
    bo.fill("#bid-amount", "2")
    bo.click("#bid-button")
    bo.wait_for_selector("#banner.info:not([hidden])", timeout=WAIT_MS)
    said = bo.text_content("#banner") or ""
    assert "Ann bid 3" in said and "no longer above the high bid 3" in said
    undeafen(bo)
    bo.wait_for_function("(s) => document.body.dataset.step !== s", arg=stale, timeout=WAIT_MS)
    step = bo.evaluate("document.body.dataset.step")
    bo.fill("#bid-amount", "5")
    bo.click("#bid-button")
    bo.wait_for_function("(s) => document.body.dataset.step !== s", arg=step, timeout=WAIT_MS)
    assert bo.locator("#banner").is_hidden()
    bids = [e for entry in table.log for e in entry.events if isinstance(e, ma.BidPlaced)]
    assert [(b.seat, b.amount) for b in bids] == [(0, 3), (1, 5)]
    assert ann.errors == bo.errors == []


def test_people_sealing_hidden_bids_at_once_are_not_refused(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """Another seat sealing keeps a half-typed hidden bid, and sealing after it is not stale."""
    base, registry = server
    table, tokens = three_people(registry, seed=5)
    ann, bo = new_page(), new_page()
    ann.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    bo.goto(f"{base}/t/{table.id}#token={tokens[1]}")
    ann.click('#hand-cards button.playable[data-auction="hidden"] >> nth=0')
    bo.wait_for_selector("#bid-button", timeout=WAIT_MS)
    ann.wait_for_selector("#bid-button", timeout=WAIT_MS)
    bo.fill("#bid-amount", "2")
    first = bo.evaluate("document.body.dataset.step")
    with registry.lock:
        table.act(2, ma.Bid(2, 7), table.state.step, registry.clock())  # Cy seals
    bo.wait_for_function("(s) => document.body.dataset.step !== s", arg=first, timeout=WAIT_MS)
    assert bo.input_value("#bid-amount") == "2"
    stale = bo.evaluate("document.body.dataset.step")
    deafen(bo)
    ann.fill("#bid-amount", "3")
    ann.click("#bid-button")
    ann.wait_for_function("(s) => document.body.dataset.step !== s", arg=stale, timeout=WAIT_MS)
    bo.click("#bid-button")  # made on a step that only others' sealing moved
    ann.wait_for_selector('#log-list li[data-type="BidsRevealed"]', timeout=WAIT_MS)
    assert bo.locator("#banner").is_hidden()
    revealed = [e for entry in table.log for e in entry.events if isinstance(e, ma.BidsRevealed)]
    assert revealed and revealed[0].bids == (3, 2, 7)
    assert ann.errors == bo.errors == []


def test_a_lone_person_sits_down_at_once(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """The lobby opens a table for one person and bots, and takes them straight to their seat."""
    base, registry = server
    page = new_page()
    page.goto(f"{base}/")
    page.select_option("select[name=players]", "3")
    page.fill("input[name=seed]", "8")
    page.click("#open-button")  # the name stays "You"
    page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    table_id = page.url.split("/t/")[1].split("#")[0]
    state = registry.tables[table_id].state
    assert state.players[0].name == "You" and len(state.players) == 3
    assert page.locator("#hand-cards button.card").count() == len(state.players[0].hand)
    assert page.locator("#player-list .player[data-seat='0'] .who").inner_text() == "You"
    assert "(you)" not in page.locator("#player-list").inner_text()
    assert page.errors == []


def test_the_lobby_gives_each_person_a_link(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """With other people at the table the lobby shows each seat's link; the first leads home."""
    base, registry = server
    page = new_page()
    page.goto(f"{base}/")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=people]", "1")
    page.fill("input[name=name]", "Zoe")
    page.click("#open-button")
    page.wait_for_selector("#links:not([hidden]) a[data-seat='1']", timeout=WAIT_MS)
    page.click("#links a[data-seat='0']")
    page.wait_for_selector("#hand-cards button.card", timeout=WAIT_MS)
    table_id = page.url.split("/t/")[1].split("#")[0]
    state = registry.tables[table_id].state
    assert state.players[0].name == "Zoe" and registry.tables[table_id].seats[1].kind == "human"
    assert page.locator("#player-list .player[data-seat='0'] .who").inner_text() == "Zoe (you)"
    assert page.errors == []


def test_the_page_reconnects_to_a_restarted_server_without_a_reload(
    new_page: Callable[[], Any], tmp_path: Path
) -> None:
    """The server process is killed mid-game and started again: the page carries on, unreloaded."""
    from tests.helpers.webclient import free_port, serve

    db, port = tmp_path / "web.sqlite3", free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve(db, port)
    try:
        opened = httpx.post(f"{base}/api/tables", json={"players": 3, "seed": 6}).json()
        page = new_page()
        page.goto(f"{base}{opened['seats'][0]['link']}")
        page.wait_for_selector("#hand-cards button.playable", timeout=WAIT_MS)
        page.evaluate("window.sameDocument = true")
        step = page.evaluate("document.body.dataset.step")
        click_and_wait(page, "#hand-cards button.playable >> nth=0", step)
        page.wait_for_function("() => document.body.dataset.myTurn === 'true'", timeout=WAIT_MS)
        before = page.evaluate("() => [document.body.dataset.step, page.log.length]")
        hand = page.locator("#hand-cards").inner_text()
        server.kill()  # SIGKILL: no clean shutdown
        server.wait(timeout=10)
        page.wait_for_function(
            "() => document.body.dataset.connected === 'false'", timeout=WAIT_MS
        )
        server = serve(db, port)
        page.wait_for_function("() => document.body.dataset.connected === 'true'", timeout=WAIT_MS)
        assert page.evaluate("window.sameDocument") is True  # not reloaded
        after = page.evaluate("() => [document.body.dataset.step, page.log.length]")
        assert after == before and page.locator("#hand-cards").inner_text() == hand
        seen = snapshot(page)
        artist = seen["lot"][0] if seen["lot"] else None
        value = seen["board"][artist]["now"] * len(seen["lot"]) if artist else 0
        play_one_decision(page, seen, set(), value)  # and the game goes on
        assert page.evaluate("document.body.dataset.step") != before[0]
        assert page.errors == []
    finally:
        server.kill()
        server.wait(timeout=10)


def test_without_streams_the_page_falls_back_to_polling(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """Where no stream gets through (a proxy, an old browser), the page polls and plays on."""
    base, registry = server
    table, tokens = registry.open_table(["Ann", "Bo", "Cy"], humans=[0], seed=5)
    page = new_page()
    page.route("**/stream?*", lambda route: route.abort())
    page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    page.wait_for_selector("#hand-cards button.playable", timeout=WAIT_MS)
    assert page.evaluate("page.polling") is True
    step = page.evaluate("document.body.dataset.step")
    click_and_wait(page, "#hand-cards button.playable >> nth=0", step)
    assert table.state.step > 0 and page.errors == []


def test_a_person_back_from_away_takes_the_seat_back_with_a_click(
    server: tuple[str, Registry], new_page: Callable[[], Any]
) -> None:
    """When a bot took the seat over, the page says so in the log and the button gives it back."""
    base, registry = server
    table, tokens = registry.open_table(
        ["Ann", "Bo", "Cy"], humans=[0, 1], seed=5, invitations=False
    )
    with registry.lock:
        table.timings = evolve(TIMINGS, bot_delay=30.0)  # the bot waits: the click comes first
    page = new_page()
    page.goto(f"{base}/t/{table.id}#token={tokens[0]}")
    page.wait_for_selector("#hand-cards button.playable", timeout=WAIT_MS)
    with registry.lock:
        table.hand_to_bot(0, registry.clock())
    page.wait_for_selector("#away:not([hidden])", timeout=WAIT_MS)
    note = page.locator('#log-list li[data-type="note-away"]').inner_text()
    assert note == "A bot plays your seat: you let the clock run out 3 times in a row."
    page.click("#return-button")
    page.wait_for_selector("#away[hidden]", state="attached", timeout=WAIT_MS)
    assert not table.seats[0].away
    assert page.locator('#log-list li[data-type="note-back"]').count() == 1
    assert page.errors == []
