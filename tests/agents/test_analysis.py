"""ma.analyse: forced positions answered exactly, chances that add up, no peeking (R6, R7)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.forced import known, position
from tests.helpers.hidden_info import played, state_twin

OPEN, HIDDEN = ma.Auction.OPEN, ma.Auction.HIDDEN
CAR, THA, MEL, MAR, SIL = range(5)


def weigh(state: ma.GameState, samples: int = 40, seat: int = 0) -> ma.Analysis:
    return ma.analyse(ma.view(state, seat), samples=samples, seed=3, ledger=known(state))


def outlook(report: ma.Analysis, artist: int) -> ma.ArtistOutlook:
    return report.artists[artist]


def lot(state: ma.GameState, artist: int, kind: ma.Auction) -> tuple[ma.Card]:
    """A card of ``artist`` and ``kind`` from the deck, as the lot seat 1 offered (counted)."""
    return (
        next(
            c for c in state.deck if c.artist == state.rules.artists[artist] and c.auction is kind
        ),
    )


def on_sale(state: ma.GameState, phase: ma.AuctionPhase) -> ma.GameState:
    """``state`` with ``phase`` under way, its lot out of the deck."""
    return attrs.evolve(
        state, deck=tuple(c for c in state.deck if c not in phase.lot), phase=phase
    )


# Hand-made positions: the rules force the answer, and the analysis gives it exactly.


def test_R6_3_an_artist_never_offered_and_out_of_cards_ranks_nowhere() -> None:
    report = weigh(position((2, 1, 1, 0, 0), [(CAR, OPEN)]))
    for artist in (MAR, SIL):
        assert outlook(report, artist) == ma.ArtistOutlook(
            ma.Rules().artists[artist], (0.0, 0.0, 0.0, 1.0), 0.0, 0.0, True
        )


def test_R6_4_settled_places_earn_30_20_10() -> None:
    report = weigh(position((2, 1, 1, 0, 0), [(CAR, OPEN)]))
    assert [(o.p_rank, o.value, o.stderr) for o in report.artists[:3]] == [
        ((1.0, 0.0, 0.0, 0.0), 30.0, 0.0),
        ((0.0, 1.0, 0.0, 0.0), 20.0, 0.0),
        ((0.0, 0.0, 1.0, 0.0), 10.0, 0.0),
    ]
    assert all(o.exact for o in report.artists)


def test_R6_3_a_tie_goes_to_the_artist_further_left() -> None:
    """Thaler and Melim both have one painting and no more to come: Thaler, left, is 2nd."""
    report = weigh(position((2, 1, 1, 0, 0), [(CAR, OPEN)]))
    assert outlook(report, THA).p_rank == (0.0, 1.0, 0.0, 0.0)
    assert outlook(report, MEL).p_rank == (0.0, 0.0, 1.0, 0.0)


def test_R6_3_a_place_no_play_can_change_is_exact_though_cards_remain() -> None:
    """Carvalho 4, Thaler 3 + one in hand, Melim 3: Thaler can neither pass Carvalho nor fall."""
    report = weigh(position((4, 3, 3, 0, 0), [(CAR, OPEN), (THA, OPEN)]))
    assert outlook(report, CAR) == ma.ArtistOutlook(
        ma.Rules().artists[CAR], (1.0, 0.0, 0.0, 0.0), 30.0, 0.0, True
    )
    assert outlook(report, THA).p_rank == (0.0, 1.0, 0.0, 0.0)
    assert (outlook(report, THA).value, outlook(report, THA).exact) == (20.0, True)


def test_R6_5_earlier_tiles_add_to_a_ranked_artists_pay() -> None:
    state = position((2, 1, 1, 0, 0), [(CAR, OPEN)], tiles=[(20,), (), (), (), ()], round_=2)
    assert (outlook(weigh(state), CAR).value, outlook(weigh(state), CAR).stderr) == (50.0, 0.0)


def test_R6_5_an_unranked_artist_pays_nothing_whatever_it_earned_before() -> None:
    state = position((2, 1, 1, 0, 0), [(CAR, OPEN)], tiles=[(), (), (), (30,), ()], round_=2)
    assert outlook(weigh(state), MAR) == ma.ArtistOutlook(
        ma.Rules().artists[MAR], (0.0, 0.0, 0.0, 1.0), 0.0, 0.0, True
    )


def test_R6_3_with_fewer_than_three_artists_offered_fewer_rank() -> None:
    report = weigh(position((2, 0, 0, 0, 0), [(CAR, OPEN)]))
    assert outlook(report, CAR).p_rank == (1.0, 0.0, 0.0, 0.0)
    assert all(o.p_rank == (0.0, 0.0, 0.0, 1.0) for o in report.artists[1:])
    assert sum(o.p_rank[1] + o.p_rank[2] for o in report.artists) == 0.0


def test_R6_1_offering_the_fifth_painting_ends_the_round_unsold() -> None:
    """Carvalho's fifth ends the round at once: Bob's 4 Carvalho pay 30, his Thaler 20 (R6.5).

    Ann's margin goes from 0 to 100 - (240 + 100) / 2 = -70, in every sample.
    """
    state = position((4, 1, 0, 0, 0), [(CAR, OPEN), (THA, OPEN)])
    fifth = ma.PlayCard(0, state.players[0].hand[0])
    value = next(v for v in weigh(state).actions if v.action == fifth)
    assert (value.money, value.stderr) == (-70.0, 0.0)


def test_R6_2_the_last_card_in_every_hand_ends_the_round() -> None:
    """Ann's Melim is the last card anywhere: it is her only move, unsold; Bob's museum pays 80."""
    state = position((2, 1, 0, 0, 0), [(MEL, OPEN)])
    report = weigh(state)
    assert [v.action for v in report.actions] == [ma.PlayCard(0, state.players[0].hand[0])]
    assert (report.actions[0].money, report.actions[0].stderr) == (-40.0, 0.0)
    assert (outlook(report, MEL).p_rank, outlook(report, MEL).value) == ((0, 0, 1, 0), 10.0)


def test_R4_1_with_no_money_passing_is_the_only_action() -> None:
    state = position((2, 1, 1, 0, 1), [(CAR, OPEN)], money=(0, 100, 100))
    state = on_sale(state, ma.OpenAuction(1, lot(state, SIL, OPEN), None, 5, 2, frozenset()))
    report = weigh(state)
    assert [v.action for v in report.actions] == [ma.Pass(0)]
    assert ma.SearchAgent(seed=1, iterations=5).act(ma.view(state, 0), ()) == ma.Pass(0)


def test_R4_3_a_seat_that_has_sealed_its_bid_has_no_decision() -> None:
    state = position((2, 1, 1, 0, 1), [(CAR, OPEN)])
    state = on_sale(state, ma.HiddenAuction(1, lot(state, SIL, HIDDEN), None, (7, None, None)))
    report = weigh(state)
    assert report.actions == ()
    assert abs(sum(outlook(report, SIL).p_rank) - 1) < 1e-9


# Refusals.


def test_R8_1_a_finished_game_has_nothing_to_analyse() -> None:
    state = ma.new_game(3, seed=1)
    over = attrs.evolve(state, phase=ma.GameOver())
    with pytest.raises(ValueError, match=r"R8\.1"):
        ma.analyse(ma.view(over, 0), events=())


def test_R7_2_a_spectator_or_screened_money_without_a_record_is_refused() -> None:
    state = ma.new_game(3, seed=1)
    with pytest.raises(ValueError, match="seat's view"):
        ma.analyse(ma.view(state, None))
    with pytest.raises(ValueError, match="screened"):
        ma.analyse(ma.view(state, 0))
    for samples in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="samples"):
            ma.analyse(ma.view(state, 0), samples=samples, events=())  # type: ignore[arg-type]


def test_the_analysis_is_a_frozen_value_and_seeded_it_repeats() -> None:
    state = ma.new_game(4, seed=5)
    first = ma.analyse(ma.view(state, 0), samples=12, seed=9, events=())
    assert first == ma.analyse(ma.view(state, 0), samples=12, seed=9, events=())
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.seat = 1  # type: ignore[misc]
    assert [v.money for v in first.actions] == sorted(
        (v.money for v in first.actions), reverse=True
    )
    assert sum(v.samples for v in first.actions) == 12 + 12  # the heuristic's and one other each


# Properties over played games.


@settings(max_examples=12, deadline=None)
@given(st.data())
def test_R6_3_R7_2_probabilities_sum_to_one_actions_are_legal_and_twins_agree(
    data: st.DataObject,
) -> None:
    game = data.draw(played(120), label="game")
    state = game.final
    if state.is_over:
        return
    seat = data.draw(st.sampled_from(range(state.num_players)), label="seat")
    twin = state_twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))), money=False)
    assert ma.view(twin, seat) == ma.view(state, seat)
    report = ma.analyse(ma.view(state, seat), samples=6, seed=1, ledger=known(state))
    assert report == ma.analyse(ma.view(twin, seat), samples=6, seed=1, ledger=known(state))
    legal = ma.legal_actions(state, seat)
    assert all(v.action in legal for v in report.actions)
    assert bool(report.actions) == bool(legal)
    best = ma.best_case_payout(ma.view(state, seat))  # 0: the artist can no longer rank
    for o in report.artists:
        assert abs(sum(o.p_rank) - 1) < 1e-9
        assert len(o.p_rank) == len(state.rules.value_tiles) + 1
        if best[o.artist] == 0:
            assert o.p_rank[-1] == 1.0 and o.value == 0.0 and o.stderr == 0.0 and o.exact
