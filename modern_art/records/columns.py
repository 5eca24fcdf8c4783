"""The store's two tables as Arrow columns: a game's rows, built as games finish.

:class:`Columns` gathers games (their records and each step's events) into
the columns of the ``games`` and ``steps`` tables (:data:`GAMES`,
:data:`STEPS`); :meth:`Columns.tables` hands them to the writer as Arrow
tables. Actions are kept in the action notation without their seat (the
``seat`` column holds it): ``play Melim/O#25``, ``bid 30``, ``pass``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import pyarrow as pa

from modern_art.core.records import GameRecord
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.records.evidence import Cited, Tracer
from modern_art.text.notation import card_texts, format_action
from modern_art.text.rules_line import rules_text

__all__ = ["FORMAT", "GAMES", "KEY", "STEPS", "Columns", "action_text", "partition_of"]

KEY: Final = b"modern_art.records"
"""The key of the Parquet files' metadata that marks them the store's: its value is
``games`` or ``steps`` and the format's version, as ``steps/1``."""

FORMAT: Final = 1
"""The store's format version."""

_TEXT = pa.dictionary(pa.int32(), pa.string())

GAMES: Final = pa.schema(
    [
        pa.field("id", pa.int64(), nullable=False),
        pa.field("players", pa.list_(pa.string()), nullable=False),
        pa.field("bots", pa.list_(pa.string()), nullable=False),
        pa.field("rules", pa.string(), nullable=False),
        pa.field("seed", pa.int64()),
        pa.field("deck", pa.string()),
        pa.field("first_auctioneer", pa.int8(), nullable=False),
        pa.field("steps", pa.int32(), nullable=False),
        pa.field("money", pa.list_(pa.int32())),
        pa.field("winners", pa.list_(pa.int8())),
        pa.field("source", pa.string(), nullable=False),
    ]
)
"""The ``games`` table: one row per game (``preset`` and ``date`` come from the partition)."""

STEPS: Final = pa.schema(
    [
        pa.field("game", pa.int64(), nullable=False),
        pa.field("step", pa.int16(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("action", _TEXT, nullable=False),
        pa.field("events", _TEXT, nullable=False),
        pa.field("rules", _TEXT, nullable=False),
        pa.field("decisions", _TEXT, nullable=False),
        pa.field("auction", _TEXT),
        pa.field("price", pa.int16()),
        pa.field("buyer", pa.int8()),
    ]
)
"""The ``steps`` table: one row per action, in order (``step`` from 0: the state's ``step``
before the action)."""

_ACTION_TEXT: dict[Action, str] = {}


def action_text(action: Action) -> str:
    """The action in the notation, without its seat: ``play Melim/O#25``, ``bid 30``."""
    text = _ACTION_TEXT.get(action)
    if text is None:
        text = format_action(action).split(" ", 1)[1]
        if len(_ACTION_TEXT) < 100_000:
            _ACTION_TEXT[action] = text
    return text


def partition_of(rules: Rules) -> str:
    """The ``preset`` partition of games under ``rules``: the preset's name, or ``NAME-variant``.

    >>> import modern_art as ma
    >>> partition_of(ma.Rules()), partition_of(ma.Rules(open_money=True))
    ('cmon', 'cmon-variant')
    """
    words = rules_text(rules).split(" ")
    head = words[0] if words[0].isidentifier() else "custom"
    return head if len(words) == 1 else f"{head}-variant"


def _dictionary(texts: list[str | None], rows: pa.Array) -> pa.DictionaryArray:
    """The dictionary column of ``texts[rows[i]]``, each distinct text once in its dictionary."""
    distinct: dict[str | None, int] = {}
    index = [None if text is None else distinct.setdefault(text, len(distinct)) for text in texts]
    return pa.DictionaryArray.from_arrays(
        pa.array(index, pa.int32()).take(rows), pa.array(list(distinct), pa.string())
    )


class Columns:
    """Games gathered as the two tables' columns, until :meth:`tables` takes them."""

    def __init__(self) -> None:
        self.games = 0
        """How many games are gathered."""
        self._reset()

    def _reset(self) -> None:
        self._games: dict[str, list[object]] = {field.name: [] for field in GAMES}
        self._game_rows: list[int] = []
        self._seats: list[int] = []
        self._steps: list[int] = []
        self._actions: dict[Action, int] = {}
        self._action_texts: dict[str, int] = {}
        self._action_rows: list[int] = []
        self._cited: dict[Cited, int] = {}
        self._cited_rows: list[int] = []
        self.games = 0

    def add(
        self,
        game_id: int,
        game: GameRecord,
        events: Iterable[Sequence[Event]],
        *,
        bots: Sequence[str],
        source: str,
    ) -> None:
        """Add one finished game: its record and the events of each of its steps, in order."""
        rows = self._games
        rows["id"].append(game_id)
        rows["players"].append(list(game.players))
        rows["bots"].append(list(bots))
        rows["rules"].append(rules_text(game.rules))
        rows["seed"].append(game.seed)
        cards = card_texts(game.rules)
        rows["deck"].append(
            None if game.deck is None else " ".join(cards[card.id] for card in game.deck)
        )
        rows["first_auctioneer"].append(game.first_auctioneer)
        rows["steps"].append(len(game.actions))
        rows["money"].append(None if game.money is None else list(game.money))
        rows["winners"].append(None if game.winners is None else list(game.winners))
        rows["source"].append(source)
        cite = Tracer(game.rules.artists).cite
        actions, action_rows = self._actions, self._action_rows
        cited_index, cited_rows = self._cited, self._cited_rows
        for action, happened in zip(game.actions, events, strict=True):
            # Each distinct action and citation is kept once; a row is two indices.
            found = actions.get(action)
            if found is None:
                texts = self._action_texts
                found = actions[action] = texts.setdefault(action_text(action), len(texts))
            action_rows.append(found)
            cited = cite(happened)
            found = cited_index.get(cited)
            if found is None:
                found = cited_index[cited] = len(cited_index)
            cited_rows.append(found)
        count = len(game.actions)
        self._seats.extend([action.seat for action in game.actions])
        self._game_rows.extend([game_id] * count)
        self._steps.extend(range(count))
        self.games += 1

    def tables(self) -> tuple[pa.Table, pa.Table]:
        """The ``games`` and ``steps`` tables of the games gathered; the columns start afresh."""
        games = pa.table(
            {
                name: pa.array(values, GAMES.field(name).type)
                for name, values in self._games.items()
            },
            schema=GAMES,
        )
        rows = pa.array(self._cited_rows, pa.int32())
        cited = list(self._cited)
        texts = [
            _dictionary([entry.kinds for entry in cited], rows),
            _dictionary([entry.rules for entry in cited], rows),
            _dictionary([entry.decisions for entry in cited], rows),
            _dictionary([entry.auction for entry in cited], rows),
        ]
        steps = pa.table(
            [
                pa.array(self._game_rows, pa.int64()),
                pa.array(self._steps, pa.int16()),
                pa.array(self._seats, pa.int8()),
                pa.DictionaryArray.from_arrays(
                    pa.array(self._action_rows, pa.int32()),
                    pa.array(list(self._action_texts), pa.string()),
                ),
                *texts,
                pa.array([entry.price for entry in cited], pa.int16()).take(rows),
                pa.array([entry.buyer for entry in cited], pa.int8()).take(rows),
            ],
            schema=STEPS,
        )
        self._reset()
        return games, steps
