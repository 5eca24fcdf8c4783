"""JSON for rules, actions, events, states, steps, game records and views: two entry points.

:func:`to_json` writes any of them as one *document*, a JSON object with a
``"format"`` (:data:`FORMAT`) and a ``"type"`` naming its class;
:func:`from_json` reads a document of the kind you expect back, refusing
anything else with :class:`SerializationError`.

>>> import modern_art as ma
>>> ma.to_json(ma.Bid(seat=1, amount=30))
'{"amount":30,"format":"modern-art/1","seat":1,"type":"Bid"}'
>>> ma.from_json('{"format": "modern-art/1", "type": "Pass", "seat": 2}', "action")
Pass(seat=2)

The wire format:

- Every object is a JSON object of its fields; an object that may be one of
  several classes (an action, an event, a phase) carries a ``"type"`` tag,
  the class name. Keys are sorted and there is no whitespace, so equal
  objects give byte-identical JSON.
- A card is ``{"id": 12, "artist": "Manuel Carvalho", "auction": "double"}``:
  a front-end can draw it without a lookup table, and a reader accepts only
  the exact card of that id in the rules' deck.
- Enums are their values (``"one_offer"``), sets sorted lists, tuples
  lists, ``None`` is ``null``, and a deal schedule an object keyed by the
  player count (``{"3": [10, 6, 6, 0], ...}``).
"""

from __future__ import annotations

import json
from typing import Any, Final, Literal, TypeAlias, overload

from cattrs import transform_error
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError

from modern_art.core.records import GameRecord
from modern_art.data.actions import Action
from modern_art.data.cards import Card
from modern_art.data.errors import SerializationError
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.data.state import GameState, Step
from modern_art.seeing.views import PlayerView
from modern_art.wire.converter import FORMAT, KINDS, TAG, Events, converter
from modern_art.wire.parsing import (
    MAX_INT_DIGITS,
    MAX_JSON_BYTES,
    MAX_JSON_DEPTH,
    TextError,
    check_bounds,
    holds_long_int,
    parse,
    parse_unbounded,
    written_long_int,
)
from modern_art.wire.quick_writer import write_state, write_view
from modern_art.wire.state_reader import read_state
from modern_art.wire.strict import (
    DECK,
    PositionError,
    WireError,
    describe,
    names,
    structure_object,
)

__all__ = [
    "FORMAT",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "Kind",
    "SerializationError",
    "from_json",
    "to_json",
]


Kind: TypeAlias = Literal["rules", "action", "event", "events", "state", "step", "record", "view"]
"""What a document holds; the second argument of :func:`from_json`."""


_BY_TAG: Final = {kind: {cls.__name__: cls for cls in classes} for kind, classes in KINDS.items()}
_KIND_OF: Final = {cls: kind for kind, classes in KINDS.items() for cls in classes}

# Where a document's own rules are, for the kinds that carry them.
_RULES_AT: Final[dict[str, tuple[str, ...]]] = {
    "state": ("rules",),
    "step": ("state", "rules"),
    "record": ("rules",),
    "view": ("rules",),
}


def to_json(obj: object) -> str:
    """``obj`` as a JSON document: compact, keys sorted, ASCII only.

    Args:
        obj: :class:`~modern_art.Rules`, an action, an event, a sequence of
            events, a :class:`~modern_art.GameState`, a :class:`~modern_art.Step`,
            a :class:`~modern_art.GameRecord` or a :class:`~modern_art.PlayerView`.

    Returns:
        The document; equal objects give identical text.

    Raises:
        SerializationError: ``obj`` is none of those, or an action holds a
            value JSON cannot carry (a seat or amount that is not an ``int``,
            a card that is not a :class:`~modern_art.Card`).

    >>> import modern_art as ma
    >>> ma.to_json([ma.TurnStarted(seat=2)])
    '{"events":[{"seat":2,"type":"TurnStarted"}],"format":"modern-art/1","type":"Events"}'
    """
    if isinstance(obj, tuple | list):
        if not all(type(event) in _BY_TAG["event"].values() for event in obj):
            raise SerializationError("cannot write a sequence as JSON unless it holds only events")
        obj = Events(tuple(obj))
    cls = type(obj)
    # The commonest documents, written by hand when they can be.
    quick = None
    if type(obj) is GameState:
        quick = write_state(obj, FORMAT)
    elif type(obj) is PlayerView:
        quick = write_view(obj, FORMAT)
    if quick is not None and not written_long_int(quick):
        return quick
    if cls not in _KIND_OF:
        raise SerializationError(
            f"cannot write a {cls.__name__} as JSON; expected rules, an action, an event,"
            " a sequence of events, a state, a step, a game record or a player view"
        )
    try:
        body = converter().unstructure(obj, cls)
    except (KeyError, TypeError, AttributeError) as exc:  # a hand-made value of a wrong type
        raise SerializationError(
            f"cannot write {cls.__name__} as JSON: a field holds a value of the wrong type"
            f" ({type(exc).__name__}: {exc})"
        ) from None
    except WireError as exc:
        raise SerializationError(f"cannot write {cls.__name__} as JSON: {exc}") from None
    body["format"] = FORMAT
    body[TAG] = cls.__name__
    try:
        text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    except ValueError as exc:  # an integer too long for str(), in a hand-made value
        _refuse_long_int(cls, body)
        raise SerializationError(f"cannot write {cls.__name__} as JSON: {exc}") from None
    if written_long_int(text):  # a quick look at the text, then the exact one at the body
        _refuse_long_int(cls, body)
    return text


def _refuse_long_int(cls: type, body: object) -> None:
    """Refuse to write what from_json would refuse to read: an integer of too many digits."""
    if holds_long_int(body):
        raise SerializationError(
            f"cannot write {cls.__name__} as JSON: integers on the wire have at most"
            f" {MAX_INT_DIGITS} digits (a seed, money or amount is too large)"
        )


@overload
def from_json(
    text: str | bytes, kind: Literal["rules"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> Rules: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["action"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> Action: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["event"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> Event: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["events"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> tuple[Event, ...]: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["state"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> GameState: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["step"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> Step: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["record"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> GameRecord: ...
@overload
def from_json(
    text: str | bytes, kind: Literal["view"], *, rules: Rules | None = ..., max_bytes: int = ...
) -> PlayerView: ...
def from_json(
    text: str | bytes,
    kind: Kind,
    *,
    rules: Rules | None = None,
    max_bytes: int = MAX_JSON_BYTES,
) -> object:
    """Read a document of ``kind``, trusting nothing in ``text``.

    Args:
        text: the JSON document, as ``str`` or UTF-8 ``bytes``.
        kind: what the caller expects: ``"rules"``, ``"action"``, ``"event"``,
            ``"events"`` (a tuple of events), ``"state"``, ``"step"``,
            ``"record"`` or ``"view"``. A document of any other kind is refused, so a
            server reading a player's move passes ``"action"``.
        rules: the rules whose deck cards are checked against, for documents
            that do not carry rules of their own (actions and events); the
            CMON rules if ``None``. A state, step, record or view is checked
            against its own rules, which must equal ``rules`` if given.
        max_bytes: the largest document accepted, :data:`MAX_JSON_BYTES` by default.

    Returns:
        The object, equal to the one :func:`to_json` wrote.

    Raises:
        SerializationError: for any bad input, and nothing else: not JSON, larger
            than ``max_bytes``, nested deeper than :data:`MAX_JSON_DEPTH`, a
            missing or unknown ``"format"``, a ``"type"`` not of ``kind``,
            missing or extra fields, a value of the wrong JSON type (``true`` is
            not an integer, ``1.0`` is not either), an integer of more than 18
            digits, a repeated key, a card not in the deck, or rules that
            :class:`~modern_art.Rules` refuses.
        ValueError: ``kind`` is not a kind of document (a bug in the caller).

    Actions are read with any integer values, as :func:`modern_art.apply`
    refuses illegal ones with :class:`~modern_art.IllegalAction`. A state is
    checked for its shape, for holding each card of the deck exactly once and
    for seats in range, not for being reachable in play.
    """
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {sorted(KINDS)}, got {kind!r}")
    where = f"invalid {kind} document"
    try:
        if kind == "state":  # the commonest document: parsed once, read by hand when it can be
            doc = parse_unbounded(text, max_bytes)
            state = read_state(doc, FORMAT, rules)
            if state is not None:
                return state
            check_bounds(doc)  # what read_state bounds by reading, before the converter reads
        else:
            doc = parse(text, max_bytes)
    except TextError as exc:
        raise SerializationError(f"{where}: {exc}") from None
    try:
        fields = structure_object(doc, "a document")
        if fields.get("format") != FORMAT:
            got = fields.get("format")
            raise WireError(
                f'expected "format": {json.dumps(FORMAT)}, got '
                + ("none" if got is None else describe(got))
            )
        tags = _BY_TAG[kind]
        tag = fields.get(TAG)
        if type(tag) is not str or tag not in tags:
            got = "no type" if tag is None else f"type {describe(tag)}"
            raise WireError(f"expected a type among {', '.join(sorted(tags))}, got {got}")
        cls = tags[tag]
        body = {key: value for key, value in fields.items() if key not in ("format", TAG)}
        token = DECK.set(_deck_for(kind, body, rules))
        try:
            result: object = converter().structure(body, cls)
        finally:
            DECK.reset(token)
    except (WireError, BaseValidationError) as exc:
        errors = _messages(exc)
        shown = "; ".join(errors[:3]) + (
            f"; and {len(errors) - 3} more" if len(errors) > 3 else ""
        )
        raise SerializationError(f"{where}: {shown}", errors) from None
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as exc:
        # A safety net: every known way in is reported above with its path.
        raise SerializationError(f"{where}: {type(exc).__name__}: {exc}") from None
    return result.events if isinstance(result, Events) else result


def _deck_for(kind: str, body: dict[str, Any], rules: Rules | None) -> tuple[Card, ...]:
    """The deck the document's cards must come from."""
    path = _RULES_AT.get(kind)
    if path is None:
        return (rules or Rules()).deck
    value: Any = body
    for key in path:
        value = value.get(key) if type(value) is dict else None
    try:
        own = converter().structure(value, Rules)
    except (WireError, BaseValidationError):
        return ()  # the full read reports the rules' faults with their path
    if rules is not None and own != rules:
        raise WireError("the document's rules differ from the rules given")
    return own.deck


_MAX_MESSAGE = 300


def _clipped(text: str) -> str:
    """``text`` cut to a readable length: a class refusing a huge value quotes all of it."""
    return text if len(text) <= _MAX_MESSAGE else text[: _MAX_MESSAGE - 3] + "..."


def _messages(exc: BaseException) -> list[str]:
    def explain(error: BaseException, _: object) -> str:
        if isinstance(error, KeyError):
            return "missing field"
        if isinstance(error, ForbiddenExtraKeysError):
            return f"unexpected fields {names(error.extra_fields)}"
        if isinstance(error, PositionError):  # every problem, each a sentence
            return str(error)
        if isinstance(error, ValueError):  # ours, or a class refusing its fields
            return _clipped(str(error))
        return _clipped(f"{type(error).__name__}: {error}")  # pragma: no cover (a safety net)

    result = []
    for message in transform_error(exc, "$", explain):
        text, _, path = message.rpartition(" @ ")
        result.append(f"{path}: {text}")
    return result
