"""Legal actions as a lazy, immutable, indexable sequence.

A bid range of a hundred amounts is not built as a hundred objects, nor a
hand of nine cards as nine ``PlayCard``: each range or hand is one small
chunk that makes the action asked for on demand. A random player, which
takes ``len`` and one index, builds one action per step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, overload

from modern_art.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.cards import Auction, Card
from modern_art.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.state import GameState

__all__ = ["LegalActions", "legal_actions"]


class _Chunk(Sequence[Action]):
    """A run of actions made on demand; subclasses give ``at`` (no bounds check)."""

    __slots__ = ("size",)
    size: int

    def at(self, i: int) -> Action:
        """The action at ``0 <= i < size``."""
        raise NotImplementedError  # pragma: no cover

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        if isinstance(i, slice):
            return [self.at(j) for j in range(*i.indices(self.size))]
        if i < 0:
            i += self.size
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self.at(i)

    def __iter__(self) -> Iterator[Action]:
        return map(self.at, range(self.size))


class _Amounts(_Chunk):
    """``kind(seat, amount)`` for every amount in ``range(start, stop)``."""

    __slots__ = ("kind", "seat", "start", "stop")

    def __init__(self, kind: type[Bid] | type[SetPrice], seat: int, start: int, stop: int) -> None:
        self.kind = kind
        self.seat = seat
        self.start = start
        self.stop = stop if stop > start else start
        self.size = self.stop - start

    def at(self, i: int) -> Action:
        return self.kind(self.seat, self.start + i)

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.kind or action.seat != self.seat:
            return False
        amount = action.amount if isinstance(action, Bid) else action.price
        return type(amount) is int and self.start <= amount < self.stop


class _Cards(_Chunk):
    """``PlayCard(seat, card)`` for every card of ``cards``, in order."""

    __slots__ = ("cards", "seat")

    def __init__(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.seat = seat
        self.cards = cards
        self.size = len(cards)

    def at(self, i: int) -> Action:
        return PlayCard(self.seat, self.cards[i])

    def __contains__(self, action: object) -> bool:
        return type(action) is PlayCard and action.seat == self.seat and action.card in self.cards


_Part = tuple[int, Callable[[int], Action], Sequence[Action]]
"""A non-empty chunk: its size, its unchecked ``at`` and the chunk itself."""


def _part(chunk: Sequence[Action]) -> _Part:
    if isinstance(chunk, _Chunk):
        return (chunk.size, chunk.at, chunk)
    return (len(chunk), chunk.__getitem__, chunk)


class LegalActions(Sequence[Action]):
    """An immutable sequence of legal actions, in the documented order.

    Supports ``len``, indexing, slicing, iteration and fast ``in``. Equal to
    another sequence holding the same actions in the same order.
    """

    __slots__ = ("_len", "_parts")
    _parts: tuple[_Part, ...]
    _len: int

    def __init__(self, chunks: Iterable[Sequence[Action]]) -> None:
        self._parts = tuple(_part(c) for c in chunks if len(c))
        self._len = sum(size for size, _, _ in self._parts)

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
        for size, at, _ in self._parts:
            if i < size:
                return at(i)
            i -= size
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for _, _, chunk in self._parts:
            yield from chunk

    def __contains__(self, action: object) -> bool:
        # Accept(1.0) or Pass(True) equal Accept(1) and Pass(1), yet apply refuses them (R1.5).
        if type(getattr(action, "seat", None)) is not int:
            return False
        return any(action in chunk for _, _, chunk in self._parts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


_new = object.__new__


def _legal(parts: list[_Part]) -> LegalActions:
    """A :class:`LegalActions` of non-empty parts, without re-checking them."""
    actions: LegalActions = _new(LegalActions)
    actions._parts = tuple(parts)
    total = 0
    for size, _, _ in parts:
        total += size
    actions._len = total
    return actions


_SEATS = 32
"""Seats below this share their one-action ``Pass`` and ``Accept`` chunks."""


def _single(action: Action) -> _Part:
    chunk = (action,)
    return (1, chunk.__getitem__, chunk)


_PASS = tuple(_single(Pass(seat)) for seat in range(_SEATS))
_ACCEPT = tuple(_single(Accept(seat)) for seat in range(_SEATS))


def _pass(seat: int) -> _Part:
    return _PASS[seat] if 0 <= seat < _SEATS else _single(Pass(seat))


def _accept(seat: int) -> _Part:
    return _ACCEPT[seat] if 0 <= seat < _SEATS else _single(Accept(seat))


def _amounts(
    parts: list[_Part], kind: type[Bid] | type[SetPrice], seat: int, lo: int, hi: int
) -> None:
    """Append ``kind(seat, amount)`` for ``lo <= amount < hi``, if any."""
    if hi > lo:
        chunk = _Amounts(kind, seat, lo, hi)
        parts.append((chunk.size, chunk.at, chunk))


def _offering(state: GameState, phase: Offering, only: int | None) -> list[_Part]:
    seat = phase.auctioneer
    if only is not None and only != seat:
        return []
    hand = state.players[seat].hand
    if not hand:
        return []
    chunk = _Cards(seat, hand)
    return [(chunk.size, chunk.at, chunk)]


def _open(state: GameState, phase: OpenAuction, only: int | None) -> list[_Part]:
    parts: list[_Part] = []
    lo = phase.high_bid + 1
    passed, high_bidder = phase.passed, phase.high_bidder
    for seat, player in enumerate(state.players):
        if seat in passed or seat == high_bidder or (only is not None and only != seat):
            continue
        _amounts(parts, Bid, seat, lo, player.money + 1)
        parts.append(_pass(seat))
    return parts


def _one_offer(state: GameState, phase: OneOfferAuction, only: int | None) -> list[_Part]:
    seat = phase.turn
    if only is not None and only != seat:
        return []
    parts: list[_Part] = []
    _amounts(parts, Bid, seat, phase.high_bid + 1, state.players[seat].money + 1)
    parts.append(_pass(seat))
    return parts


def _hidden(state: GameState, phase: HiddenAuction, only: int | None) -> list[_Part]:
    parts: list[_Part] = []
    for seat, bid in enumerate(phase.bids):
        if bid is None and (only is None or only == seat):
            _amounts(parts, Bid, seat, 0, state.players[seat].money + 1)
    return parts


def _fixed_price(state: GameState, phase: FixedPriceAuction, only: int | None) -> list[_Part]:
    seat = phase.turn
    if only is not None and only != seat:
        return []
    money = state.players[seat].money
    if phase.price is None:
        if money == 0:
            return [_single(SetPrice(seat, 0))]
        parts: list[_Part] = []
        _amounts(parts, SetPrice, seat, 1, money + 1)
        return parts
    if money >= phase.price:
        return [_accept(seat), _pass(seat)]
    return [_pass(seat)]


def _double_offer(state: GameState, phase: DoubleOffer, only: int | None) -> list[_Part]:
    seat = phase.asking
    if only is not None and only != seat:
        return []
    artist = phase.card.artist
    fitting = tuple(
        card
        for card in state.players[seat].hand
        if card.artist == artist and card.auction is not Auction.DOUBLE
    )
    if not fitting:
        return [_pass(seat)]
    chunk = _Cards(seat, fitting)
    return [(chunk.size, chunk.at, chunk), _pass(seat)]


def _game_over(state: GameState, phase: GameOver, only: int | None) -> list[_Part]:
    return []


_BUILDERS: dict[type, Callable[[GameState, Any, int | None], list[_Part]]] = {
    Offering: _offering,
    OpenAuction: _open,
    OneOfferAuction: _one_offer,
    HiddenAuction: _hidden,
    FixedPriceAuction: _fixed_price,
    DoubleOffer: _double_offer,
    GameOver: _game_over,
}


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
    return _legal(_BUILDERS[type(phase)](state, phase, seat))
