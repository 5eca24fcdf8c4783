"""The game state: an immutable value, changed only by :func:`modern_art.apply`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from modern_art._slots import direct_init
from modern_art.cards import Card
from modern_art.events import Event
from modern_art.phases import (
    AuctionPhase,
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.rules import Rules

__all__ = ["GameState", "PlayerState", "Step"]


@direct_init
@frozen
class PlayerState:
    """One seat: name, money, hand and museum."""

    name: str
    """The player's name."""
    money: int
    """Money held, secret from others unless ``open_money`` (R1.2)."""
    hand: tuple[Card, ...]
    """Cards to offer, secret from others (R1.6, R7.2)."""
    museum: tuple[Card, ...]
    """Paintings bought or received this round, public (R3.5)."""


@direct_init
@frozen
class GameState:
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
        return _TO_ACT[type(phase)](self, phase)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (R8.1)."""
        return isinstance(self.phase, GameOver)

    @property
    def auction(self) -> AuctionPhase | None:
        """The auction in progress, or ``None``."""
        phase = self.phase
        if isinstance(phase, OpenAuction | OneOfferAuction | HiddenAuction | FixedPriceAuction):
            return phase
        return None

    @property
    def num_players(self) -> int:
        """How many seats the table has."""
        return len(self.players)

    def __str__(self) -> str:
        """A compact board in text (:mod:`modern_art.board`); ``repr`` stays valid Python."""
        # The text layer sits above this module: import it when first asked for.
        from modern_art.board import board_text  # noqa: PLC0415

        return board_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, every secret shown: what Jupyter draws for a state."""
        from modern_art.svg import board  # noqa: PLC0415 (drawing is imported on request)

        return board(self)


_SEATS = 32
"""Seats below this have their one-seat ``frozenset`` made once (any count works)."""
_ONE_SEAT = tuple(frozenset((seat,)) for seat in range(_SEATS))
_ALL_SEATS = tuple(frozenset(range(n)) for n in range(_SEATS))


def _one(seat: int) -> frozenset[int]:
    return _ONE_SEAT[seat] if 0 <= seat < _SEATS else frozenset((seat,))


def _offering(state: GameState, phase: Offering) -> frozenset[int]:
    return _one(phase.auctioneer)


def _in_turn(state: GameState, phase: OneOfferAuction | FixedPriceAuction) -> frozenset[int]:
    return _one(phase.turn)


def _asking(state: GameState, phase: DoubleOffer) -> frozenset[int]:
    return _one(phase.asking)


def _open(state: GameState, phase: OpenAuction) -> frozenset[int]:
    n = len(state.players)
    seats = _ALL_SEATS[n] if n < _SEATS else frozenset(range(n))
    return seats.difference(phase.passed, (phase.high_bidder,))


def _hidden(state: GameState, phase: HiddenAuction) -> frozenset[int]:
    return frozenset([seat for seat, bid in enumerate(phase.bids) if bid is None])


def _nobody(state: GameState, phase: GameOver) -> frozenset[int]:
    return frozenset()


_TO_ACT: dict[type, Callable[[GameState, Any], frozenset[int]]] = {
    Offering: _offering,
    OneOfferAuction: _in_turn,
    FixedPriceAuction: _in_turn,
    DoubleOffer: _asking,
    OpenAuction: _open,
    HiddenAuction: _hidden,
    GameOver: _nobody,
}


def to_act(state: GameState) -> frozenset[int]:
    """The seats that may act in ``state``."""
    phase = state.phase
    return _TO_ACT[type(phase)](state, phase)


@direct_init
@frozen
class Step:
    """The result of :func:`modern_art.apply`: the new state and what happened."""

    state: GameState
    """The state after the action."""
    events: tuple[Event, ...]
    """The events the action caused, in order."""
