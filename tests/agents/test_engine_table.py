"""docs/engines.rst's table of actions is true, and a bot written from it alone plays clean.

Each row's JSON is read by ``from_json(..., "action")`` as it is and written
in the notation as its row says; ``legal[i]`` is ``legal_actions[i]``
(tests/wire/test_actions_as_shown.py); and tests/agents/engines/table_bot.js,
which reads only what the table describes, plays 50 games under
``modern-art match`` with no protocol error.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import modern_art as ma
from tests.helpers.cli import ROOT, run
from tests.helpers.webkit import missing

PAGE = ROOT / "docs" / "engines.rst"
ROW = re.compile(r"(?m)^   \* - ``(\{.*\})``\n     - ``([^`]+)``\n     - ``(\w+)``")
TABLE_BOT = Path(__file__).parent / "engines" / "table_bot.js"


def test_every_row_of_the_actions_table_is_read_and_written_as_it_says() -> None:
    """Each JSON of the table is an action document whose notation is the row's."""
    rows = ROW.findall(PAGE.read_text(encoding="utf-8"))
    kinds = {json.loads(j)["type"] for j, _, _ in rows}
    assert kinds == {"PlayCard", "Pass", "Bid", "SetPrice", "Accept"}
    phases = {phase for _, _, phase in rows}
    assert phases == {
        *("Offering", "DoubleOffer", "OpenAuction", "HiddenAuctionView", "FixedPriceAuction")
    }
    for document, notation, _ in rows:
        action = ma.from_json(document, "action")
        assert ma.format_action(action) == notation
        assert json.loads(ma.to_json(action)) == json.loads(document)


def test_the_card_codes_are_each_artists_last_word() -> None:
    """The page's rule for a card code holds in every preset (Christin P. is P/N#29)."""
    original = ma.preset("original")
    assert ma.format_action(ma.PlayCard(0, original.deck[29])) == "0 play P/N#29"
    for rules in ma.presets().values():
        for card in rules.deck:
            code = "".join(ch for ch in card.artist.split()[-1] if ch.isalnum())
            text = ma.format_action(ma.PlayCard(0, card)).split()[-1]
            assert text.startswith(f"{code}/") and text.endswith(f"#{card.id}")


def test_a_bot_written_from_the_table_plays_50_games_without_a_protocol_error() -> None:
    """table_bot.js (Debian's node) plays 50 games of a match: no crash, hang or illegal move."""
    if shutil.which("node") is None:
        missing("the JavaScript engine needs Node: apt-get install -y nodejs")
    done = run(
        "match", "random", "heuristic", f"engine:node {TABLE_BOT}",
        "--games", "50", "--workers", "2", "--json", "--move-time", "5",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    bot = summary["players"][2]
    assert bot["name"] == "table-js" and bot["games"] == 50
    assert bot["errors"] == {"crashed": 0, "timed_out": 0, "illegal": 0, "protocol": 0}
