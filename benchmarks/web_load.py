"""Load on the web table: many people at many tables, every seat on a push stream.

    pip install -e '.[web]' httpx2
    python benchmarks/web_load.py                      # 60 tables of 5 people, 60 s
    python benchmarks/web_load.py --tables 2 --players 3 --seconds 5   # a quick look
    python benchmarks/web_load.py --abuse 60           # the database after an abuse run

Starts ``modern-art serve`` (per-address limits off, bots never used:
every seat is a simulated person) on a fresh database, opens the tables,
and gives every seat its own stream (``GET /stream``, read as the page reads
it) and its own little player: when a pushed document offers it actions, it
waits a moment and posts one (a pass where it may, else a random legal
action, small bids). Open auctions let several people act at once, so some
posts come back 409 (stale), as they would in a browser.

Every seat after the first of a table is claimed by its invitation, as a
friend's browser would. The simulated people all come from 127.0.0.1, so
the per-address connection and stream limits are raised for the run.

It prints the latency of posts (p50 and p99), the errors (any answer but
200 and the expected 409, and broken streams), the server's CPU time per
applied action (user + system time of the server process, from ``/proc``,
over the run, divided by the actions the tables applied) and the server's
memory (resident set at the end and its peak). The people are simulated by ``--clients``
processes (2 by default) on the same machine, which compete with the
server for CPU: the CPU and memory figures are the server process's alone,
the round trips include the clients' own delays.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).parents[1]
FORMAT = "modern-art/1"


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process ``pid`` has used so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks  # utime, stime


def _memory_kib(pid: int) -> dict[str, int]:
    found = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            found[name] = int(value.split()[0])
    return found


class Stats:
    """What the players of one client process saw (picklable, to add up)."""

    def __init__(self) -> None:
        self.posts: list[float] = []
        self.statuses: dict[int, int] = {}
        self.pushed = 0
        self.errors: list[str] = []

    def add(self, other: Stats) -> None:
        """Add ``other``'s counts to these."""
        self.posts += other.posts
        for status, count in other.statuses.items():
            self.statuses[status] = self.statuses.get(status, 0) + count
        self.pushed += other.pushed
        self.errors += other.errors


def choose(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A simulated person's action: a pass where it may (60%), else small bids and prices."""
    passes = [a for a in legal if a["type"] == "Pass"]
    if passes and rng.random() < 0.6:
        return passes[0]
    bids = [a for a in legal if a["type"] == "Bid" and a["amount"] <= 12]
    prices = [a for a in legal if a["type"] == "SetPrice" and a["price"] <= 15]
    others = [a for a in legal if a["type"] not in ("Bid", "SetPrice", "Pass")]
    pool = others or bids or prices or legal
    return rng.choice(pool)


async def seat_documents(reply: httpx.Response) -> AsyncIterator[dict[str, Any]]:
    """The seat documents (``event: seat``) a push stream's reply brings, as they come."""
    buffer = ""
    async for text in reply.aiter_text():
        buffer += text
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            data = [ln[6:] for ln in block.split("\n") if ln.startswith("data: ")]
            if data and "event: seat" in block:
                yield json.loads("".join(data))


async def _seat(
    client: httpx.AsyncClient,
    table: str,
    token: str,
    until: float,
    stats: Stats,
    rng: random.Random,
) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    since = 0
    while time.monotonic() < until:
        try:
            async with client.stream(
                "GET", f"/api/tables/{table}/stream?since={since}", headers=headers
            ) as reply:
                async for document in seat_documents(reply):
                    stats.pushed += 1
                    since = document["next"]
                    if document["table"]["over"] or time.monotonic() >= until:
                        return
                    legal = document["view"]["legal_actions"]
                    if legal:
                        await asyncio.sleep(rng.uniform(0.05, 0.3))  # a person's moment
                        await _post(client, table, headers, document, rng, stats)
        except httpx.HTTPError as err:
            stats.errors.append(repr(err))
            await asyncio.sleep(0.2)


async def _post(
    client: httpx.AsyncClient,
    table: str,
    headers: dict[str, str],
    document: dict[str, Any],
    rng: random.Random,
    stats: Stats,
) -> None:
    action = {**choose(rng, document["view"]["legal_actions"]), "format": FORMAT}
    started = time.perf_counter()
    reply = await client.post(
        f"/api/tables/{table}/actions?step={document['view']['step']}",
        json=action,
        headers=headers,
    )
    stats.posts.append(time.perf_counter() - started)
    stats.statuses[reply.status_code] = stats.statuses.get(reply.status_code, 0) + 1


def open_table(client: httpx.Client, players: int) -> tuple[str, list[str]]:
    """Open a table of ``players`` people and claim every invitation: its id, each seat's token."""
    body = {"players": players, "humans": list(range(players))}
    reply = client.post("/api/tables", json=body)
    reply.raise_for_status()
    opened = reply.json()
    table, tokens = opened["table"], [opened["you"]["token"]]
    for invitation in opened["invitations"]:
        code = invitation["link"].split("#invite=")[1]
        claimed = client.post(f"/api/tables/{table}/claim", json={"invite": code})
        claimed.raise_for_status()
        tokens.append(claimed.json()["token"])
    return table, tokens


def wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    """Return once the server at ``base`` answers; a RuntimeError if it exits or takes 15 s."""
    deadline = time.monotonic() + 15
    while True:
        try:
            httpx.get(f"{base}/api/options", timeout=1)
            return
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server at {base} did not start") from None
            time.sleep(0.05)


def _open_tables(base: str, tables: int, players: int) -> list[tuple[str, str]]:
    """Open the tables and claim every invitation; every seat's (table, token)."""
    with httpx.Client(base_url=base) as client:
        opened = [open_table(client, players) for _ in range(tables)]
    return [(table, token) for table, tokens in opened for token in tokens]


async def _play(base: str, seats: list[tuple[str, str]], seconds: float, seed: int) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=len(seats) * 2 + 10)
    timeout = httpx.Timeout(30.0, read=None)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=timeout) as client:
        until = time.monotonic() + seconds
        rng = random.Random(seed)
        players = [
            asyncio.ensure_future(
                _seat(client, table, token, until, stats, random.Random(rng.random()))
            )
            for table, token in seats
        ]
        await asyncio.wait(players, timeout=seconds)
        for player in players:  # a stream waiting for news does not look at the time
            player.cancel()
        await asyncio.gather(*players, return_exceptions=True)
    return stats


def _client(job: tuple[str, list[tuple[str, str]], float, int]) -> Stats:
    """One client process: its share of the seats."""
    base, seats, seconds, seed = job
    return asyncio.run(_play(base, seats, seconds, seed))


def main(argv: list[str] | None = None) -> int:
    """Run the load and print what the server spent."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--players", type=int, default=5, choices=(3, 4, 5))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clients", type=int, default=2, help="processes simulating the people (default 2)"
    )
    parser.add_argument(
        "--abuse",
        type=float,
        metavar="S",
        help="instead: S seconds of abuse (16 addresses opening tables they abandon, with"
        " rotated X-Forwarded-For), then the database's size",
    )
    args = parser.parse_args(argv)
    if args.abuse:
        return abuse(args.abuse)

    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "modern_art", "serve", "--port", str(port)]
        command += ["--db", str(Path(tmp) / "load.sqlite3"), "--rate", "0"]
        command += ["--tables-per-minute", "0", "--max-tables", str(args.tables)]
        command += ["--tables-per-address", str(args.tables), "--turn", "600"]
        command += ["--connections-per-address", "5000", "--connections", "5000"]
        command += ["--streams-per-address", "5000"]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, server)
            seats = _open_tables(base, args.tables, args.players)
            tables = [table for table, _ in seats[:: args.players]]
            jobs = [
                (base, seats[k :: args.clients], args.seconds, args.seed + k)
                for k in range(args.clients)
            ]
            cpu_before = cpu_seconds(server.pid)
            wall = time.monotonic()
            with multiprocessing.Pool(args.clients) as pool:
                stats = Stats()
                for part in pool.map(_client, jobs):
                    stats.add(part)
            wall = time.monotonic() - wall
            cpu = cpu_seconds(server.pid) - cpu_before
            memory = _memory_kib(server.pid)
            steps = sum(
                httpx.get(f"{base}/api/tables/{t}").json()["table"]["step"] for t in tables
            )
        finally:
            server.kill()
            server.wait()

    posts = sorted(stats.posts)
    print(f"{args.tables} tables of {args.players} people: {len(seats)} seats, each on a stream,")
    print(f"  simulated by {args.clients} client processes")
    print(f"run: {wall:.1f} s wall; {steps} actions applied ({steps / wall:.0f}/s)")
    print(f"pushed documents received: {stats.pushed}; posts by status: {stats.statuses}")
    errors = sum(n for status, n in stats.statuses.items() if status not in (200, 409))
    print(
        f"errors: {errors} posts answered neither 200 nor 409, {len(stats.errors)} broken streams"
    )
    if steps:
        print(f"server CPU: {cpu:.2f} s, {cpu / steps * 1000:.2f} ms per applied action")
    print(f"server memory: {memory.get('VmRSS', 0) / 1024:.1f} MiB resident at the end,")
    print(f"  {memory.get('VmHWM', 0) / 1024:.1f} MiB at the peak")
    if posts:
        median = statistics.median(posts) * 1000
        p99 = posts[min(len(posts) - 1, int(len(posts) * 0.99))] * 1000
        print(f"post round trip: p50 {median:.1f} ms, p99 {p99:.1f} ms ({len(posts)} posts)")
    if stats.errors:
        print(f"{len(stats.errors)} stream errors, first: {stats.errors[0]}")
    return 0


def _abuser(job: tuple[str, str, float, int]) -> int:
    """One abusing address: open tables as fast as it may, never play; how many opened."""
    base, address, seconds, seed = job
    rng = random.Random(seed)
    opened = 0
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=base, transport=transport, timeout=10) as client:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            forged = {"X-Forwarded-For": f"198.51.{rng.randrange(256)}.{rng.randrange(256)}"}
            reply = client.post("/api/tables", json={"players": 5, "humans": [0]}, headers=forged)
            if reply.status_code == 201:
                opened += 1
            else:
                time.sleep(0.05)
    return opened


def abuse(seconds: float, addresses: int = 16) -> int:
    """Tables opened and abandoned by many addresses; the database's size as it goes."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "abuse.sqlite3"
        command = [sys.executable, "-m", "modern_art", "serve", "--port", str(port)]
        command += ["--db", str(db), "--rate", "0", "--tables-per-minute", "0", "--ttl", "5"]
        server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_until_up(base, server)
            jobs = [(base, f"127.0.0.{2 + k}", seconds, k) for k in range(addresses)]
            sizes = []
            with multiprocessing.Pool(addresses) as pool:
                pending = pool.map_async(_abuser, jobs)
                while not pending.ready():
                    pending.wait(timeout=seconds / 6)
                    size = sum(f.stat().st_size for f in Path(tmp).glob("abuse.sqlite3*"))
                    sizes.append(size)
                opened = sum(pending.get())
            with sqlite3.connect(db) as con:
                (rows,) = con.execute("SELECT COUNT(*) FROM game_tables").fetchone()
        finally:
            server.kill()
            server.wait()
    print(f"abuse: {addresses} addresses, {seconds:.0f} s, forged X-Forwarded-For on every post")
    print(f"tables opened and abandoned: {opened} ({opened / seconds * 60:.0f} a minute)")
    print(f"tables in the database at the end: {rows} (the server holds at most 64 unfinished)")
    print(
        "database size (file + WAL) as it went, KiB: " + ", ".join(f"{s // 1024}" for s in sizes)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
