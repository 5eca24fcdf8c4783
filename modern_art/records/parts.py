"""The store's parts: a pair of Parquet files (games, steps), checked when read, written once.

A part is written in row groups as games finish, under hidden temporary
names, and renamed into place when complete (:class:`PartWriter`); no file
already stored is ever opened for writing. :func:`check_file` reads a file's
footer and refuses a damaged or foreign one with
:class:`~modern_art.RecordsError` naming it.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import pyarrow as pa
import pyarrow.parquet as pq
from attrs import frozen

from modern_art.core.records import GameRecord
from modern_art.core.scoring import winners
from modern_art.core.transition import apply
from modern_art.data.errors import IllegalAction, RecordsError
from modern_art.data.events import Event
from modern_art.records.columns import FORMAT, GAMES, KEY, STEPS, Columns

__all__ = [
    "PART_NAME",
    "PARTITION",
    "ROW_GROUP_GAMES",
    "Part",
    "PartWriter",
    "check_file",
    "ids_of",
    "trace",
]

ROW_GROUP_GAMES: Final = 500
"""Games per row group: a row group of steps is about 120,000 rows (a 4-player game has
about 240 steps), small enough to read one game back quickly."""

PART_NAME: Final = re.compile(r"part-[0-9A-Za-z_-]{1,80}\.parquet")
PARTITION: Final = re.compile(r"(?P<key>preset|date)=(?P<value>[0-9A-Za-z_.-]{1,40})")
_COMPRESSION: Final = "zstd"


@frozen
class Part:
    """One part of the store: the games of its ``games`` file and their steps."""

    games: Path
    """The ``games`` table's file."""
    steps: Path
    """The ``steps`` table's file, of the same name."""
    preset: str
    """Its ``preset`` partition."""
    date: str
    """Its ``date`` partition (when the games were stored, UTC)."""
    first: int
    """The smallest game id in it."""
    last: int
    """The largest game id in it."""
    count: int
    """How many games it holds."""


def _metadata(table: str) -> dict[bytes, bytes]:
    return {KEY: f"{table}/{FORMAT}".encode()}


def check_file(path: Path, table: str, schema: pa.Schema) -> pq.FileMetaData:
    """``path``'s footer, if it is one of the store's ``table`` files; else RecordsError."""
    try:
        meta = pq.read_metadata(path)
    except (OSError, pa.ArrowException) as err:
        raise RecordsError(
            f"{path} is damaged or is no Parquet file ({err}): nothing was changed; restore it"
            " from a backup or move it out of the store"
        ) from None
    mark = (meta.metadata or {}).get(KEY)
    if mark != f"{table}/{FORMAT}".encode():
        what = "another program's Parquet file" if mark is None else f"marked {mark!r}"
        raise RecordsError(
            f"{path} is not a file of the records store's {table} table ({what}): nothing was"
            " changed; move it out of the store"
        )
    found = meta.schema.to_arrow_schema()
    if found.names != schema.names:
        raise RecordsError(f"{path} has the columns {found.names}, not the store's {schema.names}")
    return meta


def ids_of(meta: pq.FileMetaData, path: Path) -> tuple[int, int]:
    first, last = None, None
    for group in range(meta.num_row_groups):
        stats = meta.row_group(group).column(0).statistics
        if stats is None or not stats.has_min_max:
            raise RecordsError(f"{path} keeps no statistics of its ids: not the store's file")
        first = stats.min if first is None else min(first, stats.min)
        last = stats.max if last is None else max(last, stats.max)
    if first is None or last is None:
        return 0, -1
    return int(first), int(last)


def trace(game: GameRecord, where: str) -> list[tuple[Event, ...]]:
    """The events of each step of finished ``game``, replaying it (:func:`~modern_art.apply`).

    Raises:
        RecordsError: the setup is refused, an action is illegal where the
            record puts it, or the game ends otherwise than the record states.
    """
    try:
        state = game.start()
    except (ValueError, TypeError) as err:
        raise RecordsError(f"{where}: the setup is refused: {err}") from None
    out: list[tuple[Event, ...]] = []
    for index, action in enumerate(game.actions):
        try:
            step = apply(state, action)
        except IllegalAction as err:
            raise RecordsError(f"{where}: step {index} is illegal: {err}") from None
        out.append(step.events)
        state = step.state
    money = tuple(p.money for p in state.players)
    if not state.is_over or money != game.money or winners(state) != game.winners:
        raise RecordsError(
            f"{where} does not end as its record states (money {game.money}, winners"
            f" {game.winners})"
        )
    return out


class PartWriter:
    """A new part: games added as they finish, in row groups, put in place at :meth:`close`.

    Args:
        root: the store's directory.
        preset: the ``preset`` partition (:func:`~modern_art.records.columns.partition_of`).
        name: a suffix that keeps parts written in the same second apart.
        row_group_games: games per row group.
    """

    def __init__(
        self,
        root: Path,
        preset: str,
        *,
        name: str | None = None,
        row_group_games: int = ROW_GROUP_GAMES,
    ) -> None:
        now = datetime.now(UTC)
        date = now.strftime("%Y-%m-%d")
        stamp = now.strftime("%Y%m%dT%H%M%S%f")
        part = f"part-{stamp}-{name or os.getpid()}.parquet"
        folder = Path(f"preset={preset}") / f"date={date}"
        self.paths = (root / "games" / folder / part, root / "steps" / folder / part)
        for path in self.paths:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.exists():
                raise RecordsError(f"{path} exists already: not overwritten")
        self._temporary = tuple(path.with_name(f".{path.name}.tmp") for path in self.paths)
        self._writers = (
            pq.ParquetWriter(
                self._temporary[0],
                GAMES.with_metadata(_metadata("games")),
                compression=_COMPRESSION,
            ),
            pq.ParquetWriter(
                self._temporary[1],
                STEPS.with_metadata(_metadata("steps")),
                compression=_COMPRESSION,
                compression_level=9,
                use_dictionary=True,
                write_statistics=["game", "step"],
            ),
        )
        self._columns = Columns()
        self._group = row_group_games
        self.count = 0
        """How many games were added."""

    def add(
        self,
        game_id: int,
        game: GameRecord,
        events: Iterable[Sequence[Event]],
        *,
        bots: Sequence[str],
        source: str,
    ) -> None:
        """Add one finished game with the events of each step; a full row group is written."""
        self._columns.add(game_id, game, events, bots=bots, source=source)
        self.count += 1
        if self._columns.games >= self._group:
            self._flush()

    def _flush(self) -> None:
        if self._columns.games:
            games, steps = self._columns.tables()
            self._writers[0].write_table(games)
            self._writers[1].write_table(steps, row_group_size=steps.num_rows)

    def close(self) -> None:
        """Write what is left and put the part in place (steps first); an empty part is dropped."""
        self._flush()
        for writer in self._writers:
            writer.close()
        if self.count == 0:
            self.abandon()
            return
        os.replace(self._temporary[1], self.paths[1])
        os.replace(self._temporary[0], self.paths[0])

    def abandon(self) -> None:
        """Drop the part: nothing of it is stored."""
        for writer in self._writers:
            with contextlib.suppress(Exception):
                writer.close()
        for path in self._temporary:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
