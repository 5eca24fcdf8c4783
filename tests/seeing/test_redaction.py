"""Each seat's event stream holds what it may learn and nothing else (R7.1, R7.2, R4.3)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.hidden_info import history_twin, played, seats


@given(st.data())
def test_R7_2_games_differing_in_hidden_facts_give_equal_streams_and_views(
    data: st.DataObject,
) -> None:
    """A replay with unseen cards swapped and open bids redrawn looks the same to the seat."""
    game = data.draw(played(300), label="game")
    seat = data.draw(st.sampled_from(seats(game.players)), label="seat")
    twin = history_twin(game, seat, random.Random(data.draw(st.integers(0, 2**32))))
    for events, twin_events in zip(game.events, twin.events, strict=True):
        assert ma.visible_events(events, seat) == ma.visible_events(twin_events, seat)
        assert repr(ma.visible_events(events, seat)) == repr(ma.visible_events(twin_events, seat))
    for state, twin_state in zip(game.states, twin.states, strict=True):
        assert ma.view(state, seat) == ma.view(twin_state, seat)


@given(st.data())
def test_R7_2_dealt_cards_reach_only_their_owner(data: st.DataObject) -> None:
    """Every seat learns how many cards each seat is dealt, but only its own cards."""
    game = data.draw(played(300), label="game")
    dealt = [e for events in game.events for e in events if isinstance(e, ma.CardsDealt)]
    for event in dealt:
        for seat in seats(game.players):
            shown = ma.visible_event(event, seat)
            assert isinstance(shown, ma.CardsDealt)
            assert (shown.seat, shown.count) == (event.seat, event.count)
            assert shown.cards == (event.cards if seat == event.seat else None)


@given(st.data())
def test_R4_3_sealed_amounts_reach_only_the_bidder_until_revealed(data: st.DataObject) -> None:
    """Others see that a bid was sealed, not its amount, until BidsRevealed shows them all."""
    game = data.draw(played(300), label="game")
    for events in game.events:
        for event in events:
            for seat in seats(game.players):
                shown = ma.visible_event(event, seat)
                if isinstance(event, ma.BidSealed):
                    assert shown == ma.BidSealed(
                        event.seat, event.amount if seat == event.seat else None
                    )
                elif isinstance(event, ma.BidsRevealed):
                    assert shown == event


@given(st.data())
def test_R7_1_every_other_event_is_public(data: st.DataObject) -> None:
    """Events other than dealt cards and sealed bids reach every seat unchanged."""
    game = data.draw(played(300), label="game")
    for events in game.events:
        for event in events:
            if isinstance(event, ma.CardsDealt | ma.BidSealed):
                continue
            for seat in seats(game.players):
                assert ma.visible_event(event, seat) is event


def test_R4_3_a_sealed_bid_is_shown_to_its_bidder_only() -> None:
    """Seat 1's sealed 40 reaches seat 1 as 40 and seat 2 and spectators as None."""
    sealed = (ma.BidSealed(1, 40),)
    assert ma.visible_events(sealed, 1) == sealed
    assert (
        ma.visible_events(sealed, 2) == ma.visible_events(sealed, None) == (ma.BidSealed(1, None),)
    )


def test_R7_2_redacting_twice_changes_nothing() -> None:
    """A redacted event is a fixed point: redacting it again for any seat gives it back."""
    dealt = ma.CardsDealt(0, 1, (ma.Rules().deck[0],))
    once = ma.visible_event(dealt, 1)
    assert once == ma.CardsDealt(0, 1, None)
    assert ma.visible_event(once, 0) == once
