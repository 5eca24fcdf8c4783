"""Every game on record: a store of games in Parquet files that DuckDB queries.

Install the ``records`` extra (pyarrow and DuckDB): ``pip install
'modern-art[records]'``. ``import modern_art`` never loads this package.

>>> import tempfile
>>> import modern_art as ma
>>> from modern_art import records
>>> folder = tempfile.mkdtemp()
>>> store = records.RecordStore(folder)
>>> records.generate(store, 20, seed=1)
range(1, 21)
>>> store.query("SELECT count(*) FROM games")
(['count_star()'], [(20,)])
>>> game = store.game(7)
>>> ma.replay(game.record) == ma.playout(ma.new_game(game.record.players, seed=7), seed=7)
True

The store (:class:`RecordStore`) holds two tables, ``games`` and ``steps``,
partitioned by rules preset and date; :func:`generate` plays self-play games
into it, :func:`import_records` and :func:`import_service` store record files
and the web service's finished games, :func:`export_records` writes them
back; :data:`QUERIES` are the named queries and :func:`examples` the real
moments where a rule decided something. Each step's rules are read off its
events (:data:`EVIDENCE`, :data:`DECISIONS`).
"""

from __future__ import annotations

from modern_art.data.errors import RecordsError
from modern_art.records.evidence import CITED_RULES, DECISIONS, EVIDENCE
from modern_art.records.examples import Example, examples
from modern_art.records.generate import PLAYOUT_BOT, generate, playout_steps
from modern_art.records.parts import Part
from modern_art.records.queries import QUERIES, Query
from modern_art.records.sources import (
    export_records,
    import_lines,
    import_records,
    import_service,
    is_service_database,
)
from modern_art.records.store import RecordStore, StoredGame

__all__ = [
    "CITED_RULES",
    "DECISIONS",
    "EVIDENCE",
    "PLAYOUT_BOT",
    "QUERIES",
    "Example",
    "Part",
    "Query",
    "RecordStore",
    "RecordsError",
    "StoredGame",
    "examples",
    "export_records",
    "generate",
    "import_lines",
    "import_records",
    "import_service",
    "is_service_database",
    "playout_steps",
]
