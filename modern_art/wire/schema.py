"""JSON Schema (draft 2020-12) for every kind of document, so other languages can validate.

The schema is made from the same classes and field types as the reader, so
the two cannot drift apart. It checks shape: fields, JSON types, enum
values, the ``"type"`` tags and the ``"format"``. :func:`modern_art.from_json`
checks more: that a card is in the deck, that ``1.0`` is not an integer
(JSON Schema allows it), and that rules are consistent.

>>> import modern_art as ma
>>> schema = ma.json_schema("action")
>>> [document["properties"]["type"]["const"] for document in schema["oneOf"]]
['PlayCard', 'Bid', 'Pass', 'SetPrice', 'Accept']
"""

from __future__ import annotations

import copy
import enum
import functools
import typing
from typing import Any, Final, Literal, TypeAlias, get_args, get_origin

import attrs

from modern_art.core.legal import LegalActions
from modern_art.data.actions import Action
from modern_art.data.cards import Auction, Card
from modern_art.data.rules import DealSchedule
from modern_art.wire import analysis
from modern_art.wire.converter import KINDS, TAG, UNIONS, WIRE_TYPES
from modern_art.wire.documents import FORMAT, Kind
from modern_art.wire.strict import MAX_DECK_CARDS

__all__ = ["SchemaKind", "json_schema"]

SchemaKind: TypeAlias = Kind | Literal["analysis"]
"""A kind of document with a schema: each that :func:`modern_art.from_json` reads, and the
analysis document (:mod:`modern_art.wire.analysis`), which the faces write for people's pages."""

DIALECT: Final = "https://json-schema.org/draft/2020-12/schema"
"""The JSON Schema dialect of every schema :func:`json_schema` returns."""


def json_schema(kind: SchemaKind) -> dict[str, Any]:
    """The JSON Schema of a ``kind`` document, as :func:`modern_art.to_json` writes it.

    Args:
        kind: a kind of document, as for :func:`modern_art.from_json`, or
            ``"analysis"``: the analysis document that ``modern-art analyse
            --json`` prints and the service's practice tables answer with.

    Returns:
        A fresh dict (changing it changes nothing here): a draft 2020-12
        schema whose ``$defs`` hold one entry per class.

    Raises:
        ValueError: ``kind`` is not a kind of document.
    """
    if kind not in KINDS and kind != "analysis":
        raise ValueError(f"kind must be one of {sorted([*KINDS, 'analysis'])}, got {kind!r}")
    return copy.deepcopy(_schema(kind))


@functools.cache
def _schema(kind: str) -> dict[str, Any]:
    defs: dict[str, Any] = {}
    if kind == "analysis":
        documents = [_analysis(defs)]
    else:
        documents = [_document(cls, defs) for cls in KINDS[kind]]
    schema: dict[str, Any] = {"$schema": DIALECT, "title": f"{FORMAT} {kind} document"}
    if len(documents) == 1:
        schema.update(documents[0])
    else:
        schema["oneOf"] = documents
    schema["$defs"] = dict(sorted(defs.items()))
    return schema


def _analysis(defs: dict[str, Any]) -> dict[str, Any]:
    """The analysis document: its fields' tables, each action the action's own document."""
    artist = _fields(analysis.ARTIST_FIELDS, defs)
    action = _fields(analysis.ACTION_FIELDS, defs)
    action["properties"]["action"] = {"oneOf": [_document(cls, defs) for cls in get_args(Action)]}
    body = _fields(analysis.FIELDS, defs, tag=analysis.ANALYSIS_TYPE)
    body["properties"]["format"] = {"const": FORMAT}
    body["properties"]["artists"] = {"type": "array", "items": artist}
    body["properties"]["actions"] = {"type": "array", "items": action}
    body["properties"] = dict(sorted(body["properties"].items()))
    body["required"] = sorted(body["properties"])
    return body


def _fields(
    fields: dict[str, Any], defs: dict[str, Any], *, tag: str | None = None
) -> dict[str, Any]:
    """An object of exactly these fields, each of its type (and a ``"type"`` of ``tag``)."""
    properties = {name: _type(t, defs) for name, t in fields.items()}
    if tag is not None:
        properties[TAG] = {"const": tag}
    return {
        "type": "object",
        "properties": dict(sorted(properties.items())),
        "required": sorted(properties),
        "additionalProperties": False,
    }


def _document(cls: type, defs: dict[str, Any]) -> dict[str, Any]:
    """A top-level document: the class's fields plus ``format`` and ``type``."""
    body = _object(cls, defs, tagged=True)
    body["properties"]["format"] = {"const": FORMAT}
    body["required"] = sorted({*body["required"], "format"})
    body["properties"] = dict(sorted(body["properties"].items()))
    return body


def _object(cls: type, defs: dict[str, Any], *, tagged: bool) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    wire = WIRE_TYPES.get(cls, {})
    fields = {a.name: wire.get(a.name, hints[a.name]) for a in attrs.fields(cls) if a.init}
    body = _fields(fields, defs, tag=cls.__name__ if tagged else None)
    if cls in get_args(Action):  # an action is a whole document wherever it appears
        body["properties"]["format"] = {"const": FORMAT}
        body["properties"] = dict(sorted(body["properties"].items()))
        body["required"] = sorted(body["properties"])
    return body


def _ref(cls: type, defs: dict[str, Any], *, tagged: bool) -> dict[str, Any]:
    name = cls.__name__
    if name not in defs:
        defs[name] = {}  # a placeholder, in case a class refers to itself
        defs[name] = _card() if cls is Card else _object(cls, defs, tagged=tagged)
    return {"$ref": f"#/$defs/{name}"}


def _card() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "artist": {"type": "string"},
            "auction": _type(Auction, {}),
            "id": {"type": "integer", "minimum": 0},
        },
        "required": ["artist", "auction", "id"],
        "additionalProperties": False,
    }


def _type(t: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of a value of type ``t``."""
    simple = {int: "integer", float: "number", str: "string", bool: "boolean", type(None): "null"}
    if t in simple:
        return {"type": simple[t]}
    for union in UNIONS:
        if t == union:
            return {"oneOf": [_ref(cls, defs, tagged=True) for cls in get_args(union)]}
    if t is LegalActions:
        return {"type": "array", "items": _type(Action, defs)}
    origin = get_origin(t)
    if origin is tuple:
        return {"type": "array", "items": _type(get_args(t)[0], defs)}
    if origin is frozenset:
        return {"type": "array", "items": _type(get_args(t)[0], defs), "uniqueItems": True}
    if origin in (typing.Union, type(int | None)):
        return {"anyOf": [_type(arg, defs) for arg in get_args(t)]}
    if t is DealSchedule:
        return {
            "type": "object",
            "patternProperties": {
                "^[1-9][0-9]{0,5}$": {"type": "array", "items": {"type": "integer"}}
            },
            "additionalProperties": False,
            "maxProperties": MAX_DECK_CARDS,
        }
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return {"enum": [member.value for member in t]}
    if isinstance(t, type) and attrs.has(t):
        return _ref(t, defs, tagged=False)
    raise TypeError(f"no JSON Schema for {t!r}")  # pragma: no cover (every field has one)
