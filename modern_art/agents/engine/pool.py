"""Engine processes kept between games: :class:`EnginePool`.

Starting a process costs more than a game's protocol traffic (a Python or
Node engine takes a few hundred milliseconds on a busy machine), so a match
keeps an engine that finished a game cleanly and says ``hello`` to it again
for the next game: the protocol allows it, and an engine starts afresh at
every ``hello``. An engine that broke the protocol is killed, never kept.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from modern_art.agents.engine.process import EngineProcess

__all__ = ["EnginePool"]

_Key = tuple[tuple[str, ...], str | None, tuple[tuple[str, str], ...] | None]


class EnginePool:
    """Idle engine processes by command, ready for another game; :meth:`close` ends them all."""

    def __init__(self) -> None:
        self._idle: dict[_Key, list[EngineProcess]] = {}

    @staticmethod
    def _key(
        argv: Sequence[str],
        cwd: str | os.PathLike[str] | None,
        env: Mapping[str, str] | None,
    ) -> _Key:
        return (
            tuple(argv),
            None if cwd is None else os.fspath(cwd),
            None if env is None else tuple(sorted(env.items())),
        )

    def take(
        self,
        argv: Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> EngineProcess:
        """An idle, running engine of that command, or a new one.

        Raises:
            EngineError: ``kind="crashed"`` when a new one cannot be started.
        """
        idle = self._idle.get(self._key(argv, cwd, env), [])
        while idle:
            process = idle.pop()
            if process.is_running():
                return process
            process.kill()
        return EngineProcess(argv, cwd=cwd, env=env)

    def give_back(
        self,
        process: EngineProcess,
        argv: Sequence[str],
        *,
        cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        """Keep ``process``, which finished its game cleanly, for a later game."""
        self._idle.setdefault(self._key(argv, cwd, env), []).append(process)

    def close(self) -> None:
        """Say ``quit`` to every idle engine at once, then wait for (or kill) each; idempotent."""
        processes = [p for idle in self._idle.values() for p in idle]
        self._idle.clear()
        for process in processes:
            process.quit()
        for process in processes:
            process.close()
