"""No false alarm: every state and view reached by play has no position problem.

Random games of 3, 4 and 5 players under every variant switch, deal
schedules short enough that the hands run out (the game ends early, R8.1),
and players who bid all they have (down to 0 money, R3.1), as well as the
fully random rules of :func:`modern_art.testing.rules_variants`.
"""

from __future__ import annotations

import itertools
import random

import attrs
import pytest
from hypothesis import given

import modern_art as ma
from modern_art.testing import games, rules_variants
from modern_art.testing.strategies import PlayedGame
from tests.helpers.textgames import MANY_DOUBLES, NO_DOUBLES

SCHEDULES = [
    None,  # CMON
    {n: (2, 1, 1, 0) for n in (3, 4, 5)},  # hands run out in round 1 or 2
    {n: (5, 0, 0, 0) for n in (3, 4, 5)},
    {n: (3, 3, 1, 1) for n in (3, 4, 5)},
]
SWITCHES = list(itertools.product(ma.HiddenTie, ma.DoublePayment, (False, True)))


def _rules(schedule: int, switch: int) -> ma.Rules:
    tie, payment, open_money = SWITCHES[switch]
    deals = SCHEDULES[schedule]
    rules = ma.Rules(hidden_tie=tie, double_payment=payment, open_money=open_money)
    return rules if deals is None else attrs.evolve(rules, deal_schedule=deals)


def _all_in(legal: ma.LegalActions, rng: random.Random) -> ma.Action:
    """Half the time the highest bid or price on offer (all the money), else any action."""
    amounts = [a for a in legal if isinstance(a, ma.Bid | ma.SetPrice)]
    if amounts and rng.random() < 0.5:
        return max(amounts, key=lambda a: a.amount if isinstance(a, ma.Bid) else a.price)
    return legal[rng.randrange(len(legal))]


def _check(state: ma.GameState, seats: list[int | None]) -> None:
    assert ma.position_problems(state) == (), (state.step, ma.position_problems(state))
    for seat in seats:
        seen = ma.view(state, seat)
        assert ma.position_problems(seen) == (), (seat, ma.position_problems(seen))


GAMES = 16
"""Games per table size and schedule: 3 sizes x 4 schedules x 16 = 192 games, every switch."""


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("schedule", range(len(SCHEDULES)))
def test_R6_no_false_alarm_in_random_games(players: int, schedule: int) -> None:
    """Every state of each game, and a spectator's and the acting seat's views, have no problem."""
    for game in range(GAMES):
        rules = _rules(schedule, game % len(SWITCHES))
        rng = random.Random(game * 31 + players)
        state = ma.new_game(players, seed=game, rules=rules, first_auctioneer=game % players)
        ended_empty = False
        while True:
            acting = min(state.to_act) if state.to_act else 0
            _check(state, [None, acting])
            if state.is_over:
                ended_empty = not any(p.hand for p in state.players)
                break
            state = ma.apply(state, _all_in(ma.legal_actions(state), rng)).state
        if SCHEDULES[schedule] is not None and SCHEDULES[schedule][players][-1] == 0:  # type: ignore[index]
            assert ended_empty or state.round == rules.rounds


def test_R3_1_all_in_bids_reach_zero_money_without_alarm() -> None:
    """A table where every bid is all-in: seats reach 0 money, and no alarm is raised."""
    rng = random.Random(5)
    reached_zero = False
    for game in range(12):
        state = ma.new_game(3, seed=game)
        while not state.is_over:
            _check(state, [])
            legal = ma.legal_actions(state)
            amounts = [a for a in legal if isinstance(a, ma.Bid | ma.SetPrice)]
            action = (
                max(amounts, key=lambda a: a.amount if isinstance(a, ma.Bid) else a.price)
                if amounts
                else legal[rng.randrange(len(legal))]
            )
            state = ma.apply(state, action).state
            reached_zero |= any(p.money == 0 for p in state.players)
        _check(state, [None, 0])
    assert reached_zero


@given(games(rules_variants(), complete=True, quick=True))
def test_R6_no_false_alarm_under_any_rules(game: PlayedGame) -> None:
    """Any rules (made-up editions, schedules, tiles): every state and every seat's view."""
    seats: list[int | None] = [None, *range(game.players)]
    for state in game.states:
        _check(state, seats)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("edition", [NO_DOUBLES, MANY_DOUBLES], ids=["no doubles", "doubles"])
def test_R6_7_turn_order_raises_no_false_alarm_with_or_without_doubles(
    players: int, edition: ma.Edition
) -> None:
    """Editions with no doubles (the seats ahead and the auctioneer checked in every round)
    and with many (hands as far apart as the doubles allow): no state or view is refused."""
    checked_later = 0
    for game in range(8):
        rules = ma.Rules(edition=edition)
        schedule = SCHEDULES[game % len(SCHEDULES)]
        if schedule is not None:
            rules = attrs.evolve(rules, deal_schedule=schedule)
        rng = random.Random(game * 17 + players)
        state = ma.new_game(players, seed=game, rules=rules, first_auctioneer=game % players)
        while True:
            _check(state, [None, *range(players)])
            checked_later += state.round > 1
            if state.is_over:
                break
            state = ma.apply(state, _all_in(ma.legal_actions(state), rng)).state
    assert checked_later
