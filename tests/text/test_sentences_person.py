"""A player named "You" is spoken to in every kind of sentence; artists' plurals read well."""

from __future__ import annotations

import pytest

import modern_art as ma
from tests.text.test_sentences import EVERY_KIND, NAMES, WRONG_SECOND

KINDS = sorted(EVERY_KIND, key=lambda k: str(getattr(k, "__name__", k)))


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_a_seat_named_you_takes_the_second_person_in_a_replay(kind: type) -> None:
    """(decision) With no reader (a replay), the seat named "You" still gets "You add"."""
    for named in range(3):
        names = list(NAMES)
        names[named] = "You"
        for item, _ in EVERY_KIND[kind][:200]:
            text = ma.describe(item, names)
            assert not WRONG_SECOND.search(text), text
            assert "You's" not in text and "you's" not in text, text


def test_a_seat_named_you_reads_as_the_second_person_in_full() -> None:
    """The two sentences the issue quotes, for a game saved by a player named You."""
    names = ["You", "Ada (random)", "Ben (random)"]
    deck = ma.Rules().deck
    double = next(c for c in deck if c.auction is ma.Auction.DOUBLE)
    assert ma.describe(ma.SecondCardAdded(0, double, 2), names).startswith("You add ")
    started = ma.AuctionStarted(
        auctioneer=0, lot=(double,), kind=ma.Auction.OPEN, double_player=None
    )
    assert ma.describe(started, names).startswith("You auction the ")
    sold = ma.PaintingsSold(0, double.artist, 2, 30, 60)
    assert ma.describe(sold, names).startswith("You sell 2 ")


def test_R5_1_two_paintings_of_an_artist_whose_name_ends_in_s_read_as_paintings() -> None:
    """ "the two Ramon Martins paintings", never "the two Ramon Martinss"; "Daniel Melims"."""
    deck = ma.Rules().deck
    cases = (("Ramon Martins", "Ramon Martins paintings"), ("Daniel Melim", "Daniel Melims"))
    for artist, plural in cases:
        pair = tuple(c for c in deck if c.artist == artist)[:2]
        won = ma.AuctionWon(1, 40, pair, (ma.Payment(1, 0, 40),))
        text = ma.describe(won, NAMES)
        assert f"the two {plural} for 40" in text, text
        assert "Martinss" not in text
