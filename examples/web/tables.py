"""A table: one game kept by the server, its seats, its bots and the open-auction clock.

Nothing here speaks HTTP. A :class:`Table` keeps one game's
:class:`~modern_art.GameState`, who sits where (a person with a secret seat
token, or a bot), and the log of every step's events. Time is passed in by
the caller (see :class:`~examples.web.registry.Registry`), so that tests can
move it by hand.

>>> import modern_art as ma
>>> state = ma.new_game(["Ann", "Bea", "Cy"], seed=3)
>>> seats = [Seat("Ann", token="secret"), Seat("Bea", agent=ma.RandomAgent(1), bot="random"),
...          Seat("Cy", agent=ma.RandomAgent(2), bot="random")]
>>> table = Table("t1", state, seats, Timings(bot_delay=0.0), now=0.0)
>>> table.seat_of("secret"), table.state.to_act
(0, frozenset({0}))
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Collection, Sequence

from attrs import field, frozen, validators

import modern_art as ma

__all__ = [
    "BOTS",
    "Entry",
    "Seat",
    "Table",
    "TableError",
    "Timings",
]

log = logging.getLogger(__name__)

BOTS: dict[str, Callable[[int], ma.Agent]] = {
    "heuristic": lambda seed: ma.HeuristicAgent(seed=seed),
    "random": lambda seed: ma.RandomAgent(seed=seed),
}
"""The bots a table can seat, by name; each is made with a seed."""

_MAX_STEPS_PER_ADVANCE = 10_000  # a whole game is a few hundred actions

_seconds = validators.ge(0.0)
_TICK: float | None = 0.25


@frozen
class Timings:
    """How fast a table runs, in seconds. Tests shrink them all.

    The open auction has no clock in the rules (R4.1); the table gives it one.
    When an open auction starts and after every raise, the players still to
    act have ``open_idle`` seconds of quiet, then ``going`` seconds of "going
    once", then ``going`` of "going twice"; after that the table passes for
    every one of them who is still silent.
    """

    bot_delay: float = field(default=0.7, validator=_seconds)
    """How long a bot waits after the last action before it acts."""
    open_idle: float = field(default=8.0, validator=_seconds)
    """Quiet time in an open auction before "going once"."""
    going: float = field(default=3.0, validator=_seconds)
    """The length of "going once" and of "going twice"."""
    ttl: float = field(default=1800.0, validator=validators.gt(0.0))
    """A table nobody seated has looked at for this long expires."""
    poll: float = field(default=0.8, validator=validators.gt(0.0))
    """How often the page asks for news."""
    tick: float | None = field(default=_TICK, validator=validators.optional(validators.gt(0.0)))
    """How often the server itself moves bots and the clock on; ``None``: only on requests."""


class TableError(Exception):
    """A request the table refuses: ``status`` is the HTTP status, ``str()`` the message."""

    def __init__(self, status: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.rule = rule


@frozen
class Seat:
    """Who sits at a seat: a person (with a secret ``token``) or a bot (``agent``)."""

    name: str
    """The player's name, shown to everyone."""
    token: str | None = field(default=None, repr=False)
    """The person's seat token; ``None`` for a bot."""
    agent: ma.Agent | None = field(default=None, repr=False)
    """The bot's agent; ``None`` for a person."""
    bot: str | None = None
    """The bot's kind (a key of :data:`BOTS`), ``None`` for a person."""

    @property
    def kind(self) -> str:
        """``"human"`` or ``"bot"``."""
        return "human" if self.agent is None else "bot"


@frozen
class Entry:
    """One applied action's events, as the log keeps them (unredacted)."""

    step: int
    """``state.step`` when the action was made."""
    seat: int
    """The acting seat."""
    by: str
    """``"player"``, ``"bot"`` or ``"clock"`` (the table passed for an idle player)."""
    events: tuple[ma.Event, ...]
    """Everything the action caused; redact per seat before sending."""


def _clockwise_after(seats: Collection[int], after: int, players: int) -> int:
    for offset in range(1, players + 1):
        seat = (after + offset) % players
        if seat in seats:
            return seat
    raise ValueError("no seat to choose")


class Table:
    """One game at the server: its state, seats, event log and open-auction clock."""

    def __init__(
        self,
        table_id: str,
        state: ma.GameState,
        seats: Sequence[Seat],
        timings: Timings,
        now: float,
    ) -> None:
        if len(seats) != state.num_players:
            raise ValueError(
                f"a table of {state.num_players} needs as many seats, got {len(seats)}"
            )
        self.id = table_id
        self.state = state
        self.seats = tuple(seats)
        self.timings = timings
        self.log: list[Entry] = []
        self.created = self.touched = self.changed = now
        self.clock_start: float | None = now if isinstance(state.phase, ma.OpenAuction) else None
        self.last_actor = (self._first_to_act() - 1) % state.num_players
        # What each bot has been shown since the game began (the agent protocol).
        self.seen: list[list[ma.Event]] = [[] for _ in seats]

    def _first_to_act(self) -> int:
        return min(self.state.to_act, default=0)

    # -- who is asking ------------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat a token belongs to.

        Raises:
            TableError: 401 without a token, 403 for a token of no seat here.
        """
        if not token:
            raise TableError(401, "this request needs a seat token; open your seat's link")
        found = None
        for s, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                found = s
        if found is None:
            raise TableError(403, "this seat token is not valid at this table")
        return found

    # -- playing ------------------------------------------------------------

    def act(self, seat: int, action: ma.Action, step: int, now: float) -> None:
        """Apply a person's ``action`` made on ``step``, then let bots and the clock move on.

        Raises:
            TableError: 409 if ``step`` is not the current step (someone acted
                first), 403 if the action names another seat, 400 with the
                rule if the rules forbid it. The state is then untouched.
        """
        self.touched = now
        if step != self.state.step:
            raise TableError(
                409,
                f"the table moved on: your action was made on step {step},"
                f" the game is at step {self.state.step}; the page refreshes",
            )
        if getattr(action, "seat", None) != seat:
            raise TableError(
                403,
                f"your seat token is for seat {seat}, the action names seat"
                f" {getattr(action, 'seat', None)!r}",
            )
        try:
            self._apply(action, "player", now)
        except ma.IllegalAction as err:
            raise TableError(400, str(err), err.rule) from None
        self.advance(now)

    def _apply(self, action: ma.Action, by: str, now: float) -> None:
        before = self.state
        step = ma.apply(before, action)
        self.state = step.state
        self.log.append(Entry(before.step, action.seat, by, step.events))
        for s, seat in enumerate(self.seats):
            if seat.agent is not None:
                self.seen[s].extend(ma.visible_events(step.events, s))
        self.changed = now
        self.last_actor = action.seat
        if not isinstance(step.state.phase, ma.OpenAuction):
            self.clock_start = None
        elif any(isinstance(e, ma.AuctionStarted | ma.BidPlaced) for e in step.events):
            self.clock_start = now  # a new open auction, or a raise: the clock restarts

    def advance(self, now: float) -> int:
        """Let bots act and the open-auction clock pass for idle players, up to ``now``.

        Returns:
            How many actions were applied.
        """
        applied = 0
        while not self.state.is_over and applied < _MAX_STEPS_PER_ADVANCE:
            to_act = self.state.to_act
            bots = [s for s in to_act if self.seats[s].agent is not None]
            if bots and now - self.changed >= self.timings.bot_delay:
                seat = _clockwise_after(bots, self.last_actor, self.state.num_players)
                self._apply(self._bot_action(seat), "bot", now)
            elif self._clock_expired(now):
                seat = _clockwise_after(to_act, self.last_actor, self.state.num_players)
                self._apply(ma.Pass(seat), "clock", now)
            else:
                break
            applied += 1
        return applied

    def _bot_action(self, seat: int) -> ma.Action:
        agent = self.seats[seat].agent
        assert agent is not None
        view = ma.view(self.state, seat)
        try:
            action = agent.act(view, self.seen[seat])
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

    # -- the open-auction clock ---------------------------------------------

    def _deadline(self) -> float | None:
        if self.clock_start is None or not isinstance(self.state.phase, ma.OpenAuction):
            return None
        t = self.timings
        return self.clock_start + t.open_idle + 2 * t.going

    def _clock_expired(self, now: float) -> bool:
        deadline = self._deadline()
        return deadline is not None and now >= deadline and bool(self.state.to_act)

    def clock(self, now: float) -> dict[str, object] | None:
        """The open auction's clock as the page shows it, or ``None`` outside one.

        ``stage`` is ``"open"``, ``"going once"`` or ``"going twice"``;
        ``passes_in`` the seconds left before the table passes for idle players.
        """
        deadline = self._deadline()
        if deadline is None or self.clock_start is None:
            return None
        t = self.timings
        elapsed = now - self.clock_start
        if elapsed < t.open_idle:
            stage = "open"
        elif elapsed < t.open_idle + t.going:
            stage = "going once"
        else:
            stage = "going twice"
        return {
            "stage": stage,
            "passes_in": round(max(0.0, deadline - now), 3),
            "total": round(t.open_idle + 2 * t.going, 3),
        }

    # -- what the page shows ------------------------------------------------

    def summary(self, seat: int | None = None) -> dict[str, object]:
        """Public facts about the table: seats, names, kinds, progress, timings."""
        return {
            "id": self.id,
            "seats": [
                {"seat": s, "name": p.name, "kind": p.kind, "bot": p.bot, "you": s == seat}
                for s, p in enumerate(self.seats)
            ],
            "step": self.state.step,
            "round": self.state.round,
            "over": self.state.is_over,
            "poll": self.timings.poll,
        }
