"""Observations step after step, rewriting only what changed: :class:`ObservationCache`.

An env observes a new state after every action, and most actions (a bid, a
pass) change none of the public board: no card moves, no money changes.
States are immutable and share every part an action leaves unchanged, so
"the same object" means "the same facts". The cache keeps one work vector
whose public board part always describes the last state it saw: an
observation rewrites only the board entries whose objects changed, clears
and refills the seat's own part and the phase part, and hands out a copy.
Entries are written through a ``memoryview``, a third of the cost of
writing them on the array. Each env keeps its own cache, so envs stepped in
turn in one process do not disturb each other; a cache is not for sharing
between threads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from modern_art.core.scoring import winners
from modern_art.data.cards import Card
from modern_art.data.events import AuctionWon, Event, PaintingsSold
from modern_art.data.phases import GameOver, HiddenAuction
from modern_art.data.state import GameState
from modern_art.envs.observation import (
    Layout,
    Observation,
    Writable,
    fill_phase,
    layout_of,
)
from modern_art.seeing.money import MoneyLedger

__all__ = ["ObservationCache", "follow_money", "observe_state"]

_MONEY_EVENTS = (AuctionWon, PaintingsSold)
"""The events a :class:`~modern_art.MoneyLedger` reads; it passes over every other."""


def follow_money(ledger: MoneyLedger, events: Iterable[Event]) -> MoneyLedger:
    """``ledger.apply_all(events)``, skipping at once the events that move no money.

    Most steps hold none (a bid, a pass), and the ledger is then returned
    as it is: the same object, which :class:`ObservationCache` reads as
    "money unchanged".
    """
    for event in events:
        if isinstance(event, _MONEY_EVENTS):
            ledger = ledger.apply(event)
    return ledger


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


def _writable(array: Observation) -> Writable:
    """A ``memoryview`` of ``array``: its entries, written a third faster than on the array."""
    return array.data


class ObservationCache:
    """A work vector holding the last state's public board, for :func:`observe_state`."""

    __slots__ = ("_key", "_layout", "_tails", "_view", "_work")

    def __init__(self) -> None:
        self._layout: Layout | None = None
        self._work: Observation = np.zeros(0, np.float32)
        self._view = _writable(self._work)
        # The objects the board part was written from; None until then.
        self._key: tuple[Any, ...] | None = None
        # Each seat's last hand and the tail of its vector (``me`` on): see _tail.
        self._tails: dict[int, tuple[tuple[Card, ...], Writable]] = {}

    def observe(
        self,
        state: GameState,
        seat: int,
        money: Sequence[int],
        to_act: frozenset[int] | None = None,
    ) -> Observation:
        """The observation of ``seat`` in ``state``, with public ``money`` (a new array).

        ``to_act`` is ``state.to_act``, for a caller that has it already.
        """
        players = state.players
        key = self._key
        deck_size = len(state.deck)
        if (
            key is None
            or key[0] is not players
            or key[1] is not state.counts
            or key[2] is not state.tiles
            or key[3] is not money
            or key[4] != state.round
            or key[5] != deck_size
            or key[6] is not state.rules
        ):
            self._board(state, money)
        layout: Any = self._layout  # set by _board on the first call
        v = self._view
        # The seat's part and the phase part, in one copy: the seat's ``me`` and
        # hand written on zeros, kept while the seat holds the same hand.
        hand = players[seat].hand
        found = self._tails.get(seat)
        if found is None or found[0] is not hand:
            found = (hand, self._tail(layout, seat, hand))
            self._tails[seat] = found
        v[layout.phase_at[10] :] = found[1]
        phase = state.phase
        if isinstance(phase, HiddenAuction):
            bids = phase.bids
            sealed: Iterable[int] = [s for s, bid in enumerate(bids) if bid is not None]
            own_bid = bids[seat]
        else:
            sealed, own_bid = (), None
        won = winners(state) if isinstance(phase, GameOver) else ()
        if to_act is None:
            to_act = state.to_act
        fill_phase(v, layout, phase, to_act, sealed, own_bid, won)
        return self._work.copy()

    def _start(self, state: GameState) -> Layout:
        """Take the layout of ``state``'s rules and table, with a fresh work vector."""
        layout = layout_of(state.rules, len(state.players))
        self._layout = layout
        self._work = np.zeros(layout.size, np.float32)
        self._view = _writable(self._work)
        self._key = None
        self._tails.clear()
        return layout

    @staticmethod
    def _tail(layout: Layout, seat: int, hand: tuple[Card, ...]) -> Writable:
        """The vector from ``me`` on, with ``seat``'s ``me`` and ``hand`` and the rest zero."""
        me = layout.phase_at[10]
        tail = _writable(np.zeros(layout.size - me, np.float32))
        tail[seat] = 1.0
        start, kinds = layout.phase_at[11] - me, layout.kinds
        for card in hand:
            tail[start + kinds[card.id]] += 1.0
        return tail

    def _board(self, state: GameState, money: Sequence[int]) -> None:
        """Bring the board part of the work vector up to ``state`` and ``money``."""
        layout = self._layout
        if layout is None or layout.rules is not state.rules or layout.n != len(state.players):
            layout = self._start(state)
        key = self._key
        v, at, scale, a = self._view, layout.at, layout.scale, layout.a
        players, counts, tiles = state.players, state.counts, state.tiles
        if key is None:
            old_players: Sequence[Any] = [None] * len(players)
            old_counts: Sequence[int | None] = [None] * a
            old_tiles: Any = None
            old_money: Sequence[int | None] = [None] * len(players)
            old_round, old_deck = None, None
        else:
            old_players, old_counts, old_tiles, old_money, old_round, old_deck, _ = key
        if counts is not old_counts:
            # Usually one artist's count moved: write only what differs.
            start = at["counts"]
            for i, count in enumerate(counts):
                if count != old_counts[i]:
                    v[start + i] = count
        if tiles is not old_tiles:
            start = at["tiles"]
            for i, artist_tiles in enumerate(tiles):
                v[start + i] = sum(artist_tiles) * scale
        if state.round != old_round:
            start, rounds = at["round"], layout.rules.rounds
            for i in range(rounds):
                v[start + i] = 0.0
            v[start + min(state.round, rounds) - 1] = 1.0
        if money is not old_money:
            start = at["money"]
            for s, amount in enumerate(money):
                if amount != old_money[s]:
                    v[start + s] = amount * scale
        if players is not old_players:
            sizes, museums = at["hand_sizes"], at["museums"]
            for s, player in enumerate(players):
                before = old_players[s]
                if player is before:
                    continue
                if before is None or len(player.hand) != len(before.hand):
                    v[sizes + s] = len(player.hand)
                if before is None or player.museum is not before.museum:
                    start = museums + s * a
                    for i, paintings in enumerate(layout.museum_row(player.museum)):
                        v[start + i] = paintings
        deck_size = len(state.deck)
        if deck_size != old_deck:
            v[at["deck_size"]] = deck_size
        self._key = (players, counts, tiles, money, state.round, deck_size, state.rules)
