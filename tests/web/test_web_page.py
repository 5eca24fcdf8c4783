"""What the page is served with: one artist palette with the pictures, lobby choices, help."""

from __future__ import annotations

import re

from tests.helpers.webkit import need

need("starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402

import modern_art as ma  # noqa: E402
from modern_art import svg  # noqa: E402
from modern_art.agents.registry import BOTS  # noqa: E402
from modern_art.web import Registry, create_app  # noqa: E402
from modern_art.web.app import STATIC  # noqa: E402
from tests.helpers.webclient import FAST, NO_LIMITS  # noqa: E402
from tests.helpers.webkit import Clock  # noqa: E402


def _client() -> TestClient:
    return TestClient(create_app(Registry(FAST, clock=Clock()), limits=NO_LIMITS))


def test_the_page_and_the_pictures_share_one_artist_palette() -> None:
    """/static/palette.css gives each board position modern_art.svg's colour (Thaler too)."""
    client = _client()
    reply = client.get("/static/palette.css")
    assert reply.status_code == 200 and reply.headers["content-type"].startswith("text/css")
    colours = dict(re.findall(r"--artist-(\d): (#[0-9a-f]{6});", reply.text))
    artists = ma.preset("cmon").edition.artists
    for index, artist in enumerate(artists):
        assert colours[str(index)] == svg.artist_color(artist, artists), artist
    style = (STATIC / "style.css").read_text(encoding="utf-8")
    assert not re.search(r"--artist-\d\s*:", style)  # no second palette
    for page in ("/", "/help"):
        assert "/static/palette.css" in client.get(page).text


def test_the_lobby_offers_every_bot_of_the_library_the_presets_and_the_clock() -> None:
    """GET /api/options lists the library's bots (Monte Carlo too), presets and clock range."""
    body = _client().get("/api/options").json()
    assert body["bots"] == [{"name": n, "title": BOTS[n].title} for n in sorted(BOTS)]
    assert "montecarlo" in [b["name"] for b in body["bots"]]
    assert body["presets"] == list(ma.presets())
    assert body["turn"]["min"] <= body["turn"]["default"] <= body["turn"]["max"]


def test_a_table_opens_with_the_chosen_preset_bot_and_clock() -> None:
    """The lobby's choices reach the table: original rules, Monte Carlo bots, a 2-minute turn."""
    client = _client()
    reply = client.post(
        "/api/tables",
        json={"players": 3, "humans": [0], "preset": "original", "bot": "montecarlo", "turn": 120},
    )
    assert reply.status_code == 201, reply.text
    summary = reply.json()["summary"]
    assert summary["preset"] == "original" and summary["turn"] == 120
    assert {s["bot"] for s in summary["seats"][1:]} == {"montecarlo"}
    for bad in ({"preset": "house"}, {"turn": 5}, {"turn": 60.5}):
        refused = client.post("/api/tables", json={"players": 3, **bad})
        assert refused.status_code == 400, bad


def test_the_help_page_is_served() -> None:
    """/help is the rules in short: each auction kind and what a painting pays."""
    reply = _client().get("/help")
    assert reply.status_code == 200 and "The five auctions" in reply.text
    assert "What a painting pays" in reply.text


def test_the_help_page_takes_its_head_from_the_table_page() -> None:
    """help.html asks for the table page's parts head and links; /help has none left."""
    table = (STATIC / "index.html").read_text(encoding="utf-8")
    template = (STATIC / "help.html").read_text(encoding="utf-8")
    page = _client().get("/help").text
    shared = ('<meta name="referrer" content="no-referrer">', '<link rel="icon" href="data:,">')
    for line in shared:
        assert line in table and line in page and line not in template
    assert "<!-- part" in template and "<!--" not in page
    assert page.startswith('<!doctype html>\n<html lang="en">\n<head>\n')


def test_a_table_s_spectator_policy_decides_what_a_spectator_sees() -> None:
    """No spectators: no view; public: the public view; after: nothing, then the whole record."""
    registry = Registry(FAST, clock=Clock())
    client = TestClient(create_app(registry, limits=NO_LIMITS))
    seen = {}
    for policy in ("none", "public", "after"):
        body = client.post(
            "/api/tables", json={"players": 3, "humans": [0], "spectators": policy}
        ).json()
        seen[policy] = body["table"]
        watched = client.get(f"/api/tables/{body['table']}").json()
        assert watched["table"]["spectators"] == policy
        assert (watched["view"] is not None) == (policy == "public"), policy
        assert "record" not in watched
    table = registry.tables[seen["after"]]
    table.hand_to_bot(0, 0.0)  # a bot plays the person's seat to the end
    table.advance(1000.0)
    assert table.state.is_over
    after = client.get(f"/api/tables/{seen['after']}").json()
    assert after["view"] is not None and after["record"]["actions"]
    refused = client.post("/api/tables", json={"players": 3, "spectators": "all"})
    assert refused.status_code == 400
