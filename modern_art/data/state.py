"""The game state: an immutable value, changed only by :func:`modern_art.apply`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeAlias

import attr

from modern_art._speed import PURE, HashCache, finish
from modern_art.data.cards import Card
from modern_art.data.events import Event
from modern_art.data.phases import AuctionPhase, GameOver, Phase
from modern_art.data.rules import Rules

__all__ = ["TO_ACT", "GameState", "PlayerState", "Step", "ToAct"]


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class PlayerState(HashCache):
    """One seat: name, money, hand and museum."""

    name: str
    """The player's name."""
    money: int
    """Money held, secret from others unless ``open_money`` (R1.2)."""
    hand: tuple[Card, ...]
    """Cards to offer, secret from others (R1.6, R7.2)."""
    museum: tuple[Card, ...]
    """Paintings bought or received this round, public (R3.5)."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class GameState(HashCache):
    """Everything about a game at one moment. Immutable; compare with ``==``.

    Build one with :func:`modern_art.new_game`; advance it with
    :func:`modern_art.apply`.
    """

    rules: Rules
    """The rules in force."""
    players: tuple[PlayerState, ...]
    """One entry per seat, clockwise."""
    deck: tuple[Card, ...]
    """Undealt cards, top first. Secret (R1.4)."""
    round: int
    """The current round, 1 to ``rules.rounds``."""
    counts: tuple[int, ...]
    """Paintings offered this round per artist, in board order (R2.2)."""
    tiles: tuple[tuple[int, ...], ...]
    """Value tiles on the board per artist, in board order, oldest first (R6.4)."""
    discard: tuple[Card, ...]
    """Sold paintings and ending cards of past rounds (R6.5)."""
    phase: Phase
    """What the game waits for now."""
    step: int
    """How many actions have been applied since the game began."""

    @property
    def to_act(self) -> frozenset[int]:
        """The seats that may act now (empty once the game is over)."""
        phase = self.phase
        return TO_ACT[type(phase)](self, phase)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R8.1)."""
        return isinstance(self.phase, GameOver)

    @property
    def auction(self) -> AuctionPhase | None:
        """The auction in progress, or ``None``."""
        phase = self.phase
        if isinstance(phase, AuctionPhase):
            return phase
        return None

    @property
    def num_players(self) -> int:
        """How many seats the table has."""
        return len(self.players)

    def __str__(self) -> str:
        """A compact board in text (:mod:`modern_art.text.board`); ``repr`` stays valid Python."""
        # The text layer sits above this module: import it when first asked for.
        from modern_art.text.board import board_text  # noqa: PLC0415

        return board_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, every secret shown: what Jupyter draws for a state."""
        from modern_art.svg import board  # noqa: PLC0415 (drawing is imported on request)

        return board(self)


ToAct: TypeAlias = Callable[[GameState, Any], frozenset[int]]
"""Who acts in a phase: the state and its phase give the seats that may act."""

TO_ACT: Final[dict[type, ToAct]] = {}
"""Who acts in each phase, by the phase's class: what :attr:`GameState.to_act` reads.

Who acts is a rule of the phase, so it is written in the phase's room
(``modern_art.core.phases``, each room's ``to_act``) beside its handler and
its legal actions. This layer sits below the core and cannot import a room;
so it keeps the table, empty here, and ``modern_art.core.phase_table`` fills
it from the rooms' rows when the core is imported. Every import of this
module runs ``modern_art/__init__.py`` first, which imports the core: no state
is ever asked before the table is full. A dictionary lookup and a call, as a
method would cost: ``to_act`` is off the playouts' path, which never asks it.
``tests/core/test_phase_table.py`` checks that it covers every phase.
"""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class Step:
    """The result of :func:`modern_art.apply`: the new state and what happened."""

    state: GameState
    """The state after the action."""
    events: tuple[Event, ...]
    """The events the action caused, in order."""


# Declared init=PURE: the build hook writes the compiled build's __init__ (_speed.native_source);
# finish gives the pure build a lighter one, the compiled build its whole annotations.
finish(PlayerState, GameState, Step)
