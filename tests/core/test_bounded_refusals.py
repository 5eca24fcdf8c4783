"""Every public function refuses a bad argument with a ValueError naming it, quoting little.

Huge arguments are the sharp ones: a ``range`` of 10**19 (``len`` overflows),
a 4,301-digit integer (``str`` refuses to write it), a 7,000-character card
word, a starting money no JSON document can hold. Each is refused with a
``ValueError`` (or its subclass) that names the argument and quotes at most
about 80 characters of it, the same in both builds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import modern_art as ma
from modern_art.data.rules import MAX_MONEY

HUGE = 3 * 10**4300
"""An integer of 4,301 digits: more than ``str`` writes."""

MOST_MESSAGE = 300
"""A refusal's whole sentence: the argument's name, at most 80 characters of it, the rule."""

HANDS: Any = [[...], [...], [...]]
BIG: Any = range(10**19)
"""A sequence of 10**19 numbers: ``len`` overflows (typed ``Any``: the point is a wrong type)."""


def _refusal(call: Callable[[], object]) -> str:
    with pytest.raises(ValueError) as caught:
        call()
    message = str(caught.value)
    assert len(message) < MOST_MESSAGE, message
    assert "Exceeds the limit" not in message and "ssize_t" not in message
    return message


@pytest.mark.parametrize(
    ("call", "names"),
    [
        (lambda: ma.setup(BIG, hands=HANDS), "players:"),
        (lambda: ma.setup(3, hands=HANDS, museums=BIG), "museums:"),
        (lambda: ma.setup(3, hands=BIG), "hands:"),
        (lambda: ma.setup(3, hands=[BIG, [...], [...]]), "hands[0]:"),
        (lambda: ma.setup(3, hands=HANDS, discard=BIG), "discard:"),
        (lambda: ma.new_game(BIG), "players:"),
        (lambda: ma.new_game(3, deck=BIG), "deck:"),
        (lambda: ma.setup(HUGE, hands=HANDS), "players:"),
        (lambda: ma.new_game(HUGE), "players:"),
        (lambda: ma.new_game(3, first_auctioneer=HUGE), "first_auctioneer"),
        (lambda: ma.setup(3, hands=HANDS, round=HUGE), "round"),
        (lambda: ma.setup(3, hands=HANDS, money=HUGE), "money"),
        (lambda: ma.setup(3, hands=HANDS, money=[HUGE, 100, 100]), "money[0]"),
        (lambda: ma.setup(3, hands=HANDS, money=[10**18, 100, 100]), "money[0]"),
        (lambda: ma.setup(3, hands=HANDS, auctioneer=HUGE), "auctioneer"),
        (lambda: ma.setup(3, hands=HANDS, step=HUGE), "step"),
        (lambda: ma.setup(3, hands=[["x" * 7000, ...], [...], [...]]), "hands[0]:"),
        (lambda: ma.Rules(starting_money=HUGE), "'starting_money'"),
        (lambda: ma.Rules(rounds=HUGE), "'rounds'"),
        (lambda: ma.Rules(value_tiles=(HUGE,)), "'value_tiles'"),
    ],
)
def test_R1_a_huge_argument_is_refused_naming_it_in_a_short_sentence(
    call: Callable[[], object], names: str
) -> None:
    assert names in _refusal(call)


def test_R1_2_rules_refuse_money_that_to_json_cannot_write() -> None:
    """10**18 each could end a game with more than 18 digits: refused; the most allowed plays
    a whole game that JSON writes and reads back."""
    assert "'starting_money'" in _refusal(lambda: ma.Rules(starting_money=10**18))
    most = (MAX_MONEY - 1 - 70 * 4 * 30) // 5
    rules = ma.Rules(starting_money=most)
    end = ma.playout(ma.new_game(5, seed=2, rules=rules), seed=2)
    assert ma.from_json(ma.to_json(end), "state") == end
    with pytest.raises(ValueError, match="'starting_money'"):
        ma.Rules(starting_money=most + 1)


def test_R2_1_a_7000_character_card_word_is_quoted_in_80_characters() -> None:
    message = _refusal(lambda: ma.setup(3, hands=[["x" * 7000, ...], [...], [...]]))
    assert "xxx..." in message and "x" * 80 not in message


@pytest.mark.parametrize("seed", [True, 1.5, "abc"])
@pytest.mark.parametrize(
    "make",
    [
        lambda seed: ma.SearchAgent(seed=seed),
        lambda seed: ma.MonteCarloAgent(seed=seed),
        lambda seed: ma.analyse(ma.view(ma.new_game(3, seed=1), 0), seed=seed, events=()),
    ],
)
def test_a_seed_that_is_not_an_int_is_refused_as_playout_and_new_game_refuse_it(
    make: Callable[[object], object], seed: object
) -> None:
    assert "seed must be an int or None" in _refusal(lambda: make(seed))
    with pytest.raises(ValueError, match="seed must be an int"):
        ma.new_game(3, seed=seed)  # type: ignore[call-overload]


@pytest.mark.parametrize("agent", [ma.SearchAgent(seed=1), ma.MonteCarloAgent(seed=1)])
def test_R8_1_a_search_bot_refuses_a_finished_game_or_a_spectators_view(agent: Any) -> None:
    end = ma.playout(ma.new_game(3, seed=4), seed=4)
    assert "the game is over" in _refusal(lambda: agent.act(ma.view(end, 0), ()))
    start = ma.new_game(3, seed=4)
    assert "not a spectator's" in _refusal(lambda: agent.act(ma.view(start, None), ()))
    assert "is not to act now" in _refusal(lambda: agent.act(ma.view(start, 1), ()))


class _EqualsAll:
    """An object that says it equals anything: no action of the game."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def test_a_policy_whose_action_equals_everything_gets_the_policy_chose_message() -> None:
    state = ma.new_game(3, seed=1)

    def policy(s: ma.GameState, legal: ma.LegalActions, rng: object) -> Any:
        return _EqualsAll(min(s.to_act))

    with pytest.raises(ma.IllegalAction, match="the policy chose an illegal action at step 0"):
        ma.playout(state, seed=1, policy=policy)
    legal = ma.legal_actions(state)
    assert _EqualsAll(0) not in legal
    assert ma.PlayCard(0, _EqualsAll(0)) not in legal  # type: ignore[arg-type]
