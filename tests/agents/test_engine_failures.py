"""Engines that misbehave never stop a match: each loses its seat to a fallback, counted.

The engines are modes of ``tests/agents/engines/bad_engine.py``. Every test
checks that no process it started is left when the match is over.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.runner import run_match
from modern_art.agents.match.summary import MatchResult
from modern_art.data.errors import EngineError
from tests.helpers.processes import descendants

BAD = Path(__file__).with_name("engines") / "bad_engine.py"


def bad(mode: str, arg: str = "3") -> list[str]:
    """The command of a bad engine in ``mode``."""
    return [sys.executable, str(BAD), mode, arg]


def player(mode: str, arg: str = "3") -> str:
    """The PLAYER of a bad engine in ``mode``."""
    return "engine:" + " ".join(bad(mode, arg))


def errors(result: MatchResult) -> list[dict[str, int]]:
    """Each player's errors by kind, only the kinds that happened."""
    return [{k: n for k, n in p.errors.items() if n} for p in result.players]


def test_a_match_of_engines_that_crash_hang_garble_and_flood_finishes_every_game() -> None:
    """Crash at start, crash mid-game, sleep past the clock, garbage, a stderr flood: 5 games."""
    before = descendants()
    plan = MatchPlan.of(
        [
            player("crash-at-start"),
            player("crash-mid-game"),
            player("sleep"),
            player("garbage"),
            player("flood-stderr"),
        ],
        seed=3,
        move_time=2,  # room for the well-behaved ones on a busy machine; the sleeper sleeps 60 s
    )
    result = run_match(plan, 5)
    assert result.games == 5 and all(p.games == 5 for p in result.players)
    assert errors(result) == [
        {"crashed": 10},  # each game: the hello and its one retry
        {"crashed": 5},
        {"timed_out": 5},
        {"protocol": 5},
        {},  # a flood of stderr is allowed: drained, it blocks nothing
    ]
    assert result.players[4].name == "bad-flood-stderr"
    assert descendants() - before == set()


def test_R8_2_a_game_with_a_failed_engine_is_scored_normally() -> None:
    """Over-long lines, illegal actions and wrong steps: the fallback plays on, the game counts."""
    before = descendants()
    plan = MatchPlan.of(
        [player("long-line"), player("illegal"), player("wrong-step", "2")], seed=5, move_time=2
    )
    result = run_match(plan, 3)
    assert errors(result) == [{"protocol": 3}, {"illegal": 3}, {"protocol": 3}]
    assert sum(p.wins for p in result.players) == pytest.approx(3)
    assert descendants() - before == set()


def test_an_engine_that_never_says_ready_is_retried_once_then_replaced() -> None:
    """A silent hello times out twice (the try and its retry); the fallback plays the game."""
    before = descendants()
    fallback = ma.RandomAgent(1)
    engine = EngineAgent(bad("silent-hello"), hello_time=0.3, fallback=fallback)
    game = ma.play_game([engine, ma.RandomAgent(2), ma.RandomAgent(3)], seed=4)
    engine.close()
    assert game.winners and [e.kind for e in engine.errors] == ["timed_out", "timed_out"]
    assert engine.replaced and all(e.step is None for e in engine.errors)
    assert descendants() - before == set()


def test_without_a_fallback_a_broken_engine_raises_engine_error_with_its_stderr() -> None:
    """An engine that crashes raises EngineError: its kind, the step and its stderr's tail."""
    engine = EngineAgent([sys.executable, "-c", "import sys; sys.exit('no such bot')"])
    with pytest.raises(EngineError) as info, engine:
        ma.play_game([engine, ma.RandomAgent(2), ma.RandomAgent(3)], seed=4)
    assert info.value.kind == "crashed" and "no such bot" in info.value.stderr
    assert "exited with code 1" in str(info.value)


def test_a_command_that_cannot_start_is_a_crash() -> None:
    """A program that does not exist fails its hello as ``crashed``, and is retried once."""
    engine = EngineAgent("/no/such/engine --flag", fallback=ma.RandomAgent(0))
    ma.play_game([engine, ma.RandomAgent(2), ma.RandomAgent(3)], seed=4)
    assert [e.kind for e in engine.errors] == ["crashed", "crashed"]
    assert "cannot start it" in engine.errors[0].detail


@pytest.mark.parametrize(
    ("command", "words"),
    [("", "empty"), ("node 'unbalanced", "cannot split"), ([], "empty")],
)
def test_a_bad_command_is_a_value_error(command: str | list[str], words: str) -> None:
    """An empty or unsplittable command is refused when the agent is made."""
    with pytest.raises(ValueError, match=words):
        EngineAgent(command)


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), True])
def test_a_clock_that_is_not_positive_is_a_value_error(seconds: float) -> None:
    """The move clock and the hello clock must be positive numbers of seconds."""
    with pytest.raises(ValueError, match="positive number of seconds"):
        EngineAgent("bot", move_time=seconds)
