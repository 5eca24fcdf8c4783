"""The records store's "What must hold" (issue 40): write, size, queries, one game back.

    pip install -e '.[records]'           # or the compiled build: see docs/performance.rst
    python benchmarks/records.py --games 10000
    python benchmarks/records.py --games 1000000 --workers 2 --store /tmp/million

Generates ``--games`` self-play games (the ``playout`` bot, 4 players, CMON)
into a fresh store with ``--workers`` processes, then measures, against the
issue's bounds:

- the wall time of the write (bound: 1,000,000 games in 15 minutes on 2 cores,
  i.e. 900 s scaled to the games written), and the CPU time of the workers;
- the store's size on disk (bound: under 2 GB for 1,000,000 games, scaled),
  and against the same games as gzipped text records: the text of the first
  ``--text-sample`` games (``ma.write_records``, one gzip stream, level 9),
  per game, against the store's bytes per game;
- a count of the lots by auction kind (bound 2 s), opening the store included;
- the examples of one rule, ``R4.3`` and ``R5.7`` (bound 5 s each), positions
  rebuilt included;
- reading one game back by id (bound 50 ms): the median and the slowest of 50
  ids spread over the store, the store opened once.

It prints the machine's load average before and after (the machine may be
shared) and whether the compiled build ran (``ma.COMPILED``). ``--store DIR``
keeps the store (a new directory); by default it is a temporary one, removed.
"""

from __future__ import annotations

import argparse
import gzip
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import modern_art as ma
from modern_art import records


def _size(path: Path) -> int:
    return sum(file.stat().st_size for file in path.rglob("*.parquet"))


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--store", type=Path, default=None, help="keep the store here (new)")
    parser.add_argument("--text-sample", type=int, default=20_000)
    args = parser.parse_args(argv)
    scale = args.games / 1_000_000
    print(f"modern-art {ma.__version__}, compiled={ma.COMPILED}, Python {sys.version.split()[0]}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    folder = args.store or Path(tempfile.mkdtemp(prefix="records-bench-")) / "store"
    if folder.exists() and any(folder.iterdir()):
        parser.error(f"{folder} is not empty: give a new directory")
    store = records.RecordStore(folder)
    cpu0, child0, wall0 = _cpu_self(), _cpu_children(), time.perf_counter()
    records.generate(store, args.games, seed=args.seed, workers=args.workers)
    wall = time.perf_counter() - wall0
    cpu = _cpu_self() - cpu0 + _cpu_children() - child0
    bound = 900 * scale
    rows = [
        ("write", f"{wall:.1f} s wall, {cpu:.1f} s CPU", f"< {bound:.1f} s", wall < bound),
        ("", f"{args.games / wall:,.0f} games/s", "", None),
    ]
    size = _size(store.path)
    rows.append(
        ("size", f"{size / 1e6:.1f} MB, {size / args.games:.0f} B/game", f"< {2e3 * scale:.1f} MB",
         size < 2e9 * scale)
    )  # fmt: skip
    sample = min(args.text_sample, args.games)
    opened = records.RecordStore(store.path)
    games = []
    for game in opened.games():
        games.append(game.record)
        if len(games) >= sample:
            break
    text = ma.write_records(games, date="2026.12.02").encode()
    packed = len(gzip.compress(text, compresslevel=9)) / sample
    rows.append(
        ("gzipped text", f"{packed:.0f} B/game ({sample:,} games)", "store smaller",
         size / args.games < packed)
    )  # fmt: skip
    started = time.perf_counter()
    fresh = records.RecordStore(store.path)
    _names, counted = fresh.query(
        "SELECT auction, count(*) FROM steps WHERE auction IS NOT NULL GROUP BY auction"
    )
    took = time.perf_counter() - started
    rows.append(("count by auction kind", f"{took:.2f} s ({len(counted)} kinds)", "< 2 s",
                 took < 2))  # fmt: skip
    for rule in ("R4.3", "R5.7"):
        started = time.perf_counter()
        found = records.examples(records.RecordStore(store.path), rule, limit=3)
        took = time.perf_counter() - started
        rows.append((f"examples of {rule}", f"{took:.2f} s ({len(found)} found)", "< 5 s",
                     took < 5))  # fmt: skip
    total = len(fresh)
    ids = [1 + (total - 1) * k // 49 for k in range(50)]
    times = []
    for game_id in ids:
        started = time.perf_counter()
        fresh.game(game_id)
        times.append(time.perf_counter() - started)
    rows.append(
        ("one game by id", f"median {statistics.median(times) * 1e3:.1f} ms,"
         f" slowest {max(times) * 1e3:.1f} ms", "< 50 ms", max(times) < 0.05)
    )  # fmt: skip
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{args.games:,} games, {args.workers} workers, store {folder}")
    for name, figure, wanted, held in rows:
        mark = "" if held is None else ("holds" if held else "FAILS")
        print(f"  {name:<22} {figure:<44} {wanted:<16} {mark}")
    if args.store is None:
        shutil.rmtree(folder.parent)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
