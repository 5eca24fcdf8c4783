"""The game over (R8.1): nobody acts, and ``apply`` refuses every action.

R8.1: the game ends after the last round is sold (``rules.rounds``), or when a
round ends with every hand empty (R6.2). ``apply`` refuses any action then,
before it reads one, so this room has no handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art.core.legal_sequence import NO_ACTIONS, LegalActions
from modern_art.core.phase_row import PhaseRow
from modern_art.data.actions import Action
from modern_art.data.phases import NO_SEATS, GameOver
from modern_art.data.state import GameState

__all__ = ["ROW", "RULE", "actions", "draw", "to_act"]

RULE: Final = "R8.1"
"""The rule every refusal cites once the game is over."""


def to_act(state: GameState, phase: GameOver) -> frozenset[int]:
    """Nobody."""
    return NO_SEATS


def actions(state: GameState, phase: GameOver, only: int | None) -> LegalActions:
    """None."""
    return NO_ACTIONS


def draw(
    state: GameState, phase: GameOver, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """None: there is nothing to draw."""
    return None


ROW: Final = PhaseRow(GameOver, RULE, None, actions, draw, to_act)
"""The game over's row of :data:`modern_art.core.phase_table.ROWS`."""
