"""The engine side of the protocol: serve any agent over stdin and stdout.

``modern-art engine BOT`` runs :func:`serve` with a built-in bot, so that
our bots can play in other people's runners. Each ``hello`` starts a game
with a fresh agent; ``events`` are kept; each ``act`` is answered with the
agent's choice; ``quit`` or the end of stdin ends the loop.

The runner is trusted no more than an engine trusts it: every document is
read with :func:`~modern_art.from_json`, and a line that breaks the protocol
ends the loop with a message on stderr and exit code 1.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO, Any

from modern_art.agents.base import Agent
from modern_art.agents.engine.protocol import (
    MAX_LINE_BYTES,
    PROTOCOL,
    action_line,
    read_message,
    ready_line,
)
from modern_art.data.errors import ProtocolError, SerializationError
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.wire.documents import from_json

__all__ = ["serve"]


class _StopError(Exception):
    """The runner broke the protocol: stop with this message."""


def serve(
    make_agent: Callable[[], Agent],
    *,
    name: str,
    author: str = "modern-art",
    stdin: IO[bytes] | None = None,
    stdout: IO[bytes] | None = None,
    stderr: IO[str] | None = None,
) -> int:
    """Answer the protocol's messages with a fresh agent from ``make_agent`` each game.

    Args:
        make_agent: makes the agent for a game, at each ``hello``.
        name: the ``ready``'s name.
        author: the ``ready``'s author.
        stdin, stdout: the pipes (default: the process's, as bytes).
        stderr: where a broken protocol is reported (default: the process's).

    Returns:
        The exit code: 0 after ``quit`` or the end of input, 1 when the
        runner broke the protocol (reported on ``stderr``).
    """
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout.buffer
    report = stderr if stderr is not None else sys.stderr
    game: _Game | None = None
    try:
        while line := source.readline(MAX_LINE_BYTES + 2):
            if not line.strip():
                continue
            try:
                message = read_message(line)
            except ProtocolError as exc:
                raise _StopError(str(exc)) from None
            kind = message["type"]
            if kind == "hello":
                game = _Game.from_hello(message, make_agent())
                sink.write(ready_line(name, author))
                sink.flush()
            elif kind == "quit":
                return 0
            elif kind in ("events", "act", "result"):
                if game is None:
                    raise _StopError(f'a "{kind}" message before "hello"')
                answer = game.handle(kind, message)
                if answer is not None:
                    sink.write(answer)
                    sink.flush()
            # A message of a later version's type: ignored, as unknown keys are.
    except _StopError as exc:
        print(f"engine {name}: {exc}", file=report)
        return 1
    except BrokenPipeError:  # the runner went away
        return 0
    return 0


class _Game:
    """One game as the engine follows it: the seat, the rules, the events, the agent."""

    def __init__(self, seat: int, rules: Rules, agent: Agent) -> None:
        self.seat = seat
        self.rules = rules
        self.agent = agent
        self.events: list[Event] = []

    @classmethod
    def from_hello(cls, message: dict[str, Any], agent: Agent) -> _Game:
        if message.get("protocol") != PROTOCOL:
            raise _StopError(
                f"this engine speaks protocol {PROTOCOL}, got {message.get('protocol')!r}"
            )
        seat = message.get("seat")
        if type(seat) is not int or seat < 0:
            raise _StopError(f'"seat" must be a seat number, got {seat!r}')
        rules = _document(message.get("rules"), "rules", None)
        return cls(seat, rules, agent)

    def handle(self, kind: str, message: dict[str, Any]) -> bytes | None:
        if kind == "events":
            events = message.get("events")
            if not isinstance(events, list):
                raise _StopError('"events" must be a list of event documents')
            self.events.extend(_document(e, "event", self.rules) for e in events)
            return None
        if kind == "act":
            view = _document(message.get("view"), "view", self.rules)
            if view.seat != self.seat:
                raise _StopError(
                    f"asked to act for seat {view.seat}, but this engine is seat {self.seat}"
                )
            if not view.legal_actions:
                raise _StopError(f"asked to act at step {view.step} with no legal action")
            return action_line(view.step, self.agent.act(view, self.events))
        return None  # the result: nothing to answer


def _document(doc: object, kind: Any, rules: Rules | None) -> Any:
    """The object of a document embedded in a message, read as :func:`from_json` reads one."""
    if not isinstance(doc, dict):
        raise _StopError(f"expected a {kind} document (a JSON object), got {type(doc).__name__}")
    try:
        return from_json(json.dumps(doc), kind, rules=rules)
    except SerializationError as exc:
        raise _StopError(str(exc)) from None
