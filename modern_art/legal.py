"""Legal actions as a lazy, immutable, indexable sequence.

A bid range of a hundred amounts is not built as a hundred objects: each
range is one small chunk that makes the action asked for on demand.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from modern_art.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.cards import Auction
from modern_art.phases import (
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.state import GameState

__all__ = ["LegalActions", "legal_actions"]


class _Amounts(Sequence[Action]):
    """``kind(seat, amount)`` for every amount in ``range(start, stop)``."""

    __slots__ = ("kind", "seat", "start", "stop")

    def __init__(self, kind: type[Bid] | type[SetPrice], seat: int, start: int, stop: int) -> None:
        self.kind = kind
        self.seat = seat
        self.start = start
        self.stop = max(start, stop)

    def __len__(self) -> int:
        return self.stop - self.start

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self.kind(self.seat, self.start + i)

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.kind or action.seat != self.seat:
            return False
        amount = action.amount if isinstance(action, Bid) else action.price
        return type(amount) is int and self.start <= amount < self.stop


class LegalActions(Sequence[Action]):
    """An immutable sequence of legal actions, in the documented order.

    Supports ``len``, indexing, slicing, iteration and fast ``in``. Equal to
    another sequence holding the same actions in the same order.
    """

    __slots__ = ("_chunks", "_len")

    def __init__(self, chunks: Sequence[Sequence[Action]]) -> None:
        self._chunks = tuple(c for c in chunks if len(c))
        self._len = sum(len(c) for c in self._chunks)

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return tuple(self[j] for j in range(*i.indices(self._len)))
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError("legal action index out of range")
        for chunk in self._chunks:
            if i < len(chunk):
                return chunk[i]
            i -= len(chunk)
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for chunk in self._chunks:
            yield from chunk

    def __contains__(self, action: object) -> bool:
        # Accept(1.0) or Pass(True) equal Accept(1) and Pass(1), yet apply refuses them (R1.5).
        if type(getattr(action, "seat", None)) is not int:
            return False
        return any(action in chunk for chunk in self._chunks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


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
    to_act = state.to_act
    if seat is None:
        seats: Sequence[int] = sorted(to_act)
    else:
        seats = (seat,) if seat in to_act else ()
    chunks: list[Sequence[Action]] = []
    for s in seats:
        chunks.extend(_seat_actions(state, s))
    return LegalActions(chunks)


def _seat_actions(state: GameState, seat: int) -> list[Sequence[Action]]:
    phase = state.phase
    player = state.players[seat]
    money = player.money
    if isinstance(phase, Offering):
        return [tuple(PlayCard(seat, card) for card in player.hand)]
    if isinstance(phase, OpenAuction | OneOfferAuction):
        return [_Amounts(Bid, seat, phase.high_bid + 1, money + 1), (Pass(seat),)]
    if isinstance(phase, HiddenAuction):
        return [_Amounts(Bid, seat, 0, money + 1)]
    if isinstance(phase, FixedPriceAuction):
        if phase.price is None:
            if money == 0:
                return [(SetPrice(seat, 0),)]
            return [_Amounts(SetPrice, seat, 1, money + 1)]
        accept: tuple[Action, ...] = (Accept(seat),) if money >= phase.price else ()
        return [accept, (Pass(seat),)]
    if isinstance(phase, DoubleOffer):
        artist = phase.card.artist
        fitting = tuple(
            PlayCard(seat, card)
            for card in player.hand
            if card.artist == artist and card.auction is not Auction.DOUBLE
        )
        return [fitting, (Pass(seat),)]
    return []
