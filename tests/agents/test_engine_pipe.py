"""Hidden information holds across the pipe (R7.2): an engine receives its seat's view and events.

Two ways: a recording engine over several real games (every ``act`` view is
``ma.view`` of the game at that step for that seat, every event is what
``ma.visible_events`` gives the seat); and twins that differ only in what the
seat cannot see, which send byte-identical message streams.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from modern_art.agents.engine import agent as agent_module
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.engine.protocol import QUIT_LINE, action_line, ready_line
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.runner import run_match
from modern_art.data.errors import EngineError
from modern_art.testing import PlayedGame
from tests.helpers.hidden_info import history_twin, played

BAD = Path(__file__).with_name("engines") / "bad_engine.py"


def _games(lines: list[dict[str, object]]) -> list[list[dict[str, object]]]:
    games: list[list[dict[str, object]]] = []
    for message in lines:
        if message["type"] == "hello":
            games.append([])
        games[-1].append(message)
    return games


def test_R7_2_every_message_a_real_engine_receives_is_its_seats_view_and_events(
    tmp_path: Path,
) -> None:
    """Over 8 games, each act's view and legal list and each event match the seat's own."""
    log = tmp_path / "received.jsonl"
    plan = MatchPlan.of(
        [f"engine:{sys.executable} {BAD} record {log}", "heuristic", "random", "random"],
        seed=2,
        move_time=5,  # room for a busy machine: a timeout would hand the seat to the fallback
    )
    records = tmp_path / "match.jsonl"
    run_match(plan, 8, records=records)
    received = [json.loads(line) for line in log.read_text().splitlines()]
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    games = _games(received)
    assert len(games) == 8
    for game, (messages, line) in enumerate(zip(games, lines, strict=True)):
        record = ma.from_json(json.dumps(line["record"]), "record")
        seat = plan.seats(game).index(0)
        states = [record.start()]
        shown: list[ma.Event] = []
        for action in record.actions:
            step = ma.apply(states[-1], action)
            states.append(step.state)
            shown.extend(ma.visible_events(step.events, seat))
        hello, *rest = messages
        assert hello == {
            "type": "hello",
            "protocol": 1,
            "seat": seat,
            "names": list(record.players),
            "rules": json.loads(ma.to_json(record.rules)),
        }
        sent: list[ma.Event] = []
        for message in rest:
            if message["type"] == "events":
                events = message["events"]
                assert isinstance(events, list) and events
                sent.extend(ma.from_json(json.dumps(e), "event") for e in events)
            elif message["type"] == "act":
                step_number = message["step"]
                assert isinstance(step_number, int)
                state = states[step_number]
                assert ma.from_json(json.dumps(message["view"]), "view") == ma.view(state, seat)
                assert message["legal"] == [
                    ma.format_action(a) for a in ma.legal_actions(state, seat)
                ]
                assert message["time_ms"] == 5000
                # Before each act: every event of the steps so far, and no more.
                so_far = [
                    e
                    for i in range(step_number)
                    for e in ma.visible_events(ma.apply(states[i], record.actions[i]).events, seat)
                ]
                assert sent == so_far
        # The same process plays the next game (a new hello); the last one is told to quit.
        if game == len(games) - 1:
            assert rest.pop() == {"type": "quit"}
        assert rest[-1] == {
            "type": "result",
            "money": list(record.money or ()),
            "winners": list(record.winners or ()),
        }
        assert sent == shown


class _ScriptedProcess:
    """Stands in for an engine process: keeps what it is sent, answers from a script."""

    script: ClassVar[dict[int, ma.Action]] = {}
    sent: ClassVar[list[bytes]] = []

    def __init__(self, argv: Sequence[str], **options: object) -> None:
        self.command = " ".join(argv)
        self._answer = ready_line("scripted")

    def send(self, line: bytes, step: int | None = None) -> None:
        self.sent.append(line)
        message = json.loads(line)
        if message["type"] == "act":
            self._answer = action_line(message["step"], self.script[message["step"]])

    def receive(self, seconds: float, step: int | None = None) -> bytes:
        return self._answer

    def quit(self) -> None:
        self.sent.append(QUIT_LINE)

    def close(self) -> None:
        pass

    def kill(self) -> None:
        pass

    def error(self, kind: str, detail: str, step: int | None = None) -> EngineError:
        raise AssertionError(f"the scripted engine failed: {kind}: {detail}")


def _stream(game: PlayedGame, seat: int) -> list[bytes]:
    """Every line an engine at ``seat`` is sent over ``game``, played as the game went."""
    _ScriptedProcess.script = {
        i: action for i, action in enumerate(game.actions) if action.seat == seat
    }
    _ScriptedProcess.sent = []
    engine = EngineAgent("scripted")
    seen: list[ma.Event] = []
    for state, action, step in zip(game.states, game.actions, game.steps, strict=False):
        if action.seat == seat:
            assert engine.act(ma.view(state, seat), seen) == action
        seen.extend(ma.visible_events(step.events, seat))
    final = game.final
    if final.is_over:
        engine.finish(seen, [p.money for p in final.players], ma.winners(final))
    return list(_ScriptedProcess.sent)


@given(st.data())
def test_R7_2_twins_that_differ_in_what_a_seat_cannot_see_send_identical_streams(
    data: st.DataObject,
) -> None:
    """Unseen cards swapped and others' open sealed bids redrawn: not one byte differs."""
    game = data.draw(played(300), label="game")
    seat = data.draw(st.integers(0, game.players - 1), label="seat")
    twin = history_twin(game, seat, random.Random(data.draw(st.integers(0, 2**32))))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(agent_module, "EngineProcess", _ScriptedProcess)
        assert _stream(game, seat) == _stream(twin, seat)
