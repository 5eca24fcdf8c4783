"""R7: information: what the core makes public (views that redact come later, elsewhere)."""

from __future__ import annotations

import modern_art as ma
from modern_art.testing import playout
from tests.helpers.rulekit import (
    CAR,
    FIXED,
    HIDDEN,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    card,
    game,
    money,
    offer,
    only,
    run,
)

HANDS = [[(MEL, OPEN), (CAR, OPEN)], [(THA, OPEN), (CAR, ONE)], [(SIL, OPEN), (CAR, HIDDEN)]]


def test_R7_1_public_facts_are_in_the_state() -> None:
    """Counts, museums, tiles, hand sizes and the deck size are all readable from the state."""
    state = game(HANDS, later=(1, 0, 0))
    assert len(state.deck) == 70 - 6
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(1, 4), ma.Pass(2), ma.Pass(0))
    assert state.counts == (0, 0, 1, 0, 0)
    assert [len(p.hand) for p in state.players] == [1, 2, 2]
    assert [len(p.museum) for p in state.players] == [0, 1, 0]
    assert state.tiles == ((),) * 5


def test_R7_1_public_actions_are_events() -> None:
    """Offered cards, public bids, passes, prices and acceptances each come as an event."""
    hands = [[(MEL, FIXED), (CAR, OPEN)], HANDS[1], HANDS[2]]
    state = game(hands)
    played = card(state, 0, MEL, FIXED)
    state, events = run(state, ma.PlayCard(0, played), ma.SetPrice(0, 9), ma.Pass(1))
    state, more = run(state, ma.Accept(2), offer(1, THA, OPEN), ma.Bid(2, 3), ma.Pass(0))
    events += more
    assert ma.CardPlayed(0, played, 1) in events
    assert ma.PriceSet(0, 9) in events and ma.PriceAccepted(2, 9) in events
    assert ma.Passed(1) in events and ma.BidPlaced(2, 3) in events


def test_R7_2_hidden_bids_revealed_only_when_all_are_in() -> None:
    """No BidsRevealed until the last sealed bid; then every bid at once, by seat."""
    hands = [[(MEL, HIDDEN), (CAR, OPEN)], HANDS[1], HANDS[2]]
    state, events = run(game(hands), offer(0, MEL, HIDDEN), ma.Bid(1, 8), ma.Bid(0, 2))
    assert only(events, ma.BidsRevealed) == []
    assert only(events, ma.AuctionWon) == []
    state, events = run(state, ma.Bid(2, 1))
    assert events[:2] == [ma.BidSealed(2, 1), ma.BidsRevealed((2, 8, 1), 0, 1, None)]


def test_R7_2_all_money_revealed_at_the_end() -> None:
    """The GameEnded event reveals every seat's final money."""
    last = playout(ma.new_game(3, seed=4), 4)[-1]
    state, events = last.state, last.events
    assert events[-1] == ma.GameEnded(money(state), ma.winners(state))


def test_R7_2_open_money_is_a_rules_field() -> None:
    """``open_money`` is off by default and can be switched on."""
    assert ma.Rules().open_money is False
    assert ma.Rules(open_money=True).open_money is True


def test_R7_3_no_secret_skip_in_one_offer() -> None:
    """A seat that cannot beat the high bid is still asked in a one-offer auction and can pass."""
    hands = [[(MEL, OPEN), (MEL, ONE)], HANDS[1], HANDS[2]]
    state = game(hands, starting_money=20)
    # Seat 2 buys seat 0's Melim for 15: (35, 20, 5).
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(2, 15), ma.Pass(0), ma.Pass(1))
    state, _ = run(state, offer(1, THA, OPEN), ma.Pass(2), ma.Pass(0), ma.Pass(1))
    state, _ = run(state, offer(2, SIL, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    state, _ = run(state, offer(0, MEL, ONE), ma.Bid(1, 10))
    # Seat 2 holds 5, less than any bid above 10, yet it is asked and may pass.
    assert state.to_act == {2}
    assert list(ma.legal_actions(state)) == [ma.Pass(2)]
    state, _ = run(state, ma.Pass(2), ma.Pass(0))
    # Seat 1 pays 10 to seat 0.
    assert money(state) == (45, 10, 5)


def test_R7_4_money_can_be_worked_out_from_events() -> None:
    """Starting money plus every public payment and sale gives each seat's money exactly."""
    for seed in range(10):
        state = ma.new_game(4, seed=seed)
        worked = [state.rules.starting_money] * 4
        for step in playout(state, seed):
            for event in step.events:
                if isinstance(event, ma.AuctionWon):
                    worked[event.buyer] -= event.price
                    for payment in event.payments:
                        if payment.payee is not None:
                            worked[payment.payee] += payment.amount
                elif isinstance(event, ma.PaintingsSold):
                    worked[event.seat] += event.amount
            state = step.state
            assert tuple(worked) == money(state)
