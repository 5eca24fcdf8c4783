"""Regression tests for the rules bugs the property suite found (one per bug, named by rule)."""

from __future__ import annotations

import modern_art as ma


def test_R4_4_a_zero_price_that_is_no_int_is_not_legal() -> None:
    """With no money the only legal price is the int 0, not False or 0.0 (R4.4, R3.1)."""
    rules = ma.Rules(
        starting_money=0, min_players=3, max_players=3, deal_schedule={3: (2, 0, 0, 0)}
    )
    hands = [
        [("carvalho", ma.Auction.FIXED_PRICE), ("thaler", ma.Auction.OPEN)],
        [("melim", ma.Auction.OPEN)] * 2,
        [("martins", ma.Auction.OPEN)] * 2,
    ]
    state = ma.new_game(3, deck=ma.stack_deck(hands, rules=rules), rules=rules)
    fixed = state.players[0].hand[0]
    state = ma.apply(state, ma.PlayCard(0, fixed)).state
    legal = ma.legal_actions(state)
    assert list(legal) == [ma.SetPrice(0, 0)]
    assert ma.SetPrice(0, False) not in legal
    assert ma.SetPrice(0, 0.0) not in legal  # type: ignore[arg-type]
