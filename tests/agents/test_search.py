"""SearchAgent: legal, seeded, blind to what its seat cannot see (R7.2), and known by name."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from modern_art.agents.factories import BOT_NAMES, bot_factory
from modern_art.agents.search.tree import DEFAULT_ITERATIONS
from modern_art.cli import BOTS
from tests.helpers.hidden_info import history_twin, played


def seen_events(game: object, seat: int) -> list[ma.Event]:
    return [e for events in game.events for e in ma.visible_events(events, seat)]  # type: ignore[attr-defined]


@settings(max_examples=10, deadline=None)
@given(st.data())
def test_R7_2_twin_views_get_the_same_move_for_the_same_seed(data: st.DataObject) -> None:
    """Games differing only in what the seat cannot see: the same view, events and move."""
    game = data.draw(played(150), label="game")
    state = game.final
    if state.is_over:
        return
    seat = data.draw(st.sampled_from(sorted(state.to_act)), label="seat")
    twin = history_twin(game, seat, random.Random(data.draw(st.integers(0, 2**32))))
    assert ma.view(twin.final, seat) == ma.view(state, seat)
    events = seen_events(game, seat)
    assert seen_events(twin, seat) == events
    move = ma.SearchAgent(seed=4, iterations=8).act(ma.view(state, seat), events)
    assert move == ma.SearchAgent(seed=4, iterations=8).act(ma.view(twin.final, seat), events)
    assert move in ma.legal_actions(state, seat)


def test_R7_4_a_whole_game_of_search_bots_is_legal_and_repeats_for_its_seeds() -> None:
    def game() -> ma.GameRecord:
        agents = [ma.SearchAgent(seed=s, iterations=6) for s in range(3)]
        return ma.play_game(agents, seed=5, rules=SHORT)

    first = game()
    assert ma.replay(first).is_over
    assert first.actions == game().actions


SHORT = ma.Rules(deal_schedule={3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (2, 1, 1, 0)})


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_R3_1_R4_3_search_bots_never_overbid_after_hidden_auctions(seed: int) -> None:
    """After sealed bids are revealed the worlds differ in money: nodes must tell them apart."""
    agents = [ma.SearchAgent(seed=s, iterations=12) for s in range(4)]
    assert ma.replay(ma.play_game(agents, seed=seed, rules=SHORT)).is_over


def test_a_time_budget_plays_legal_moves() -> None:
    state = ma.new_game(4, seed=2)
    move = ma.SearchAgent(seed=1, move_time=0.05).act(ma.view(state, 0), ())
    assert move in ma.legal_actions(state, 0)


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"iterations": 0}, "iterations"),
        ({"iterations": 2.5}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"move_time": 0}, "move_time"),
        ({"move_time": float("nan")}, "move_time"),
        ({"move_time": float("inf")}, "move_time"),
        ({"move_time": "1"}, "move_time"),
    ],
)
def test_bad_budgets_are_refused(options: dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ma.SearchAgent(**options)  # type: ignore[arg-type]


def test_the_default_budget_and_the_repr() -> None:
    agent = ma.SearchAgent(seed=3)
    assert agent.iterations == DEFAULT_ITERATIONS and agent.move_time is None
    assert repr(agent) == f"SearchAgent(seed=3, iterations={DEFAULT_ITERATIONS}, move_time=None)"
    assert ma.SearchAgent(move_time=0.2).iterations is None


def test_search_is_a_bot_name_everywhere_the_registry_reaches() -> None:
    assert BOTS == BOT_NAMES
    assert "search" in BOT_NAMES
    agent = bot_factory("search", iterations=7)(seed=2)
    assert isinstance(agent, ma.SearchAgent) and agent.iterations == 7
    with pytest.raises(ValueError, match="unknown bot"):
        bot_factory("deep-blue")
    with pytest.raises(ValueError, match="iterations"):
        bot_factory("search", iterations=0)
    result = ma.tournament(
        [bot_factory("search", iterations=3), ma.RandomAgent, ma.RandomAgent],
        3,
        seed=1,
        rules=SHORT,
    )
    assert {s.name for s in result.standings} == {"search", "random"}
