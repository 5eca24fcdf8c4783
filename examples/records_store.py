"""A records store: self-play games into Parquet, a question across them, one real moment.

# requires: pyarrow duckdb

How often does a double end a round, and what does a hidden tie look like in
a real game? The store answers across games what a record file answers for
one. Run it (the ``records`` extra)::

    python examples/records_store.py
"""

from __future__ import annotations

import tempfile

import modern_art as ma
from modern_art import records


def main(games: int = 200, seed: int = 1) -> None:
    """Store ``games`` self-play games, ask two questions, and show one hidden tie."""
    with tempfile.TemporaryDirectory() as folder:
        store = records.RecordStore(folder)
        records.generate(store, games, seed=seed)
        _names, rows = store.query(records.QUERIES["round-ends"].sql)
        print(f"{len(store)} games; how their {sum(n for _, n in rows)} rounds ended:")
        for decision, count in rows:
            print(f"  {decision:<18} {count}")
        _names, [(ties,)] = store.query(
            "SELECT count(*) FROM steps WHERE cites(decisions, 'tie-auctioneer_first')"
        )
        print(f"hidden ties settled by the auctioneer rule (R4.3): {ties}")
        for example in records.examples(store, "R4.3", limit=1):
            print(example.text())
            game = store.game(example.game)
            assert ma.replay(game.record).is_over  # every stored game replays


if __name__ == "__main__":
    main()
