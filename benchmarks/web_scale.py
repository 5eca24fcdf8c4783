"""The web table on 1, 2 and 4 server processes: SQLite and PostgreSQL side by side, in one run.

    pip install -e '.[web-postgres]' httpx2    # and Debian's postgresql (initdb, pg_ctl)
    python benchmarks/web_scale.py                         # 8 and 32 tables, 20 s each
    python benchmarks/web_scale.py --tables 4 --seconds 5  # a quick look

For each store and each count of processes (SQLite: one process, as it must
be; PostgreSQL: 1, 2 and 4 on one database) it starts ``modern-art serve``
that many times, opens the tables (three people each, every invitation
claimed on another process), and plays them for ``--seconds``: each seat
reads its view and posts a pass where it may, else its first legal action,
on the processes in turn, as a load balancer would send them. It prints the
actions applied a second, the posts' latency (p50, p99), the errors (any
answer but 200 and the expected 409), and, with a push stream open on
another process than the one posted to, how long a move takes to reach it
(p50, p99: PostgreSQL's notifications, on two processes or more).

PostgreSQL runs on this machine, started for the run in a temporary folder
(tests/helpers/postgres.py) and stopped at the end; clients, servers and
the database share its cores, so the figures are ratios of one run, not a
capacity.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT))

from tests.helpers import postgres  # noqa: E402 (the checkout's test helper)
from tests.helpers.webclient import free_port, serve  # noqa: E402

FLAGS = ["--max-tables", "500",
         "--tables-per-address", "500", "--streams-per-address", "500",
         "--connections-per-address", "900"]  # fmt: skip


def _start(db: str, ports: list[int]) -> list[subprocess.Popen[bytes]]:
    return [serve(db, port, *FLAGS) for port in ports]


def _choice(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return next((a for a in legal if a["type"] == "Pass"), legal[0])


async def _open(client: httpx.AsyncClient, bases: list[str]) -> tuple[str, dict[int, str]]:
    reply = await client.post(f"{bases[0]}/api/tables", json={"players": 3, "humans": [0, 1, 2]})
    body = reply.json()
    tokens = {body["you"]["seat"]: body["you"]["token"]}
    for n, invitation in enumerate(body["invitations"]):
        code = invitation["link"].split("#invite=")[1]
        base = bases[(n + 1) % len(bases)]
        claimed = await client.post(
            f"{base}/api/tables/{body['table']}/claim", json={"invite": code}
        )
        tokens[invitation["seat"]] = claimed.json()["token"]
    return body["table"], tokens


async def _seat(client: httpx.AsyncClient, bases: list[str], table: str, seat: int, token: str,
                until: float, stats: dict[str, Any]) -> None:  # fmt: skip
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    turn = seat
    while time.monotonic() < until:
        turn += 1
        base = bases[turn % len(bases)]
        reply = await client.get(f"{base}/api/tables/{table}/seat", headers=headers)
        if reply.status_code != 200:
            stats["errors"] += 1
            continue
        view = reply.json()["view"]
        if view["phase"]["type"] == "GameOver":
            return
        if not view["legal_actions"]:
            await asyncio.sleep(0.02)
            continue
        start = time.perf_counter()
        posted = await client.post(
            f"{base}/api/tables/{table}/actions?step={view['step']}",
            content=json.dumps(_choice(view["legal_actions"])),
            headers=headers,
        )
        stats["latency"].append(time.perf_counter() - start)
        if posted.status_code == 200:
            stats["actions"] += 1
        elif posted.status_code != 409:
            stats["errors"] += 1


async def _push_delay(bases: list[str], moves: int = 80) -> list[float]:
    """Moves posted to the first process, seen on a stream of the last: seconds, each move."""
    delays: list[float] = []
    async with httpx.AsyncClient(timeout=30) as client:
        table, tokens = await _open(client, bases)
        heads = {
            seat: {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
            for seat, token in tokens.items()
        }
        posted_at: dict[int, float] = {}
        arrived: asyncio.Queue[int] = asyncio.Queue()

        async def watch() -> None:
            url = f"{bases[-1]}/api/tables/{table}/stream"
            async with client.stream("GET", url, headers=heads[1]) as stream:
                async for line in stream.aiter_lines():
                    if line.startswith("data:") and '"view"' in line:
                        step = json.loads(line[5:])["view"]["step"]
                        if step in posted_at:
                            delays.append(time.perf_counter() - posted_at.pop(step))
                        arrived.put_nowait(step)

        watching = asyncio.create_task(watch())
        await arrived.get()  # the stream's first document
        for _ in range(moves):
            seat_view = await client.get(f"{bases[0]}/api/tables/{table}/seat", headers=heads[0])
            view = seat_view.json()["view"]
            if view["phase"]["type"] == "GameOver":
                break
            seat = min(view["to_act"])
            mine = await client.get(f"{bases[0]}/api/tables/{table}/seat", headers=heads[seat])
            legal = mine.json()["view"]["legal_actions"]
            posted_at[view["step"] + 1] = time.perf_counter()
            reply = await client.post(
                f"{bases[0]}/api/tables/{table}/actions?step={view['step']}",
                content=json.dumps(_choice(legal)),
                headers=heads[seat],
            )
            if reply.status_code != 200:
                posted_at.pop(view["step"] + 1, None)
                continue
            while (await asyncio.wait_for(arrived.get(), 10)) < reply.json()["step"]:
                pass
        watching.cancel()
    return delays


async def _run(bases: list[str], tables: int, seconds: float) -> dict[str, Any]:
    stats: dict[str, Any] = {"actions": 0, "errors": 0, "latency": []}
    limits = httpx.Limits(max_connections=4 * tables)
    async with httpx.AsyncClient(timeout=30, limits=limits) as client:
        opened = [await _open(client, bases) for _ in range(tables)]
        until = time.monotonic() + seconds
        start = time.monotonic()
        await asyncio.gather(*(
            _seat(client, bases, table, seat, token, until, stats)
            for table, tokens in opened for seat, token in tokens.items()
        ))  # fmt: skip
        stats["wall"] = time.monotonic() - start
    return stats


def _quantile(values: list[float], q: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(q * 100) - 1]


def _row(store: str, processes: int, tables: int, stats: dict[str, Any], push: list[float]) -> str:
    """One line of the table: a store, its processes and tables, and what was measured."""
    lat = [1000 * s for s in stats["latency"]]
    ms = [1000 * s for s in push]
    pushed = f"{_quantile(ms, 0.5):.0f} / {_quantile(ms, 0.99):.0f} ms" if push else "-"
    return (
        f"{store:10} {processes} proc {tables:3} tables: "
        f"{stats['actions'] / stats['wall']:7.1f} actions/s, post p50"
        f" {_quantile(lat, 0.5):5.1f} ms p99 {_quantile(lat, 0.99):6.1f} ms,"
        f" {stats['errors']} errors, push to another process p50/p99 {pushed}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", type=int, action="append", help="tables (repeat; default 8, 32)"
    )
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args(argv)
    counts = args.tables or [8, 32]
    cluster = postgres.start_cluster()
    rows = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            runs = [("sqlite", 1)] + [("postgresql", n) for n in (1, 2, 4)]
            for store, processes in runs:
                for tables in counts:
                    name = f"scale_{store}_{processes}_{tables}"
                    db = (postgres.fresh_database(cluster, name) if store == "postgresql"
                          else str(Path(folder, f"{name}.sqlite3")))  # fmt: skip
                    ports = [free_port() for _ in range(processes)]
                    servers = _start(db, ports)
                    bases = [f"http://127.0.0.1:{p}" for p in ports]
                    try:
                        stats = asyncio.run(_run(bases, tables, args.seconds))
                        push = asyncio.run(_push_delay(bases)) if processes > 1 else []
                    finally:
                        for server in servers:
                            server.terminate()
                            server.wait(timeout=30)
                    rows.append((store, processes, tables, stats, push))
                    print(_row(store, processes, tables, stats, push), flush=True)
    finally:
        postgres.stop_cluster(cluster)
    return 0 if all(r[3]["errors"] == 0 for r in rows) else 1


if __name__ == "__main__":
    raise SystemExit(main())
