"""Legal actions: :func:`legal_actions`, every action the rules allow now.

The sequence it returns (:class:`~modern_art.LegalActions`) is in
:mod:`modern_art.core.legal_sequence`; what each phase offers, in its room
(``modern_art.core.phases``), gathered by :mod:`modern_art.core.phase_table`.
"""

from __future__ import annotations

from modern_art._speed import PURE
from modern_art.core.dispatch import offers
from modern_art.core.legal_sequence import NO_ACTIONS, SHARED_BIDS, LegalActions, Run
from modern_art.core.phase_table import OFFERS
from modern_art.data.state import GameState

__all__ = ["NO_ACTIONS", "SHARED_BIDS", "LegalActions", "Run", "legal_actions"]


def legal_actions(state: GameState, seat: int | None = None) -> LegalActions:
    """Every legal action now, of every seat or of one ``seat``.

    The order is fixed, so a seeded bot replays the same game: seats in
    ascending order, and within a seat ``PlayCard`` in hand order, then
    ``SetPrice`` or ``Bid`` by ascending amount, then ``Accept``, then ``Pass``.
    A seat that may not act now has none.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> len(ma.legal_actions(state)), len(ma.legal_actions(state, 1))
    (10, 0)
    """
    phase = state.phase
    if PURE:  # a dict in the interpreter, a chain compiled (modern_art.core.phase_table)
        return OFFERS[type(phase)](state, phase, seat)
    return offers(state, phase, seat)
