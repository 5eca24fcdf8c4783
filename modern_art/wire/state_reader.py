"""A state document read by hand: the common case of :func:`~modern_art.from_json`, quickly.

:func:`read_state` reads a ``"state"`` document whose rules are a preset's
(:func:`~modern_art.presets`) and which passes every check of the strict
reader (the converter's hooks, :mod:`modern_art.wire.strict`, and the
position checks), without cattrs: about three times as fast
(``benchmarks/json_state.py``). It only ever says yes: for any document it is
not sure of (a fault anywhere, custom rules, a float, a key twice, text near a
limit) it returns ``None``, and :func:`~modern_art.from_json` reads the text
again on the strict path, which reports the fault as it always has. So every
error a document can give is the strict reader's own, and
``tests/wire/test_state_reader.py`` checks that both paths read every
document alike: the same state, or the same error.

What it checks, as the strict reader does: the text
(:func:`~modern_art.wire.parsing.parse_lean`: its size, UTF-8, no key twice,
no integer of more than 18 digits, no ``NaN``), exactly the fields of each object
and no other, the JSON type of every value (``true`` is no integer), each
card the deck's very card of its id, distinct passed seats, and the position
(:func:`~modern_art.wire.position_checks.check_state`).
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
from modern_art.wire.parsing import MAX_INT_DIGITS, parse_lean
from modern_art.wire.position_checks import check_state

__all__ = ["read_state"]

_Preset = tuple[dict[str, Any], str, int, Rules, tuple[tuple[str, str], ...]]
_STATE_KEYS: Final = frozenset(["format", "type", *(f.name for f in attrs.fields(GameState))])
_PLAYER_KEYS: Final = frozenset(f.name for f in attrs.fields(PlayerState))


class _OffPathError(Exception):
    """The document leaves the fast path: the strict reader reads it instead."""


def read_state(text: object, fmt: str, rules: Rules | None, max_bytes: int) -> GameState | None:
    """The state that the strict reader reads from ``text``, or ``None`` when not sure.

    ``fmt`` is the format the document must name, ``rules`` the rules it must
    carry (``None``: any), ``max_bytes`` the size limit, as
    :func:`~modern_art.from_json` takes them.
    """
    parsed = parse_lean(text, max_bytes)
    if parsed is None:
        return None
    doc, colons = parsed
    try:
        reader = _Reader()
        state = reader.state(doc, fmt, rules)
        if reader.colons != colons:  # a key twice somewhere, which the parser kept once
            return None
        return check_state(state)
    except Exception:  # any fault at all: the strict reader finds and reports it
        return None


class _Reader:
    """One document's reading: its deck, and the colons of what it has read so far.

    Each object's keys and each string's colons are counted, to be compared
    with the colons of the text (:func:`~modern_art.wire.parsing.parse_lean`):
    the keys are the fixed ones of each object, the deck's card texts hold no
    colon (else the counts differ, and the strict reader reads the document),
    and the preset's rules have the colons of its own text.
    """

    def __init__(self) -> None:
        self.deck: tuple[Card, ...] = ()
        self.faces: tuple[tuple[str, str], ...] = ()
        self.colons = 0

    def state(self, doc: object, fmt: str, rules: Rules | None) -> GameState:
        fields = self.fields(doc, _STATE_KEYS)
        if fields["format"] != fmt or fields["type"] != "GameState":
            raise _OffPathError
        own = self.rules(fields["rules"])
        if rules is not None and own != rules:
            raise _OffPathError
        players = fields["players"]
        if type(players) is not list:
            raise _OffPathError
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

    def fields(self, value: object, keys: frozenset[str]) -> dict[str, Any]:
        if type(value) is not dict or value.keys() != keys:
            raise _OffPathError
        self.colons += len(keys)
        return value

    def rules(self, value: object) -> Rules:
        """A preset's rules, written exactly as the writer writes them (types and all)."""
        if type(value) is dict:
            for written, shown, colons, preset, faces in _presets():
                # Equal, and of the same types: the repr tells true from 1 and 1 from 1.0.
                if value == written and repr(value) == shown:
                    self.colons += colons
                    self.deck, self.faces = preset.deck, faces
                    return preset
        raise _OffPathError

    def player(self, value: object) -> PlayerState:
        fields = self.fields(value, _PLAYER_KEYS)
        name, money = fields["name"], fields["money"]
        if type(name) is not str:
            raise _OffPathError
        self.colons += name.count(":")
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
            raise _OffPathError
        deck, faces, size = self.deck, self.faces, len(self.deck)
        for item in value:
            if type(item) is not dict or len(item) != 3:
                raise _OffPathError
            card_id = item.get("id")
            if type(card_id) is not int or not 0 <= card_id < size:
                raise _OffPathError
            artist, auction = faces[card_id]
            if item.get("artist") != artist or item.get("auction") != auction:
                raise _OffPathError  # a str equals only a str: no other JSON value passes
        self.colons += 3 * len(value)
        return tuple([deck[item["id"]] for item in value])

    def phase(self, value: object) -> Phase:
        if type(value) is not dict:
            raise _OffPathError
        row = _PHASES.get(value.get("type"))  # type: ignore[arg-type]
        if row is None:
            raise _OffPathError
        cls, keys, readers = row
        fields = self.fields(value, keys)
        made: Phase = cls(*[read(self, fields[name]) for name, read in readers])
        return made


@functools.cache
def _presets() -> tuple[_Preset, ...]:
    """Each preset's rules as a state document holds them (keys sorted, as written), and more.

    With each: its repr, the colons of its text (keys and strings: equal rules
    of the same types have as many), the rules, and each card's artist and
    auction as a document writes them.
    """
    rows = []
    for preset in presets().values():
        text = json.dumps(converter().unstructure(preset, Rules), sort_keys=True)
        written = json.loads(text)
        faces = tuple((card.artist, card.auction.value) for card in preset.deck)
        rows.append((written, repr(written), text.count(":"), preset, faces))
    return tuple(rows)


_LIMIT: Final = 10**MAX_INT_DIGITS


def _int(value: object) -> int:
    """An integer of at most :data:`~modern_art.wire.parsing.MAX_INT_DIGITS` digits."""
    if type(value) is not int or not -_LIMIT < value < _LIMIT:
        raise _OffPathError
    return value


def _maybe_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _ints(value: object) -> tuple[int, ...]:
    """An array of integers of at most 18 digits each."""
    if type(value) is not list:
        raise _OffPathError
    for item in value:
        if type(item) is not int or not -_LIMIT < item < _LIMIT:
            raise _OffPathError
    return tuple(value)


def _tiles(value: object) -> tuple[tuple[int, ...], ...]:
    if type(value) is not list:
        raise _OffPathError
    return tuple([_ints(row) for row in value])


def _bids(value: object) -> tuple[int | None, ...]:
    if type(value) is not list:
        raise _OffPathError
    return tuple([_maybe_int(item) for item in value])


def _seats(value: object) -> frozenset[int]:
    seats = frozenset(_ints(value))
    if len(seats) != len(value):  # type: ignore[arg-type]
        raise _OffPathError
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
