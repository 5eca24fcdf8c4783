"""The cattrs converter behind :func:`modern_art.to_json` and :func:`modern_art.from_json`.

What a document may hold (:data:`KINDS`), how a member of a union is told
(:data:`TAG`), and the one converter that writes and reads it all, built on
first use (:func:`converter`): building it takes longer than importing the
rest of the library, and ``import modern_art`` need not pay for it. Reading
is strict, hook by hook (:mod:`modern_art.wire.strict`); a state or view
read must also be a sound position (:mod:`modern_art.wire.position_checks`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, Final, get_args

import attrs
from attrs import frozen
from cattrs import Converter
from cattrs.errors import AttributeValidationNote, ClassValidationError
from cattrs.gen import make_dict_structure_fn, override
from cattrs.strategies import configure_tagged_union

from modern_art.core.legal import LegalActions
from modern_art.core.records import GameRecord
from modern_art.data.actions import Action, Bid, PlayCard, SetPrice
from modern_art.data.cards import Card
from modern_art.data.editions import CMON, ORIGINAL, Edition
from modern_art.data.events import Event
from modern_art.data.phases import Phase
from modern_art.data.rules import DealSchedule, Rules, presets
from modern_art.data.state import GameState, Step
from modern_art.seeing.views import PlayerView, PublicPhase
from modern_art.wire.parsing import same_json
from modern_art.wire.position_checks import check_state, check_view
from modern_art.wire.strict import (
    WireError,
    array_items,
    bool_hook,
    card_hook,
    deal_schedule_hook,
    describe,
    enum_hook,
    frozenset_hook,
    int_hook,
    is_enum,
    is_frozenset,
    is_tuple,
    str_hook,
    structure_object,
    symbols_hook,
    tuple_hook,
)

__all__ = ["FORMAT", "KINDS", "TAG", "UNIONS", "WIRE_TYPES", "Events", "converter"]

TAG: Final = "type"
"""The key naming an object's class in a tagged union and in every document."""

FORMAT: Final = "modern-art/1"
"""The format version every document carries in its ``"format"`` field.

An action carries it wherever it appears (in a view's legal actions, in a
record's actions), so that an action copied out of any document is a whole
action document: ``from_json(..., "action")`` and a server's actions
endpoint take it as it is.
"""


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


@functools.cache
def converter() -> Converter:
    """The one converter, configured on its first use and kept.

    Two threads that ask at once may each build one; both are the same
    configuration, and one of them is kept.
    """
    return _make_converter()


def _unstructure_action(conv: Converter, cls: type) -> Callable[[Any], dict[str, Any]]:
    """Actions accept any values; only JSON-shaped ones are written."""
    wire = WIRE_TYPES.get(cls, {})

    def unstructure(action: Any) -> dict[str, Any]:
        result: dict[str, Any] = {"format": FORMAT, "seat": int_hook(action.seat)}
        for name, kind in wire.items():
            value = getattr(action, name)
            if kind is Card:
                if not isinstance(value, Card):
                    raise WireError(f"expected a Card, got {value!r}")
                result[name] = conv.unstructure(value, Card)
            else:
                result[name] = int_hook(value)
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
            overrides["symbols"] = override(struct_hook=symbols_hook)
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
            GameState: check_state,
            PlayerView: check_view,
        }
        check = checks.get(cls)
        known: list[tuple[Any, Any]] | None = None

        def structure(value: Any, _: Any) -> Any:
            nonlocal known
            fields = structure_object(value, what)
            missing = [name for name in names if name not in fields]
            if missing:
                # Every field is required, even those with a default (Rules).
                raise ClassValidationError(
                    f"While structuring {cls.__name__}", [_missing(cls, n) for n in missing], cls
                )
            if cls in _PRESET_VALUES:
                if known is None:
                    known = [(_as_json(conv.unstructure(v)), v) for v in _PRESET_VALUES[cls]()]
                for written, preset in known:
                    if same_json(fields, written):
                        return preset  # exactly a preset's own document: no deck to build
            # Errors in the fields, and the class's own validation (Rules, Edition,
            # GameRecord), come out as a cattrs error group with their paths.
            result = inner(fields, cls)
            return check(result) if check else result

        return structure

    return factory


_PRESET_VALUES: Final[dict[type, Callable[[], list[Any]]]] = {
    Rules: lambda: list(presets().values()),
    Edition: lambda: [CMON, ORIGINAL],
}
"""The values a document most often holds whole: read back as the very objects.

A ``Rules`` or ``Edition`` document that is exactly one of these, field for
field and type for type (:func:`~modern_art.wire.parsing.same_json`: ``true`` is no ``1``), is that
value: it passed every check when it was made, so none is skipped, and its
deck of 70 cards is not built again (most of a state's ``from_json`` before,
benchmarks/peers.py). Anything else is read and checked in full.
"""


def _as_json(value: Any) -> Any:
    """``value`` as ``json.loads`` gives it back: lists for tuples."""
    return json.loads(json.dumps(value))


def _missing(cls: type, name: str) -> KeyError:
    error = KeyError(name)
    error.__notes__ = [AttributeValidationNote(f"missing {name}", name, cls)]
    return error


def _tagged(conv: Converter, union: Any) -> None:
    configure_tagged_union(union, conv, tag_name=TAG)
    inner = conv.get_structure_hook(union)
    tags = sorted(cls.__name__ for cls in get_args(union))

    carries_format = union is Action

    def structure(value: Any, t: Any) -> Any:
        fields = structure_object(value, f"one of {', '.join(tags)}")
        if carries_format and "format" in fields:
            # An action inside a document carries the document's format (written
            # so since format modern-art/1's actions were made whole); one
            # written before without it is read too.
            if fields["format"] != FORMAT:
                raise WireError(f'expected "format": "{FORMAT}", got {describe(fields["format"])}')
            fields = {key: value for key, value in fields.items() if key != "format"}
        tag = fields.get(TAG)
        if tag not in tags:
            got = "no type" if tag is None else f"type {describe(tag)}"
            raise WireError(f"expected a type among {', '.join(tags)}, got {got}")
        return inner(fields, t)

    conv.register_structure_hook(union, structure)


def _make_converter() -> Converter:
    conv = Converter(detailed_validation=True, forbid_extra_keys=True)
    conv.register_structure_hook(int, int_hook)
    conv.register_structure_hook(str, str_hook)
    conv.register_structure_hook(bool, bool_hook)
    conv.register_structure_hook(Card, card_hook)
    conv.register_structure_hook(DealSchedule, deal_schedule_hook)
    conv.register_unstructure_hook(DealSchedule, lambda d: {str(k): list(v) for k, v in d.items()})
    conv.register_structure_hook_factory(is_tuple, tuple_hook(conv))
    conv.register_structure_hook_factory(is_frozenset, frozenset_hook(conv))
    conv.register_unstructure_hook_func(is_frozenset, sorted)
    conv.register_unstructure_hook_func(lambda t: t is frozenset, sorted)
    conv.register_structure_hook_factory(is_enum, enum_hook)
    conv.register_structure_hook_factory(attrs.has, _attrs_hook(conv))
    for cls in get_args(Action):
        conv.register_unstructure_hook(cls, _unstructure_action(conv, cls))
    # A view's lazy legal actions: an array of actions, as a tuple of them would be.
    conv.register_unstructure_hook(
        LegalActions, lambda actions: [conv.unstructure(a, Action) for a in actions]
    )
    conv.register_structure_hook(
        LegalActions, lambda value, _: LegalActions([tuple(array_items(value, Action, conv))])
    )
    for union in UNIONS:
        _tagged(conv, union)
    return conv
