"""The cattrs converter behind :func:`modern_art.to_json` and :func:`modern_art.from_json`.

Reading is strict, because documents may come from anyone: every value must
have the JSON type its field declares (``true`` is not an integer, ``"3"``
is not either), objects have exactly their fields, arrays are arrays, and a
card must be the very card of its id in the deck being read against. Each
fault is a :class:`WireError` value that cattrs collects with its path.
"""

from __future__ import annotations

import enum
import heapq
import json
import re
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any, Final, get_args, get_origin

import attrs
from attrs import frozen
from cattrs import Converter
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, override
from cattrs.strategies import configure_tagged_union

from modern_art.core.legal import LegalActions
from modern_art.core.records import GameRecord
from modern_art.data.actions import Action, Bid, PlayCard, SetPrice
from modern_art.data.cards import Card
from modern_art.data.editions import Edition
from modern_art.data.events import Event
from modern_art.data.phases import DoubleOffer, Phase
from modern_art.data.rules import DealSchedule, Rules
from modern_art.data.state import GameState, Step
from modern_art.seeing.problems.position import position_problems
from modern_art.seeing.views import PlayerView, PublicPhase

__all__ = [
    "CONVERTER",
    "DECK",
    "KINDS",
    "MAX_DECK_CARDS",
    "TAG",
    "UNIONS",
    "WIRE_TYPES",
    "WireError",
    "Events",
    "describe",
    "names",
    "structure_object",
]

TAG: Final = "type"
"""The key naming an object's class in a tagged union and in every document."""

MAX_DECK_CARDS: Final = 1000
"""The most cards an edition read from JSON may hold (CMON has 70)."""


class WireError(ValueError):
    """A value that does not fit; cattrs collects these with their paths."""


@frozen
class Events:
    """The body of an ``"Events"`` document: a seat's stream, for one step or more."""

    events: tuple[Event, ...]


KINDS: Final[dict[str, tuple[type, ...]]] = {
    "rules": (Rules,),
    "action": get_args(Action),
    "event": get_args(Event),
    "events": (Events,),
    "state": (GameState,),
    "step": (Step,),
    "record": (GameRecord,),
    "view": (PlayerView,),
}
"""Each kind of document and the classes it may hold (``"events"``: a tuple of events)."""

UNIONS: Final = (Action, Event, Phase, PublicPhase)
"""The unions whose members carry a ``"type"`` tag wherever they appear."""

# Action fields that may hold anything at run time (nothing checks them when an
# action is made): written only when they have these types, read with these hooks.
WIRE_TYPES: Final[dict[type, dict[str, Any]]] = {
    PlayCard: {"card": Card},
    Bid: {"amount": int},
    SetPrice: {"price": int},
}

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


def _int(value: object, _: object = None) -> int:
    if type(value) is not int:
        raise WireError(f"expected an integer, got {describe(value)}")
    return value


def _str(value: object, _: object = None) -> str:
    if type(value) is not str:
        raise WireError(f"expected a string, got {describe(value)}")
    return value


def _bool(value: object, _: object = None) -> bool:
    if type(value) is not bool:
        raise WireError(f"expected true or false, got {describe(value)}")
    return value


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


_MAX_ERRORS = 10


def _items(value: object, item: Any, conv: Converter) -> Iterator[Any]:
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
        except Exception as exc:
            exc.__notes__ = [IterableValidationNote(f"index {index}", index, item)]
            errors.append(exc)
            if len(errors) == _MAX_ERRORS:
                break
    if errors:
        raise IterableValidationError("while reading an array", errors, list)


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _is_tuple(t: Any) -> bool:
    return get_origin(t) is tuple


def _is_frozenset(t: Any) -> bool:
    return get_origin(t) is frozenset


def _tuple_hook(conv: Converter) -> Callable[[Any], Callable[[Any, Any], tuple[Any, ...]]]:
    def factory(t: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
        args = get_args(t)
        if len(args) != 2 or args[1] is not Ellipsis:  # pragma: no cover (no such field)
            raise TypeError(f"only tuple[X, ...] is supported, got {t!r}")
        item = args[0]
        return lambda value, _: tuple(_items(value, item, conv))

    return factory


def _frozenset_hook(conv: Converter) -> Callable[[Any], Callable[[Any, Any], frozenset[Any]]]:
    def factory(t: Any) -> Callable[[Any, Any], frozenset[Any]]:
        (item,) = get_args(t)

        def structure(value: Any, _: Any) -> frozenset[Any]:
            items = tuple(_items(value, item, conv))
            result = frozenset(items)
            if len(result) != len(items):
                raise WireError(f"expected distinct elements, got {describe(value)}")
            return result

        return structure

    return factory


def _card(value: object, _: object = None) -> Card:
    """The deck's card with this id, if the artist and auction match it."""
    fields = structure_object(value, "a card")
    if fields.keys() != {"id", "artist", "auction"}:
        raise WireError(
            f"a card has exactly the fields artist, auction and id, got {names(fields)}"
        )
    card_id = _int(fields["id"])
    artist = _str(fields["artist"])
    auction = _str(fields["auction"])
    deck = DECK.get()
    if 0 <= card_id < len(deck):
        card = deck[card_id]
        if card.artist == artist and card.auction.value == auction:
            return card
    raise WireError(
        f"unknown card: the deck has no card {card_id}"
        f" by {describe(artist)} with {describe(auction)}"
    )


def _enum_hook(t: type[Any]) -> Callable[[Any, Any], Any]:
    values = {member.value: member for member in t}

    def structure(value: Any, _: Any) -> Any:
        if type(value) is str and value in values:
            return values[value]
        raise WireError(f"expected one of {sorted(values)}, got {describe(value)}")

    return structure


def _deal_schedule(value: object, _: object = None) -> DealSchedule:
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
        schedule[int(key)] = tuple(_int(k) for k in deals)
    return DealSchedule(schedule)


def _symbols(value: object, _: object) -> tuple[tuple[int, ...], ...]:
    if type(value) is not list:
        raise WireError(f"expected an array of symbol counts, got {describe(value)}")
    rows = []
    for row in value:
        if type(row) is not list:
            raise WireError(f"expected an array of symbol counts, got {describe(row)}")
        rows.append(tuple(_int(n) for n in row))
    total = sum(max(n, 0) for row in rows for n in row)
    if total > MAX_DECK_CARDS:
        raise WireError(f"an edition may hold at most {MAX_DECK_CARDS} cards, got {total}")
    return tuple(rows)


def _unstructure_action(conv: Converter, cls: type) -> Callable[[Any], dict[str, Any]]:
    """Actions accept any values; only JSON-shaped ones are written."""
    wire = WIRE_TYPES.get(cls, {})

    def unstructure(action: Any) -> dict[str, Any]:
        result: dict[str, Any] = {"seat": _int(action.seat)}
        for name, kind in wire.items():
            value = getattr(action, name)
            if kind is Card:
                if not isinstance(value, Card):
                    raise WireError(f"expected a Card, got {value!r}")
                result[name] = conv.unstructure(value, Card)
            else:
                result[name] = _int(value)
        if any(type(v) is int and abs(v) >= 10**18 for v in result.values()):
            raise WireError("integers on the wire have at most 18 digits")
        return result

    return unstructure


def _attrs_hook(conv: Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        overrides: dict[str, Any] = {
            name: override(struct_hook=conv.get_structure_hook(kind))
            for name, kind in WIRE_TYPES.get(cls, {}).items()
        }
        if cls is Edition:
            overrides["symbols"] = override(struct_hook=_symbols)
        inner = make_dict_structure_fn(
            cls,
            conv,
            _cattrs_forbid_extra_keys=True,
            _cattrs_detailed_validation=True,
            **overrides,
        )
        what = f"a {cls.__name__}"
        names = [a.name for a in attrs.fields(cls) if a.init]
        checks: dict[type, Callable[[Any], Any]] = {
            GameState: _check_state,
            PlayerView: _check_view,
        }
        check = checks.get(cls)

        def structure(value: Any, _: Any) -> Any:
            fields = structure_object(value, what)
            missing = [name for name in names if name not in fields]
            if missing:
                # Every field is required, even those with a default (Rules).
                raise ClassValidationError(
                    f"While structuring {cls.__name__}", [_missing(cls, n) for n in missing], cls
                )
            # Errors in the fields, and the class's own validation (Rules, Edition,
            # GameRecord), come out as a cattrs error group with their paths.
            result = inner(fields, cls)
            return check(result) if check else result

        return structure

    return factory


def _missing(cls: type, name: str) -> KeyError:
    error = KeyError(name)
    error.__notes__ = [AttributeValidationNote(f"missing {name}", name, cls)]
    return error


_SEAT_FIELDS = ("auctioneer", "double_player", "asking", "high_bidder", "turn")


def _check_state(state: GameState) -> GameState:
    """Refuse a state the engine could not work with: cards or seats out of place."""
    rules, n, phase = state.rules, len(state.players), state.phase
    if not rules.min_players <= n <= rules.max_players:
        raise WireError(
            f"the rules allow {rules.min_players} to {rules.max_players} players, got {n}"
        )
    artists = len(rules.artists)
    if len(state.counts) != artists or len(state.tiles) != artists:
        raise WireError(f"counts and tiles must have one entry per artist ({artists})")
    if not 1 <= state.round <= rules.rounds or state.step < 0:
        raise WireError(f"round must be 1 to {rules.rounds} and step not negative")
    if any(p.money < 0 for p in state.players):
        raise WireError("money must not be negative")
    seats = [getattr(phase, name, None) for name in _SEAT_FIELDS]
    seats += sorted(getattr(phase, "passed", ()))
    if any(seat is not None and not 0 <= seat < n for seat in seats):
        raise WireError(f"the phase names a seat outside 0 to {n - 1}")
    bids = getattr(phase, "bids", None)
    if bids is not None and len(bids) != n:
        raise WireError(f"a hidden auction has one bid per seat, got {len(bids)}")
    held = [*state.deck, *state.discard, *getattr(phase, "lot", ())]
    held += [phase.card] if isinstance(phase, DoubleOffer) else []
    for player in state.players:
        held += (*player.hand, *player.museum)
    if sorted(card.id for card in held) != list(range(len(rules.deck))):
        raise WireError(
            f"the state must hold each of the deck's {len(rules.deck)} cards exactly once,"
            f" got {len(held)} cards"
        )
    _refuse_problems(position_problems(state), "state")
    return state


def _check_view(view: PlayerView) -> PlayerView:
    """Refuse a view whose facts do not add up (R7), as :func:`position_problems` finds them."""
    _refuse_problems(position_problems(view), "view")
    return view


def _refuse_problems(problems: tuple[str, ...], what: str) -> None:
    if problems:
        more = f"; and {len(problems) - 3} more" if len(problems) > 3 else ""
        raise WireError(f"the {what} cannot arise in a game: {'; '.join(problems[:3])}{more}")


def _tagged(conv: Converter, union: Any) -> None:
    configure_tagged_union(union, conv, tag_name=TAG)
    inner = conv.get_structure_hook(union)
    tags = sorted(cls.__name__ for cls in get_args(union))

    def structure(value: Any, t: Any) -> Any:
        fields = structure_object(value, f"one of {', '.join(tags)}")
        tag = fields.get(TAG)
        if tag not in tags:
            got = "no type" if tag is None else f"type {describe(tag)}"
            raise WireError(f"expected a type among {', '.join(tags)}, got {got}")
        return inner(fields, t)

    conv.register_structure_hook(union, structure)


def _make_converter() -> Converter:
    conv = Converter(detailed_validation=True, forbid_extra_keys=True)
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(str, _str)
    conv.register_structure_hook(bool, _bool)
    conv.register_structure_hook(Card, _card)
    conv.register_structure_hook(DealSchedule, _deal_schedule)
    conv.register_unstructure_hook(DealSchedule, lambda d: {str(k): list(v) for k, v in d.items()})
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook(conv))
    conv.register_structure_hook_factory(_is_frozenset, _frozenset_hook(conv))
    conv.register_unstructure_hook_func(_is_frozenset, sorted)
    conv.register_unstructure_hook_func(lambda t: t is frozenset, sorted)
    conv.register_structure_hook_factory(_is_enum, _enum_hook)
    conv.register_structure_hook_factory(attrs.has, _attrs_hook(conv))
    for cls in get_args(Action):
        conv.register_unstructure_hook(cls, _unstructure_action(conv, cls))
    # A view's lazy legal actions: an array of actions, as a tuple of them would be.
    conv.register_unstructure_hook(
        LegalActions, lambda actions: [conv.unstructure(a, Action) for a in actions]
    )
    conv.register_structure_hook(
        LegalActions, lambda value, _: LegalActions([tuple(_items(value, Action, conv))])
    )
    for union in UNIONS:
        _tagged(conv, union)
    return conv


CONVERTER: Final = _make_converter()
"""The one converter, configured once."""
