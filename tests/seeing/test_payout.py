"""What a painting would pay now and at best this round (R6.3-R6.5)."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.hidden_info import played, seats


@given(st.data())
def test_R6_5_payout_now_is_what_the_sale_pays(data: st.DataObject) -> None:
    """At each round's end, the payout on the final counts is what every sold painting paid."""
    game = data.draw(played(600), label="game")
    for before, events in zip(game.states[:-1], game.events, strict=True):
        ended = [e for e in events if isinstance(e, ma.RoundEnded)]
        if not ended:
            continue
        payout = ma.payout_if_round_ended_now(attrs.evolve(before, counts=ended[0].counts))
        for sold in (e for e in events if isinstance(e, ma.PaintingsSold)):
            assert sold.value == payout[sold.artist]


@given(st.data())
def test_R6_5_best_case_bounds_every_sale_of_the_round(data: st.DataObject) -> None:
    """No painting sells for more than the best case at any earlier moment of its round."""
    game = data.draw(played(600), label="game")
    best: dict[str, int] = {}
    seat = data.draw(st.sampled_from(seats(game.players)), label="seat")
    for before, events in zip(game.states[:-1], game.events, strict=True):
        for a, value in ma.best_case_payout(before).items():
            best[a] = min(best.get(a, value), value)
        for a, value in ma.best_case_payout(ma.view(before, seat)).items():
            assert value >= ma.best_case_payout(before)[a]  # a view knows less
        for event in events:
            if isinstance(event, ma.PaintingsSold):
                assert event.value <= best[event.artist]
        if any(isinstance(event, ma.RoundEnded) for event in events):
            best = {}


@given(st.data())
def test_payouts_from_a_view_agree_with_the_state(data: st.DataObject) -> None:
    """Payout now is public, so every view gives the state's; the best case is never below it."""
    game = data.draw(played(300), label="game")
    state = data.draw(st.sampled_from(game.states), label="state")
    now = ma.payout_if_round_ended_now(state)
    assert list(now) == list(state.rules.artists)
    for seat in seats(state.num_players):
        v = ma.view(state, seat)
        assert ma.payout_if_round_ended_now(v) == now
        best = ma.best_case_payout(v)
        assert all(best[a] >= now[a] for a in now)
        assert all(
            k >= exact
            for k, exact in zip(ma.still_offerable(v), ma.still_offerable(state), strict=True)
        )


def _position(counts: tuple[int, ...], tiles: tuple[tuple[int, ...], ...]) -> ma.GameState:
    """A new 3-player game with the given counts and tiles."""
    return attrs.evolve(ma.new_game(3, seed=5), counts=counts, tiles=tiles)


def test_R6_4_payout_now_adds_this_rounds_tile_to_earlier_tiles() -> None:
    """Counts (2, 0, 3, 2, 1) rank Melim 30, Carvalho 20, Martins 10; earlier tiles add on."""
    state = _position((2, 0, 3, 2, 1), ((30,), (20,), (), (10,), (30, 20)))
    assert list(ma.payout_if_round_ended_now(state).values()) == [50, 0, 30, 20, 0]


def test_R6_3_best_case_lets_an_artist_rank_first_only_if_it_can_catch_up() -> None:
    """Carvalho at 4 cannot be caught by an artist whose count plus hand cards stays below 4."""
    state = _position((4, 0, 0, 0, 0), ((), (), (), (), ()))
    artists = state.rules.artists
    hand = tuple(c for c in state.rules.deck if c.artist == artists[1])[:2]
    others = tuple(attrs.evolve(p, hand=()) for p in state.players[1:])
    players = (attrs.evolve(state.players[0], hand=hand), *others)
    state = attrs.evolve(state, players=players)
    assert ma.still_offerable(state) == (0, 2, 0, 0, 0)
    # Thaler reaches 2 at most: second behind Carvalho's 4; nobody else can count at all.
    assert list(ma.best_case_payout(state).values()) == [30, 20, 0, 0, 0]


def test_R8_1_nothing_pays_once_the_game_is_over() -> None:
    """After the game ends every payout is 0."""
    state = attrs.evolve(ma.new_game(3, seed=5), phase=ma.GameOver())
    assert set(ma.best_case_payout(state).values()) == {0}
    assert set(ma.payout_if_round_ended_now(state).values()) == {0}
