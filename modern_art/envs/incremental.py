"""Observations and masks step after step, rewriting only what changed.

The work is done by :class:`modern_art.seeing.encoding.Encoder` (compiled in
the compiled build): it keeps one work vector whose public board part always
describes the last state it saw, rewrites only the board entries whose
objects changed (states are immutable and share every part an action leaves
unchanged, so "the same object" means "the same facts"), clears and refills
the seat's own part and the phase part, and hands out a copy.
:func:`encoder` makes one for a table; :class:`ObservationCache` picks one
per rules and table size for :func:`observe_state`. Each env keeps its own,
so envs stepped in turn in one process do not disturb each other; an
encoder is not for sharing between threads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from modern_art.data.events import AuctionWon, Event, PaintingsSold
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.envs.codec import SYMBOLS, default_max_amount
from modern_art.envs.observation import Observation, layout_of
from modern_art.seeing.encoding import PARTS, Encoder
from modern_art.seeing.money import MoneyLedger

__all__ = ["ObservationCache", "encoder", "follow_money", "observe_state"]

_MONEY_EVENTS = (AuctionWon, PaintingsSold)
"""The events a :class:`~modern_art.MoneyLedger` reads; it passes over every other."""


def follow_money(ledger: MoneyLedger, events: Iterable[Event]) -> MoneyLedger:
    """``ledger.apply_all(events)``, skipping at once the events that move no money.

    Most steps hold none (a bid, a pass), and the ledger is then returned
    as it is: the same object, which an encoder reads as "money unchanged".
    """
    for event in events:
        if isinstance(event, _MONEY_EVENTS):
            ledger = ledger.apply(event)
    return ledger


def encoder(rules: Rules, players: int, max_amount: int | None = None) -> Encoder:
    """A fresh :class:`~modern_art.seeing.encoding.Encoder` of a table, with its work arrays.

    ``max_amount`` is the :class:`~modern_art.envs.ActionCodec`'s cap
    (:func:`~modern_art.envs.default_max_amount` by default).
    """
    if max_amount is None:
        max_amount = default_max_amount(rules)
    layout = layout_of(rules, players)
    starts = tuple(layout.at[name] for name in PARTS)
    codec_size = len(rules.artists) * SYMBOLS + 2 + max_amount + 1
    return Encoder(
        rules,
        players,
        starts,
        max_amount,
        np.zeros(layout.size, np.float32),
        np.zeros(codec_size, np.int8),
    )


def observe_state(
    state: GameState,
    seat: int,
    money: Sequence[int],
    cache: ObservationCache | None = None,
) -> Observation:
    """:func:`~modern_art.envs.observe` of ``view(state, seat)`` with public ``money``, fast.

    It builds no view and reads only what the view shows (the seat's own
    hand; of a hidden auction, who has sealed and the seat's own bid); the
    test suite checks it against :func:`~modern_art.envs.observe`.

    Args:
        state: the game.
        seat: the observing seat.
        money: every seat's money from the public record (R7.4); a cache
            takes the same object for the same amounts, so pass a new
            sequence when money changes (a ledger's tuples are).
        cache: the caller's cache; ``None`` builds the vector afresh.
    """
    if cache is None:
        cache = ObservationCache()
    return cache.observe(state, seat, money)


class ObservationCache:
    """The :class:`~modern_art.seeing.encoding.Encoder` of the last rules and table size seen.

    :func:`observe_state` takes one; a new rules object or table size makes a new encoder.
    """

    __slots__ = ("_encoder",)

    def __init__(self) -> None:
        self._encoder: Encoder | None = None

    def observe(self, state: GameState, seat: int, money: Sequence[int]) -> Observation:
        """The observation of ``seat`` in ``state``, with public ``money`` (a new array)."""
        kept = self._encoder
        if kept is None or kept.rules is not state.rules or kept.players != len(state.players):
            kept = self._encoder = encoder(state.rules, len(state.players))
        vector: Observation = kept.observe(state, seat, money)
        return vector
