"""A state document read by hand: :func:`~modern_art.from_json` of a ``"state"``, quickly.

A state is parsed once (:func:`~modern_art.wire.parsing.parse_unbounded`:
Python's parser, whose one hook refuses a key given twice in an object), and
:func:`read_state` reads the document that comes out: a state whose rules are
a preset's (:func:`~modern_art.presets`) and which passes every check of the
converter's hooks (:mod:`modern_art.wire.strict`) and the position checks, in
one pass and without cattrs: about three times as fast
(``benchmarks/json_state.py``). For any other document (custom rules, a fault
anywhere) it returns ``None``, and :func:`~modern_art.from_json` hands the same
document to the converter, which reads custom rules and reports each fault
with its path, as it always has. ``tests/wire/test_state_reader.py`` checks
that every document, good or hostile, comes out as the converter alone makes
of it: the same state, or the same error.

What it checks, as the converter does: exactly the fields of each object and
no other, the JSON type of every value (``true`` is no integer), integers of
at most :data:`~modern_art.wire.parsing.MAX_INT_DIGITS` digits, each card the
deck's very card of its id, distinct passed seats, and the position
(:func:`~modern_art.wire.position_checks.check_state`). Reading only the shape
it knows, it never goes deeper than a state nests.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from modern_art.data.cards import Card
from modern_art.data.phases import PHASES, Phase
from modern_art.data.rules import Rules, presets
from modern_art.data.state import GameState, PlayerState
from modern_art.wire.converter import converter
from modern_art.wire.parsing import MAX_INT_DIGITS, same_json
from modern_art.wire.position_checks import check_state
from modern_art.wire.strict import WireError

__all__ = ["read_state"]

_Preset = tuple[dict[str, Any], Rules, tuple[tuple[str, str], ...]]
_STATE_KEYS: Final = frozenset(["format", "type", *(f.name for f in attrs.fields(GameState))])
_PLAYER_KEYS: Final = frozenset(f.name for f in attrs.fields(PlayerState))


class _DeclinedError(Exception):
    """The document is not one this reader is sure of: the converter reads it instead."""


def read_state(doc: object, fmt: str, rules: Rules | None) -> GameState | None:
    """The state the converter reads from the parsed ``doc``, or ``None`` when not sure.

    ``fmt`` is the format the document must name and ``rules`` the rules it
    must carry (``None``: any), as :func:`~modern_art.from_json` takes them.
    ``doc`` comes from :func:`~modern_art.wire.parsing.parse_unbounded`: no
    key is repeated in it, and its depth and integers are bounded here.
    """
    try:
        return check_state(_Reader().state(doc, fmt, rules))
    except (
        _DeclinedError,
        WireError,
    ):  # the converter reads it, and reports the fault with its path
        return None


class _Reader:
    """One document's reading: the deck its cards come from, with each card's faces."""

    def __init__(self) -> None:
        self.deck: tuple[Card, ...] = ()
        self.faces: tuple[tuple[str, str], ...] = ()

    def state(self, doc: object, fmt: str, rules: Rules | None) -> GameState:
        fields = _fields(doc, _STATE_KEYS)
        if fields["format"] != fmt or fields["type"] != "GameState":
            raise _DeclinedError
        own = self.rules(fields["rules"])
        if rules is not None and own != rules:
            raise _DeclinedError
        players = fields["players"]
        if type(players) is not list:
            raise _DeclinedError
        return GameState(
            own,
            tuple([self.player(p) for p in players]),
            self.cards(fields["deck"]),
            _int(fields["round"]),
            _ints(fields["counts"]),
            _tiles(fields["tiles"]),
            self.cards(fields["discard"]),
            self.phase(fields["phase"]),
            _int(fields["step"]),
        )

    def rules(self, value: object) -> Rules:
        """A preset's rules, written exactly as the writer writes them (types and all)."""
        if type(value) is dict:
            for written, preset, faces in _presets():
                if same_json(value, written):  # equal, types and all: true is no 1, 1 no 1.0
                    self.deck, self.faces = preset.deck, faces
                    return preset
        raise _DeclinedError

    def player(self, value: object) -> PlayerState:
        fields = _fields(value, _PLAYER_KEYS)
        name, money = fields["name"], fields["money"]
        if type(name) is not str:
            raise _DeclinedError
        hand, museum = self.cards(fields["hand"]), self.cards(fields["museum"])
        return PlayerState(name, _int(money), hand, museum)

    def card(self, value: object) -> Card:
        """The deck's card of this id, exactly as ``strict.card_hook`` accepts it."""
        return self.cards([value])[0]

    def cards(self, value: object) -> tuple[Card, ...]:
        """An array of the deck's cards, each exactly as ``strict.card_hook`` accepts it.

        A card's artist and auction are compared with the deck's faces (its
        artist and its auction's value, read once per preset: ``Enum.value``
        is a Python property).
        """
        if type(value) is not list:
            raise _DeclinedError
        deck, faces, size = self.deck, self.faces, len(self.deck)
        for item in value:
            if type(item) is not dict or len(item) != 3:
                raise _DeclinedError
            card_id = item.get("id")
            if type(card_id) is not int or not 0 <= card_id < size:
                raise _DeclinedError
            artist, auction = faces[card_id]
            if item.get("artist") != artist or item.get("auction") != auction:
                raise _DeclinedError  # a str equals only a str: no other JSON value passes
        return tuple([deck[item["id"]] for item in value])

    def phase(self, value: object) -> Phase:
        tag = value.get("type") if type(value) is dict else None
        row = _PHASES.get(tag) if type(tag) is str else None
        if row is None:
            raise _DeclinedError
        cls, keys, readers = row
        fields = _fields(value, keys)
        made: Phase = cls(*[read(self, fields[name]) for name, read in readers])
        return made


def _fields(value: object, keys: frozenset[str]) -> dict[str, Any]:
    """``value`` if it is an object of exactly these keys."""
    if type(value) is not dict or value.keys() != keys:
        raise _DeclinedError
    return value


@functools.cache
def _presets() -> tuple[_Preset, ...]:
    """Each preset's rules as a state document holds them (keys sorted, as written), and more.

    With each: the rules, and each card's artist and auction as a document writes them.
    """
    rows = []
    for preset in presets().values():
        text = json.dumps(converter().unstructure(preset, Rules), sort_keys=True)
        written = json.loads(text)
        faces = tuple((card.artist, card.auction.value) for card in preset.deck)
        rows.append((written, preset, faces))
    return tuple(rows)


_LIMIT: Final = 10**MAX_INT_DIGITS


def _int(value: object) -> int:
    """An integer of at most :data:`~modern_art.wire.parsing.MAX_INT_DIGITS` digits."""
    if type(value) is not int or not -_LIMIT < value < _LIMIT:
        raise _DeclinedError
    return value


def _maybe_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _ints(value: object) -> tuple[int, ...]:
    """An array of integers of at most 18 digits each."""
    if type(value) is not list:
        raise _DeclinedError
    for item in value:
        if type(item) is not int or not -_LIMIT < item < _LIMIT:
            raise _DeclinedError
    return tuple(value)


def _tiles(value: object) -> tuple[tuple[int, ...], ...]:
    if type(value) is not list:
        raise _DeclinedError
    return tuple([_ints(row) for row in value])


def _bids(value: object) -> tuple[int | None, ...]:
    if type(value) is not list:
        raise _DeclinedError
    return tuple([_maybe_int(item) for item in value])


def _seats(value: object) -> frozenset[int]:
    seats = frozenset(_ints(value))
    if len(seats) != len(value):  # type: ignore[arg-type]
        raise _DeclinedError
    return seats


_Read = Callable[[_Reader, Any], Any]


def _READ_INT(_: _Reader, value: object) -> int:  # noqa: N802 (a constant of the table)
    return _int(value)


def _READ_MAYBE_INT(_: _Reader, value: object) -> int | None:  # noqa: N802
    return _maybe_int(value)


_FIELD_READERS: Final[dict[str, _Read]] = {
    "auctioneer": _READ_INT,
    "double_player": _READ_MAYBE_INT,
    "asking": _READ_INT,
    "card": _Reader.card,
    "lot": _Reader.cards,
    "high_bid": _READ_INT,
    "high_bidder": _READ_MAYBE_INT,
    "passed": lambda _, v: _seats(v),
    "turn": _READ_INT,
    "bids": lambda _, v: _bids(v),
    "price": _READ_MAYBE_INT,
}
"""How each phase field is read, by its name; an ``int | None`` one is read as an ``int``
where the phase's field is declared ``int`` (see :func:`_phase_row`)."""


def _phase_row(cls: type) -> tuple[type, frozenset[str], tuple[tuple[str, _Read], ...]]:
    """A phase's class, its keys, and each field's reader: ``None`` allowed where its type says.

    (``DoubleOffer.double_player`` is an ``int``; an auction's may be ``None``.)
    """
    names = [f.name for f in attrs.fields(cls)]
    readers = []
    for field in attrs.fields(cls):
        read = _FIELD_READERS[field.name]
        if read is _READ_MAYBE_INT and "None" not in str(field.type):
            read = _READ_INT
        readers.append((field.name, read))
    return cls, frozenset(["type", *names]), tuple(readers)


_PHASES: Final = {cls.__name__: _phase_row(cls) for cls in PHASES}
"""Each phase's class, its document's keys and its fields' readers, by its ``"type"``."""
