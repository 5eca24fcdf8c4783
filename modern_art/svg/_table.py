"""What a board may show, the same for a state and a view, and the phase in words.

A state knows every secret; a view holds only what its seat may see (R7).
:func:`from_state` and :func:`from_view` bring both to one shape, so the
drawing code never looks at anything else: a view's picture is a function
of the view alone.
"""

from __future__ import annotations

from typing import NamedTuple

from modern_art.core.scoring import winners
from modern_art.data.cards import Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.seeing.views import HiddenAuctionView, PlayerView, PublicPhase
from modern_art.svg._markup import clean

__all__ = [
    "NAME_CHARS",
    "Seat",
    "Table",
    "detail",
    "from_state",
    "from_view",
    "headline",
    "lot",
    "statuses",
]

NAME_CHARS = 18
"""A player's name is cut to this many characters."""


class Seat(NamedTuple):
    """One seat as the picture may show it."""

    name: str
    money: int | None
    """``None`` when screened from the viewer."""
    hand: tuple[Card, ...] | None
    """``None`` when the hand is face down to the viewer."""
    hand_size: int
    museum: tuple[Card, ...]


class Table(NamedTuple):
    """What the picture may show, the same shape for a state and for a view."""

    rules: Rules
    viewer: str
    own_seat: int | None
    round: int
    step: int
    seats: tuple[Seat, ...]
    counts: tuple[int, ...]
    tiles: tuple[tuple[int, ...], ...]
    deck_size: int
    discard: int
    phase: PublicPhase | HiddenAuction
    to_act: frozenset[int]
    winners: tuple[int, ...]


def from_state(state: GameState) -> Table:
    """Everything about ``state``: every hand, every sealed bid, all money."""
    seats = tuple(Seat(p.name, p.money, p.hand, len(p.hand), p.museum) for p in state.players)
    return Table(
        state.rules,
        "the whole state: every secret shown",
        None,
        state.round,
        state.step,
        seats,
        state.counts,
        state.tiles,
        len(state.deck),
        len(state.discard),
        state.phase,
        state.to_act,
        winners(state),
    )


def from_view(view: PlayerView) -> Table:
    """What ``view`` holds and nothing more: other hands face down, screened money unknown."""
    seats = tuple(
        Seat(p.name, p.money, view.hand if s == view.seat else None, p.hand_size, p.museum)
        for s, p in enumerate(view.players)
    )
    if view.seat is None:
        viewer = "a spectator's view"
    else:
        viewer = f"seen by seat {view.seat}, {clean(view.players[view.seat].name, NAME_CHARS)}"
    return Table(
        view.rules,
        viewer,
        view.seat,
        view.round,
        view.step,
        seats,
        view.counts,
        view.tiles,
        view.deck_size,
        len(view.discard),
        view.phase,
        view.to_act,
        view.winners,
    )


def _name(table: Table, seat: int | None) -> str:
    if seat is None:
        return "nobody"
    return clean(table.seats[seat].name, NAME_CHARS)


def headline(table: Table) -> str:
    """The phase in words (unescaped): who must do what."""
    phase = table.phase
    name = _name
    if isinstance(phase, Offering):
        return f"{name(table, phase.auctioneer)} offers a card"
    if isinstance(phase, DoubleOffer):
        return (
            f"{name(table, phase.double_player)} played a double;"
            f" {name(table, phase.asking)} may add a second card"
        )
    if isinstance(phase, GameOver):
        won = ", ".join(name(table, s) for s in table.winners)
        return f"the game is over; winner: {won}"
    kind = phase.kind.label
    head = f"{kind} auction by {name(table, phase.auctioneer)}"
    if phase.double_player is not None and phase.double_player != phase.auctioneer:
        head += f" (double by {name(table, phase.double_player)})"
    if isinstance(phase, OpenAuction | OneOfferAuction):
        if phase.high_bidder is None:
            return f"{head}: no bid yet"
        return f"{head}: high bid {phase.high_bid} by {name(table, phase.high_bidder)}"
    if isinstance(phase, FixedPriceAuction):
        if phase.price is None:
            return f"{head}: naming the price"
        return f"{head}: price {phase.price}, {name(table, phase.turn)} to accept or pass"
    sealed = _sealed(phase)
    return f"{head}: {len(sealed)} of {len(table.seats)} bids sealed"


def _sealed(phase: HiddenAuction | HiddenAuctionView) -> frozenset[int]:
    if isinstance(phase, HiddenAuctionView):
        return phase.sealed
    return frozenset(s for s, bid in enumerate(phase.bids) if bid is not None)


def lot(phase: PublicPhase | HiddenAuction) -> tuple[Card, ...]:
    """The cards on the table now: the lot of an auction, or a double waiting for a partner."""
    if isinstance(phase, DoubleOffer):
        return (phase.card,)
    if isinstance(phase, Offering | GameOver):
        return ()
    return phase.lot


def detail(table: Table) -> str:
    """A second line about the phase (unescaped): lot, passes, whose turn."""
    phase = table.phase
    if isinstance(phase, Offering):
        return "Offering: the auctioneer plays a card from hand (R2.1)."
    if isinstance(phase, DoubleOffer):
        return "A double card waits for a second card of the same artist (R5.2)."
    if isinstance(phase, GameOver):
        return "Money is revealed; the richest player wins (R8.2)."
    lot_words = " + ".join(f"{c.artist} ({c.auction.label})" for c in phase.lot)
    if isinstance(phase, OpenAuction):
        passed = ", ".join(_name(table, s) for s in sorted(phase.passed)) or "nobody"
        return f"Lot: {lot_words}. Passed since the last bid: {passed} (R4.1)."
    if isinstance(phase, OneOfferAuction):
        return f"Lot: {lot_words}. {_name(table, phase.turn)} bids or passes (R4.2)."
    if isinstance(phase, FixedPriceAuction):
        return f"Lot: {lot_words}. Fixed price (R4.4)."
    waiting = ", ".join(_name(table, s) for s in sorted(table.to_act)) or "nobody"
    return f"Lot: {lot_words}. Still to seal: {waiting} (R4.3)."


def statuses(table: Table) -> list[str]:
    """Each seat's part in the phase now, in words (unescaped)."""
    n = len(table.seats)
    status = [""] * n
    phase = table.phase
    if isinstance(phase, Offering):
        status[phase.auctioneer] = "to offer a card"
    elif isinstance(phase, DoubleOffer):
        status[phase.double_player] = "played the double"
        status[phase.asking] = "may add a second card"
    elif isinstance(phase, GameOver):
        for s in table.winners:
            status[s] = "winner"
    elif isinstance(phase, OpenAuction):
        for s in phase.passed:
            status[s] = "passed"
        if phase.high_bidder is not None:
            status[phase.high_bidder] = f"high bid {phase.high_bid}"
    elif isinstance(phase, OneOfferAuction):
        if phase.high_bidder is not None:
            status[phase.high_bidder] = f"high bid {phase.high_bid}"
        status[phase.turn] = "to bid or pass"
    elif isinstance(phase, FixedPriceAuction):
        if phase.price is None:
            status[phase.auctioneer] = "to name a price"
        else:
            status[phase.auctioneer] = f"asks {phase.price}"
            if phase.turn != phase.auctioneer:
                status[phase.turn] = "to accept or pass"
    elif isinstance(phase, HiddenAuction):
        for s, bid in enumerate(phase.bids):
            status[s] = "to seal a bid" if bid is None else f"sealed {bid}"
    else:
        for s in range(n):
            status[s] = "sealed" if s in phase.sealed else "to seal a bid"
        if table.own_seat is not None and phase.own_bid is not None:
            status[table.own_seat] = f"sealed {phase.own_bid} (yours)"
    if isinstance(phase, OpenAuction | OneOfferAuction | HiddenAuction | HiddenAuctionView):
        roles = ((phase.auctioneer, "auctioneer"), (phase.double_player, "played the double"))
        for seat, role in roles:
            if seat is not None:
                status[seat] = f"{role}, {status[seat]}" if status[seat] else role
    return status
