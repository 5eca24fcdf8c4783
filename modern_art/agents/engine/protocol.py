"""The engine protocol, version 1: the messages and their limits, both sides.

JSON lines over an engine process's stdin and stdout, UTF-8, one object a
line, at most :data:`MAX_LINE_BYTES` a line. The runner writes ``hello``,
``events``, ``act``, ``result`` and ``quit``; the engine answers ``hello``
with ``ready`` and each ``act`` with ``action``. Documents inside messages
are :func:`~modern_art.to_json` documents; actions are written in the
action notation (:func:`~modern_art.format_action`). Both sides ignore keys
they do not know. The specification, with a whole game's transcript, is
the docs page "The engine protocol".

>>> import modern_art as ma
>>> state = ma.new_game(3, seed=1)
>>> line = act_line(ma.view(state, 0), 1000)
>>> message = read_message(line)
>>> message["type"], message["step"], message["legal"][:2]
('act', 0, ['0 play Martins/N#42', '0 play Thaler/F#22'])
>>> read_action(read_message(b'{"type": "action", "step": 0, "action": "0 play Thaler/F#22"}'),
...             ma.view(state, 0))
PlayCard(seat=0, card=Card(id=22, artist='Sigrid Thaler', auction=Auction.FIXED_PRICE))
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from modern_art.data.actions import Action
from modern_art.data.errors import ErrorKind, NotationError, ProtocolError
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.seeing.views import PlayerView
from modern_art.text.notation import format_action, parse_action
from modern_art.wire.documents import to_json
from modern_art.wire.parsing import TextError, parse

__all__ = [
    "HELLO_SECONDS",
    "MAX_LINE_BYTES",
    "MAX_NAME_CHARS",
    "MOVE_SECONDS",
    "PROTOCOL",
    "QUIT_LINE",
    "QUIT_SECONDS",
    "ErrorKind",
    "ProtocolError",
    "action_line",
    "act_line",
    "events_line",
    "hello_line",
    "read_action",
    "read_message",
    "read_ready",
    "ready_line",
    "result_line",
]

PROTOCOL: Final = 1
"""The protocol version this module speaks (the ``hello``'s ``"protocol"``)."""

MAX_LINE_BYTES: Final = 1_048_576
"""The longest line either side may write, in bytes, without its newline (1 MiB)."""

HELLO_SECONDS: Final = 10.0
"""How long a runner waits, by default, for ``ready`` after starting an engine."""

MOVE_SECONDS: Final = 1.0
"""The default move clock: how long an engine may take to answer ``act``."""

QUIT_SECONDS: Final = 1.0
"""How long a runner waits for an engine to exit after ``quit`` before killing it."""

MAX_NAME_CHARS: Final = 64
"""A ``ready``'s ``name`` and ``author`` are cut to this many characters."""

QUIT_LINE: Final = b'{"type":"quit"}\n'
"""The last message a runner writes."""


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


def _line(body: str) -> bytes:
    return body.encode("utf-8") + b"\n"


def hello_line(seat: int, names: Sequence[str], rules: Rules) -> bytes:
    """The ``hello``: the protocol version, the engine's seat, the players' names, the rules."""
    return _line(
        f'{{"type":"hello","protocol":{PROTOCOL},"seat":{seat},'
        f'"names":{_compact(list(names))},"rules":{to_json(rules)}}}'
    )


def events_line(events: Sequence[Event]) -> bytes:
    """``events`` (already as the seat may see them) as one ``events`` message."""
    return _line(f'{{"type":"events","events":[{",".join(to_json(e) for e in events)}]}}')


def act_line(view: PlayerView, time_ms: int) -> bytes:
    """The ``act``: the step, the seat's view, its legal actions in notation, the clock."""
    legal = _compact([format_action(a) for a in view.legal_actions])
    return _line(
        f'{{"type":"act","step":{view.step},"view":{to_json(view)},'
        f'"legal":{legal},"time_ms":{time_ms}}}'
    )


def result_line(money: Sequence[int], winners: Sequence[int]) -> bytes:
    """The ``result``: every seat's final money and the winning seats."""
    return _line(_compact({"type": "result", "money": list(money), "winners": list(winners)}))


def ready_line(name: str, author: str = "") -> bytes:
    """An engine's answer to ``hello``."""
    return _line(json.dumps({"type": "ready", "name": name, "author": author}))


def action_line(step: int, action: Action) -> bytes:
    """An engine's answer to ``act`` number ``step``."""
    return _line(json.dumps({"type": "action", "step": step, "action": format_action(action)}))


def read_message(line: bytes | str) -> dict[str, Any]:
    """One line as a message: a JSON object with a string ``"type"``.

    Raises:
        ProtocolError: the line is longer than :data:`MAX_LINE_BYTES`, not
            UTF-8, not JSON, nested too deep, not an object, or has no type.
    """
    try:
        message = parse(line, MAX_LINE_BYTES + 2)  # the newline, maybe "\r\n"
    except TextError as exc:
        raise ProtocolError(f"not a JSON line: {exc}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a message is a JSON object, got {type(message).__name__}")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError('a message needs a string "type"')
    return message


def read_ready(message: dict[str, Any]) -> tuple[str, str]:
    """The engine's ``(name, author)`` from its ``ready``, each cut to :data:`MAX_NAME_CHARS`.

    Raises:
        ProtocolError: not a ``ready``, or a name or author that is not a string.
    """
    if message["type"] != "ready":
        raise ProtocolError(f'expected a "ready" message, got {_shown(message["type"])}')
    name = message.get("name", "")
    author = message.get("author", "")
    if not isinstance(name, str) or not isinstance(author, str):
        raise ProtocolError('"name" and "author" of "ready" are strings')
    return name[:MAX_NAME_CHARS], author[:MAX_NAME_CHARS]


def read_action(message: dict[str, Any], view: PlayerView) -> Action:
    """The action an ``action`` message chooses for the ``act`` of ``view``.

    Raises:
        ProtocolError: ``kind="protocol"`` for a message that is not an
            ``action`` of this step with a string ``"action"``;
            ``kind="illegal"`` for an action that is not one of ``legal``.
    """
    if message["type"] != "action":
        raise ProtocolError(f'expected an "action" message, got {_shown(message["type"])}')
    step = message.get("step")
    if type(step) is not int or step != view.step:
        raise ProtocolError(f'expected "step": {view.step}, got {_shown(step)}')
    text = message.get("action")
    if not isinstance(text, str):
        raise ProtocolError(f'"action" is a string in the action notation, got {_shown(text)}')
    try:
        action = parse_action(text, view)
    except NotationError as exc:
        raise ProtocolError(f"{_shown(text)} is not a legal action: {exc}", "illegal") from None
    if action not in view.legal_actions:
        raise ProtocolError(f"{_shown(text)} is not a legal action now", "illegal")
    return action


def _shown(value: object) -> str:
    """``value`` for an error message: as JSON, cut to 80 characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."
