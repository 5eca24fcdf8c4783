"""The tables of one server: opening, finding, moving on, expiring and bringing them back.

>>> from modern_art.web.clocks import Timings
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

import json
import logging
import secrets
import threading
import time
from collections.abc import Callable, Collection, Sequence

from attrs import evolve

import modern_art as ma
from modern_art.web.clocks import Timings
from modern_art.web.seats import BOTS, Seat, TableError, hash_token
from modern_art.web.store import Store, StoredTable
from modern_art.web.tables import GameTable

__all__ = ["Registry"]

log = logging.getLogger(__name__)


class Registry:
    """The tables of one server, found by id; abandoned and finished tables leave.

    Args:
        timings: how fast tables run.
        clock: seconds, monotonic; ``time.monotonic`` unless a test injects one.
        max_tables: how many unfinished tables may be open at once.
        per_owner: how many unfinished tables one address may hold at once.
        store: the database that keeps every table; ``None`` keeps nothing.
            Tables still in play in it are brought back at once.
        token: makes secret tokens; ``secrets.token_urlsafe`` by default.
    """

    def __init__(
        self,
        timings: Timings | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_tables: int = 64,
        per_owner: int = 8,
        store: Store | None = None,
        token: Callable[[int], str] = secrets.token_urlsafe,
    ) -> None:
        self.timings = timings or Timings()
        self.clock = clock
        self.max_tables = max_tables
        self.per_owner = per_owner
        self.store = store
        self._token = token
        self.tables: dict[str, GameTable] = {}
        self.lock = threading.RLock()
        if store is not None:
            self.restore()

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
        owner: str | None = None,
    ) -> tuple[GameTable, dict[int, str]]:
        """Open a table: ``humans`` are the people's seats, bots of kind ``bot`` take the rest.

        ``seed`` shuffles the deck (unless a stacked ``deck`` is given) and
        seeds the bots; ``rules``, ``deck`` and ``first_auctioneer`` go to
        :func:`modern_art.new_game`. ``owner`` (the address asking) may hold
        at most ``per_owner`` unfinished tables.

        Returns:
            The table and each person's seat token, by seat (kept nowhere else:
            the server keeps only their hashes).

        Raises:
            TableError: 503 when ``max_tables`` are in play, 429 when ``owner``
                holds ``per_owner`` of them.
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
        tokens = {s: self._token(24) for s in sorted(people)}
        seats = [
            Seat(name, token_hash=hash_token(tokens[s])) if s in people else Seat(name, bot=bot)
            for s, name in enumerate(names)
        ]
        with self.lock:
            now = self.clock()
            self.expire(now)
            playing = [t for t in self.tables.values() if not t.state.is_over]
            if len(playing) >= self.max_tables:
                raise TableError(503, f"all {self.max_tables} tables are in use; try again later")
            if owner is not None and sum(t.owner == owner for t in playing) >= self.per_owner:
                raise TableError(
                    429,
                    f"you have {self.per_owner} unfinished tables open; finish or leave one first",
                )
            table_id = self._token(9)
            while table_id in self.tables:  # pragma: no cover (9 random bytes)
                table_id = self._token(9)
            table = GameTable(
                table_id,
                state,
                seats,
                self.timings,
                now,
                bot_seed=seed if seed is not None else secrets.randbits(32),
                bot=bot,
                seed=None if deck is not None else seed,
                journal=self.store,
            )
            table.owner = owner
            if self.store is not None:
                self.store.open_table(table)
            self.tables[table_id] = table
            table.advance(now)
        return table, tokens

    def get(self, table_id: str) -> GameTable:
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
        """Let tables go: unfinished ones nobody seated has looked at for ``timings.ttl``
        seconds, finished ones ``timings.finished_ttl`` seconds after their end."""
        with self.lock:
            now = self.clock() if now is None else now
            t = self.timings
            gone = [
                tid
                for tid, table in self.tables.items()
                if now - table.touched >= t.ttl
                or (table.finished_at is not None and now - table.finished_at >= t.finished_ttl)
            ]
            for tid in gone:
                table = self.tables.pop(tid)
                if self.store is not None and not table.state.is_over:
                    self.store.expire(tid)
            return gone

    def tick(self) -> int:
        """Move every table on to now: bots act, clocks run out, old tables leave."""
        with self.lock:
            now = self.clock()
            self.expire(now)
            return sum(table.advance(now) for table in self.tables.values())

    # -- after a restart ---------------------------------------------------------

    def restore(self) -> list[str]:
        """Bring back every table the store holds in play, at the step it had reached.

        Each table is replayed with :func:`modern_art.replay`; one that does
        not replay is logged and left out.
        """
        assert self.store is not None
        back = []
        with self.lock:
            for stored in self.store.tables_in_play():
                try:
                    table = self._rebuild(stored)
                except (ValueError, KeyError, TypeError, ma.SerializationError) as err:
                    log.error("table %s could not be brought back: %s", stored.id, err)
                    continue
                self.tables[table.id] = table
                back.append(table.id)
        return back

    def _rebuild(self, stored: StoredTable) -> GameTable:
        setup = stored.setup
        start = ma.from_json(json.dumps(setup["record"]), "record")
        rules = start.rules
        actions = [
            ma.from_json(action, "action", rules=rules)
            for _, _, _, action, _ in stored.lines
            if action is not None
        ]
        state = ma.replay(evolve(start, actions=actions))  # checks every step
        now = self.clock()
        seats = [Seat(s["name"], token_hash=s["token_hash"], bot=s["bot"]) for s in setup["seats"]]
        table = GameTable(
            stored.id,
            start.start(),
            seats,
            self.timings,
            now,
            bot_seed=int(setup["bot_seed"]),
            bot=str(setup["bot"]),
            seed=start.seed,
        )
        moves = iter(actions)
        for step, seat, by, action, note in stored.lines:
            if action is None:
                table.hand_to_bot(seat, now) if note == "away" else table.come_back(seat, now)
            else:
                table.redo(next(moves), by, now)
            assert table.log[-1].step == step
        if table.state != state:  # pragma: no cover (replay and the log agree by construction)
            raise ValueError("the log and the replay disagree")
        table.journal = self.store
        table.missed = [0] * len(seats)
        table.due = dict.fromkeys(table.state.to_act, now)
        return table
