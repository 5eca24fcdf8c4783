"""Words a player meets, in the terminal and on the pages: no internal names, no seats for "you".

The pages' words are read from their HTML (the web table's and the static site's).
"""

from __future__ import annotations

import re
from pathlib import Path

import modern_art as ma
from modern_art.cli.prompts import refusal, second_person
from tests.helpers.cli import run


def test_rules_of_a_variant_say_each_setting_in_words_beside_its_value() -> None:
    """rules --preset original: the tie and double settings in words, their values beside."""
    done = run("rules", "--preset", "original")
    assert done.returncode == 0, done.stderr
    flat = " ".join(done.stdout.replace("│", " ").split())
    assert "a tie for the highest hidden bid goes to the auctioneer" in flat
    assert "to a double is paid the whole" in flat
    assert "(auctioneer_first)" in flat and "(supplier_takes_all)" in flat


def test_the_final_money_marks_the_winner_in_a_column_of_its_own() -> None:
    """A bot's name keeps its "(montecarlo)"; the winner is marked apart, not "(winner)"."""
    done = run("demo")
    assert done.returncode == 0, done.stderr
    assert "(winner)" not in done.stdout
    assert any(line.rstrip(" │|").endswith("wins") for line in done.stdout.splitlines())


def test_R4_3_a_pass_in_a_hidden_auction_is_refused_to_you_not_to_seat_0() -> None:
    """The refusal says "bid 0" to the person, not "seat 0 may bid 0"."""
    state = ma.setup(
        ["Ann", "Bo", "Cy"],
        hands=[["melim/h", "thaler/o", ...], ["carvalho/o", ...], ["martins/o", ...]],
    )
    state = ma.apply(state, ma.parse_action("0 play melim/h", state)).state
    seat = min(state.to_act)
    why = refusal(ma.view(state, seat), ma.Pass(seat))
    assert why is not None and "bid 0" in why and "seat" not in why
    assert second_person(f"seat {seat} may bid 0", seat) == "you may bid 0"


def test_the_web_table_and_the_site_name_taking_back_a_decision_alike() -> None:
    """Issue 37, item 10: the undo button says the same on both pages ("Undo my last move" was
    the site's, "Take back my last decision" the web table's)."""
    static = Path(ma.__file__).parent
    labels = {
        page: re.findall(
            r'<button[^>]*id="undo-button"[^>]*>([^<]+)</button>',
            (static / page / "static" / "index.html").read_text(encoding="utf-8"),
        )
        for page in ("web", "site")
    }
    assert labels == {page: ["Take back my last decision"] for page in ("web", "site")}
