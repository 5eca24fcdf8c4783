"""Every player's money follows from a seat's visible events (R7.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.hidden_info import played, seats


@given(st.data())
def test_R7_4_ledger_from_visible_events_matches_true_money(data: st.DataObject) -> None:
    """Fed each seat's redacted stream, the ledger holds everyone's true money after every step."""
    game = data.draw(played(600), label="game")
    for seat in seats(game.players):
        ledger = ma.MoneyLedger.start(game.final.rules, game.players)
        assert ledger.money == tuple(p.money for p in game.states[0].players)
        for events, state in zip(game.events, game.states[1:], strict=True):
            ledger = ledger.apply_all(ma.visible_events(events, seat))
            assert ledger.money == tuple(p.money for p in state.players)


def test_R3_3_ledger_pays_the_auctioneer_and_the_bank() -> None:
    """A sale to another seat pays the auctioneer; an auctioneer's own purchase pays the bank."""
    ledger = ma.MoneyLedger.start(ma.Rules(), 3)
    ledger = ledger.apply(ma.AuctionWon(1, 40, (), (ma.Payment(1, 0, 40),)))
    ledger = ledger.apply(ma.AuctionWon(2, 15, (), (ma.Payment(2, None, 15),)))
    assert ledger.money == (140, 60, 85)


def test_R6_5_ledger_adds_sale_income_and_ignores_other_events() -> None:
    """PaintingsSold adds its amount; events that move no money leave the ledger as it was."""
    ledger = ma.MoneyLedger((10, 20, 30))
    sold = ledger.apply(ma.PaintingsSold(2, "Daniel Melim", 2, 30, 60))
    assert sold.money == (10, 20, 90)
    assert sold.apply(ma.TurnStarted(0)) is sold
    assert sold.apply(ma.GameEnded((10, 20, 90), (2,))) is sold
