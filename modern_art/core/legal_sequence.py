"""The legal actions as a lazy, immutable, indexable sequence, and the actions it shares.

:class:`LegalActions` is that sequence. A bid range of a hundred amounts is
not built as a hundred objects, nor a hand of nine cards as nine
``PlayCard``: each range or hand is one small part that makes the action
asked for on demand. A random player, which takes ``len`` and one index,
builds one action per step, and that one shared when it can be
(:func:`shared_amount`, :func:`play_card`, :data:`PASSES`, :data:`ACCEPTS`).
Each phase's room (``modern_art.core.phases``) makes its sequence with
:func:`legal` from the parts below; :func:`modern_art.legal_actions` asks the
room of the state's phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, overload

from modern_art._speed import PURE, SEATS
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Card

__all__ = [
    "ACCEPTS",
    "NO_ACTIONS",
    "PASSES",
    "SHARED_BIDS",
    "LegalActions",
    "Part",
    "Run",
    "accept_of",
    "accept_part",
    "legal",
    "pass_of",
    "pass_part",
    "play_card",
    "shared_amount",
]

Run = tuple[type[Bid] | type[SetPrice] | type[PlayCard] | None, int, Sequence[Any]]
"""A run of alike actions, ``(kind, seat, items)``: see :meth:`LegalActions.runs`."""

Part = tuple[int, Any, int, Any]
"""A non-empty run of actions, ``(size, kind, seat, base)``, plain data:

* ``kind is None``: ``base`` is a sequence of the actions themselves;
* ``kind is PlayCard``: ``base`` is a tuple of cards, action ``i`` is
  ``PlayCard(seat, base[i])``;
* ``kind`` is ``Bid`` or ``SetPrice``: ``base`` is the lowest amount, action
  ``i`` is ``kind(seat, base + i)``.
"""


def _iter(part: Part) -> Iterator[Action]:
    size, kind, seat, base = part
    if kind is None:
        return iter(base)
    if kind is PlayCard:
        return (PlayCard(seat, card) for card in base)
    return (kind(seat, amount) for amount in range(base, base + size))


def _has(part: Part, action: object) -> bool:
    size, kind, seat, base = part
    if kind is None:
        # By type first: an object whose == is always true is none of these actions.
        return any(type(single) is type(action) and single == action for single in base)
    # Read untyped: the compiled build would refuse a typed read of Bid(0, "5") (TypeError).
    loose: Any = action
    if type(action) is not kind or loose.seat != seat:
        return False
    if kind is PlayCard:
        return type(loose.card) is Card and loose.card in base
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
    _parts: tuple[Part, ...]
    _len: int

    def __init__(
        self,
        chunks: Iterable[Sequence[Action]] = (),
        parts: tuple[Part, ...] | None = None,
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
                return shared_amount(kind, seat, base + i)
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


def shared_amount(kind: type[Bid] | type[SetPrice], seat: int, amount: int) -> Bid | SetPrice:
    """``kind(seat, amount)``, a ``Bid`` or a ``SetPrice``, made once and kept.

    Below :data:`SHARED_BIDS` and :data:`~modern_art._speed.SEATS`: other
    amounts and seats are made anew.
    """
    if 0 <= amount < SHARED_BIDS and 0 <= seat < SEATS:
        shared = (_BIDS if kind is Bid else _PRICES)[seat]
        made = shared[amount]
        if made is None:
            made = shared[amount] = kind(seat, amount)
        return made
    return kind(seat, amount)


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


def legal(parts: tuple[Part, ...], total: int) -> LegalActions:
    """A :class:`LegalActions` of non-empty ``parts`` holding ``total`` actions."""
    if PURE:  # skip __init__'s call (modern_art._speed); a native object needs its constructor
        actions: LegalActions = _new(LegalActions)
        actions._parts = parts
        actions._len = total
        return actions
    return LegalActions((), parts, total)


NO_ACTIONS: LegalActions = legal((), 0)
"""No legal action: a seat that may not act now, a spectator, a finished game."""


def _single(action: Action) -> Part:
    return (1, None, 0, (action,))


SHARED_BIDS: Final = 512
"""Bids below this amount, by seats below :data:`~modern_art._speed.SEATS`, are shared."""

# Each Bid(seat, amount) that indexing gives out is made once, when first asked
# for, and shared (actions are immutable): a random player's pick then makes no
# new value.
_BIDS: Final[tuple[list[Bid | SetPrice | None], ...]] = tuple(
    [None] * SHARED_BIDS for _ in range(SEATS)
)
_PRICES: Final[tuple[list[Bid | SetPrice | None], ...]] = tuple(
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


def pass_of(seat: int) -> Pass:
    """``Pass(seat)``, shared below ``SEATS``."""
    return PASSES[seat] if 0 <= seat < SEATS else Pass(seat)


def accept_of(seat: int) -> Accept:
    """``Accept(seat)``, shared below ``SEATS``."""
    return ACCEPTS[seat] if 0 <= seat < SEATS else Accept(seat)


def pass_part(seat: int) -> Part:
    """The part holding ``Pass(seat)`` alone, shared below ``SEATS``."""
    return _PASS[seat] if 0 <= seat < SEATS else _single(Pass(seat))


def accept_part(seat: int) -> Part:
    """The part holding ``Accept(seat)`` alone, shared below ``SEATS``."""
    return _ACCEPT[seat] if 0 <= seat < SEATS else _single(Accept(seat))
