"""The game state: an immutable value, changed only by :func:`modern_art.apply`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attr

from modern_art._speed import PURE, HashCache, all_seats, finish, one_seat
from modern_art.data.cards import Card
from modern_art.data.events import Event
from modern_art.data.phases import (
    NO_SEATS,
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
from modern_art.data.rules import Rules

__all__ = ["GameState", "PlayerState", "Step"]


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
        """A compact board in text (:mod:`modern_art.text.board`); ``repr`` stays valid Python."""
        # The text layer sits above this module: import it when first asked for.
        from modern_art.text.board import board_text  # noqa: PLC0415

        return board_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, every secret shown: what Jupyter draws for a state."""
        from modern_art.svg import board  # noqa: PLC0415 (drawing is imported on request)

        return board(self)


def _offering(state: GameState, phase: Offering) -> frozenset[int]:
    return one_seat(phase.auctioneer)


def _in_turn(state: GameState, phase: OneOfferAuction | FixedPriceAuction) -> frozenset[int]:
    return one_seat(phase.turn)


def _asking(state: GameState, phase: DoubleOffer) -> frozenset[int]:
    return one_seat(phase.asking)


def _open(state: GameState, phase: OpenAuction) -> frozenset[int]:
    return all_seats(len(state.players)).difference(phase.passed, (phase.high_bidder,))


def _hidden(state: GameState, phase: HiddenAuction) -> frozenset[int]:
    return frozenset([seat for seat, bid in enumerate(phase.bids) if bid is None])


def _nobody(state: GameState, phase: GameOver) -> frozenset[int]:
    return NO_SEATS


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
