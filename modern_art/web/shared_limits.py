"""The per-network limits of every server process on one PostgreSQL, counted together.

One process counts a network's requests, table openings, push streams and
connections itself (:class:`~modern_art.web.guard.Guard`,
:mod:`modern_art.web.connections`). Behind a load balancer that spreads a
client over three processes, each would allow it a whole share, three in
all. :class:`SharedLimits` makes the database the record of what each
network has used, so that three processes allow no more than one:

- **rates** (``--rate``, ``--tables-per-minute``): each network's token
  bucket is a row (``network_buckets``). A process decides each request on
  its own copy of the bucket at once, with no wait on the database, and
  every :data:`SYNC_EVERY` seconds hands the tokens it took to the row (an
  upsert a network, all in one transaction) and takes the row's tokens back
  as its copy.
  The row may go below zero: what several processes let through between two
  syncs is owed, and the network waits until it is paid. So over any while,
  the network gets the rate once, **(decision)** with one exception: a
  network never seen before gets a burst from each process, once, before the
  first sync tells them about each other.
- **holdings** (``--streams-per-address``, ``--connections-per-address``):
  each process writes what each network holds open on it now
  (``network_holds``, one row a process, kind and network) and reads the sum
  over the other processes seen in the last :data:`PROCESS_TTL` seconds
  (``server_processes``); a newcomer is refused when its network's
  streams or connections here and elsewhere reach the limit. A killed
  process's holdings stop counting :data:`PROCESS_TTL` seconds later.

The sync runs in a thread of its own, on a connection of its own, so the
event loop never waits for the database. When the database cannot be
reached, each process goes on counting alone (a log line says so) and the
counts are shared again when it comes back: a limit that fails open on one
process, rather than a server that refuses everyone.

The clock of the rows is the database's (``clock_timestamp()``), the one
clock every process agrees on.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from typing import Any

import psycopg

from modern_art.web.guard import Buckets

__all__ = ["PROCESS_TTL", "SYNC_EVERY", "SharedBuckets", "SharedLimits"]

log = logging.getLogger(__name__)

SYNC_EVERY = 0.2
"""Seconds between two syncs of a process's counts with the database."""

PROCESS_TTL = 5.0
"""Seconds after its last sync that a process's holdings stop counting (it was killed)."""

_PRUNE_EVERY = 60.0  # seconds between two deletions of full buckets and dead processes' rows

_NOW = "extract(epoch FROM clock_timestamp())"

_SPEND = f"""
INSERT INTO network_buckets AS b (kind, network, tokens, at, rate, burst)
VALUES (%(kind)s, %(network)s, %(burst)s - %(spent)s, {_NOW}, %(rate)s, %(burst)s)
ON CONFLICT (kind, network) DO UPDATE SET
    tokens = LEAST(EXCLUDED.burst, b.tokens + (EXCLUDED.at - b.at) * EXCLUDED.rate)
             - %(spent)s,
    at = EXCLUDED.at, rate = EXCLUDED.rate, burst = EXCLUDED.burst
RETURNING tokens
"""


class SharedBuckets(Buckets):
    """A kind of token bucket by network whose tokens all processes share.

    It decides at once on its own copy (:meth:`take`); :class:`SharedLimits`
    hands what it took to the database and sets the copy to the shared row.
    """

    def __init__(self, kind: str, rate: float, burst: float) -> None:
        super().__init__(rate, burst)
        self.kind = kind
        self._lock = threading.Lock()
        self._spent: dict[str, float] = {}

    def take(self, address: str, now: float) -> float | None:
        with self._lock:
            wait = super().take(address, now)
            if wait is None and self.rate > 0:
                self._spent[address] = self._spent.get(address, 0.0) + 1.0
            return wait

    def spent(self) -> dict[str, float]:
        """The tokens taken since the last call, by network (they are now being handed over)."""
        with self._lock:
            spent, self._spent = self._spent, {}
            return spent

    def owe(self, spent: Mapping[str, float]) -> None:
        """Take back tokens that could not be handed over (the database was away)."""
        with self._lock:
            for network, tokens in spent.items():
                self._spent[network] = self._spent.get(network, 0.0) + tokens

    def settle(self, network: str, tokens: float, now: float) -> None:
        """The shared row's ``tokens`` at ``now`` (this process's clock), less what was
        taken here since it was read."""
        with self._lock:
            bucket = self.bucket(network, now)
            bucket.tokens = tokens - self._spent.get(network, 0.0)
            bucket.at = now


class SharedLimits:
    """The per-network limits of all processes on the database at ``url``.

    Args:
        url: the ``postgresql://`` URL of the store
            (:class:`~modern_art.web.postgres.PostgresStore`), whose schema
            holds the rows (migration 2).
        timeout: seconds a connection or a statement may take.
        clock: this process's monotonic seconds, the clock of the
            :class:`~modern_art.web.guard.Guard`'s buckets.

    Call :meth:`start` once the buckets and holdings are made, :meth:`close`
    at the end (its rows are deleted: its holdings stop counting at once).
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.url = url
        self.process = uuid.uuid4().hex
        """This process's name in the rows."""
        self._timeout = timeout
        self._clock = clock
        self._buckets: list[SharedBuckets] = []
        self._holdings: dict[str, Callable[[], Mapping[str, int]]] = {}
        self._elsewhere: dict[tuple[str, str], int] = {}
        self._written: dict[tuple[str, str], int] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._synced = threading.Event()
        self._away = False

    def buckets(self, kind: str, rate: float, burst: float) -> SharedBuckets:
        """The shared token buckets of ``kind`` (``"requests"``, ``"openings"``)."""
        made = SharedBuckets(kind, rate, burst)
        self._buckets.append(made)
        return made

    def holdings(self, kind: str, here: Callable[[], Mapping[str, int]]) -> None:
        """Count ``kind`` (``"streams"``, ``"connections"``) across processes;
        ``here()`` gives this process's count by network (called in the sync's thread)."""
        self._holdings[kind] = here

    def elsewhere(self, kind: str, network: str) -> int:
        """What ``network`` holds of ``kind`` on the other processes, as last synced."""
        return self._elsewhere.get((kind, network), 0)

    def start(self) -> None:
        """Start syncing, in a thread of its own; returns after the first sync (or its timeout)."""
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="modern-art-limits", daemon=True)
        self._thread.start()
        self._synced.wait(self._timeout)

    def close(self) -> None:
        """Stop syncing and delete this process's rows."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self._timeout + 1)
            self._thread = None

    def _run(self) -> None:
        last_prune = -_PRUNE_EVERY
        while not self._stop.is_set():
            try:
                with self._connect() as db:
                    if self._away:
                        log.warning("the per-network limits are shared again")
                        self._away = False
                    while not self._stop.is_set():
                        self.sync(db)
                        self._synced.set()
                        if self._clock() - last_prune >= _PRUNE_EVERY:
                            last_prune = self._clock()
                            _prune(db)
                        self._stop.wait(SYNC_EVERY)
                    with contextlib.suppress(psycopg.Error):
                        _forget(db, self.process)
            except psycopg.Error as err:
                if not self._away:
                    log.error(
                        "the per-network limits cannot be shared (%s): each process counts"
                        " alone until the database answers again",
                        err,
                    )
                    self._away = True
                self._elsewhere = {}
                self._synced.set()
                self._stop.wait(1.0)

    def _connect(self) -> psycopg.Connection[Any]:
        ms = max(1, round(self._timeout * 1000))
        return psycopg.connect(
            self.url,
            connect_timeout=max(1, round(self._timeout)),
            options=f"-c lock_timeout={ms} -c statement_timeout={ms}",
        )

    def sync(self, db: psycopg.Connection[Any]) -> None:
        """One sync, in one transaction: hand over the tokens taken, read the shared ones,
        write this process's holdings, read the others'."""
        spent = [(bucket, bucket.spent()) for bucket in self._buckets]
        try:
            with db.transaction():
                settled = []
                for bucket, taken in spent:
                    for network, tokens in sorted(taken.items()):  # one order: no deadlock
                        row = db.execute(
                            _SPEND,
                            {
                                "kind": bucket.kind,
                                "network": network,
                                "spent": tokens,
                                "rate": bucket.rate,
                                "burst": bucket.burst,
                            },
                        ).fetchone()
                        if row is not None:
                            settled.append((bucket, network, float(row[0])))
                self._write_holdings(db)
                rows = db.execute(
                    "SELECT h.kind, h.network, sum(h.held) FROM network_holds h"
                    " JOIN server_processes p ON p.process = h.process"
                    f" WHERE h.process <> %s AND p.seen > {_NOW} - %s"
                    " GROUP BY h.kind, h.network",
                    (self.process, PROCESS_TTL),
                ).fetchall()
        except BaseException:
            for bucket, taken in spent:
                bucket.owe(taken)
            self._written = {}  # rolled back: written again in full next time
            raise
        now = self._clock()
        for bucket, network, tokens in settled:
            bucket.settle(network, tokens, now)
        self._elsewhere = {(kind, network): int(held) for kind, network, held in rows}

    def _write_holdings(self, db: psycopg.Connection[Any]) -> None:
        db.execute(
            f"INSERT INTO server_processes (process, seen) VALUES (%s, {_NOW})"
            " ON CONFLICT (process) DO UPDATE SET seen = EXCLUDED.seen",
            (self.process,),
        )
        now: dict[tuple[str, str], int] = {}
        for kind, here in self._holdings.items():
            for network, held in here().items():
                if held > 0:
                    now[(kind, network)] = held
        for (kind, network), held in now.items():
            if self._written.get((kind, network)) != held:
                db.execute(
                    "INSERT INTO network_holds (process, kind, network, held)"
                    " VALUES (%s, %s, %s, %s) ON CONFLICT (process, kind, network)"
                    " DO UPDATE SET held = EXCLUDED.held",
                    (self.process, kind, network, held),
                )
        for kind, network in self._written.keys() - now.keys():
            db.execute(
                "DELETE FROM network_holds WHERE process = %s AND kind = %s AND network = %s",
                (self.process, kind, network),
            )
        self._written = now


def _prune(db: psycopg.Connection[Any]) -> None:
    """Delete full buckets (nothing to remember) and the rows of processes long gone."""
    with db.transaction():
        db.execute(f"DELETE FROM network_buckets WHERE tokens + ({_NOW} - at) * rate >= burst")
        db.execute(f"DELETE FROM server_processes WHERE seen < {_NOW} - %s", (PROCESS_TTL * 12,))


def _forget(db: psycopg.Connection[Any], process: str) -> None:
    """Delete a process's rows as it stops: its holdings stop counting at once."""
    with db.transaction():
        db.execute("DELETE FROM server_processes WHERE process = %s", (process,))
