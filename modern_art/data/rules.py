"""The variant configuration: a frozen, validated :class:`Rules` and its presets."""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from attrs import field, frozen

from modern_art.data.cards import Card
from modern_art.data.editions import CMON, ORIGINAL, Edition
from modern_art.data.shown import shown

__all__ = [
    "MAX_INT_DIGITS",
    "MAX_MONEY",
    "DealSchedule",
    "DoublePayment",
    "HiddenTie",
    "Rules",
    "preset",
    "presets",
]

MAX_INT_DIGITS: Final = 18
"""The most digits of an integer on the wire: ``abs(n) < 10**18`` fits a 64-bit integer.

A :class:`Rules` under which a game could hold more money is refused, so
every state of every game can be written as JSON.
"""

MAX_MONEY: Final = 10**MAX_INT_DIGITS
"""No amount of money, bid or price reaches it (:data:`MAX_INT_DIGITS` digits at most)."""


class HiddenTie(enum.Enum):
    """Who wins a tie for the highest hidden bid (R4.3)."""

    AUCTIONEER_FIRST = "auctioneer_first"
    """CMON: the auctioneer if tied, else the tied player nearest clockwise from their left."""
    CLOCKWISE_FROM_LEFT = "clockwise_from_left"
    """The tied player nearest clockwise from the auctioneer's left; the auctioneer last."""

    def __repr__(self) -> str:
        return f"HiddenTie.{self.name}"


class DoublePayment(enum.Enum):
    """Who is paid for a double auction's pair after a takeover (R5.3)."""

    SUPPLIER_TAKES_ALL = "supplier_takes_all"
    """CMON: the supplier of the second card receives the whole price."""
    SPLIT = "split"
    """CMON reference-sheet variant: the price is split, the supplier gets the odd unit."""

    def __repr__(self) -> str:
        return f"DoublePayment.{self.name}"


class DealSchedule(Mapping[int, tuple[int, ...]]):
    """An immutable, hashable mapping: player count -> cards dealt before each round.

    >>> DealSchedule({3: (10, 6, 6, 0)})[3]
    (10, 6, 6, 0)

    Made and read in time linear in its size (after sorting the keys):
    lookups go through a dict, never along the items.
    """

    __slots__ = ("_by_count", "_items")
    _items: tuple[tuple[int, tuple[int, ...]], ...]
    _by_count: dict[int, tuple[int, ...]]

    def __init__(
        self, items: Mapping[int, Any] | DealSchedule | Iterable[tuple[int, Any]] = ()
    ) -> None:
        if isinstance(items, DealSchedule):  # already frozen: share, as Rules' converter does
            frozen_items, by_count = items._items, items._by_count
        else:
            pairs = items.items() if isinstance(items, Mapping) else items
            try:
                frozen_items = tuple(sorted((int(k), tuple(v)) for k, v in pairs))
            except (TypeError, ValueError) as exc:
                raise ValueError(
                    f"'deal_schedule' must map player counts to tuples of card counts ({exc})"
                ) from None
            by_count = dict(frozen_items)
            if len(by_count) != len(frozen_items):
                raise ValueError("'deal_schedule' names a player count twice")
        object.__setattr__(self, "_items", frozen_items)
        object.__setattr__(self, "_by_count", by_count)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("DealSchedule is immutable")

    def __reduce__(self) -> tuple[type[DealSchedule], tuple[dict[int, tuple[int, ...]]]]:
        # Rebuild through __init__: copy, deepcopy and pickle cannot set slots.
        return (type(self), (dict(self._items),))

    def __getitem__(self, players: int) -> tuple[int, ...]:
        return self._by_count[players]

    def __iter__(self) -> Iterator[int]:
        return (key for key, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DealSchedule):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._by_count == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"DealSchedule({dict(self._items)!r})"


CMON_DEALS = DealSchedule({3: (10, 6, 6, 0), 4: (9, 4, 4, 0), 5: (8, 3, 3, 0)})


def _non_negative(rules: Rules, attribute: Any, value: int) -> None:
    if type(value) is not int or value < 0:
        raise ValueError(f"'{attribute.name}' must be a non-negative integer, got {shown(value)}")


def _positive(rules: Rules, attribute: Any, value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"'{attribute.name}' must be a positive integer, got {shown(value)}")


def _to_tiles(value: Any) -> tuple[Any, ...]:
    try:
        return tuple(value)
    except TypeError:
        raise ValueError(
            f"'value_tiles' must be a sequence of tile values, got {shown(value)}"
        ) from None


def _enum_of(kind: type[enum.Enum]) -> Any:
    def check(rules: Rules, attribute: Any, value: object) -> None:
        if not isinstance(value, kind):
            raise ValueError(
                f"'{attribute.name}' must be one of {[m for m in kind]!r}, got {shown(value)}"
            )

    return check


@frozen
class Rules:
    """Every rule that editions or house rules change, with the CMON values as defaults.

    A ``Rules`` that cannot work is refused when it is made, with a
    ``ValueError`` naming the field.

    >>> Rules().starting_money
    100
    >>> Rules(value_tiles=(30, 30, 10))
    Traceback (most recent call last):
    ...
    ValueError: 'value_tiles' must be positive and strictly descending, got (30, 30, 10)
    """

    edition: Edition = field(default=CMON)
    """The deck, artist names and board order (R1.3)."""
    min_players: int = field(default=3, validator=_positive)
    """The fewest players the game allows (R1.1)."""
    max_players: int = field(default=5, validator=_positive)
    """The most players the game allows (R1.1)."""
    starting_money: int = field(default=100, validator=_non_negative)
    """Money each player starts with (R1.2)."""
    value_tiles: tuple[int, ...] = field(default=(30, 20, 10), converter=_to_tiles)
    """Tiles given to the first, second, third ... artist of a round (R6.4)."""
    rounds: int = field(default=4, validator=_positive)
    """The number of rounds (R8.1)."""
    deal_schedule: DealSchedule = field(default=CMON_DEALS, converter=DealSchedule)
    """Player count -> cards dealt to each player before each round (R1.4, R6.6)."""
    hidden_tie: HiddenTie = field(
        default=HiddenTie.AUCTIONEER_FIRST, validator=_enum_of(HiddenTie)
    )
    """Who wins a tie for the highest hidden bid (R4.3)."""
    double_payment: DoublePayment = field(
        default=DoublePayment.SUPPLIER_TAKES_ALL, validator=_enum_of(DoublePayment)
    )
    """Who is paid for a double auction's pair after a takeover (R5.3)."""
    open_money: bool = field(default=False)
    """Whether every player's money is public (R1.2, R7.2)."""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.edition, Edition):
            raise ValueError(f"'edition' must be an Edition, got {shown(self.edition)}")
        if type(self.open_money) is not bool:
            raise ValueError(f"'open_money' must be True or False, got {shown(self.open_money)}")
        if self.min_players < 2 or self.min_players > self.max_players:
            raise ValueError(
                "'min_players' must be at least 2 and at most 'max_players',"
                f" got {shown(self.min_players)} and {shown(self.max_players)}"
            )
        tiles = self.value_tiles
        if (
            not tiles
            or any(type(t) is not int or t < 1 for t in tiles)
            or any(a <= b for a, b in itertools.pairwise(tiles))
        ):
            raise ValueError(
                f"'value_tiles' must be positive and strictly descending, got {shown(tiles)}"
            )
        if len(tiles) > len(self.edition.artists):
            raise ValueError(
                f"'value_tiles' has {len(tiles)} tiles but the edition has only"
                f" {len(self.edition.artists)} artists"
            )
        self._check_deal_schedule()
        self._check_money()

    def _check_money(self) -> None:
        """Refuse rules under which a game could hold :data:`MAX_MONEY` (R1.2, R6.5).

        The table holds every seat's starting money, and each painting is
        sold to the bank once, for at most every round's first tile.
        """
        deck = len(self.edition.deck)
        most = self.max_players * self.starting_money + deck * self.rounds * self.value_tiles[0]
        if most >= MAX_MONEY:
            raise ValueError(
                f"'starting_money' {shown(self.starting_money)} and 'value_tiles'"
                f" {shown(self.value_tiles)}: a game of {self.max_players} players could"
                f" hold more than {MAX_MONEY - 1} in all, the most a state's money may be"
                f" ({MAX_INT_DIGITS} digits)"
            )

    def _check_deal_schedule(self) -> None:
        deck_size = len(self.edition.deck)
        # Only the player counts the game allows: a document cannot make the
        # schedule (and every lookup in it) as large as it likes.
        outside = [n for n in self.deal_schedule if not self.min_players <= n <= self.max_players]
        if outside:
            raise ValueError(
                f"'deal_schedule' has an entry for {outside[0]} players, outside"
                f" 'min_players' to 'max_players' ({self.min_players} to {self.max_players})"
            )
        for players in range(self.min_players, self.max_players + 1):
            if players not in self.deal_schedule:
                raise ValueError(f"'deal_schedule' has no entry for {players} players")
            deals = self.deal_schedule[players]
            if len(deals) != self.rounds:
                raise ValueError(
                    f"'deal_schedule' for {players} players has {len(deals)} deals"
                    f" but 'rounds' is {shown(self.rounds)}"
                )
            if any(type(k) is not int or k < 0 for k in deals):
                raise ValueError(
                    f"'deal_schedule' for {players} players must be non-negative"
                    f" integers, got {shown(deals)}"
                )
            if deals[0] < 1:
                raise ValueError(f"'deal_schedule' for {players} players deals no card in round 1")
            needed = players * sum(deals)
            if needed > deck_size:
                raise ValueError(
                    f"'deal_schedule' for {players} players needs {needed} cards"
                    f" but the deck has {deck_size}"
                )

    @property
    def deck(self) -> tuple[Card, ...]:
        """The edition's whole deck in canonical order (ids 0, 1, ...)."""
        return self.edition.deck

    @property
    def artists(self) -> tuple[str, ...]:
        """The artists in board order, left to right."""
        return self.edition.artists

    def deals(self, players: int) -> tuple[int, ...]:
        """Cards dealt to each player before each round, for ``players`` players."""
        return self.deal_schedule[players]


_PRESETS: dict[str, Rules] = {
    "cmon": Rules(),
    "original": Rules(edition=ORIGINAL),
}


def preset(name: str) -> Rules:
    """The named preset: ``"cmon"`` (the default rules) or ``"original"``.

    >>> preset("original").artists[0]
    'Lite Metal'
    """
    try:
        return _PRESETS[name]
    except KeyError:
        raise ValueError(f"no preset named {name!r}; known presets: {sorted(_PRESETS)}") from None


def presets() -> dict[str, Rules]:
    """Every named preset, by name (a fresh dict: changing it changes nothing)."""
    return dict(_PRESETS)
