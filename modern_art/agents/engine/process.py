"""An engine process, trusted with nothing: lines in, lines out, stderr drained, a clock.

:class:`EngineProcess` starts a command, writes protocol lines to its stdin
and reads its stdout one line at a time on a thread of its own, so that a
silent engine never blocks the runner: :meth:`EngineProcess.receive` waits
at most the time it is given. Another thread drains stderr into a short
tail (kept for error messages), so a chatty engine cannot fill the pipe
and stall. :meth:`EngineProcess.close` says ``quit``, waits a moment and
kills what is left; a finalizer does the same if the object is dropped.

The engine runs in a session (and process group) of its own, so that what
it starts goes with it: closing it ends the whole group, children that
still hold its stdout included, and an engine that exits is found out at
once (the process is watched, not only its stdout), whatever its children
still hold. A Ctrl-C or ``SIGTERM`` that comes while an engine starts waits
until the engine is held, so the exception it raises ends the engine too.
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Iterator, Mapping, Sequence
from typing import IO, Any, Final

from modern_art.agents.engine.protocol import MAX_LINE_BYTES, QUIT_LINE, QUIT_SECONDS
from modern_art.data.errors import EngineError, ErrorKind

__all__ = ["EngineError", "EngineProcess", "split_command"]

STDERR_TAIL: Final = 2000
"""How many bytes of an engine's stderr are kept for error messages (the last ones)."""

_EOF: Final = b""
_WATCH: Final = 0.05
"""How often (seconds) :meth:`EngineProcess.receive` looks whether the engine has exited."""
_SETTLE: Final = 0.1
"""How long a line the engine wrote just before it exited may take to be read."""
_TOO_LONG: Final = b"\0too long"


def split_command(command: str | Sequence[str]) -> list[str]:
    """``command`` as an argument list: a string is split as a POSIX shell would.

    Raises:
        ValueError: an empty command or unbalanced quotes.

    >>> split_command("node 'my bot.js' --fast")
    ['node', 'my bot.js', '--fast']
    """
    try:
        argv = shlex.split(command) if isinstance(command, str) else [str(a) for a in command]
    except ValueError as exc:
        raise ValueError(f"cannot split the engine command {command!r}: {exc}") from None
    if not argv:
        raise ValueError("the engine command is empty")
    return argv


class EngineProcess:
    """One running engine: its process, its stdout reader and its stderr drain.

    Args:
        command: the command line (split as a shell would) or argument list.
        cwd: the directory to start it in.
        env: its environment (default: this process's).

    Raises:
        EngineError: ``kind="crashed"`` when the command cannot be started.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.argv = split_command(command)
        self.command = command if isinstance(command, str) else shlex.join(self.argv)
        self._finalizer: weakref.finalize[..., EngineProcess] | None = None
        try:
            with _signals_held():
                self._process = self._start(cwd, env)
                self._finalizer = weakref.finalize(self, _stop, self._process, 0.0)
                self._lines: queue.SimpleQueue[bytes] = queue.SimpleQueue()
                self._tail: collections.deque[bytes] = collections.deque()
                self._tail_lock = threading.Lock()
                assert self._process.stdout is not None and self._process.stderr is not None
                # The threads hold the queue and the tail, never self: a dropped engine is
                # collected (and its finalizer ends the group) while they still run.
                self._threads = (
                    threading.Thread(
                        target=_read, args=(self._process.stdout, self._lines), daemon=True
                    ),
                    threading.Thread(
                        target=_drain,
                        args=(self._process.stderr, self._tail, self._tail_lock),
                        daemon=True,
                    ),
                )
                for thread in self._threads:
                    thread.start()
        except BaseException:
            # Interrupted (a Ctrl-C held until now) or failed once it ran: end it before raising.
            if self._finalizer is not None:
                self._finalizer()
            raise

    def _start(
        self, cwd: str | os.PathLike[str] | None, env: Mapping[str, str] | None
    ) -> subprocess.Popen[bytes]:
        try:
            return subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=dict(env) if env is not None else None,
                close_fds=True,
                start_new_session=True,
            )
        except OSError as exc:
            raise EngineError(
                "crashed", f"cannot start it: {exc.strerror or exc}", command=self.command
            ) from None

    @property
    def pid(self) -> int:
        """The engine's process id."""
        return self._process.pid

    def is_running(self) -> bool:
        """Whether the process has not exited yet."""
        return self._process.poll() is None

    def stderr_tail(self) -> str:
        """The last :data:`STDERR_TAIL` bytes the engine wrote to stderr, decoded leniently."""
        with self._tail_lock:
            data = b"".join(self._tail)
        return data[-STDERR_TAIL:].decode("utf-8", "replace")

    def error(self, kind: ErrorKind, detail: str, step: int | None = None) -> EngineError:
        """An :class:`EngineError` about this engine, with its stderr's tail."""
        return EngineError(
            kind, detail, command=self.command, step=step, stderr=self.stderr_tail()
        )

    def send(self, line: bytes, step: int | None = None) -> None:
        """Write one line (ending in a newline) to the engine's stdin.

        Raises:
            EngineError: ``kind="crashed"`` when the pipe is closed (the engine exited).
        """
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(line)
            stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            raise self.error("crashed", self._exit_words(), step) from None

    def receive(self, seconds: float, step: int | None = None) -> bytes:
        """The engine's next non-blank line, waiting at most ``seconds``.

        Raises:
            EngineError: ``timed_out`` when no line comes in time, ``crashed``
                when the engine exits or its stdout closes, ``protocol`` for a
                line over :data:`~modern_art.agents.engine.protocol.MAX_LINE_BYTES`.
        """
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            try:
                line = self._lines.get(timeout=max(0.0, min(left, _WATCH)))
            except queue.Empty:
                if self._process.poll() is not None:
                    # Exited: what it wrote before the end is read, then it has crashed,
                    # whatever its children still hold of its stdout.
                    try:
                        line = self._lines.get(timeout=_SETTLE)
                    except queue.Empty:
                        line = _EOF
                elif left <= 0:
                    raise self.error(
                        "timed_out", f"no answer within {round(seconds * 1000)} ms", step
                    ) from None
                else:
                    continue
            if line is _EOF:
                self._lines.put(_EOF)  # every later receive sees the end too
                raise self.error("crashed", self._exit_words(wait=0.5), step)
            if line is _TOO_LONG:
                self._lines.put(_TOO_LONG)
                raise self.error("protocol", f"a line longer than {MAX_LINE_BYTES} bytes", step)
            if line.strip():
                return line

    def quit(self) -> None:
        """Say ``quit`` and close stdin, without waiting: :meth:`close` waits for the exit."""
        _say_quit(self._process)

    def close(self, grace: float = QUIT_SECONDS) -> None:
        """Say ``quit``, wait up to ``grace`` seconds for the exit, then end its whole group.

        Whatever the engine started in its process group is killed too, so
        nothing it ran outlives it. Idempotent.
        """
        assert self._finalizer is not None
        if self._finalizer.alive:
            self._finalizer.detach()
            _stop(self._process, grace)
        until = time.monotonic() + 1.0
        for thread in self._threads:
            thread.join(timeout=max(0.0, until - time.monotonic()))
        for stream in (self._process.stdout, self._process.stderr):
            if stream is not None and not any(t.is_alive() for t in self._threads):
                stream.close()

    def kill(self) -> None:
        """Kill the engine now (no ``quit``): for one that broke the protocol."""
        self.close(grace=0.0)

    def _exit_words(self, wait: float = 0.0) -> str:
        try:
            code = self._process.wait(wait) if wait else self._process.poll()
        except subprocess.TimeoutExpired:
            code = None
        if code is None:
            return "it closed its output"
        if code < 0:
            return f"it was killed by signal {-code}"
        return f"it exited with code {code}"


_HELD_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name)
)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold Ctrl-C and ``SIGTERM`` while the block runs, then deliver them (main thread only).

    Starting a process forks, then waits for the exec: an exception raised
    by a signal in between (a ``KeyboardInterrupt``, or a run's worker
    exiting on ``SIGTERM``) would leave the new engine running with nothing
    holding it. Held, the signal is delivered once the engine is held, and
    its exception ends the engine on the way out.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread runs signal handlers: nothing to hold elsewhere
        return
    arrived: list[int] = []
    handlers: dict[int, Any] = {}
    try:
        with contextlib.ExitStack() as restore:
            for number in _HELD_SIGNALS:
                previous = signal.getsignal(number)
                if previous is None:  # a handler not set from Python cannot be put back
                    continue
                handlers[number] = previous
                signal.signal(number, lambda number, frame: arrived.append(number))
                restore.callback(signal.signal, number, previous)
            yield
    finally:
        for number in dict.fromkeys(arrived):
            _deliver(number, handlers[number])


def _deliver(number: int, handler: Any) -> None:
    """Run ``handler`` for signal ``number`` now, as if the signal came at this moment.

    A handler is called, not sent the signal again: an event loop that
    watches signals through the wakeup file saw it once already.
    """
    if callable(handler):
        handler(number, None)
    elif handler == signal.SIG_DFL:
        signal.raise_signal(number)  # the default: the handler is back, so this ends the process


def _read(stdout: IO[bytes], lines: queue.SimpleQueue[bytes]) -> None:
    """Queue stdout's lines; a line over the limit ends the reading (the engine is killed)."""
    try:
        while True:
            line = stdout.readline(MAX_LINE_BYTES + 2)
            if not line:
                break
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                lines.put(_TOO_LONG)
                return
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


def _drain(stderr: IO[bytes], tail: collections.deque[bytes], lock: threading.Lock) -> None:
    """Read stderr to its end, keeping only the last :data:`STDERR_TAIL` bytes."""
    kept = 0
    try:
        while chunk := os.read(stderr.fileno(), 65536):
            with lock:
                tail.append(chunk)
                kept += len(chunk)
                while kept - len(tail[0]) >= STDERR_TAIL:
                    kept -= len(tail.popleft())
    except (OSError, ValueError):
        pass


def _stop(process: subprocess.Popen[bytes], grace: float) -> None:
    """Say ``quit`` and close stdin, wait up to ``grace`` seconds, then kill the whole group.

    The engine leads a process group of its own (``start_new_session``): the
    group is killed whether or not the engine has exited, so children it left
    behind go too; then the engine is reaped.
    """
    if grace > 0:
        _say_quit(process)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(grace)
    kill_group(process.pid)
    if process.poll() is None:
        process.kill()
    process.wait()
    try:
        if process.stdin is not None:
            process.stdin.close()
    except (OSError, ValueError):
        pass


def kill_group(pid: int) -> None:
    """Kill process group ``pid`` (an engine's session), if any of it is left."""
    killpg = getattr(os, "killpg", None)
    if killpg is None:  # Windows: no process groups to end
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        killpg(pid, signal.SIGKILL)


def _say_quit(process: subprocess.Popen[bytes]) -> None:
    """Write ``quit`` (if stdin is still open and the process alive) and close stdin."""
    stdin = process.stdin
    if stdin is None or stdin.closed:
        return
    try:
        if process.poll() is None:
            stdin.write(QUIT_LINE)
            stdin.flush()
    except (OSError, ValueError):
        pass
    with contextlib.suppress(OSError, ValueError):
        stdin.close()
