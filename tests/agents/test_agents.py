"""Agents: legal actions only, what they may see, determinism, play_game and tournaments."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

import modern_art as ma
from modern_art.agents import montecarlo
from modern_art.agents.tournament import _Outcome, _standings

# Short games keep the search agent's tests quick: two cards each, then one.
SHORT = ma.Rules(deal_schedule={3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (3, 1, 1, 0)})


def small_mc(seed: int) -> ma.MonteCarloAgent:
    """A Monte Carlo agent with a tiny budget."""
    return ma.MonteCarloAgent(seed, playouts=4)


class Checked:
    """Wraps an agent; checks what it is shown and that it answers legally."""

    def __init__(self, agent: ma.Agent) -> None:
        self.agent = agent
        self.name = ma.agents.agent_name(agent)
        self.calls = 0

    def act(self, view: ma.OwnView, events: Sequence[ma.Event]) -> ma.Action:
        assert isinstance(view, ma.PlayerView)
        assert view.seat is not None and view.legal_actions
        for event in events:
            if isinstance(event, ma.CardsDealt) and event.seat != view.seat:
                assert event.cards is None
            if isinstance(event, ma.BidSealed) and event.seat != view.seat:
                assert event.amount is None
        action = self.agent.act(view, events)
        assert action in view.legal_actions
        self.calls += 1
        return action


@pytest.mark.parametrize("players", [3, 4, 5])
def test_agents_return_only_legal_actions(players: int) -> None:
    """Every agent, in games of 3 to 5, returns one of its view's legal actions."""
    makers: list[ma.AgentFactory] = [ma.RandomAgent, ma.HeuristicAgent, small_mc]
    for seed in range(3):
        agents = [Checked(makers[(s + seed) % 3](seed * 10 + s)) for s in range(players)]
        record = ma.play_game(agents, rules=SHORT, seed=seed)
        assert ma.replay(record).is_over
        assert all(agent.calls > 0 for agent in agents)


@pytest.mark.parametrize("players", [3, 4])
def test_heuristic_returns_legal_actions_in_full_games(players: int) -> None:
    """The heuristic agent stays legal through whole CMON games against random play."""
    for seed in range(4):
        agents: list[ma.Agent] = [
            Checked(ma.HeuristicAgent() if s % 2 == 0 else ma.RandomAgent(seed + s))
            for s in range(players)
        ]
        record = ma.play_game(agents, seed=seed)
        assert record.winners


def test_agents_are_deterministic_given_their_seeds() -> None:
    """The same agents, seeds and deal give the same game, action for action."""

    def game() -> ma.GameRecord:
        agents: list[ma.Agent] = [
            ma.RandomAgent(1),
            ma.HeuristicAgent(2),
            small_mc(3),
            small_mc(4),
        ]
        return ma.play_game(agents, rules=SHORT, seed=11)

    assert game() == game()


def test_random_agents_with_other_seeds_play_differently() -> None:
    """The random agent's seed matters: other seeds give another game."""
    first = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=1)
    second = ma.play_game([ma.RandomAgent(s + 10) for s in range(3)], seed=1)
    assert first.actions != second.actions


def test_play_game_returns_a_record_that_replays() -> None:
    """play_game's record names the players and replays to its stated result."""
    record = ma.play_game(
        [ma.HeuristicAgent(), ma.RandomAgent(1), ma.RandomAgent(2)],
        seed=4,
        names=["Ann", "Bo", "Cy"],
        first_auctioneer=2,
    )
    assert record.players == ("Ann", "Bo", "Cy")
    assert record.first_auctioneer == 2
    final = ma.replay(record)
    assert record.money == tuple(p.money for p in final.players)
    assert ma.from_json(ma.to_json(record), "record") == record


def test_play_game_without_seed_records_the_seed_it_drew() -> None:
    """With no seed, play_game draws one and keeps it, so the game can be replayed."""
    record = ma.play_game([ma.RandomAgent(s) for s in range(3)])
    assert record.seed is not None
    assert ma.replay(record).is_over


def test_play_game_observer_sees_every_action() -> None:
    """The observer is called once per action, with the state before it."""
    seen: list[ma.Action] = []

    def observe(state: ma.GameState, action: ma.Action, step: ma.Step) -> None:
        assert state.step == len(seen)
        seen.append(action)

    record = ma.play_game([ma.RandomAgent(s) for s in range(3)], seed=2, observer=observe)
    assert tuple(seen) == record.actions


class OtherSeat:
    """A broken agent that acts for the next seat."""

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        assert view.seat is not None
        return ma.Pass((view.seat + 1) % view.num_players)


class Overbid:
    """A broken agent that bids more than it holds."""

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        assert view.seat is not None
        if view.auction is None:
            return view.legal_actions[0]
        return ma.Bid(view.seat, 10_000)


def test_play_game_refuses_an_action_for_another_seat() -> None:
    """An agent answering for another seat is stopped with a ValueError naming it."""
    with pytest.raises(ValueError, match="at seat 0 returned"):
        ma.play_game([OtherSeat(), ma.RandomAgent(1), ma.RandomAgent(2)], seed=1)


def test_play_game_lets_the_engine_refuse_an_illegal_action() -> None:
    """An illegal action from an agent raises the engine's IllegalAction."""
    with pytest.raises(ma.IllegalAction):
        ma.play_game([Overbid(), Overbid(), Overbid()], seed=1)


class SeatSpy:
    """An agent recording (game seed, seat) the first time it acts."""

    log: ClassVar[list[tuple[str, int, int]]] = []

    def __init__(self, label: str, seed: int) -> None:
        self.label = label
        self.name = label
        self.logged = False

    def act(self, view: ma.PlayerView, events: Sequence[ma.Event]) -> ma.Action:
        if not self.logged:
            assert view.seat is not None
            SeatSpy.log.append((self.label, view.seat, view.step))
            self.logged = True
        return view.legal_actions[0]


def test_tournament_rotates_seats() -> None:
    """Over a full rotation, each lineup entry plays every seat exactly once."""
    SeatSpy.log = []
    lineup = [functools.partial(SeatSpy, label) for label in "ABC"]
    result = ma.tournament(lineup, 3, seed=5)
    assert result.games == 3
    seats = {(label, seat) for label, seat, _ in SeatSpy.log}
    assert seats == {(label, seat) for label in "ABC" for seat in range(3)}
    assert {s.name for s in result.standings} == {"A", "B", "C"}


def test_tournament_is_deterministic_with_any_number_of_workers() -> None:
    """The same seed gives the same standings in one process or in two."""
    lineup: list[ma.AgentFactory] = [ma.HeuristicAgent, ma.RandomAgent, ma.RandomAgent]
    here = ma.tournament(lineup, 6, seed=3)
    assert ma.tournament(lineup, 6, seed=3) == here
    assert ma.tournament(lineup, 6, seed=3, workers=2) == here


def test_tournament_reports_progress() -> None:
    """The progress callback counts every game up to the total."""
    calls: list[tuple[int, int]] = []
    ma.tournament(
        [ma.RandomAgent] * 3, 4, progress=lambda done, total: calls.append((done, total))
    )
    assert calls[-1] == (4, 4)


def test_tournament_refuses_no_games() -> None:
    """Zero games or workers is a ValueError."""
    with pytest.raises(ValueError, match="games"):
        ma.tournament([ma.RandomAgent] * 3, 0)
    with pytest.raises(ValueError, match="workers"):
        ma.tournament([ma.RandomAgent] * 3, 3, workers=0)


def test_R8_2_shared_victory_is_split_in_the_standings() -> None:
    """A victory shared by k seats counts 1/k for each winning seat's agent."""
    outcomes = [
        _Outcome(0, ("a", "b", "b"), (100, 100, 50), (0, 1)),
        _Outcome(1, ("b", "a", "b"), (90, 80, 70), (0,)),
    ]
    result = _standings(outcomes, 3)
    a, b = result.standing("a"), result.standing("b")
    assert (a.wins, b.wins) == (0.5, 1.5)
    assert (a.seats, b.seats) == (1, 2)
    assert a.win_rate == 0.25 and b.win_rate == 0.75
    assert a.mean_money == 90 and b.mean_money == pytest.approx((100 + 50 + 90 + 70) / 4)
    low, high = a.win_rate_ci
    assert 0 <= low <= a.win_rate <= high <= 1


def test_heuristic_beats_random_clearly() -> None:
    """Two heuristic agents against two random ones win most games (seeded, so exact)."""
    result = ma.tournament([ma.HeuristicAgent, ma.RandomAgent] * 2, 16, seed=2)
    assert result.standing("heuristic").win_rate >= 0.9


def test_montecarlo_refuses_a_bad_budget() -> None:
    """A Monte Carlo agent needs a positive budget and a known playout policy."""
    with pytest.raises(ValueError, match="playouts"):
        ma.MonteCarloAgent(1, playouts=0)
    with pytest.raises(ValueError, match="rollout"):
        ma.MonteCarloAgent(1, rollout="greedy")  # type: ignore[arg-type]


def test_montecarlo_with_random_playouts_plays_legally() -> None:
    """Random playouts are an option and still give legal actions."""
    agents = [Checked(ma.MonteCarloAgent(s, playouts=3, rollout="random")) for s in range(3)]
    assert ma.play_game(agents, rules=SHORT, seed=5).winners


def test_agent_protocol_is_structural() -> None:
    """Any object with an act method is an Agent; the shipped agents are too."""
    assert isinstance(ma.RandomAgent(1), ma.Agent)
    assert isinstance(ma.HeuristicAgent(), ma.Agent)
    assert isinstance(ma.MonteCarloAgent(1), ma.Agent)
    assert not isinstance(object(), ma.Agent)


def test_R4_1_montecarlo_playouts_keep_to_the_bid_limit_of_the_auction_searched() -> None:
    """In its rollouts (ma.playout, until the round's end) the seat raises to its limit itself."""
    for seed in range(40):
        state = ma.new_game(4, seed=seed)
        rng = random.Random(seed)
        while not isinstance(state.phase, ma.OpenAuction) and not state.is_over:
            actions = ma.legal_actions(state)
            state = ma.apply(state, actions[rng.randrange(len(actions))]).state
        if not isinstance(state.phase, ma.OpenAuction):
            continue  # the game ended first
        seat = ma.next_seat(state)
        lot = state.phase.lot
        asked: list[tuple[int, Any]] = []

        def policy(
            now: ma.GameState, actor: int, chance: random.Random, memo: Any, asked: Any = asked
        ) -> Any:
            asked.append((actor, now.phase))
            return montecarlo.heuristic_policy(now, actor, chance, memo)

        first = ma.legal_actions(state, seat)[0]
        limit = min(37, state.players[seat].money)  # as the agent's limits: within its money
        score = montecarlo._playout(state, first, seat, limit, policy, random.Random(seed))
        assert isinstance(score, float)
        assert not [
            phase
            for actor, phase in asked
            if actor == seat and isinstance(phase, ma.OpenAuction) and phase.lot == lot
        ]
