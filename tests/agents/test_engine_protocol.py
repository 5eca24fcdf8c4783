"""The engine protocol's messages, as DESIGN.md fixes them, and the transcript in the docs."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import modern_art as ma
from modern_art.agents import registry
from modern_art.agents.engine.protocol import (
    MAX_LINE_BYTES,
    act_line,
    events_line,
    hello_line,
    read_action,
    read_message,
    read_ready,
    result_line,
)
from modern_art.cli import BOTS
from modern_art.data.errors import ProtocolError
from tests.helpers.docs import DOCS, ROOT
from tests.helpers.webkit import NUMPY, need


def test_the_runners_messages_have_exactly_the_fields_of_version_1() -> None:
    """hello, events, act and result carry the fields DESIGN.md lists, one JSON line each."""
    state = ma.new_game(4, seed=2)
    view = ma.view(state, 0)
    hello = json.loads(hello_line(2, ["a", "b", "c", "d"], state.rules))
    assert hello == {
        "type": "hello",
        "protocol": 1,
        "seat": 2,
        "names": ["a", "b", "c", "d"],
        "rules": json.loads(ma.to_json(state.rules)),
    }
    step = ma.apply(state, view.legal_actions[0])
    events = json.loads(events_line(ma.visible_events(step.events, 1)))
    assert set(events) == {"type", "events"}
    assert [ma.from_json(json.dumps(e), "event") for e in events["events"]] == list(
        ma.visible_events(step.events, 1)
    )
    line = act_line(view, 750)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    act = json.loads(line)
    assert set(act) == {"type", "step", "view", "legal", "time_ms"}
    assert (act["step"], act["time_ms"]) == (0, 750)
    assert act["legal"] == [ma.format_action(a) for a in ma.legal_actions(state, 0)]
    assert ma.from_json(json.dumps(act["view"]), "view") == view
    assert json.loads(result_line([1, 2, 3], [2])) == {
        "type": "result",
        "money": [1, 2, 3],
        "winners": [2],
    }


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (b"not json", "not a JSON line"),
        (b"[1, 2]", "a message is a JSON object"),
        (b'{"step": 1}', 'a message needs a string "type"'),
        (b'{"type": "x", "type": "y"}', "not a JSON line"),
        (b'{"type": "action", "pad": "' + b"x" * MAX_LINE_BYTES + b'"}', "larger than"),
        (b"[" * 40 + b"]" * 40, "nested deeper"),
    ],
)
def test_a_line_that_is_no_message_is_a_protocol_error(line: bytes, words: str) -> None:
    """Garbage, a non-object, no type, a repeated key, over 1 MiB, too deep: ProtocolError."""
    with pytest.raises(ProtocolError, match=words) as info:
        read_message(line)
    assert info.value.kind == "protocol"


def test_an_action_must_answer_this_step_with_one_of_the_legal_actions() -> None:
    """Another step or type is a protocol error; another seat's or a refused action illegal."""
    state = ma.new_game(3, seed=1)
    view = ma.view(state, 0)
    legal = ma.format_action(view.legal_actions[0])
    assert (
        read_action({"type": "action", "step": 0, "action": legal}, view)
        == (view.legal_actions[0])
    )
    cases = [
        ({"type": "action", "step": 1, "action": legal}, "protocol", 'expected "step": 0'),
        ({"type": "ready", "step": 0}, "protocol", 'expected an "action"'),
        ({"type": "action", "step": 0, "action": 7}, "protocol", "is a string"),
        ({"type": "action", "step": 0, "action": "1 pass"}, "illegal", "not a legal action"),
        ({"type": "action", "step": 0, "action": "0 bid 5"}, "illegal", "not a legal action"),
        ({"type": "action", "step": 0, "action": "fly"}, "illegal", "not a legal action"),
    ]
    for message, kind, words in cases:
        with pytest.raises(ProtocolError, match=words) as info:
            read_action(message, view)
        assert info.value.kind == kind, message


def test_ready_names_are_strings_cut_to_64_characters() -> None:
    """A ready's name and author are strings, cut to 64 characters; anything else is refused."""
    assert read_ready({"type": "ready", "name": "n" * 100}) == ("n" * 64, "")
    with pytest.raises(ProtocolError, match="are strings"):
        read_ready({"type": "ready", "name": 3})


def test_the_commands_take_their_bot_names_from_the_one_registry() -> None:
    """modern-art's bot list is the registry's, so a bot registered there appears everywhere."""
    assert BOTS == registry.BOT_NAMES == tuple(registry.BOTS)
    for name in registry.BOT_NAMES:
        if name == "learned":
            need("numpy", NUMPY)  # the others were made first, whatever is installed
        assert registry.make_bot(name, seed=1).act is not None
    with pytest.raises(ValueError, match="unknown bot 'chess'"):
        registry.make_bot("chess")


def test_the_docs_transcript_is_what_its_script_prints() -> None:
    """docs/examples/engine_transcript.txt is the output of engine_transcript.py, byte for byte."""
    done = subprocess.run(
        [sys.executable, str(DOCS / "examples" / "engine_transcript.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    assert done.stdout == (DOCS / "examples" / "engine_transcript.txt").read_text()
    first, second, *_ = done.stdout.splitlines()
    assert first.startswith('> {"type":"hello","protocol":1,"seat":0,')
    assert second == '< {"type": "ready", "name": "heuristic", "author": "modern-art"}'
    assert done.stdout.splitlines()[-1] == '> {"type":"quit"}'
