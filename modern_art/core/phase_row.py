"""The shape of a phase's room: the row each module of ``modern_art.core.phases`` exports.

A room (``core/phases/<phase>.py``) holds one phase's rule, its ``apply``
handler, its legal actions, its uniform draw for playouts and who acts, and
exports them as one :class:`PhaseRow`; :mod:`modern_art.core.phase_table`
gathers the rows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from modern_art.core.legal_sequence import LegalActions
from modern_art.core.round_flow import Events
from modern_art.data.actions import Action
from modern_art.data.state import GameState, ToAct

__all__ = ["Draw", "Handler", "Offers", "PhaseRow", "ToAct"]

Handler = Callable[[GameState, Any, Action, int, Events], GameState]
"""How ``apply`` plays a phase: the state, its phase, the checked action, its seat, the
events so far (appended to; ``None``: keep none) give the new state."""

Offers = Callable[[GameState, Any, int | None], LegalActions]
"""What a phase offers: the state, its phase and one seat (``None``: every seat)."""

Draw = Callable[[GameState, Any, Callable[[int], int]], "tuple[Action, int] | None"]
"""A playout's uniform pick: the state, its phase and a ``random.Random``'s ``getrandbits``
give the action ``legal_actions(state)[rng.randrange(n)]`` would be and its seat, without
making the sequence (``None``: no seat may act)."""


class PhaseRow(NamedTuple):
    """One phase: the rule that governs it and the functions that play it."""

    phase: type
    """The phase's class."""
    rule: str
    """The rule a refusal cites for an action of the wrong kind, out of turn or not one at
    all (the room's ``RULE``)."""
    play: Handler | None
    """How ``apply`` plays a checked action; ``None`` once the game is over (``apply``
    refuses every action then, before it reads one: R8.1)."""
    offers: Offers
    """The legal actions, of every seat or of one."""
    draw: Draw
    """The uniform pick among every seat's legal actions, counted from the state."""
    to_act: ToAct
    """The seats that may act (``GameState.to_act`` reads it)."""
