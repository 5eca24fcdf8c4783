"""The Python side of modern-art.js (modern_art.site.bridge), in CPython.

The same module runs in Pyodide; here it is checked against the library
itself: the same legal actions and documents, the rules' refusals with
their rule, undo, bots and the record that ``modern-art replay`` reads.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import modern_art as ma
from modern_art.site import bridge


def ok(text: str) -> Any:
    reply = json.loads(text)
    assert "ok" in reply, reply
    return reply["ok"]


def refused(text: str) -> dict[str, Any]:
    reply = json.loads(text)
    assert "error" in reply, reply
    error: dict[str, Any] = reply["error"]
    return error


def test_a_seeded_random_game_gives_the_librarys_actions_and_documents() -> None:
    """At every step: the same legal actions in the notation and the same state document."""
    game = bridge.new_game(json.dumps({"players": 4, "seed": 11}))
    state = ma.new_game(4, seed=11)
    rng = random.Random(5)
    while not state.is_over:
        legal = ma.legal_actions(state)
        assert ok(game.legal_actions()) == [ma.format_action(a) for a in legal]
        for seat in range(4):
            mine = [ma.format_action(a) for a in ma.legal_actions(state, seat)]
            assert ok(game.legal_actions(json.dumps(seat))) == mine
        action = legal[rng.randrange(len(legal))]
        step = ma.apply(state, action)
        events = ok(game.apply(json.dumps(ma.format_action(action))))["events"]
        assert events == [json.loads(ma.to_json(e)) for e in step.events]
        state = step.state
        assert json.loads(game.state()) == json.loads(ma.to_json(state))
    status = ok(game.status())
    assert status["isOver"] and status["winners"] == list(ma.winners(state))


def test_R3_2_an_illegal_action_is_refused_with_its_rule_and_nothing_changes() -> None:
    """The refusal carries the IllegalAction's rule and reason; the game is as it was."""
    game = bridge.new_game('{"players": 3, "seed": 7}')
    before = game.state()
    error = refused(game.apply('"1 bid 5"'))
    assert error["type"] == "IllegalAction" and error["rule"].startswith("R")
    assert error["reason"] and error["message"].endswith(f"({error['rule']})")
    assert game.state() == before


@pytest.mark.parametrize(
    ("argument", "words"),
    [
        ('"0 fly away"', "NotationError"),
        ("{not json", "not JSON"),
        ("42", "a string in the notation or a document"),
        ('{"type": "Pass"}', "format"),
    ],
)
def test_a_malformed_action_is_a_value_error_never_a_crash(argument: str, words: str) -> None:
    """Bad notation, bad JSON, a number, a document without its format: a ValueError, told."""
    error = refused(bridge.new_game('{"players": 3, "seed": 7}').apply(argument))
    assert error["rule"] is None
    assert words in error["type"] + error["message"]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 9}, "R1.1"),
        ({"players": 4, "rules": "chess"}, "rules must be one of"),
        ({"players": 4, "seed": "x"}, "seed"),
        ({"players": 4, "colour": "red"}, "unknown options"),
        ({"players": 4, "botSeed": True}, "botSeed"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, object], words: str) -> None:
    """open_game answers a refusal (as JSON) that names what is wrong."""
    made = bridge.open_game(json.dumps(options))
    assert isinstance(made, str)
    assert words in refused(made)["message"]


def test_bad_seats_are_refused() -> None:
    """A seat outside the table, a bool or a string: a ValueError with the range."""
    game = bridge.new_game('{"players": 3, "seed": 7}')
    for seat in ("3", "-1", "true", '"0"'):
        assert "seat must be" in refused(game.legal_actions(seat))["message"]
        assert "seat must be" in refused(game.view(seat))["message"]
    assert "bot must be one of" in refused(game.set_bot("1", '"chess"'))["message"]
    assert "no bot sits" in refused(game.play_bot("1"))["message"]


def test_the_view_is_the_seats_own_and_hides_other_hands() -> None:
    """view(seat) is ma.view's document, with the payout hints; view(null) has no hand (R7.2)."""
    game = bridge.new_game('{"players": 3, "seed": 7}')
    state = ma.new_game(3, seed=7)
    seen = ok(game.view("1"))
    assert seen["view"] == json.loads(ma.to_json(ma.view(state, 1)))
    assert seen["payout"]["now"] == ma.payout_if_round_ended_now(ma.view(state, 1))
    assert ok(game.view("null"))["view"]["hand"] == []


def test_bots_play_as_the_host_plays_them_and_undo_replays_the_game() -> None:
    """Bots seated by name play the library's Host's moves; undo takes actions back exactly."""
    game = bridge.new_game('{"players": 3, "seed": 3, "botSeed": 10}')
    for seat in (1, 2):
        ok(game.set_bot(json.dumps(seat), '"heuristic"'))
    host = ma.Host(
        ma.new_game(3, seed=3), {1: ma.HeuristicAgent(seed=11), 2: ma.HeuristicAgent(seed=12)}
    )
    rng = random.Random(1)
    states = [game.state()]
    while not host.state.is_over:
        seat = host.next_seat()
        if seat == 0:
            legal = ma.legal_actions(host.state, 0)
            action = legal[rng.randrange(len(legal))]
            host.apply(action)
            ok(game.apply(json.dumps(ma.format_action(action))))
        else:
            chosen = host.ask(seat)
            host.apply(chosen)
            assert ok(game.play_bot())["action"] == ma.format_action(chosen)
        states.append(game.state())
    assert json.loads(game.state()) == json.loads(ma.to_json(host.state))
    assert ok(game.undo("5")) == 5
    assert game.state() == states[-6]
    assert ok(game.undo("100000")) == len(states) - 6
    assert game.state() == states[0]
    assert "count must be" in refused(game.undo("-1"))["message"]


def test_the_record_is_what_modern_art_replay_reads() -> None:
    """record() is the record document of the game so far; ma.replay checks it."""
    game = bridge.new_game('{"players": 3, "seed": 4}')
    for seat in (0, 1, 2):
        ok(game.set_bot(json.dumps(seat), '"random"'))
    while not ok(game.status())["isOver"]:
        ok(game.play_bot())
    record = ma.from_json(game.record(), "record")
    assert isinstance(record, ma.GameRecord) and record.seed == 4
    final = ma.replay(record)
    assert json.loads(ma.to_json(final)) == json.loads(game.state())


def test_describe_tells_what_the_seat_may_see() -> None:
    """The sentences come from redacted events: a hidden bid's amount is not told to others."""
    game = bridge.new_game('{"players": 3, "seed": 7}')
    events = ok(game.apply('"0 play Martins/D#52"'))["events"]
    lines = ok(game.describe(json.dumps(events), "null"))
    assert lines == [
        ma.describe(
            ma.visible_event(ma.from_json(json.dumps(e), "event"), None),
            ["Seat 0", "Seat 1", "Seat 2"],
            None,
        )
        for e in events
    ]
    assert "a list" in refused(game.describe("{}", "null"))["message"]


def test_version_names_the_bots_and_presets() -> None:
    """version() tells the library's version, the bots and the presets."""
    about = ok(bridge.version())
    assert about == {
        "version": ma.__version__,
        "bots": list(bridge.BOTS),
        "presets": sorted(ma.presets()),
    }
