"""The open tables of one server: opening, finding, moving on and expiring them.

>>> from examples.web.tables import Timings
>>> now = [0.0]
>>> registry = Registry(Timings(bot_delay=0.0), clock=lambda: now[0])
>>> table, tokens = registry.open_table(["Ann", "Bot 1", "Bot 2"], humans=[0], seed=3)
>>> table.seat_of(tokens[0]), table.state.to_act
(0, frozenset({0}))
>>> now[0] = 3600.0   # nobody has looked for an hour: the table expires
>>> registry.expire() == [table.id], registry.tables
(True, {})
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Collection, Sequence

import modern_art as ma
from examples.web.tables import BOTS, Seat, Table, TableError, Timings

__all__ = ["Registry"]


class Registry:
    """The open tables of one server, found by id; abandoned tables expire.

    Args:
        timings: how fast tables run.
        clock: seconds, monotonic; ``time.monotonic`` unless a test injects one.
        max_tables: how many tables may be open at once.
        token: makes secret tokens; ``secrets.token_urlsafe`` by default.
    """

    def __init__(
        self,
        timings: Timings | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_tables: int = 64,
        token: Callable[[int], str] = secrets.token_urlsafe,
    ) -> None:
        self.timings = timings or Timings()
        self.clock = clock
        self.max_tables = max_tables
        self._token = token
        self.tables: dict[str, Table] = {}
        self.lock = threading.RLock()

    def open_table(
        self,
        names: Sequence[str],
        *,
        humans: Collection[int],
        bot: str = "heuristic",
        seed: int | None = None,
        rules: ma.Rules | None = None,
        deck: Sequence[ma.Card] | None = None,
        first_auctioneer: int = 0,
    ) -> tuple[Table, dict[int, str]]:
        """Open a table: ``humans`` are the people's seats, bots of kind ``bot`` take the rest.

        ``seed`` shuffles the deck (unless a stacked ``deck`` is given) and
        seeds the bots; ``rules``, ``deck`` and ``first_auctioneer`` go to
        :func:`modern_art.new_game`.

        Returns:
            The table and each person's seat token, by seat.

        Raises:
            TableError: 503 when ``max_tables`` are open.
            ValueError: a bad seat, bot kind or game set-up.
        """
        if bot not in BOTS:
            raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
        people = set(humans)
        if not people or not people <= set(range(len(names))):
            raise ValueError(
                f"humans must be some of the seats 0 to {len(names) - 1}, got {sorted(people)}"
            )
        state = ma.new_game(
            list(names),
            seed=None if deck is not None else seed,
            deck=deck,
            rules=rules,
            first_auctioneer=first_auctioneer,
        )
        bot_seed = seed if seed is not None else secrets.randbits(32)
        seats = [
            Seat(name, token=self._token(24))
            if s in people
            else Seat(name, agent=BOTS[bot](bot_seed + s), bot=bot)
            for s, name in enumerate(names)
        ]
        with self.lock:
            now = self.clock()
            self.expire(now)
            if len(self.tables) >= self.max_tables:
                raise TableError(503, f"all {self.max_tables} tables are in use; try again later")
            table_id = self._token(9)
            while table_id in self.tables:  # pragma: no cover (9 random bytes)
                table_id = self._token(9)
            table = Table(table_id, state, seats, self.timings, now)
            self.tables[table_id] = table
            table.advance(now)
        return table, {s: seat.token for s, seat in enumerate(seats) if seat.token is not None}

    def get(self, table_id: str) -> Table:
        """The table ``table_id``, moved on to now.

        Raises:
            TableError: 404 if there is no such table (or it expired).
        """
        with self.lock:
            now = self.clock()
            self.expire(now)
            table = self.tables.get(table_id)
            if table is None:
                raise TableError(404, f"there is no table {table_id!r}; it may have expired")
            table.advance(now)
            return table

    def expire(self, now: float | None = None) -> list[str]:
        """Close every table that nobody seated has looked at for ``timings.ttl`` seconds."""
        with self.lock:
            now = self.clock() if now is None else now
            gone = [tid for tid, t in self.tables.items() if now - t.touched >= self.timings.ttl]
            for tid in gone:
                del self.tables[tid]
            return gone

    def tick(self) -> int:
        """Move every table on to now: bots act, clocks run out, old tables expire."""
        with self.lock:
            now = self.clock()
            self.expire(now)
            return sum(table.advance(now) for table in self.tables.values())
