"""What each phase lets a seat do, as a lazy, immutable, indexable sequence.

:class:`LegalActions` is that sequence. A bid range of a hundred amounts is
not built as a hundred objects, nor a hand of nine cards as nine
``PlayCard``: each range or hand is one small part that makes the action
asked for on demand. A random player, which takes ``len`` and one index,
builds one action per step. The functions below make one phase's
sequence; :mod:`modern_art.core.phase_table` says which serves which phase,
and :func:`modern_art.legal_actions` asks it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, overload

from modern_art._speed import PURE, SEATS
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.state import GameState

__all__ = [
    "ACCEPTS",
    "PASSES",
    "NO_ACTIONS",
    "SHARED_BIDS",
    "LegalActions",
    "Run",
    "double_offer_actions",
    "fixed_price_actions",
    "game_over_actions",
    "hidden_actions",
    "offering_actions",
    "one_offer_actions",
    "open_actions",
    "play_card",
    "shared_bid",
    "shared_price",
]

Run = tuple[type[Bid] | type[SetPrice] | type[PlayCard] | None, int, Sequence[Any]]
"""A run of alike actions, ``(kind, seat, items)``: see :meth:`LegalActions.runs`."""

_Part = tuple[int, Any, int, Any]
"""A non-empty run of actions, ``(size, kind, seat, base)``, plain data:

* ``kind is None``: ``base`` is a sequence of the actions themselves;
* ``kind is PlayCard``: ``base`` is a tuple of cards, action ``i`` is
  ``PlayCard(seat, base[i])``;
* ``kind`` is ``Bid`` or ``SetPrice``: ``base`` is the lowest amount, action
  ``i`` is ``kind(seat, base + i)``.
"""


def _iter(part: _Part) -> Iterator[Action]:
    size, kind, seat, base = part
    if kind is None:
        return iter(base)
    if kind is PlayCard:
        return (PlayCard(seat, card) for card in base)
    return (kind(seat, amount) for amount in range(base, base + size))


def _has(part: _Part, action: object) -> bool:
    size, kind, seat, base = part
    if kind is None:
        return action in base
    # Read untyped: the compiled build would refuse a typed read of Bid(0, "5") (TypeError).
    loose: Any = action
    if type(action) is not kind or loose.seat != seat:
        return False
    if kind is PlayCard:
        return loose.card in base
    amount = loose.amount if kind is Bid else loose.price
    return type(amount) is int and base <= amount < base + size


class LegalActions(Sequence[Action]):
    """An immutable sequence of legal actions, in the documented order.

    Supports ``len``, indexing, slicing, iteration and fast ``in``. Equal to
    another sequence holding the same actions in the same order.

    >>> from modern_art import Pass
    >>> actions = LegalActions([(Pass(0),), (), (Pass(1),)])
    >>> len(actions), actions[-1], Pass(0) in actions
    (2, Pass(seat=1), True)
    """

    __slots__ = ("_len", "_parts")
    _parts: tuple[_Part, ...]
    _len: int

    def __init__(
        self,
        chunks: Iterable[Sequence[Action]] = (),
        parts: tuple[_Part, ...] | None = None,
        total: int | None = None,
    ) -> None:
        """Join ``chunks`` (sequences of actions, kept as given) into one sequence.

        ``parts`` and ``total`` are the engine's own (``chunks`` empty): runs
        of actions taken as they are, and how many actions they hold (counted
        here when not given).
        """
        if parts is None:
            parts = tuple((len(c), None, 0, c) for c in chunks if len(c))
        self._parts = parts
        self._len = sum(part[0] for part in parts) if total is None else total

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
        for size, kind, seat, base in self._parts:
            if i < size:
                if kind is None:
                    action: Action = base[i]
                    return action
                if kind is PlayCard:
                    return play_card(seat, base[i])
                amount: int = base + i
                if kind is Bid:
                    return shared_bid(seat, amount)
                return shared_price(seat, amount)
            i -= size
        raise AssertionError("unreachable")  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for part in self._parts:
            yield from _iter(part)

    def __contains__(self, action: object) -> bool:
        # Accept(1.0) or Pass(True) equal Accept(1) and Pass(1), yet apply refuses them (R1.5).
        if type(getattr(action, "seat", None)) is not int:
            return False
        return any(_has(part, action) for part in self._parts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        if isinstance(other, LegalActions) and self._parts == other._parts:
            return True  # the same runs: no action need be made
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))  # a tuple's hash, since a tuple of the same actions is equal

    def __repr__(self) -> str:
        return f"LegalActions([{tuple(self)!r}])" if self._len else "LegalActions([])"

    def __reduce__(self) -> tuple[type[LegalActions], tuple[Any, ...]]:
        # By its constructor: a native object (compiled build) cannot be made empty and filled.
        return (LegalActions, ((), self._parts, self._len))

    def __copy__(self) -> LegalActions:
        return self  # immutable: a copy may be the sequence itself

    def __deepcopy__(self, memo: object) -> LegalActions:
        return self

    def runs(self) -> tuple[Run, ...]:
        """The sequence as runs of alike actions, ``(kind, seat, items)`` each, in order.

        A caller that needs only what varies (an action mask, a counter) reads
        it here without building an action per item:

        * ``kind`` is ``Bid`` or ``SetPrice``: ``items`` is the ``range`` of
          amounts, each ``kind(seat, amount)``;
        * ``kind`` is ``PlayCard``: ``items`` are the cards, each
          ``PlayCard(seat, card)``;
        * ``kind`` is ``None``: ``items`` are the actions themselves (``seat``
          is then meaningless).

        >>> import modern_art as ma
        >>> state = ma.new_game(3, deck=ma.Rules().deck)  # seat 0 holds cards 0 to 9
        >>> state = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state
        >>> ma.legal_actions(state, 1).runs()  # an open auction
        ((<class 'modern_art.data.actions.Bid'>, 1, range(1, 101)), (None, 0, (Pass(seat=1),)))
        """
        return tuple(
            [
                (kind, seat, range(base, base + size) if kind is Bid or kind is SetPrice else base)
                for size, kind, seat, base in self._parts
            ]
        )


def shared_bid(seat: int, amount: int) -> Bid:
    """``Bid(seat, amount)``, made once and kept (below ``SHARED_BIDS`` and ``SEATS``)."""
    if 0 <= amount < SHARED_BIDS and 0 <= seat < SEATS:
        shared = _BIDS[seat]
        bid: Bid | None = shared[amount]
        if bid is None:
            bid = shared[amount] = Bid(seat, amount)
        return bid
    return Bid(seat, amount)


def shared_price(seat: int, price: int) -> SetPrice:
    """``SetPrice(seat, price)``, made once and kept, as :func:`shared_bid` keeps bids."""
    if 0 <= price < SHARED_BIDS and 0 <= seat < SEATS:
        shared = _PRICES[seat]
        made: SetPrice | None = shared[price]
        if made is None:
            made = shared[price] = SetPrice(seat, price)
        return made
    return SetPrice(seat, price)


def play_card(seat: int, card: Card) -> PlayCard:
    """``PlayCard(seat, card)``, made once per seat and card object and kept (see ``_PLAYS``)."""
    if not 0 <= seat < SEATS:
        return PlayCard(seat, card)
    plays = _PLAYS[seat]
    made = plays.get(id(card))
    if made is None or made.card is not card:
        if len(plays) >= _PLAYS_KEPT:
            plays.clear()
        made = plays[id(card)] = PlayCard(seat, card)
    return made


_new = object.__new__


def _legal(parts: tuple[_Part, ...], total: int) -> LegalActions:
    """A :class:`LegalActions` of non-empty ``parts`` holding ``total`` actions."""
    if PURE:  # skip __init__'s call (modern_art._speed); a native object needs its constructor
        actions: LegalActions = _new(LegalActions)
        actions._parts = parts
        actions._len = total
        return actions
    return LegalActions((), parts, total)


NO_ACTIONS: LegalActions = _legal((), 0)
"""No legal action: a seat that may not act now, a spectator, a finished game."""


def _single(action: Action) -> _Part:
    return (1, None, 0, (action,))


SHARED_BIDS: Final = 512
"""Bids below this amount, by seats below :data:`~modern_art._speed.SEATS`, are shared."""

# Each Bid(seat, amount) that indexing gives out is made once, when first asked
# for, and shared (actions are immutable): a random player's pick then makes no
# new value.
_BIDS: Final[tuple[list[Bid | None], ...]] = tuple([None] * SHARED_BIDS for _ in range(SEATS))
_PRICES: Final[tuple[list[SetPrice | None], ...]] = tuple(
    [None] * SHARED_BIDS for _ in range(SEATS)
)

# Each PlayCard(seat, card) that indexing gives out is kept the same way, by the card
# object's id (the PlayCard holds the card, so the id stays its own), at most
# _PLAYS_KEPT a seat: a game's deck is 70 cards, met again game after game.
_PLAYS: Final[tuple[dict[int, PlayCard], ...]] = tuple({} for _ in range(SEATS))
_PLAYS_KEPT: Final = 4096

PASSES: Final[tuple[Pass, ...]] = tuple(Pass(seat) for seat in range(SEATS))
"""``Pass(s)`` for each seat below ``SEATS``, made once: the one legal actions give."""
ACCEPTS: Final[tuple[Accept, ...]] = tuple(Accept(seat) for seat in range(SEATS))
"""``Accept(s)`` for each seat below ``SEATS``, made once."""
_PASS = tuple(_single(action) for action in PASSES)
_ACCEPT = tuple(_single(action) for action in ACCEPTS)


def _pass(seat: int) -> _Part:
    return _PASS[seat] if 0 <= seat < SEATS else _single(Pass(seat))


def _accept(seat: int) -> _Part:
    return _ACCEPT[seat] if 0 <= seat < SEATS else _single(Accept(seat))


def offering_actions(state: GameState, phase: Offering, only: int | None) -> LegalActions:
    """The auctioneer's cards, each a ``PlayCard`` (R2.1)."""
    seat = phase.auctioneer
    if only is not None and only != seat:
        return NO_ACTIONS
    hand = state.players[seat].hand
    if not hand:
        return NO_ACTIONS
    return _legal(((len(hand), PlayCard, seat, hand),), len(hand))


def open_actions(state: GameState, phase: OpenAuction, only: int | None) -> LegalActions:
    """Each seat that may bid: a bid above the high bid, up to its money, or a pass (R4.1)."""
    parts: list[_Part] = []
    total = 0
    lo = phase.high_bid + 1
    passed, high_bidder = phase.passed, phase.high_bidder
    for seat, player in enumerate(state.players):
        if seat in passed or seat == high_bidder or (only is not None and only != seat):
            continue
        bids = player.money + 1 - lo
        if bids > 0:
            parts.append((bids, Bid, seat, lo))
            total += bids
        parts.append(_PASS[seat] if seat < SEATS else _single(Pass(seat)))
        total += 1
    return _legal(tuple(parts), total)


def one_offer_actions(state: GameState, phase: OneOfferAuction, only: int | None) -> LegalActions:
    """The seat in turn: one bid above the high bid, or a pass (R4.2)."""
    seat = phase.turn
    if only is not None and only != seat:
        return NO_ACTIONS
    lo = phase.high_bid + 1
    bids = state.players[seat].money + 1 - lo
    if bids > 0:
        return _legal(((bids, Bid, seat, lo), _pass(seat)), bids + 1)
    return _legal((_pass(seat),), 1)


def hidden_actions(state: GameState, phase: HiddenAuction, only: int | None) -> LegalActions:
    """Each seat yet to seal: a bid from 0 to its money (R4.3)."""
    parts: list[_Part] = []
    total = 0
    players = state.players
    for seat, bid in enumerate(phase.bids):
        if bid is None and (only is None or only == seat):
            bids = players[seat].money + 1
            if bids > 0:
                parts.append((bids, Bid, seat, 0))
                total += bids
    return _legal(tuple(parts), total)


def fixed_price_actions(
    state: GameState, phase: FixedPriceAuction, only: int | None
) -> LegalActions:
    """The auctioneer names a price, then each seat in turn accepts or passes (R4.4)."""
    seat = phase.turn
    if only is not None and only != seat:
        return NO_ACTIONS
    money = state.players[seat].money
    if phase.price is None:
        if money == 0:  # R4.4: the only price is 0 (a range, so SetPrice(s, 0.0) is not in it)
            return _legal(((1, SetPrice, seat, 0),), 1)
        if money < 0:
            return NO_ACTIONS
        return _legal(((money, SetPrice, seat, 1),), money)
    if money >= phase.price:
        return _legal((_accept(seat), _pass(seat)), 2)
    return _legal((_pass(seat),), 1)


def double_offer_actions(state: GameState, phase: DoubleOffer, only: int | None) -> LegalActions:
    """The seat asked: a second card of the double's artist, or a pass (R5.2)."""
    seat = phase.asking
    if only is not None and only != seat:
        return NO_ACTIONS
    artist = phase.card.artist
    fitting: tuple[Card, ...] = tuple(
        card
        for card in state.players[seat].hand
        if card.artist == artist and card.auction is not Auction.DOUBLE
    )
    if not fitting:
        return _legal((_pass(seat),), 1)
    return _legal(((len(fitting), PlayCard, seat, fitting), _pass(seat)), len(fitting) + 1)


def game_over_actions(state: GameState, phase: GameOver, only: int | None) -> LegalActions:
    """None: the game is over (R8.1)."""
    return NO_ACTIONS
