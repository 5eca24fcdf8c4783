"""Strict reading, value by value: the converter's hooks for what JSON holds.

Documents may come from anyone, so every value must have the JSON type its
field declares (``true`` is not an integer, ``"3"`` is not either), arrays
are arrays, an enum is one of its values, and a card is the very card of
its id in the deck being read against (:data:`DECK`). Each fault is a
:class:`WireError`, which cattrs collects with its path.
"""

from __future__ import annotations

import enum
import heapq
import json
import re
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any, Final, get_args, get_origin

from cattrs import Converter
from cattrs.errors import BaseValidationError, IterableValidationError, IterableValidationNote

from modern_art.data.cards import Card
from modern_art.data.rules import DealSchedule

__all__ = [
    "PositionError",
    "DECK",
    "MAX_DECK_CARDS",
    "WireError",
    "array_items",
    "bool_hook",
    "card_hook",
    "deal_schedule_hook",
    "describe",
    "enum_hook",
    "frozenset_hook",
    "int_hook",
    "is_enum",
    "is_frozenset",
    "is_tuple",
    "names",
    "str_hook",
    "structure_object",
    "symbols_hook",
    "tuple_hook",
]

MAX_DECK_CARDS: Final = 1000
"""The most cards an edition read from JSON may hold (CMON has 70)."""


class WireError(ValueError):
    """A value that does not fit; cattrs collects these with their paths."""


class PositionError(WireError):
    """A state or view that no game reaches: each problem, told whole (never clipped).

    Its message is :func:`~modern_art.position_problems`' sentences, which
    quote no value of the document longer than the state's own counts.
    """


# The deck that cards are checked against while a document is read.
DECK: ContextVar[tuple[Card, ...]] = ContextVar("DECK")


def describe(value: object) -> str:
    """A short JSON-like description of a value, for messages."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list | tuple):
        return "an array"
    text = json.dumps(value) if isinstance(value, str | int | float) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def names(keys: Iterable[str]) -> str:
    """Sorted key names for a message, at most five of them."""
    keys = list(keys)
    shown = heapq.nsmallest(5, keys)  # not a sort: a document may have 100,000 keys
    more = f" and {len(keys) - 5} more" if len(keys) > 5 else ""
    return ", ".join(json.dumps(key)[:40] for key in shown) + more


def structure_object(value: object, what: str) -> dict[str, Any]:
    """``value`` if it is a JSON object, else a :class:`WireError` naming ``what`` was expected."""
    if type(value) is not dict:
        raise WireError(f"expected {what} (an object), got {describe(value)}")
    return value


def _exactly(kind: type[Any], what: str) -> Callable[..., Any]:
    """The hook for a value of exactly the JSON type ``kind`` (``true`` is no integer)."""

    def hook(value: object, _: object = None) -> Any:
        if type(value) is not kind:
            raise WireError(f"expected {what}, got {describe(value)}")
        return value

    return hook


int_hook: Final[Callable[..., int]] = _exactly(int, "an integer")
"""``value`` if it is an integer (not ``true``, not ``1.0``)."""

str_hook: Final[Callable[..., str]] = _exactly(str, "a string")
"""``value`` if it is a string."""

bool_hook: Final[Callable[..., bool]] = _exactly(bool, "true or false")
"""``value`` if it is ``true`` or ``false``."""


_MAX_ERRORS = 10

# What structuring one element may raise, each reported with its path by from_json: ours
# and the classes' refusals (ValueError), a missing field (KeyError), a value cattrs
# cannot take (TypeError, AttributeError), and cattrs' own groups of these.
_FAULTS = (ValueError, KeyError, TypeError, AttributeError)


def array_items(value: object, item: Any, conv: Converter) -> Iterator[Any]:
    """Structure each element of a JSON array, collecting errors with their index.

    Reading stops at the tenth bad element, so that a huge array of faults
    costs no more than a huge array of good values.
    """
    if type(value) is not list:
        raise WireError(f"expected an array, got {describe(value)}")
    errors: list[Exception] = []
    for index, element in enumerate(value):
        try:
            yield conv.structure(element, item)
        except (*_FAULTS, BaseValidationError) as exc:
            exc.__notes__ = [IterableValidationNote(f"index {index}", index, item)]
            errors.append(exc)
            if len(errors) == _MAX_ERRORS:
                break
    if errors:
        raise IterableValidationError("while reading an array", errors, list)


def is_enum(t: Any) -> bool:
    """Whether ``t`` is an enum class."""
    return isinstance(t, type) and issubclass(t, enum.Enum)


def is_tuple(t: Any) -> bool:
    """Whether ``t`` is a ``tuple[...]`` type."""
    return get_origin(t) is tuple


def is_frozenset(t: Any) -> bool:
    """Whether ``t`` is a ``frozenset[...]`` type."""
    return get_origin(t) is frozenset


def tuple_hook(conv: Converter) -> Callable[[Any], Callable[[Any, Any], tuple[Any, ...]]]:
    """The hook factory for ``tuple[X, ...]``: a JSON array of ``X``."""

    def factory(t: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
        args = get_args(t)
        if len(args) != 2 or args[1] is not Ellipsis:  # pragma: no cover (no such field)
            raise TypeError(f"only tuple[X, ...] is supported, got {t!r}")
        item = args[0]
        return lambda value, _: tuple(array_items(value, item, conv))

    return factory


def frozenset_hook(conv: Converter) -> Callable[[Any], Callable[[Any, Any], frozenset[Any]]]:
    """The hook factory for ``frozenset[X]``: a JSON array of distinct ``X``."""

    def factory(t: Any) -> Callable[[Any, Any], frozenset[Any]]:
        (item,) = get_args(t)

        def structure(value: Any, _: Any) -> frozenset[Any]:
            items = tuple(array_items(value, item, conv))
            result = frozenset(items)
            if len(result) != len(items):
                raise WireError(f"expected distinct elements, got {describe(value)}")
            return result

        return structure

    return factory


def card_hook(value: object, _: object = None) -> Card:
    """The deck's card with this id, if the artist and auction match it."""
    if type(value) is dict and len(value) == 3:
        # The common case first: exactly a card of the deck, which every check below passes.
        card_id, deck = value.get("id"), DECK.get()
        if type(card_id) is int and 0 <= card_id < len(deck):
            card = deck[card_id]
            artist, auction = value.get("artist"), value.get("auction")
            if (
                type(artist) is str
                and type(auction) is str
                and card.artist == artist
                and card.auction.value == auction
            ):
                return card
    fields = structure_object(value, "a card")
    if fields.keys() != {"id", "artist", "auction"}:
        raise WireError(
            f"a card has exactly the fields artist, auction and id, got {names(fields)}"
        )
    card_id = int_hook(fields["id"])
    artist = str_hook(fields["artist"])
    auction = str_hook(fields["auction"])
    deck = DECK.get()
    if 0 <= card_id < len(deck):
        card = deck[card_id]
        if card.artist == artist and card.auction.value == auction:
            return card
    raise WireError(
        f"unknown card: the deck has no card {card_id}"
        f" by {describe(artist)} with {describe(auction)}"
    )


def enum_hook(t: type[Any]) -> Callable[[Any, Any], Any]:
    """The hook for the enum ``t``: one of its values, as a string."""
    values = {member.value: member for member in t}

    def structure(value: Any, _: Any) -> Any:
        if type(value) is str and value in values:
            return values[value]
        raise WireError(f"expected one of {sorted(values)}, got {describe(value)}")

    return structure


def deal_schedule_hook(value: object, _: object = None) -> DealSchedule:
    """A deal schedule: an object from player counts to arrays of card counts."""
    entries = structure_object(value, "a deal schedule")
    # Rules allow one entry per player count from min to max_players, and every
    # player is dealt a card in round 1: never more entries than an edition has cards.
    if len(entries) > MAX_DECK_CARDS:
        raise WireError(
            f"a deal schedule has at most {MAX_DECK_CARDS} player counts, got {len(entries)}"
        )
    schedule: dict[int, tuple[int, ...]] = {}
    for key, deals in entries.items():
        if not re.fullmatch(r"[1-9][0-9]{0,5}", key):
            raise WireError(f"a deal schedule's keys are player counts, got {describe(key)}")
        if type(deals) is not list:
            raise WireError(
                f"expected an array of card counts for {key} players, got {describe(deals)}"
            )
        schedule[int(key)] = tuple(int_hook(k) for k in deals)
    return DealSchedule(schedule)


def symbols_hook(value: object, _: object) -> tuple[tuple[int, ...], ...]:
    """An edition's symbol counts: arrays of integers, for at most :data:`MAX_DECK_CARDS` cards."""
    if type(value) is not list:
        raise WireError(f"expected an array of symbol counts, got {describe(value)}")
    rows = []
    for row in value:
        if type(row) is not list:
            raise WireError(f"expected an array of symbol counts, got {describe(row)}")
        rows.append(tuple(int_hook(n) for n in row))
    total = sum(max(n, 0) for row in rows for n in row)
    if total > MAX_DECK_CARDS:
        raise WireError(f"an edition may hold at most {MAX_DECK_CARDS} cards, got {total}")
    return tuple(rows)
