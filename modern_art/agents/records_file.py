"""A tournament's game records as JSON Lines: written as games finish, read back to resume.

Line ``g`` (from 0) of the file holds game ``g``'s :class:`~modern_art.GameRecord`
as one :func:`~modern_art.to_json` document, so the file is the same
whatever ran the games. Each line is flushed as soon as it is written; a
run that is killed leaves whole lines, except perhaps a last one without
its newline, which is dropped (and its game played again) on resuming.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from modern_art.core.records import GameRecord
from modern_art.data.errors import SerializationError
from modern_art.wire.documents import from_json, to_json

__all__ = ["LinesFile", "RecordsFile"]


class LinesFile:
    """A file of whole lines, appended to after the last whole line read.

    A subclass's ``read`` sets ``_end`` to where its whole lines end; opening
    (as a context manager) drops whatever follows (a line a killed run left
    without its newline), and :meth:`_append` writes and flushes one line.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._end = 0
        self._file: BinaryIO | None = None

    def _open(self) -> None:
        self._file = self.path.open("r+b" if self.path.exists() else "wb")
        self._file.truncate(self._end)
        self._file.seek(self._end)

    def _append(self, line: bytes) -> None:
        assert self._file is not None, "write inside a with block"
        self._file.write(line)
        self._file.flush()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class RecordsFile(LinesFile):
    """The records file of one tournament run: read what is there, then append.

    Use :meth:`read` first (it finds where the whole lines end), then as a
    context manager to append with :meth:`write`.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(path)
        self._read_to_end = False

    def read(self) -> Iterator[GameRecord]:
        """The records of the file's whole lines, in order (none if it does not exist).

        Reads one line at a time, in time linear in the file's size.

        Raises:
            ValueError: a whole line is not a game record.
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
            for number, line in enumerate(file, 1):
                if not line.endswith(b"\n"):
                    break  # the unfinished last line of an interrupted run
                try:
                    record = from_json(line, "record")
                except SerializationError as exc:
                    raise ValueError(
                        f"{self.path}, line {number}, is not a game record: {exc}"
                    ) from None
                self._end += len(line)
                yield record
        self._read_to_end = True

    def write(self, record: GameRecord) -> None:
        """Append ``record`` as one line and flush it to the operating system."""
        self._append(to_json(record).encode("ascii") + b"\n")

    def __enter__(self) -> RecordsFile:
        """Open for appending after the last whole line read, dropping any partial one."""
        # Truncating after a partial read would lose games: read() must have finished.
        assert self._read_to_end, "read the whole file before appending to it"
        self._open()
        return self
