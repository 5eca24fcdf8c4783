"""Observations step after step, rewriting only what changed: :class:`ObservationCache`.

An env observes a new state after every action, and most actions (a bid, a
pass) change none of the public board: no card moves, no money changes.
States are immutable and share every part an action leaves unchanged, so
"the same object" means "the same facts"; the cache keeps the last public
board part and rewrites only the parts whose objects changed. Each env keeps
its own cache, so envs stepped in turn in one process do not disturb each
other.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from modern_art.cards import Card
from modern_art.envs.observation import (
    Layout,
    Observation,
    build_board,
    fill_me,
    fill_phase,
    layout_of,
)
from modern_art.phases import GameOver, HiddenAuction
from modern_art.scoring import winners
from modern_art.state import GameState

__all__ = ["ObservationCache", "observe_state"]


def observe_state(
    state: GameState,
    seat: int,
    money: tuple[int, ...],
    cache: ObservationCache | None = None,
) -> Observation:
    """:func:`~modern_art.envs.observe` of ``view(state, seat)`` with public ``money``, fast.

    It builds no view and reads only what the view shows (the seat's own
    hand; of a hidden auction, who has sealed and the seat's own bid); the
    test suite checks it against :func:`~modern_art.envs.observe`.

    Args:
        state: the game.
        seat: the observing seat.
        money: every seat's money from the public record (R7.4).
        cache: the caller's cache; ``None`` builds the vector afresh.
    """
    layout = layout_of(state.rules, len(state.players))
    if cache is None:
        cache = ObservationCache()
    out = cache.board_of(layout, state, money).copy()
    fill_me(out, layout, seat, cache.hand_row(layout, state.players[seat].hand))
    phase = state.phase
    kind = type(phase)
    if kind is HiddenAuction:
        bids = phase.bids  # type: ignore[union-attr]
        sealed: Iterable[int] = [s for s, bid in enumerate(bids) if bid is not None]
        own_bid = bids[seat]
    else:
        sealed, own_bid = (), None
    won = winners(state) if kind is GameOver else ()
    fill_phase(out, layout, phase, state.to_act, sealed, own_bid, won)
    return out


class ObservationCache:
    """The last public board part and recent hand rows, for :func:`observe_state`."""

    def __init__(self) -> None:
        # The last board part, its layout and the objects it was built from.
        self._board: tuple[Layout, tuple[Any, ...], Observation] | None = None
        # Hand rows by hand tuple: id -> (hand, row); the hand is kept, so ids stay unique.
        self._hands: dict[int, tuple[tuple[Card, ...], Observation]] = {}

    def board_of(self, layout: Layout, state: GameState, money: tuple[int, ...]) -> Observation:
        """The public board part of ``state`` (the rest zero): kept, never to be written to."""
        last = self._board
        if last is not None and last[0] is layout:
            old = last[1]
            if (
                old[0] is state.players
                and old[1] is state.counts
                and old[2] is state.tiles
                and old[3] is money
                and old[4] == state.round
                and old[5] == len(state.deck)
            ):
                return last[2]
            board = _update(layout, old, last[2], state, money)
        else:
            board = build_board(
                layout,
                state.round,
                state.counts,
                state.tiles,
                [len(p.hand) for p in state.players],
                money,
                [p.museum for p in state.players],
                len(state.deck),
            )
        key = (state.players, state.counts, state.tiles, money, state.round, len(state.deck))
        self._board = (layout, key, board)
        return board

    def hand_row(self, layout: Layout, hand: tuple[Card, ...]) -> Observation:
        """Cards per kind of ``hand``, kept while the same tuple is in use."""
        found = self._hands.get(id(hand))
        if found is not None and found[0] is hand:
            return found[1]
        if len(self._hands) >= 256:
            self._hands.clear()
        row = layout.hand_row(hand)
        self._hands[id(hand)] = (hand, row)
        return row


def _update(
    layout: Layout,
    old: tuple[Any, ...],
    board: Observation,
    state: GameState,
    money: tuple[int, ...],
) -> Observation:
    """``board`` (built from the objects ``old``) rewritten where ``state`` differs."""
    players, counts, tiles, old_money, round_, deck_size = old
    board = board.copy()
    at, scale, a = layout.at, layout.scale, layout.a
    if state.counts is not counts:
        # Usually one artist's count moved: write only what differs.
        start = at["counts"]
        for i, count in enumerate(state.counts):
            if count != counts[i]:
                board[start + i] = count
    if state.tiles is not tiles:
        start = at["tiles"]
        board[start : start + a] = [sum(t) * scale for t in state.tiles]
    if state.round != round_:
        start = at["round"]
        board[start : start + layout.rules.rounds] = 0.0
        board[start + min(state.round, layout.rules.rounds) - 1] = 1.0
    if money is not old_money:
        start = at["money"]
        for s, amount in enumerate(money):
            if amount != old_money[s]:
                board[start + s] = amount * scale
    if state.players is not players:
        for s, player in enumerate(state.players):
            before = players[s]
            if player is before:
                continue
            if len(player.hand) != len(before.hand):
                board[at["hand_sizes"] + s] = len(player.hand)
            if player.museum is not before.museum:
                start = at["museums"] + s * a
                board[start : start + a] = layout.museum_row(player.museum)
    if len(state.deck) != deck_size:
        board[at["deck_size"]] = len(state.deck)
    return board
