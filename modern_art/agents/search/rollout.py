"""Play-outs to the round's end, every seat by the heuristic (the search's and the analysis's).

A play-out starts from a full (sampled) state and lets every seat play
:func:`~modern_art.agents.heuristic.heuristic_action` on its own knowledge
of that state until the round ends (R6.1, R6.2) or the game does. It
reports the money at that moment and the round's :class:`~modern_art.RoundEnded`
event, which holds the ranking (R6.3) and the tiles (R6.4).

``ma.playout`` plays to the *game's* end; the search and the analysis score
the round's end (the analysis's contract, DESIGN.md), so they keep this loop.
"""

from __future__ import annotations

from attrs import frozen

from modern_art.agents.heuristic import heuristic_action
from modern_art.agents.knowledge import SeatKnowledge
from modern_art.core.seats import next_seat
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.events import Event, RoundEnded
from modern_art.data.state import GameState

__all__ = ["RoundOutcome", "margin", "play_round", "round_end"]


@frozen
class RoundOutcome:
    """Where a play-out stopped: the state, and the round's end event (``None`` if none)."""

    state: GameState
    """The state just after the round's end (or the game's)."""
    ended: RoundEnded | None
    """The round's :class:`~modern_art.RoundEnded`, or ``None`` if the round was already over."""


def round_end(events: tuple[Event, ...]) -> RoundEnded | None:
    """The :class:`~modern_art.RoundEnded` among ``events``, if any."""
    for event in events:
        if isinstance(event, RoundEnded):
            return event
    return None


def heuristic_move(state: GameState, memo: dict[object, float]) -> Action:
    """The heuristic's action for the seat to act in ``state`` (a full, sampled state)."""
    return heuristic_action(SeatKnowledge.from_state(state, next_seat(state)), memo)


def play_round(state: GameState, ended: RoundEnded | None = None) -> RoundOutcome:
    """Play ``state`` on by the heuristic, every seat, to the round's end.

    ``ended`` is the round's end event if the step that made ``state``
    already ended the round: nothing more is played then.
    """
    memo: dict[object, float] = {}
    while ended is None and not state.is_over:
        step = apply(state, heuristic_move(state, memo))
        state = step.state
        ended = round_end(step.events)
    return RoundOutcome(state, ended)


def margin(state: GameState, seat: int) -> float:
    """``seat``'s money minus the others' mean money in ``state``."""
    money = [p.money for p in state.players]
    return money[seat] - (sum(money) - money[seat]) / (len(money) - 1)
