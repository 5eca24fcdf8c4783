"""A game table: one game kept by the server, its seats, its bots, its clocks and its log.

Nothing here speaks HTTP or SQL. A :class:`GameTable` keeps one game's
:class:`~modern_art.GameState`, who sits where (a person, known by the hash
of a secret seat token, or a bot), and the log of every step's events. Time
is passed in by the caller (see :class:`~modern_art.web.registry.Registry`), so
that tests can move it by hand; every change is first handed to a
``journal`` (the database), so that a change the journal refuses never
happens.

>>> import modern_art as ma
>>> from modern_art.web.seats import Seat, hash_token
>>> state = ma.new_game(["Ann", "Bea", "Cy"], seed=3)
>>> seats = [Seat("Ann", token_hash=hash_token("secret")), Seat("Bea", bot="random"),
...          Seat("Cy", bot="random")]
>>> table = GameTable("t1", state, seats, Timings(bot_delay=0.0), now=0.0, bot_seed=1)
>>> table.seat_of("secret"), table.state.to_act
(0, frozenset({0}))
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from attrs import evolve, frozen

import modern_art as ma
from modern_art.data.errors import TableError
from modern_art.web.clocks import Timings, default_action, is_open_auction
from modern_art.web.seats import BOTS, Seat, seat_for_token
from modern_art.web.stale import stale_verdict

__all__ = ["Entry", "GameTable", "Journal", "JournalBusyError", "StaleTableError"]

log = logging.getLogger(__name__)


_MAX_STEPS_PER_ADVANCE = 10_000  # a whole game is a few hundred actions


@frozen
class Entry:
    """One line of a table's log: an applied action's events (unredacted), or a notice."""

    step: int
    """``state.step`` when the action was made (or the notice given)."""
    seat: int
    """The acting seat, or the seat the notice is about."""
    by: str
    """``"player"``, ``"bot"``, ``"clock"`` (a clock ran out) or ``"table"`` (a notice)."""
    events: tuple[ma.Event, ...] = ()
    """Everything the action caused; redact per seat before sending."""
    note: str | None = None
    """A notice: ``"away"`` (a bot took the seat over) or ``"back"`` (its person returned)."""


class JournalBusyError(TableError):
    """The journal could not take a step without waiting (another process holds the
    database), and the caller may not wait (the event loop): nothing changed.

    :class:`~modern_art.web.thread.TablesThread` then does the same work again in
    its thread, where the journal waits; :meth:`GameTable.advance` stops and
    leaves the rest to the ticker.
    """

    def __init__(self) -> None:
        super().__init__(503, "the database is busy; try again")


class StaleTableError(TableError):
    """Another server process changed the table since this one read it (a shared store,
    :mod:`modern_art.web.postgres`): nothing was written or changed.

    :class:`~modern_art.web.thread.TablesThread` has the registry catch the table
    up (:meth:`~modern_art.web.registry.Registry.refresh`) and does the work again,
    on the game as it now is.
    """

    def __init__(self, table_id: str) -> None:
        super().__init__(409, "another server moved this game on first; the page refreshes")
        self.table_id = table_id

    def __reduce__(self) -> tuple[type[StaleTableError], tuple[str]]:
        return (type(self), (self.table_id,))


class Journal(Protocol):
    """Where a table writes each change before making it (the database)."""

    def write(
        self, table: GameTable, entry: Entry, action: ma.Action | None, finished: bool
    ) -> None:
        """Store ``entry`` (``action`` ``None`` for a notice) as the next log line.

        ``finished``: the action ends the game. Raises :class:`JournalBusyError`
        rather than wait where waiting is not allowed.
        """

    def rewind(self, table: GameTable, lines: int) -> None:
        """Forget the table's log lines from line ``lines`` on (an undo)."""


class GameTable:
    """One game at the server: its state, seats, event log and clocks."""

    def __init__(
        self,
        table_id: str,
        state: ma.GameState,
        seats: Sequence[Seat],
        timings: Timings,
        now: float,
        *,
        bot_seed: int,
        bot: str = "heuristic",
        seed: int | None = None,
        journal: Journal | None = None,
    ) -> None:
        if len(seats) != state.num_players:
            raise ValueError(
                f"a table of {state.num_players} needs as many seats, got {len(seats)}"
            )
        self.id = table_id
        self.seed = seed
        self.bot = bot
        self.bot_seed = bot_seed
        self.seats = tuple(seats)
        self.timings = timings
        self.journal = journal
        self.log: list[Entry] = []
        self.created = self.touched = self.changed = self.moved = now
        # The furthest step the game reached; a person's action beyond it is
        # progress (``moved``): an action taken back and made again is not.
        self.furthest = state.step
        # The hash of each unclaimed invitation, by seat (modern_art.web.invitations).
        self.invites: tuple[str | None, ...] = (None,) * len(seats)
        self.practice = sum(s.kind == "human" for s in seats) == 1  # one person, the rest bots
        self.spectators = "public"  # "none", "public" or "after" (modern_art.web.inputs)
        self.finished_at: float | None = None
        self.owner: str | None = None
        self.version = 0  # moves on with every change: push streams wait on it
        self.undos = 0  # decisions taken back (modern_art.web.practice): the log was cut
        # The store's count of the table's changes (a shared store checks it on each write).
        self.revision = 0
        self.reshaped = 0  # the revision of the last change that was not a new log line
        # Whether this process runs the table's bots and clocks: a shared store's
        # lease (modern_art.web.postgres); always so with one process.
        self.runs_clock = True
        # The library's host loop keeps the game, the bots and what each seat was shown.
        bots = {i: BOTS[s.bot](bot_seed + i) for i, s in enumerate(seats) if s.bot}
        self.host = ma.Host(state, bots)
        self.due: dict[int, float] = dict.fromkeys(state.to_act, now)  # waiting since
        self.missed = [0] * len(seats)
        # Each seat's log lines as sent, made once: a line never changes.
        self.rendered: dict[int | None, list[str]] = {}

    @property
    def state(self) -> ma.GameState:
        """The game now."""
        return self.host.state

    @property
    def start(self) -> ma.GameState:
        """The game as it began."""
        return self.host.start

    @property
    def actions(self) -> list[ma.Action]:
        """Every action applied, in order."""
        return self.host.actions

    # -- who is asking ------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat a token belongs to.

        Raises:
            TableError: 401 without a token, 403 for a token of no seat here.
        """
        return seat_for_token([seat.token_hash for seat in self.seats], token)

    # -- playing ------------------------------------------------------------

    def act(self, seat: int, action: ma.Action, step: int, now: float) -> None:
        """Apply a person's ``action`` made on ``step``, then let bots and clocks move on.

        A person whose seat a bot plays takes it back by acting.

        An action made on an older step is applied now if it still means the
        same (:func:`~modern_art.web.stale.stale_verdict`: a pass, a decline,
        an accept, a sealed bid or a bid still above the high bid, in the same
        auction).

        Raises:
            TableError: 409 with what changed if the game moved on since
                ``step`` and the action no longer means the same, 403 if the
                action names another seat, 400 with the rule if the rules
                forbid it. The state is then untouched.
        """
        self.touched = now
        if getattr(action, "seat", None) != seat:
            raise TableError(
                403,
                f"your seat token is for seat {seat}, the action names seat"
                f" {getattr(action, 'seat', None)!r}",
            )
        if step > self.state.step:
            raise TableError(
                409,
                "that click was made on a table this server has not reached; the page refreshes",
            )
        if step < self.state.step:  # still the same meaning now? (modern_art.web.stale)
            since = [e for entry in self.log if entry.step >= step for e in entry.events]
            why = stale_verdict(self.state, action, since, [s.name for s in self.seats])
            if why is not None:
                raise TableError(409, f"{why}; the page refreshes")
        try:
            step_made = ma.apply(self.state, action)
        except ma.IllegalAction as err:
            raise TableError(400, str(err), err.rule) from None
        if self.seats[seat].away:
            self.come_back(seat, now)
        self._record(action, step_made, "player", now)
        self.missed[seat] = 0
        self.advance(now)

    def come_back(self, seat: int, now: float) -> None:
        """The person of ``seat`` takes it back from the bot playing it (a notice in the log)."""
        if not self.seats[seat].away:
            return
        self._notice(seat, "back", now)
        self.seats = _replace(self.seats, seat, evolve(self.seats[seat], bot=None))
        del self.host.agents[seat]
        self.missed[seat] = 0
        if seat in self.due:
            self.due[seat] = now

    def hand_to_bot(self, seat: int, now: float) -> None:
        """A bot plays the person's ``seat`` until they come back (a notice in the log)."""
        self._notice(seat, "away", now)
        self.seats = _replace(self.seats, seat, evolve(self.seats[seat], bot=self.bot))
        self.host.agents[seat] = BOTS[self.bot](self.bot_seed + seat)

    def _notice(self, seat: int, note: str, now: float) -> None:
        entry = Entry(self.state.step, seat, "table", (), note)
        if self.journal is not None:
            self.journal.write(self, entry, None, False)
        self.log.append(entry)
        self.version += 1
        self.changed = now

    def redo(self, action: ma.Action, by: str, now: float) -> None:
        """Apply an action read back from the journal, as ``by`` made it (after a restart).

        Raises:
            IllegalAction: the action is not legal here.
        """
        self._record(action, ma.apply(self.state, action), by, now)

    def _record(self, action: ma.Action, step: ma.Step, by: str, now: float) -> None:
        """Journal, then make, one step: nothing changes if the journal refuses."""
        before = self.state
        entry = Entry(before.step, action.seat, by, step.events)
        if self.journal is not None:
            self.journal.write(self, entry, action, step.state.is_over)
        self.host.apply(action)  # the same step again (a few microseconds), now kept
        self.log.append(entry)
        self.version += 1
        self.changed = now
        if self.state.step > self.furthest:
            self.furthest = self.state.step
            if by == "player":
                self.moved = now  # the game moved: the table is in use (web.fairness)
        if self.state.is_over and self.finished_at is None:
            self.finished_at = now
        self._restart_clocks(before, step.events, action.seat, now)

    def _restart_clocks(
        self, before: ma.GameState, events: Sequence[ma.Event], actor: int, now: float
    ) -> None:
        # A new phase, a new auction or a bid starts every waiting seat's clock
        # again; otherwise a seat keeps its clock until it acts (hidden bids).
        if type(before.phase) is not type(self.state.phase) or any(
            isinstance(e, ma.AuctionStarted | ma.BidPlaced) for e in events
        ):
            self.due = {}
        self.due.pop(actor, None)
        self.due = {s: self.due.get(s, now) for s in self.state.to_act}

    def advance(self, now: float) -> int:
        """Let bots act and clocks run out for people, up to ``now``.

        Where the journal may not wait (:class:`JournalBusyError`), the table stops
        where it is; the ticker moves it on. A table whose clock another process
        runs (``runs_clock`` false) is left to that process.

        Returns:
            How many actions were applied (0 if it stopped so).
        """
        if not self.runs_clock:
            return 0
        try:
            return self._advance(now)
        except (JournalBusyError, StaleTableError):  # the ticker catches up and moves it on
            return 0

    def _advance(self, now: float) -> int:
        applied = 0
        while not self.state.is_over and applied < _MAX_STEPS_PER_ADVANCE:
            bots = [s for s in self.state.to_act if s in self.host.agents]
            overdue = self._overdue(now)
            if bots and now - self.changed >= self.timings.bot_delay:
                seat = self.host.next_seat(bots)
                action = self._bot_action(seat)
                self._record(action, ma.apply(self.state, action), "bot", now)
            elif overdue:
                seat = self.host.next_seat(overdue)
                counts = not is_open_auction(self.state)  # letting an open auction go is fine
                action = default_action(self.state, seat)
                self._record(action, ma.apply(self.state, action), "clock", now)
                if counts:
                    self.missed[seat] += 1
                    if self.missed[seat] >= self.timings.bot_after:
                        self.hand_to_bot(seat, now)
            else:
                break
            applied += 1
        return applied

    def _bot_action(self, seat: int) -> ma.Action:
        view = ma.view(self.state, seat)
        try:
            action = self.host.ask(seat)
        except Exception:  # a bot's bug must not stall the table
            log.exception(
                "bot at seat %d of table %s failed; it takes its first choice", seat, self.id
            )
            return view.legal_actions[0]
        if action not in view.legal_actions:
            log.error(
                "bot at seat %d of table %s chose %r, not legal; it takes its first choice",
                seat,
                self.id,
                action,
            )
            return view.legal_actions[0]
        return action

    # -- the clocks ------------------------------------------------------------

    def seat_taken(self, seat: int, now: float) -> None:
        """A person took ``seat`` (claimed its invitation): its clock starts now."""
        if seat in self.due:
            self.due[seat] = now

    def _deadlines(self) -> dict[int, float]:
        """When each person still to act runs out of time (bots keep their own pace).

        A seat opened for a person who has not taken it yet (an unclaimed
        invitation) has no clock: it starts when the seat is taken.
        """
        t = self.timings
        people = {
            s: since
            for s, since in self.due.items()
            if s not in self.host.agents and self.seats[s].token_hash is not None
        }
        if is_open_auction(self.state):
            return {s: since + t.open_idle + 2 * t.going for s, since in people.items()}
        return {s: since + t.turn for s, since in people.items()}

    def _overdue(self, now: float) -> list[int]:
        return [s for s, deadline in self._deadlines().items() if now >= deadline]

    def clock(self, now: float, seat: int | None = None) -> dict[str, object] | None:
        """The clock as the page shows it, or ``None`` when no person is waited for.

        ``stage`` is ``"open"``, ``"going once"`` or ``"going twice"`` in an
        open auction, ``"turn"`` otherwise; ``passes_in`` the seconds before the
        table acts for ``seat`` (or for the first person to run out), ``going``
        the length of "going once", ``total`` the whole clock.
        """
        deadlines = self._deadlines()
        if self.state.is_over or not deadlines:
            return None
        t = self.timings
        left = max(0.0, deadlines.get(seat, min(deadlines.values())) - now)  # type: ignore[arg-type]
        if not is_open_auction(self.state):
            return {"stage": "turn", "passes_in": round(left, 3), "total": t.turn, "going": 0.0}
        stage = "open" if left > 2 * t.going else "going once" if left > t.going else "going twice"
        total = t.open_idle + 2 * t.going
        return {"stage": stage, "passes_in": round(left, 3), "total": total, "going": t.going}

    # -- what the page shows ------------------------------------------------

    def summary(self, seat: int | None = None) -> dict[str, object]:
        """Public facts about the table: seats, names, kinds, progress, timings."""
        return {
            "id": self.id,
            "seats": [
                {
                    "seat": s,
                    "name": p.name,
                    "kind": p.kind,
                    "bot": p.bot,
                    "away": p.away,
                    "you": s == seat,
                }
                for s, p in enumerate(self.seats)
            ],
            "step": self.state.step,
            "round": self.state.round,
            "over": self.state.is_over,
            "poll": self.timings.poll,
            "bot_after": self.timings.bot_after,
            "practice": self.practice,
            # A practice table's seed is shown from the start; a table of
            # several people has none anybody could know (it is shuffled with secrets).
            "seed": self.seed if self.practice else None,
            "spectators": self.spectators,
            "preset": next(
                (name for name, rules in ma.presets().items() if rules == self.state.rules),
                "custom",
            ),
            "turn": self.timings.turn,
            "undos": self.undos,
        }

    def record(self) -> ma.GameRecord:
        """The game so far as a :class:`~modern_art.GameRecord`, with its result once over."""
        return self.host.record(seed=self.seed)


def _replace(seats: tuple[Seat, ...], index: int, seat: Seat) -> tuple[Seat, ...]:
    return (*seats[:index], seat, *seats[index + 1 :])
