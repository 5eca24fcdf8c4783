"""An engine in any language as an :class:`~modern_art.Agent`: :class:`EngineAgent`.

The agent starts its engine on the first :meth:`~EngineAgent.act` (or
:meth:`~EngineAgent.start`), says ``hello`` and waits for ``ready``; before
each ``act`` it sends the events its seat was shown since the last message.
The view and events it sends are the ones the host gives an agent, so the
engine sees exactly what its seat may see.

An engine that breaks the protocol raises :class:`EngineError`, or, with a
``fallback`` agent, is killed and replaced by it for the rest of the game
(the error is kept in :attr:`EngineAgent.errors`). A failed ``hello`` is
retried once.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType

from modern_art.agents.base import Agent
from modern_art.agents.budgets import check_seconds
from modern_art.agents.engine.pool import EnginePool
from modern_art.agents.engine.process import EngineProcess, split_command
from modern_art.agents.engine.protocol import (
    HELLO_SECONDS,
    MOVE_SECONDS,
    act_line,
    events_line,
    hello_line,
    read_action,
    read_message,
    read_ready,
    result_line,
)
from modern_art.data.actions import Action
from modern_art.data.errors import EngineError, ProtocolError
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.seeing.views import OwnView

__all__ = ["EngineAgent", "EngineError"]


class EngineAgent:
    """An engine process that speaks the engine protocol, playing one seat of one game.

    Usable wherever an agent is: :func:`~modern_art.play_game`, a
    :class:`~modern_art.Host`, the web table's seats, and
    :func:`~modern_art.tournament` (with ``functools.partial(EngineAgent,
    command)`` as the factory: a fresh process each game). Close it when the
    game is over (:meth:`close`, or use it as a context manager); an agent
    that is dropped closes its process too.

    Args:
        command: the engine's command line, split as a POSIX shell would
            (``"node bot.js"``), or an argument list.
        move_time: the move clock, in seconds: the longest an ``act`` may take.
        hello_time: the longest the engine may take to answer ``hello``.
        fallback: the agent that takes the seat if the engine breaks the
            protocol; without one, :meth:`act` raises :class:`EngineError`.
        retries: how many times a failed ``hello`` is tried again (once).
        cwd: the directory to start the engine in.
        env: the engine's environment (default: this process's).
        pool: an :class:`~modern_art.agents.engine.pool.EnginePool` to take
            an idle engine of the same command from, and to give the process
            back to after a clean game (the next game says ``hello`` again).
        log: called with ``("runner", line)`` for every line sent and
            ``("engine", line)`` for every line read (``quit`` aside).

    Raises:
        ValueError: an empty command, unbalanced quotes, or a clock that is
            not a positive number of seconds.

    >>> import sys, modern_art as ma
    >>> command = [sys.executable, "-m", "modern_art", "engine", "random", "--seed", "1"]
    >>> with ma.EngineAgent(command) as engine:
    ...     game = ma.play_game([engine, ma.RandomAgent(2), ma.RandomAgent(3)], seed=5)
    >>> engine.name, engine.errors, ma.replay(game).is_over
    ('random', [], True)
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        move_time: float = MOVE_SECONDS,
        hello_time: float = HELLO_SECONDS,
        fallback: Agent | None = None,
        retries: int = 1,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
        pool: EnginePool | None = None,
        log: Callable[[str, bytes], None] | None = None,
    ) -> None:
        check_seconds("move_time", move_time)
        check_seconds("hello_time", hello_time)
        self.argv = split_command(command)
        self.command = command if isinstance(command, str) else " ".join(self.argv)
        """The command line, as given."""
        self.move_time = float(move_time)
        self.hello_time = float(hello_time)
        self.fallback = fallback
        self.retries = retries
        self.cwd = cwd
        self.env = env
        self.pool = pool
        """Where the process goes after a clean game, to play the next (``None``: it quits)."""
        self.log = log
        """Called with ``("runner", line)`` for each line sent and ``("engine", line)``
        for each line read: a transcript, for debugging an engine."""
        self.name = os.path.basename(self.argv[0])
        """The engine's name from its ``ready`` (before it: the program's file name)."""
        self.author = ""
        """The engine's author from its ``ready``."""
        self.errors: list[EngineError] = []
        """Every way the engine broke the protocol, in order (with a fallback, or retried)."""
        self._process: EngineProcess | None = None
        self._replaced = False
        self._sent = 0
        self._seat: int | None = None
        self._hello: bytes | None = None
        self._starting: EngineProcess | None = None
        self._launch_error: EngineError | None = None

    @property
    def replaced(self) -> bool:
        """Whether the fallback holds the seat now (the engine broke the protocol)."""
        return self._replaced

    def start(self, seat: int, names: Sequence[str], rules: Rules) -> None:
        """Start the engine and say ``hello``, trying :attr:`retries` more times on failure.

        Raises:
            EngineError: every try failed and there is no fallback.
        """
        self.launch(seat, names, rules)
        self.wait_ready()

    def launch(self, seat: int, names: Sequence[str], rules: Rules) -> None:
        """Start the engine and say ``hello`` without waiting for ``ready``.

        :meth:`wait_ready` waits: a runner launches every engine of a table
        first, so that they start at the same time.
        """
        if self._process is not None or self._replaced or self._hello is not None:
            return
        self._seat = seat
        self._hello = hello_line(seat, names, rules)
        self._attempt()

    def wait_ready(self) -> None:
        """Wait for the launched engine's ``ready``; on failure retry, then fall back.

        Raises:
            EngineError: every try failed and there is no fallback.
        """
        for attempt in range(self.retries + 1):
            if attempt > 0:
                self._attempt()
            process = self._starting
            self._starting = None
            try:
                if process is None:
                    assert self._launch_error is not None
                    raise self._launch_error
                message = self._message(process, self.hello_time, None)
                try:
                    name, author = read_ready(message)
                except ProtocolError as exc:
                    raise process.error(exc.kind, str(exc)) from None
            except EngineError as exc:
                if process is not None:
                    process.kill()
                self.errors.append(exc)
                if attempt == self.retries:
                    self._give_up(exc)
                continue
            self._process = process
            self.name = name or self.name
            self.author = author
            return

    def _attempt(self) -> None:
        """Start a process and send it the hello; a failure is kept for :meth:`wait_ready`."""
        assert self._hello is not None
        self._starting = None
        try:
            if self.pool is not None:
                process = self.pool.take(self.argv, cwd=self.cwd, env=self.env)
            else:
                process = EngineProcess(self.argv, cwd=self.cwd, env=self.env)
        except EngineError as exc:
            self._launch_error = exc
            return
        self._starting = process  # held before the hello: close() ends it whatever happens
        with contextlib.suppress(EngineError):  # wait_ready finds the exit when it reads
            self._send(process, self._hello, None)

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """The engine's action for ``view``, within the move clock.

        Raises:
            EngineError: the engine broke the protocol and there is no fallback.
        """
        if self._process is None and not self._replaced:
            if self._hello is None:
                self.launch(view.seat, [p.name for p in view.players], view.rules)
            self.wait_ready()
        if self._replaced:
            assert self.fallback is not None
            return self.fallback.act(view, events)
        process = self._process
        assert process is not None
        try:
            self._send_events(process, events, view.step)
            self._send(process, act_line(view, round(self.move_time * 1000)), view.step)
            message = self._message(process, self.move_time, view.step)
            try:
                return read_action(message, view)
            except ProtocolError as exc:
                raise process.error(exc.kind, str(exc), view.step) from None
        except EngineError as exc:
            process.kill()
            self._process = None
            self.errors.append(exc)
            self._give_up(exc)
            assert self.fallback is not None
            return self.fallback.act(view, events)

    def finish(
        self, events: Sequence[Event], money: Sequence[int], winners: Sequence[int]
    ) -> None:
        """Send the last events, the ``result`` and ``quit``; :meth:`close` waits for the exit.

        ``events`` are all the events the seat was shown in the game (those
        already sent are skipped). An engine that fails now is only closed.
        """
        process = self._process
        if process is not None:
            try:
                self._send_events(process, events, None)
                self._send(process, result_line(money, winners), None)
            except EngineError:
                process.kill()
                self._process = None
                return
            if self.pool is not None:
                self.pool.give_back(process, self.argv, cwd=self.cwd, env=self.env)
                self._process = None
            else:
                process.quit()

    def close(self) -> None:
        """Say ``quit`` and end the engine's process (killing it after a moment); idempotent."""
        for process in (self._process, self._starting):
            if process is not None:
                process.close()
        self._process = self._starting = None

    def __enter__(self) -> EngineAgent:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EngineAgent({self.command!r})"

    def _send_events(
        self, process: EngineProcess, events: Sequence[Event], step: int | None
    ) -> None:
        if len(events) > self._sent:
            self._send(process, events_line(events[self._sent :]), step)
            self._sent = len(events)

    def _message(
        self, process: EngineProcess, seconds: float, step: int | None
    ) -> dict[str, object]:
        line = process.receive(seconds, step)
        if self.log is not None:
            self.log("engine", line)
        try:
            return read_message(line)
        except ProtocolError as exc:
            raise process.error(exc.kind, str(exc), step) from None

    def _send(self, process: EngineProcess, line: bytes, step: int | None) -> None:
        if self.log is not None:
            self.log("runner", line)
        process.send(line, step)

    def _give_up(self, error: EngineError) -> None:
        """Hand the seat to the fallback, or raise ``error`` when there is none."""
        if self.fallback is None:
            raise error
        self._replaced = True
