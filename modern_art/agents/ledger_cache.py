"""Every seat's money for an agent: shown in the view, else from the public record."""

from __future__ import annotations

from collections.abc import Sequence

from modern_art.data.events import Event
from modern_art.seeing.money import MoneyLedger
from modern_art.seeing.views import PlayerView


class LedgerCache:
    """A :class:`~modern_art.MoneyLedger` kept up to date as an agent's events grow (R7.4).

    Folding only the events not seen before keeps each call cheap; a shorter
    event list or an earlier step than last time means a new game, and the
    ledger starts over.
    """

    __slots__ = ("_ledger", "_seen", "_step")

    def __init__(self) -> None:
        self._ledger: MoneyLedger | None = None
        self._seen = 0
        self._step = -1

    def ledger(self, view: PlayerView, events: Sequence[Event]) -> MoneyLedger:
        """The ledger after ``events``, the seat's visible events since the game began."""
        if self._ledger is None or len(events) < self._seen or view.step < self._step:
            self._ledger = MoneyLedger.start(view.rules, view.num_players)
            self._seen = 0
        self._ledger = self._ledger.apply_all(events[self._seen :])
        self._seen = len(events)
        self._step = view.step
        return self._ledger

    def money(self, view: PlayerView, events: Sequence[Event]) -> tuple[int, ...]:
        """Every seat's money: the view's where shown, the ledger's where screened."""
        shown = [p.money for p in view.players]
        if None not in shown:
            return tuple(m for m in shown if m is not None)
        ledger = self.ledger(view, events).money
        return tuple(ledger[s] if m is None else m for s, m in enumerate(shown))
