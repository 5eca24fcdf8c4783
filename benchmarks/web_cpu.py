"""The web server's CPU per action on a fixed workload, the same on every run and checkout.

    pip install -e '.[web]' httpx2
    python benchmarks/web_cpu.py                             # this checkout, 5 runs
    python benchmarks/web_cpu.py --against /tmp/old-tree     # this checkout beside another
    python benchmarks/web_cpu.py --checkout A --against B --rounds 5

``benchmarks/web_load.py`` measures the server under simulated people who act
after random waits: the number of actions in a run varies by about 30%, and
with it the CPU per action (some of the server's cost is per second, not per
action), so two runs of the same code disagree by about 15%. That is too
coarse to say that one version costs no more than another. This script plays
a fixed workload instead, and takes only the server's CPU.

It starts ``modern-art serve`` from the checkout given (that checkout on
``PYTHONPATH`` and as the working directory, this interpreter, a fresh
database, the per-address limits raised and the clocks set far off, as
``web_load.py`` does), opens ``--tables`` tables of five people, claims every
seat by its invitation and gives every seat its own push stream (``GET
/stream``). The server draws each table's deck from ``secrets.randbits``; here
that one function is seeded before the server starts (nothing else changes:
tokens and table ids stay random), so the decks are the same on every run.

Then one client plays every table, all tables at once but each in lock step:
the client picks the seat to act and its action from the table's seeded
generator (a pass where it may, small bids, as ``web_load.py``'s player),
posts it, and waits until every seat's stream has received the document of
the new step before it posts the next. So the server does the same work for
every action, whatever the timing: one post, five pushed documents, no
refused races, no clock. Each table plays ``--actions`` actions (0: to the
game's end).

The figure is the server process's CPU (user + system, from ``/proc``) over
the played part only (after the tables are open and every stream has its
first document, until the last action's documents arrived) divided by the
actions applied. The total of actions is printed and must be the same on
every run and every checkout with the same seed; the script stops if not.
With ``--against`` the two checkouts run interleaved (A, B, A, B, ...) so that
both see the same load on a shared machine; it prints every run, the
medians, and the ratio of ``--checkout`` to ``--against`` (above 1: the
checkout costs more).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from web_load import (
    FORMAT,
    ROOT,
    choose,
    cpu_seconds,
    free_port,
    open_table,
    seat_documents,
    wait_until_up,
)

PLAYERS = 5

# Run as ``python -c`` in the server's process: seed the decks, check that the
# modern_art imported is the checkout's, then run ``python -m modern_art``.
SERVER = """\
import random, runpy, secrets, sys
from pathlib import Path
secrets.randbits = random.Random(int(sys.argv[1])).getrandbits
checkout = Path(sys.argv[2]).resolve()
del sys.argv[1:3]
import modern_art
if checkout not in Path(modern_art.__file__).resolve().parents:
    sys.exit(f"modern_art came from {modern_art.__file__}, not from {checkout}")
runpy.run_module("modern_art", run_name="__main__", alter_sys=True)
"""


@dataclass
class Table:
    """One table as the client sees it: each seat's token and newest pushed document."""

    id: str
    tokens: list[str]
    documents: dict[int, dict[str, Any]] = field(default_factory=dict)
    news: asyncio.Event = field(default_factory=asyncio.Event)
    actions: int = 0

    def at(self, step: int) -> bool:
        """Whether every seat's stream has brought the document of ``step`` (or later)."""
        return len(self.documents) == len(self.tokens) and all(
            d["view"]["step"] >= step for d in self.documents.values()
        )

    async def until(self, step: int) -> None:
        """Wait until every seat has the document of ``step``."""
        while not self.at(step):
            self.news.clear()
            await self.news.wait()


@dataclass
class Run:
    """What one run measured."""

    checkout: Path
    cpu: float
    actions: int
    wall: float

    @property
    def ms_per_action(self) -> float:
        """The server's CPU milliseconds per applied action."""
        return self.cpu / self.actions * 1000


def _open_tables(client: httpx.Client, tables: int) -> list[Table]:
    """Open the tables and claim every invitation, in order."""
    return [Table(*open_table(client, PLAYERS)) for _ in range(tables)]


async def _stream(client: httpx.AsyncClient, table: Table, seat: int) -> None:
    """Keep ``table.documents[seat]`` up to date from the seat's push stream."""
    headers = {"Authorization": f"Bearer {table.tokens[seat]}"}
    since = 0
    while True:  # a stream ends after the server's timings.stream; open the next
        url = f"/api/tables/{table.id}/stream?since={since}"
        async with client.stream("GET", url, headers=headers) as reply:
            reply.raise_for_status()
            async for document in seat_documents(reply):
                since = document["next"]
                table.documents[seat] = document
                table.news.set()


async def _drive(
    client: httpx.AsyncClient, table: Table, rng: random.Random, actions: int
) -> None:
    """Play ``table`` in lock step: post, then wait for every seat's document of the step."""
    step = table.documents[0]["view"]["step"]
    await table.until(step)
    while not table.documents[0]["table"]["over"] and (actions == 0 or table.actions < actions):
        legal = {s: d["view"]["legal_actions"] for s, d in sorted(table.documents.items())}
        seat = rng.choice([s for s, options in legal.items() if options])
        action = {**choose(rng, legal[seat]), "format": FORMAT}
        reply = await client.post(
            f"/api/tables/{table.id}/actions?step={step}",
            json=action,
            headers={"Authorization": f"Bearer {table.tokens[seat]}"},
        )
        if reply.status_code != 200:
            raise RuntimeError(f"table {table.id} step {step}: {reply.status_code} {reply.text}")
        table.actions += 1
        step = int(reply.json()["step"])
        await table.until(step)


async def _play(base: str, tables: list[Table], actions: int, seed: int, pid: int) -> float:
    """Stream every seat, play every table; the server's CPU seconds over the play."""
    seats = len(tables) * PLAYERS
    limits = httpx.Limits(max_connections=seats * 2 + 10)
    timeout = httpx.Timeout(30.0, read=None)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        streams = [
            asyncio.ensure_future(_stream(client, table, seat))
            for table in tables
            for seat in range(PLAYERS)
        ]
        try:
            ready = asyncio.gather(*(t.until(0) for t in tables))
            await asyncio.wait_for(ready, timeout=60)
            cpu = cpu_seconds(pid)
            drivers = [
                _drive(client, table, random.Random(f"{seed}:{k}"), actions)
                for k, table in enumerate(tables)
            ]
            await asyncio.gather(*drivers)
            cpu = cpu_seconds(pid) - cpu
        finally:
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
    return cpu


def run(checkout: Path, python: str, tables: int, actions: int, seed: int) -> Run:
    """Start ``checkout``'s server, play the fixed workload on it, and measure."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        command = [python, "-c", SERVER, str(seed), str(checkout), "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "cpu.sqlite3"), "--rate", "0"]
        command += ["--tables-per-minute", "0", "--max-tables", str(tables)]
        command += ["--tables-per-address", str(tables)]
        command += ["--turn", "600", "--open-idle", "600", "--going", "600"]
        command += ["--connections-per-address", "5000", "--connections", "5000"]
        command += ["--streams-per-address", "5000"]
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        server = subprocess.Popen(command, cwd=checkout, env=env, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, server)
            with httpx.Client(base_url=base) as client:
                opened = _open_tables(client, tables)
            wall = time.monotonic()
            cpu = asyncio.run(_play(base, opened, actions, seed, server.pid))
            wall = time.monotonic() - wall
            steps = sum(
                httpx.get(f"{base}/api/tables/{t.id}").json()["table"]["step"] for t in opened
            )
        finally:
            server.kill()
            server.wait()
    played = sum(t.actions for t in opened)
    if steps != played:
        raise RuntimeError(f"{checkout}: {played} actions posted but the tables show {steps}")
    return Run(checkout, cpu, played, wall)


def main(argv: list[str] | None = None) -> int:
    """Run the workload on one checkout, or on two interleaved, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--checkout", type=Path, default=ROOT, help="the code the server runs (default: this)"
    )
    parser.add_argument("--against", type=Path, help="a second checkout, run interleaved")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each checkout (5)")
    parser.add_argument("--tables", type=int, default=20, help="tables of five people (20)")
    parser.add_argument(
        "--actions", type=int, default=120, help="actions per table; 0: to the end (120)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--python", default=sys.executable, help="the server's interpreter")
    args = parser.parse_args(argv)

    checkouts = [args.checkout.resolve()]
    if args.against is not None:
        checkouts.append(args.against.resolve())
    print(
        f"{args.tables} tables of {PLAYERS} people, every seat on a stream,"
        f" {args.actions or 'all'} actions a table, seed {args.seed}, {args.python}"
    )
    runs: dict[Path, list[Run]] = {c: [] for c in checkouts}
    for round_ in range(1, args.rounds + 1):
        for checkout in checkouts:
            done = run(checkout, args.python, args.tables, args.actions, args.seed)
            runs[checkout].append(done)
            print(
                f"round {round_} {checkout}: {done.actions} actions, {done.cpu:.2f} s CPU,"
                f" {done.ms_per_action:.3f} ms/action ({done.wall:.1f} s wall)",
                flush=True,
            )
            totals = {r.actions for rs in runs.values() for r in rs}
            if len(totals) > 1:
                print(f"the totals of actions differ: {sorted(totals)}; not a fixed workload")
                return 1
    medians = {c: statistics.median(r.ms_per_action for r in rs) for c, rs in runs.items()}
    for checkout, median in medians.items():
        spread = [r.ms_per_action for r in runs[checkout]]
        print(
            f"median {checkout}: {median:.3f} ms/action"
            f" (from {min(spread):.3f} to {max(spread):.3f})"
        )
    if args.against is not None:
        this, other = checkouts
        print(
            f"ratio {this.name} / {other.name}: {medians[this] / medians[other]:.3f}"
            " (above 1: --checkout costs more per action)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
