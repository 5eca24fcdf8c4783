"""The tables of one server: opening, finding, moving on, expiring and bringing them back.

Fair shares: one network (:class:`~modern_art.web.addresses.Networks`) holds
at most ``per_owner`` unfinished tables, the server ``max_tables``. When
every slot is taken, a table of the network holding the most (more than the
newcomer's) is closed to make room, the one whose game moved least recently
(:mod:`modern_art.web.fairness`), and its players are told why (410 with the
reason, :meth:`Registry.get`); only when the newcomer's network holds as many
as any other is it answered 503 with ``Retry-After``.
Fair deals: a table of more than one person is shuffled with :mod:`secrets`
and takes no seed (whoever knew it would know every hand); a practice table
(one person, bots) may take one, and shows it to its seat.

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
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, TypeVar, cast

from attrs import evolve

import modern_art as ma
from modern_art.data.errors import TableError
from modern_art.web.addresses import Networks
from modern_art.web.clocks import Timings
from modern_art.web.fairness import Holding, holdings, stalest_table
from modern_art.web.seats import BOTS, Seat, hash_token
from modern_art.web.store import StoredTable, TableStore
from modern_art.web.tables import GameTable, StaleTableError

if TYPE_CHECKING:
    from modern_art.web.postgres import PostgresStore

__all__ = ["Registry"]

H = TypeVar("H", bound=Holding)

log = logging.getLogger(__name__)


class Registry:
    """The tables of one server, found by id; abandoned and finished tables leave.

    Args:
        timings: how fast tables run.
        clock: seconds, monotonic; ``time.monotonic`` unless a test injects one.
        max_tables: how many unfinished tables may be open at once.
        per_owner: how many unfinished tables one network may hold at once.
        store: the database that keeps every table; ``None`` keeps nothing.
            Tables still in play in it are brought back at once. A shared
            store (:class:`~modern_art.web.postgres.PostgresStore`) is shared
            with other server processes: this one catches a table up whenever
            another changed it (:meth:`refresh`), runs the bots and clocks of
            the tables whose lease it holds (:meth:`tick`), and counts the
            limits over every process's tables.
        token: makes secret tokens; ``secrets.token_urlsafe`` by default.
        idle_evict: seconds a table's game has not moved after which it is the
            first closed for a newcomer when every slot is taken
            (:mod:`modern_art.web.fairness`).
        keep_finished: seconds a finished game stays in the store.
        wall: seconds since the epoch (``time.time``), for the store's pruning.
        networks: how owners' addresses are grouped into the networks
            ``per_owner`` and the fair shares count.
    """

    _CLOSED_KEPT = 4096  # closed tables whose players are still told why

    def __init__(
        self,
        timings: Timings | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_tables: int = 64,
        per_owner: int = 8,
        store: TableStore | None = None,
        token: Callable[[int], str] = secrets.token_urlsafe,
        idle_evict: float = 600.0,
        keep_finished: float = 86400.0,
        wall: Callable[[], float] = time.time,
        networks: Networks | None = None,
    ) -> None:
        self.networks = networks or Networks()
        self.timings = timings or Timings()
        self.clock = clock
        self.max_tables = max_tables
        self.per_owner = per_owner
        self.store = store
        self.idle_evict = idle_evict
        self.keep_finished = keep_finished
        self.wall = wall
        self._token = token
        self.tables: dict[str, GameTable] = {}
        self.closed: OrderedDict[str, str] = OrderedDict()
        """Why each recently closed table was closed, by id."""
        self.lock = threading.RLock()
        self._pruned_at = -1e18
        self._leased_at = -1e18  # when the tables in play were last looked over for leases
        self._touches_sent: dict[str, float] = {}  # what the shared store was told of looks
        if store is not None:
            store.prune(keep_finished, wall())
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
        turn: float | None = None,
        invitations: bool = True,
        spectators: str = "public",
    ) -> tuple[GameTable, dict[int, str]]:
        """Open a table: ``humans`` are the people's seats, bots of kind ``bot`` take the rest.

        ``seed`` shuffles the deck (unless a stacked ``deck`` is given) and
        seeds the bots; without one the deck is shuffled with :mod:`secrets`.
        The HTTP API takes a seed only for a practice table (one person, the
        rest bots), whose seat is shown it; the server's own code (a test, a
        tournament) may seed any table. ``rules``,
        ``deck`` and ``first_auctioneer`` go to :func:`modern_art.new_game`.
        ``owner`` (the address asking) may hold at most ``per_owner``
        unfinished tables; ``turn`` is this table's clock for a person's
        decision (the server's ``timings.turn`` if ``None``). The first of
        ``humans`` is the opener's seat; every
        other person's seat gets an invitation instead of a token
        (:mod:`modern_art.web.invitations`), unless ``invitations`` is false
        (the server's own code handing every seat its token). ``spectators``
        is who may watch without a seat: ``"none"``, ``"public"`` (the public
        view, :func:`modern_art.view` with no seat) or ``"after"`` (nothing
        until the end, then everything).

        Returns:
            The table and the opener's token and each other person's
            invitation, by seat (kept nowhere else: the server keeps only their
            hashes).

        Raises:
            TableError: 503 (with ``retry_after``) when ``max_tables`` are in
                play and none may be closed, 429 when ``owner`` holds
                ``per_owner`` of them.
            ValueError: a bad seat, bot kind, seed or game set-up.
        """
        if bot not in BOTS:
            raise ValueError(f"bot must be one of {sorted(BOTS)}, got {bot!r}")
        people = set(humans)
        if not people or not people <= set(range(len(names))):
            raise ValueError(
                f"humans must be some of the seats 0 to {len(names) - 1}, got {sorted(people)}"
            )
        opener = next(iter(humans))
        shuffle = (
            seed if seed is not None else secrets.randbits(59)
        )  # the wire holds at most 18 digits
        state = ma.new_game(
            list(names),
            seed=None if deck is not None else shuffle,
            deck=deck,
            rules=rules,
            first_auctioneer=first_auctioneer,
        )
        if len(people) == 1 and deck is None:
            seed = shuffle  # a practice table shows its seed, chosen or drawn
        tokens = {s: self._token(24) for s in sorted(people)}
        invited = people - {opener} if invitations else set()
        seats = [
            Seat(name, token_hash=None if s in invited else hash_token(tokens[s]), person=True)
            if s in people
            else Seat(name, bot=bot)
            for s, name in enumerate(names)
        ]
        with self.lock:
            now = self.clock()
            self.expire(now)
            if self.shared is None:
                self._admit([t for t in self.tables.values() if not t.state.is_over], owner, now)
            table_id = self._token(9)
            while table_id in self.tables:  # pragma: no cover (9 random bytes)
                table_id = self._token(9)
            timings = self.timings if turn is None else evolve(self.timings, turn=turn)
            table = GameTable(
                table_id,
                state,
                seats,
                timings,
                now,
                bot_seed=seed if seed is not None else secrets.randbits(32),
                bot=bot,
                seed=None if deck is not None else seed,
                journal=self.store,
            )
            table.owner = owner
            table.invites = tuple(
                hash_token(tokens[s]) if s in invited else None for s in range(len(names))
            )
            table.practice = len(people) == 1
            table.spectators = spectators
            if self.shared is not None:  # counted against every process's tables
                self.shared.open_shared(
                    table, lambda playing, wall: self._admit(playing, owner, wall)
                )
                table.runs_clock = self.shared.hold(table.id)
            elif self.store is not None:
                self.store.open_table(table)
            self.tables[table_id] = table
            table.advance(now)
        return table, tokens

    @property
    def shared(self) -> PostgresStore | None:
        """The store, if other server processes share its tables."""
        store = self.store
        return cast("PostgresStore", store) if store is not None and store.shared else None

    def _admit(
        self, playing: Sequence[Holding], owner: str | None, now: float
    ) -> tuple[str, str] | None:
        """Let a table of ``owner`` in among ``playing``: 429, 503, or the table closed for it.

        ``now`` is on the clock of the tables' ``moved`` (a shared store's: the wall).
        Returns the closed table's id and reason for a shared store, which deletes it in
        the opening's transaction; here it is closed at once.
        """
        held = holdings((t.owner for t in playing), self.networks.key)
        if owner is not None and held.get(self.networks.key(owner), 0) >= self.per_owner:
            raise TableError(
                429,
                f"your network has {self.per_owner} unfinished tables open;"
                " finish or leave one first",
            )
        if len(playing) < self.max_tables:
            return None
        victim, reason = self._make_room(playing, owner, now)
        if self.shared is not None:
            self._forget(victim.id, reason)
            return victim.id, reason
        self.close(victim.id, reason)
        return None

    def _make_room(self, playing: Sequence[H], owner: str | None, now: float) -> tuple[H, str]:
        """The table to close for ``owner`` (:func:`~modern_art.web.fairness.stalest_table`)
        and why, or 503."""
        victim = stalest_table(playing, owner, self.networks.key, now, self.idle_evict)
        if victim is None:
            raise TableError(
                503,
                f"all {self.max_tables} tables are in use, and your network holds as many as"
                " any other; try again later",
                retry_after=60,
            )
        seconds = max(0, round(now - victim.moved))
        minutes = round(seconds / 60)
        quiet = (
            f"its game had not moved for {seconds} seconds"
            if minutes < 2
            else f"its game had not moved for {minutes} minutes"
        )
        return victim, (
            f"this table was closed to make room for a new one: the server was full, {quiet},"
            " and its network held the most tables"
        )

    def close(self, table_id: str, reason: str) -> None:
        """Close a table now: it leaves, its rows are deleted, its players are told ``reason``."""
        with self.lock:
            if self.store is not None:  # first: a lock met on the event loop changes nothing
                self.store.delete(table_id, reason)
            self._forget(table_id, reason)

    def _forget(self, table_id: str, reason: str | None) -> None:
        """The table leaves this process, its lease given up; ``reason`` is told its players."""
        self.tables.pop(table_id, None)
        self._touches_sent.pop(table_id, None)
        if self.shared is not None:
            self.shared.let_go(table_id)
        if reason is not None:
            self.closed[table_id] = reason
            while len(self.closed) > self._CLOSED_KEPT:
                self.closed.popitem(last=False)

    def get(self, table_id: str) -> GameTable:
        """The table ``table_id``, moved on to now.

        Raises:
            TableError: 404 if there is no such table (or it expired), 410
                with the reason if it was closed to make room.
        """
        with self.lock:
            now = self.clock()
            self.expire(now)
            self.refresh(table_id)
            table = self.tables.get(table_id)
            if table is None and table_id not in self.closed and self.shared is not None:
                reason = self.shared.closed_reason(table_id)  # closed by another process
                if reason is not None:
                    self.closed[table_id] = reason
            if table is None and table_id in self.closed:
                raise TableError(410, self.closed[table_id])
            if table is None:
                raise TableError(404, f"there is no table {table_id!r}; it may have expired")
            table.advance(now)
            return table

    def seated(self, table_id: str, token: str | None) -> tuple[GameTable, int]:
        """The table ``table_id`` (as :meth:`get`) and the seat ``token`` holds at it.

        Raises:
            TableError: as :meth:`get`; 401 without a token, 403 for a token of
                no seat there (:meth:`GameTable.seat_of`).
        """
        with self.lock:
            table = self.get(table_id)
            return table, table.seat_of(token)

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
            if self.shared is not None:  # a table idle here may be played elsewhere
                return self._expire_shared(gone, now)
            for tid in gone:
                if self.store is not None and not self.tables[tid].state.is_over:
                    self.store.delete(tid)  # nobody can play it any more: no row is kept
                self.tables.pop(tid)
            if self.store is not None and now - self._pruned_at >= 60.0:
                self._pruned_at = now
                self.store.prune(self.keep_finished, self.wall())
                self.store.compact()  # the deleted games' pages given back, the WAL emptied
            return gone

    def _expire_shared(self, idle_here: list[str], now: float) -> list[str]:
        """Expiry over a shared store: a table idle in this process only leaves its memory;
        one nobody looked at in any process is deleted by its lease's holder (checked once a
        minute, and once a second while one it holds is idle here)."""
        shared = cast("PostgresStore", self.store)
        before = list(self.tables)
        kept = False  # a table idle here that this process holds: the others may not look
        for tid in idle_here:
            if tid not in shared.held or self.tables[tid].state.is_over:
                self._forget(tid, None)
            else:
                kept = True  # the holder keeps it: it runs its clock
        since = now - self._pruned_at
        if since >= 60.0 or (kept and since >= 1.0):  # at most once a second
            self._pruned_at = now
            wall = self.wall()
            # Tell the others when this process's players last looked (in wall time).
            looks = {
                tid: wall - (now - table.touched)
                for tid, table in self.tables.items()
                if self._touches_sent.get(tid) != table.touched
            }
            shared.touch(looks)
            self._touches_sent.update({tid: self.tables[tid].touched for tid in looks})
            for tid in shared.abandoned(self.timings.ttl):
                if tid in shared.held:
                    shared.delete(tid)
                    self._forget(tid, None)
            shared.prune(self.keep_finished, wall)
        return [tid for tid in before if tid not in self.tables]

    def tick(self) -> int:
        """Move every table on to now: bots act, clocks run out, old tables leave.

        Over a shared store, only the tables whose lease this process holds
        move; it takes the lease of every table in play that nobody holds (the
        holder was stopped or killed), about once a second.
        """
        with self.lock:
            now = self.clock()
            self.expire(now)
            if self.shared is not None:
                self._take_leases(now)
            moved = 0
            for table_id in list(self.tables):
                table = self.tables.get(table_id)
                if table is None or not table.runs_clock:
                    continue
                try:
                    moved += table.advance(now)
                except StaleTableError:
                    self.refresh(table_id)
            return moved

    def _take_leases(self, now: float) -> None:
        """Check this process's leases and take those nobody holds (call holding the lock).

        Each table runs its clock exactly while this process holds its lease.
        """
        shared = cast("PostgresStore", self.store)
        shared.renew()  # a broken lease connection lost every lease
        if now - self._leased_at >= 1.0:
            self._leased_at = now
            for table_id in shared.ids_in_play():
                if table_id not in shared.held and shared.hold(table_id):
                    self.refresh(table_id)
                    if table_id not in self.tables:  # gone, or its rows do not read back
                        shared.let_go(table_id)
        for table_id, table in self.tables.items():
            table.runs_clock = table_id in shared.held

    # -- shared with other processes ---------------------------------------------

    def refresh(self, table_id: str) -> None:
        """Catch ``table_id`` up with what other processes wrote (a shared store only).

        A table unknown here is loaded; one with new log lines replays just
        those; one whose log was cut (an undo) or whose seats changed is
        rebuilt; one gone from the store leaves. Nothing happens when this
        process already has its latest revision.
        """
        shared = self.shared
        if shared is None:
            return
        with self.lock:
            known = shared.revision(table_id)
            table = self.tables.get(table_id)
            if known is None:
                if table is not None:
                    self._forget(table_id, None)
                return
            if table is not None and (table.revision, table.reshaped) == known:
                return
            if table is not None and table.reshaped == known[1]:
                stored = shared.stored(table_id, since=len(table.log))
                if stored is not None and len(stored.lines) == stored.revision - table.revision:
                    self._replay_lines(table, stored, len(table.log))
                    table.revision = stored.revision
                    return
            stored = shared.stored(table_id)
            if stored is None:
                self._forget(table_id, None)
                return
            try:
                fresh = self._rebuild(stored)
            except Exception as err:  # one table's damaged rows leave only it out
                log.error("table %s left out: its rows do not read back (%s)", table_id, err)
                self._forget(table_id, None)
                return
            if table is not None:  # what this process knew of it carries on
                fresh.touched = max(fresh.touched, table.touched)
                fresh.version = table.version + 1  # push streams see a change
            fresh.runs_clock = table_id in shared.held
            self.tables[table_id] = fresh

    def notified(self, changed: Collection[str | None]) -> None:
        """A shared store's notifications: these tables changed (``None``: any may have).

        Only the tables this process has are caught up; another is loaded when asked for.
        """
        with self.lock:
            for table_id in list(self.tables) if None in changed else changed:
                if table_id in self.tables:
                    self.refresh(table_id)

    # -- after a restart ---------------------------------------------------------

    def restore(self) -> list[str]:
        """Bring back every table the store holds in play, at the step it had reached.

        Each table is replayed with :func:`modern_art.replay`; one whose rows
        do not read back (damaged JSON, a changed step, an unknown notice, an
        illegal action) is left out with one log line naming it, and the rest
        come back. Its rows stay in the file, for whoever repairs it.
        """
        if self.store is None:
            return []
        back = []
        with self.lock:
            for stored in self.store.tables_in_play():
                try:
                    table = self._rebuild(stored)
                except Exception as err:  # any damage to one table's rows leaves only it out
                    log.error(
                        "table %s left out: its rows in %s do not read back (%s: %s)",
                        stored.id,
                        self.store.path,
                        type(err).__name__,
                        str(err)[:200],
                    )
                    continue
                if self.shared is not None:  # its clock, if no other process runs it
                    table.runs_clock = self.shared.hold(table.id)
                if table.runs_clock:  # the server was down: nobody could act, clocks start again
                    table.due = dict.fromkeys(table.state.to_act, self.clock())
                self.tables[table.id] = table
                back.append(table.id)
        return back

    def _rebuild(self, stored: StoredTable) -> GameTable:
        setup = json.loads(stored.setup)
        start = ma.from_json(json.dumps(setup["record"]), "record")
        rules = start.rules
        actions = [
            ma.from_json(action, "action", rules=rules)
            for _, _, _, action, _ in stored.lines
            if action is not None
        ]
        state = ma.replay(evolve(start, actions=actions))  # checks every step
        now = self.clock()
        seats = [
            Seat(
                str(s["name"]),
                token_hash=s["token_hash"],
                bot=s["bot"],
                person=bool(s.get("person", s["token_hash"] is not None)),
            )
            for s in setup["seats"]
        ]
        turn = setup.get("turn")
        timings = self.timings if turn is None else evolve(self.timings, turn=float(turn))
        table = GameTable(
            stored.id,
            start.start(),
            seats,
            timings,
            now,
            bot_seed=int(setup["bot_seed"]),
            bot=str(setup["bot"]),
            seed=start.seed,
        )
        self._replay_lines(table, stored, 0, actions)
        if table.state != state:  # pragma: no cover (replay and the log agree by construction)
            raise ValueError("the log and the replay disagree")
        table.owner = stored.owner
        invites = setup.get("invites") or [None] * len(seats)
        table.invites = tuple(None if i is None else str(i) for i in invites)
        table.practice = bool(setup.get("practice", table.practice))
        table.spectators = str(setup.get("spectators", "public"))
        table.undos = int(setup.get("undos", 0))
        table.journal = self.store
        table.missed = [0] * len(seats)
        table.revision, table.reshaped = stored.revision, stored.reshaped
        table.touched = now
        return table

    def _replay_lines(
        self,
        table: GameTable,
        stored: StoredTable,
        first: int,
        actions: Sequence[ma.Action] | None = None,
    ) -> None:
        """Make the stored log lines (line ``first`` on) again at ``table``, writing nothing.

        Each is made at the time it was written where the store keeps it, so
        that the clocks carry on where they were (a shared store's table taken
        over, or caught up).
        """
        now, wall = self.clock(), self.wall()
        rules = table.state.rules
        moves = iter(actions) if actions is not None else None
        journal, table.journal = table.journal, None
        try:
            for index, (step, seat, by, action, note) in enumerate(stored.lines):
                line = first + index
                at = (
                    now
                    if index >= len(stored.times)
                    else min(now, now - (wall - stored.times[index]))
                )
                if action is None and note == "away":
                    table.hand_to_bot(seat, at)
                elif action is None and note == "back":
                    table.come_back(seat, at)
                elif action is None:
                    raise ValueError(
                        f"log line {line} is a notice {note!r}, neither away nor back"
                    )
                else:
                    move = (
                        next(moves)
                        if moves is not None
                        else ma.from_json(action, "action", rules=rules)
                    )
                    table.redo(move, by, at)
                if table.log[-1].step != step:
                    made = table.log[-1].step
                    raise ValueError(f"log line {line} says step {step}; it was made on {made}")
        finally:
            table.journal = journal
