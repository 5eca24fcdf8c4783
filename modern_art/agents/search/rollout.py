"""Play-outs to the round's end on :func:`~modern_art.playout`, every seat by the heuristic.

A play-out starts from a full (sampled) state and lets every seat play
:func:`~modern_art.agents.heuristic.heuristic_action` on its own knowledge
of that state, through ``ma.playout(state, seed=0, policy=...,
until="round")``, which stops just after the round has ended (R6.1, R6.2)
or the game has. The heuristic uses no chance, so the seed changes nothing.
One seat may keep to an open auction's bid *limit* instead (:data:`Keep`),
as a search's plan asks.

What the round's sale did is read off the state after it: each ranked
artist has gained the value tile of its place (R6.4), and the money is
the money after the sale (R6.5).
"""

from __future__ import annotations

import random

from modern_art.agents.heuristic import heuristic_action, open_limit, raise_to
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.playout import playout
from modern_art.core.seats import next_seat
from modern_art.data.actions import Action
from modern_art.data.cards import Card
from modern_art.data.events import Event, RoundEnded
from modern_art.data.phases import HiddenAuction, OpenAuction
from modern_art.data.state import GameState

__all__ = ["Keep", "keep_of", "kept_move", "margin", "places", "play_round", "round_end"]


Keep = tuple[int, tuple[object, ...], int]
"""One seat's bid limit in one open auction (R4.1): the seat, the auction
(:func:`auction_key`) and the limit, which that seat's play keeps to."""


def keep_of(state: GameState, seat: int, limit: int | None) -> Keep | None:
    """``seat``'s ``limit`` for the open auction under way in ``state`` (``None`` if none)."""
    if limit is None:
        return None
    key = auction_key(state)
    return None if key is None else (seat, key, limit)


def kept_move(keep: Keep, state: GameState, seat: int) -> Action | None:
    """The kept move if ``seat`` is the keeper in the kept auction, else ``None``."""
    if seat != keep[0]:
        return None
    phase = state.phase
    if not isinstance(phase, OpenAuction) or (state.round, phase.lot, phase.auctioneer) != keep[1]:
        return None
    return raise_to(seat, phase.high_bid, keep[2])


def auction_key(state: GameState) -> tuple[object, ...] | None:
    """The open auction under way in ``state`` (round, lot, auctioneer), if any."""
    phase = state.phase
    if not isinstance(phase, OpenAuction):
        return None
    return (state.round, phase.lot, phase.auctioneer)


def round_end(events: tuple[Event, ...]) -> RoundEnded | None:
    """The :class:`~modern_art.RoundEnded` among ``events``, if any."""
    for event in events:
        if isinstance(event, RoundEnded):
            return event
    return None


def heuristic_move(state: GameState, memo: dict[object, float]) -> Action:
    """The heuristic's action for the seat to act in ``state`` (a full, sampled state)."""
    return heuristic_action(SeatKnowledge.from_state(state, next_seat(state)), memo)


class _Heuristic:
    """The play-out's chooser (``ma.playout``'s policy): the heuristic, one seat's limit kept."""

    __slots__ = ("best", "caps", "keep", "memo")

    def __init__(self, keep: Keep | None) -> None:
        self.keep = keep
        self.memo: dict[object, float] = {}
        # Each seat's open-auction limit, by lot: the heuristic's limit stays put while
        # an auction lasts (the lot's value, the seat's money), so its raises need no
        # more thought than raise_to (R4.1).
        self.caps: dict[tuple[int, tuple[Card, ...]], int] = {}
        # SeatKnowledge.best by the cards left in hands: within one round of one
        # play-out hands only shrink (R6.6), so that count names the hands.
        self.best: dict[int, tuple[int, ...]] = {}

    def __call__(self, state: GameState, actions: LegalActions, rng: random.Random) -> Action:
        seat = next_seat(state)
        if self.keep is not None:
            kept = kept_move(self.keep, state, seat)
            if kept is not None:
                return kept
        # Every seat's actions are the seat's own but in a hidden auction (R4.3).
        phase = state.phase
        legal = legal_actions(state, seat) if isinstance(phase, HiddenAuction) else actions
        if len(legal) == 1:
            return legal[0]
        if isinstance(phase, OpenAuction):
            cap = self.caps.get((seat, phase.lot))
            if cap is not None:
                return raise_to(seat, phase.high_bid, cap)
        held = 0
        for player in state.players:
            held += len(player.hand)
        best = self.best.get(held)
        table = SeatKnowledge.from_state(state, seat, legal, best)
        if best is None:
            self.best[held] = table.best
        if isinstance(phase, OpenAuction):  # the heuristic's own move, its limit kept
            cap = self.caps[(seat, phase.lot)] = open_limit(table, phase)
            return raise_to(seat, phase.high_bid, cap)
        return heuristic_action(table, self.memo)


def play_round(state: GameState, keep: Keep | None = None) -> GameState:
    """Play ``state`` on by the heuristic, every seat, to the round's end (``keep`` kept).

    Returns the state just after the round's sale (the next round dealt) or
    the game's end; ``state`` itself if the game is over already.
    """
    if state.is_over:
        return state
    return playout(state, seed=0, policy=_Heuristic(keep), until="round")


def places(before: GameState, after: GameState) -> dict[int, int]:
    """Artist index -> place (0 for 1st) in the round that ran from ``before`` to ``after``.

    Read off the value tile each ranked artist gained (R6.4); empty if no
    round ended in between.
    """
    tiles = before.rules.value_tiles
    found: dict[int, int] = {}
    if after.round == before.round and not after.is_over:
        return found
    for a, (old, new) in enumerate(zip(before.tiles, after.tiles, strict=True)):
        if len(new) > len(old):
            found[a] = tiles.index(new[-1])
    return found


def margin(state: GameState, seat: int) -> float:
    """``seat``'s money minus the others' mean money in ``state``."""
    money = [p.money for p in state.players]
    return money[seat] - (sum(money) - money[seat]) / (len(money) - 1)
