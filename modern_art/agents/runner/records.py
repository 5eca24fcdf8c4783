"""The records file of a many-game run: one JSON line a game, streamed, read back to resume.

Line ``g`` (from 0) of the file holds game ``g``, in the run's
:class:`LineFormat`: a tournament writes each game's
:class:`~modern_art.GameRecord` as one :func:`~modern_art.to_json` document,
a match wraps it with the seats, names and engine failures
(:mod:`modern_art.agents.match.records`). Lines are written in game order,
whatever ran the games, and each is flushed as soon as it is written; a run
that is killed leaves whole lines, except perhaps a last one without its
newline, which is dropped (and its game played again) on resuming.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from modern_art.core.records import GameRecord
from modern_art.data.errors import SerializationError
from modern_art.data.rules import Rules
from modern_art.wire.documents import from_json, to_json

__all__ = ["LineFormat", "RecordLines", "RecordsFile", "read_record", "record_json"]

T = TypeVar("T")


class LineFormat(Protocol[T]):
    """How one game of a run is written as a line, and read back and checked."""

    def read(self, game: int, line: bytes, where: str) -> T:
        """Game ``game`` from ``line`` (read at ``where``, for messages).

        Raises:
            ValueError: the line is not a game of this run.
        """
        ...  # pragma: no cover

    def write(self, item: T) -> bytes:
        """``item`` as one line, its newline included."""
        ...  # pragma: no cover


def record_json(record: GameRecord) -> str:
    """``record`` as the one :func:`~modern_art.to_json` document a records line holds."""
    return to_json(record)


def read_record(text: str | bytes, refusal: str, rules: Rules | None = None) -> GameRecord:
    """The game record document ``text`` (read with ``rules``, if given).

    Raises:
        ValueError: ``text`` is not one: ``refusal`` followed by the reason.
    """
    try:
        if rules is None:
            return from_json(text, "record")
        return from_json(text, "record", rules=rules)
    except SerializationError as exc:
        raise ValueError(f"{refusal}{exc}") from None


class RecordLines(Generic[T]):
    """Lines of one game record document each: a tournament's records file.

    Args:
        check: what the run keeps of game ``g``'s record, read back; raises
            ``ValueError`` for a record of another run.
        record: the record of a game the run played.
    """

    def __init__(
        self, check: Callable[[int, GameRecord], T], record: Callable[[T], GameRecord]
    ) -> None:
        self.check = check
        self.record = record

    def read(self, game: int, line: bytes, where: str) -> T:
        """Game ``game``'s record, checked (see :class:`LineFormat`)."""
        return self.check(game, read_record(line, f"{where}, is not a game record: "))

    def write(self, item: T) -> bytes:
        """``item``'s record as one line."""
        return record_json(self.record(item)).encode("ascii") + b"\n"


class RecordsFile(Generic[T]):
    """The records file of one run: :meth:`read` what is there, then :meth:`appending`."""

    def __init__(self, path: str | os.PathLike[str], lines: LineFormat[T]) -> None:
        self.path = Path(path)
        """Where the file is."""
        self.lines = lines
        """How each game is written and read back."""
        self._end = 0
        self._read_to_end = False

    def read(self, most: int) -> Iterator[T]:
        """The games of the file's whole lines, in order (none if it does not exist).

        Reads one line at a time, in time linear in the file's size.

        Raises:
            ValueError: a whole line is not a game of this run, or there are
                more than ``most`` of them.
            OSError: the file exists but cannot be read.
        """
        self._end = 0
        self._read_to_end = False
        try:
            file = self.path.open("rb")
        except FileNotFoundError:
            self._read_to_end = True
            return
        with file:
            for game, line in enumerate(file):
                if not line.endswith(b"\n"):
                    break  # the unfinished last line of an interrupted run
                if game == most:
                    raise ValueError(f"{self.path} holds more than the {most} games asked for")
                item = self.lines.read(game, line, f"{self.path}, line {game + 1}")
                self._end += len(line)
                yield item
        self._read_to_end = True

    @contextlib.contextmanager
    def appending(self) -> Iterator[Callable[[T], None]]:
        """A writer of one game a line after the last whole line read, a partial one dropped.

        Each line is flushed to the operating system as it is written.
        """
        # Truncating after a partial read would lose games: read() must have finished.
        assert self._read_to_end, "read the whole file before appending to it"
        with self.path.open("r+b" if self.path.exists() else "wb") as file:
            file.truncate(self._end)
            file.seek(self._end)

            def write(item: T) -> None:
                file.write(self.lines.write(item))
                file.flush()

            yield write
