"""The search's parts: its candidates, its play-outs on ma.playout, its paired root."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.agents.search import tree
from modern_art.agents.search.candidates import candidate_actions
from modern_art.agents.search.rollout import (
    heuristic_move,
    keep_of,
    kept_move,
    places,
    play_round,
    round_end,
)
from tests.helpers.hidden_info import played


def _plain_round(state: ma.GameState) -> tuple[ma.GameState, ma.RoundEnded | None]:
    """The heuristic for every seat, step by step, to the round's end (play_round replaces it)."""
    memo: dict[object, float] = {}
    while not state.is_over:
        step = ma.apply(state, heuristic_move(state, memo))
        state = step.state
        ended = round_end(step.events)
        if ended is not None:
            return state, ended
    return state, None  # pragma: no cover (a game ends only at a round's end)


@settings(max_examples=15, deadline=None)
@given(played(120), st.integers(0, 3), st.integers(0, 2**16))
def test_R6_1_play_round_is_the_heuristic_to_the_rounds_end_and_its_places_the_ranking(
    game: object, seat: int, seed: int
) -> None:
    """ma.playout with the heuristic as policy makes the plain loop's moves, and the places
    read off the tiles are the RoundEnded event's ranking (R6.3, R6.4)."""
    state = game.final  # type: ignore[attr-defined]
    if state.is_over:
        return
    seat = seat % len(state.players)
    world = ma.sample_state(ma.view(state, seat), random.Random(seed), ledger=_ledger(state))
    end, ended = _plain_round(world)
    assert play_round(world) == end
    assert ended is not None
    assert places(world, end) == {
        world.rules.artists.index(artist): q for q, artist in enumerate(ended.ranking)
    }


def _ledger(state: ma.GameState) -> ma.MoneyLedger:
    return ma.MoneyLedger(tuple(p.money for p in state.players))


@settings(max_examples=25, deadline=None)
@given(played(150), st.integers(0, 3))
def test_R2_1_R4_candidates_are_legal_distinct_and_the_heuristics_first(
    game: object, seat: int
) -> None:
    state = game.final  # type: ignore[attr-defined]
    if state.is_over:
        return
    seat = sorted(state.to_act)[seat % len(state.to_act)]
    legal = ma.legal_actions(state, seat)
    table = SeatKnowledge.from_state(state, seat)
    found = candidate_actions(table)
    moves = [action for action, _ in found]
    assert moves and all(action in legal for action in moves)
    limits = [limit for _, limit in found]
    assert len(set(zip(moves, limits, strict=True))) == len(found)
    if isinstance(state.phase, ma.OpenAuction):
        assert all(limit is not None for limit in limits)  # R4.1: limits, raised towards
        assert len(set(limits)) == len(limits)
    else:
        assert all(limit is None for limit in limits) and len(set(moves)) == len(moves)
        assert moves[0] == ma.HeuristicAgent().act(ma.view(state, seat), _events(game, seat))


def _events(game: object, seat: int) -> list[ma.Event]:
    return [e for events in game.events for e in ma.visible_events(events, seat)]  # type: ignore[attr-defined]


def test_R4_1_a_kept_limit_raises_towards_it_in_its_own_auction_only() -> None:
    state = ma.new_game(4, seed=3)
    while not isinstance(state.phase, ma.OpenAuction):
        state = ma.apply(state, heuristic_move(state, {})).state
    seat = next(iter(state.to_act))
    keep = keep_of(state, seat, state.phase.high_bid + 9)
    assert keep is not None and keep_of(state, seat, None) is None
    move = kept_move(keep, state, seat)
    assert isinstance(move, ma.Bid) and state.phase.high_bid < move.amount <= keep[2]
    assert kept_move(keep, state, (seat + 1) % 4) is None
    assert kept_move((seat, ("another auction",), 50), state, seat) is None
    assert keep_of(ma.new_game(4, seed=3), seat, 20) is None  # no open auction: nothing to keep


def test_the_heuristics_move_stands_unless_a_rival_wins_clearly() -> None:
    """The paired root: a rival is played only on evidence, the heuristic's move is the default."""
    moves: list[tuple[ma.Action, int | None]] = [
        (ma.Pass(0), None),
        (ma.Bid(0, 5), None),
        (ma.Bid(0, 9), None),
    ]
    root = tree._Paired(moves)
    assert root.choice() == 0  # no evidence yet
    for base, small, big in [(10.0, 30.0, 9.0), (-20.0, 0.0, -21.0), (5.0, 24.0, 6.0)]:
        root.add({0: base, 1: small, 2: big})
    assert root.choice() == 1  # +20 money every time
    root.halve()
    assert root.alive == [0, 1]
    noisy = tree._Paired(moves[:2])
    for base, other in [(10.0, 40.0), (10.0, -15.0), (10.0, 11.0)]:
        noisy.add({0: base, 1: other})
    assert noisy.choice() == 0  # a mean gain of about 5, but within the noise


def test_an_iteration_budget_is_kept_and_spent_on_the_live_candidates() -> None:
    """Each world plays every live candidate; the play-outs stay within the budget."""
    counted = []
    real = tree._iterate

    def counting(*args: object) -> float:
        counted.append(args[2])
        return real(*args)  # type: ignore[arg-type]

    state = ma.new_game(4, seed=8)
    tree._iterate = counting  # type: ignore[assignment]
    try:
        ma.SearchAgent(seed=2, iterations=60).act(ma.view(state, 0), ())
    finally:
        tree._iterate = real
    table = SeatKnowledge.from_state(state, 0)
    candidates = candidate_actions(table)
    assert 2 * len(candidates) <= len(counted) <= 60
    assert set(counted) <= set(candidates)
    assert counted[: len(candidates)] == candidates  # the first world plays them all
