"""Games into and out of a store: record files, the web service's finished games, export.

:func:`import_records` stores records already read (``modern-art records
import`` reads ``.mart`` text and ``.json`` files with the command's own
reader), :func:`import_lines` the JSON Lines records file of a tournament
or a match; :func:`import_service` reads the finished games of a ``modern-art
serve`` database through its :class:`~modern_art.web.store.Store`, and skips
those stored before; :func:`export_records` writes games back as text
records (:func:`~modern_art.write_records`) or JSON Lines
(:func:`~modern_art.to_json`, one game a line).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from modern_art.core.records import GameRecord
from modern_art.data.errors import RecordsError, SerializationError, StoreError
from modern_art.records.store import RecordStore, StoredGame
from modern_art.text.records import write_records
from modern_art.wire.documents import from_json, to_json

__all__ = [
    "export_records",
    "import_lines",
    "import_records",
    "import_service",
    "is_service_database",
]

_SQLITE: bytes = b"SQLite format 3\x00"


def import_records(store: RecordStore, records: Iterable[GameRecord], *, source: str) -> list[int]:
    """Store finished ``records`` read from ``source`` (a file's name); their new ids.

    Who played each seat is not in a record: the ``bots`` column holds ``""``.

    Raises:
        RecordsError: a record is unfinished or illegal; nothing is stored.
    """
    return store.append(
        (record, ("",) * len(record.players), f"import:{source}") for record in records
    )


def import_lines(store: RecordStore, path: str | Path) -> list[int]:
    """Store the games of a JSON Lines records file: a tournament's or a match's ``--records``.

    Each line is a game record document (:func:`~modern_art.tournament`'s
    ``records=``) or a match's line (``"type": "match-game"``, whose
    ``players`` and ``seats`` give each seat's player, kept as its bot).

    Raises:
        RecordsError: the file cannot be read, or a line is neither; nothing is stored.
    """
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as err:
        raise RecordsError(f"cannot read {path}: {err}") from None
    games: list[tuple[GameRecord, Sequence[str], str]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            found = json.loads(line)
            if isinstance(found, dict) and found.get("type") == "match-game":
                record = from_json(json.dumps(found["record"]), "record")
                players, seats = found.get("players"), found.get("seats")
                try:
                    bots = tuple(str(players[seat]) for seat in seats)  # type: ignore[index, union-attr]
                except (TypeError, IndexError, KeyError):
                    bots = ("",) * len(record.players)
            else:
                record = from_json(line, "record")
                bots = ("",) * len(record.players)
        except (ValueError, KeyError, SerializationError) as err:
            raise RecordsError(f"{path}, line {number}: not a game record ({err})") from None
        if len(bots) != len(record.players):
            bots = ("",) * len(record.players)
        games.append((record, bots, f"import:{path.name}"))
    return store.append(games)


def is_service_database(path: str | Path) -> bool:
    """Whether ``path`` is an SQLite file (a ``modern-art serve --db`` database, presumably)."""
    try:
        with open(path, "rb") as file:
            return file.read(len(_SQLITE)) == _SQLITE
    except OSError:
        return False


def import_service(store: RecordStore, database: str | Path) -> tuple[list[int], int]:
    """Store the finished games of a ``modern-art serve`` database; the new ids and the skipped.

    Each game's source is ``service:TABLE-ID``: a game stored by an earlier
    import is skipped, so importing the same database again stores only the
    games finished since. The database is read, never written.

    Raises:
        RecordsError: ``database`` is missing or not the service's database,
            or a finished game's record does not read.
    """
    from modern_art.web.store import Store  # noqa: PLC0415 (the web face, on request)

    path = Path(database)
    if not path.is_file() or not is_service_database(path):
        raise RecordsError(f"{path} is not a modern-art serve database (an SQLite file)")
    try:
        service = Store(str(path))
    except StoreError as err:
        raise RecordsError(str(err)) from None
    try:
        finished = service.finished_games()
    except StoreError as err:
        raise RecordsError(str(err)) from None
    finally:
        service.close()
    known = _sources(store)
    games: list[tuple[GameRecord, Sequence[str], str]] = []
    skipped = 0
    for table_id, setup, result, _ended in finished:
        source = f"service:{table_id}"
        if source in known:
            skipped += 1
            continue
        try:
            record = from_json(result, "record")
        except SerializationError as err:
            raise RecordsError(
                f"{path}: the game of table {table_id} does not read: {err}"
            ) from None
        games.append((record, _seat_bots(setup, len(record.players)), source))
        known.add(source)
    return store.append(games), skipped


def _sources(store: RecordStore) -> set[str]:
    _names, rows = store.query("SELECT DISTINCT source FROM games WHERE source LIKE 'service:%'")
    return {str(row[0]) for row in rows}


def _seat_bots(setup: str, seats: int) -> tuple[str, ...]:
    """Each seat's bot at a service table (``person`` for a person's seat)."""
    try:
        found = json.loads(setup)["seats"]
        bots = tuple(
            "person" if seat.get("person") else str(seat.get("bot") or "") for seat in found
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return ("",) * seats
    return bots if len(bots) == seats else ("",) * seats


def export_records(games: Iterable[StoredGame], out: TextIO, *, json_lines: bool = False) -> int:
    """Write ``games`` to ``out``: text records (a ``Date`` tag each), or one JSON game a line.

    Returns how many games were written.
    """
    count = 0
    for game in games:
        if json_lines:
            out.write(to_json(game.record) + "\n")
        else:
            if count:
                out.write("\n")
            out.write(write_records([game.record], date=game.date.replace("-", ".")))
        count += 1
    return count
