"""A state document written by hand: the common case of :func:`~modern_art.to_json`, quickly.

:func:`write_state` writes a :class:`~modern_art.GameState` under a preset's
rules whose every field has its declared type and whose cards are the
deck's own objects, as the converter writes it, byte for byte (keys sorted,
no whitespace, ASCII only), without cattrs and without sorting keys: the
rules' text and each card's are made once per preset. For any other state it
returns ``None`` and :func:`~modern_art.to_json` writes it the long way,
refusing what it always refused; ``tests/wire/test_state_reader.py`` checks
that both ways write the same text for states of every phase.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from modern_art.data.cards import Card
from modern_art.data.phases import Phase
from modern_art.data.rules import Rules, presets
from modern_art.data.state import GameState
from modern_art.wire.converter import converter

__all__ = ["write_state"]


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


@functools.cache
def _preset_texts() -> dict[int, tuple[Rules, str, tuple[Card, ...], tuple[str, ...]]]:
    """By each preset's ``id``: the preset, its rules' text, its deck and each card's text."""
    conv = converter()
    return {
        id(rules): (
            rules,
            _text(conv.unstructure(rules, Rules)),
            rules.deck,
            tuple(_text(conv.unstructure(card, Card)) for card in rules.deck),
        )
        for rules in presets().values()
    }


class _OffPathError(Exception):
    """The state leaves the quick path: the converter writes it."""


# What a field of a wrong type raises on the way (a name that is no string, a set of
# mixed types to sort, an integer too long for str()): the converter then says what.
_WRONG_TYPE = (AttributeError, KeyError, TypeError, ValueError)


def write_state(state: GameState, fmt: str) -> str | None:
    """``to_json(state)`` for a state of a preset's rules and well-typed fields; else ``None``.

    ``fmt`` is the format every document names.
    """
    row = _preset_texts().get(id(state.rules))
    if row is None or row[0] is not state.rules:
        return None
    _, rules_text, deck, card_texts = row

    def cards(items: object) -> str:
        if type(items) is not tuple:
            raise _OffPathError
        out = []
        for card in items:
            card_id = card.id if type(card) is Card else -1
            if type(card_id) is not int or not 0 <= card_id < len(deck):
                raise _OffPathError
            if deck[card_id] is not card:
                raise _OffPathError
            out.append(card_texts[card_id])
        return "[" + ",".join(out) + "]"

    try:
        players = []
        for p in _tuple(state.players):
            if type(p.name) is not str:
                raise _OffPathError
            players.append(
                f'{{"hand":{cards(p.hand)},"money":{_int(p.money)},'
                f'"museum":{cards(p.museum)},"name":{_text(p.name)}}}'
            )
        tiles = ",".join(_ints(t) for t in _tuple(state.tiles))
        return (
            f'{{"counts":{_ints(state.counts)},"deck":{cards(state.deck)},'
            f'"discard":{cards(state.discard)},"format":{_text(fmt)},'
            f'"phase":{_phase(state.phase)},"players":[{",".join(players)}],'
            f'"round":{_int(state.round)},"rules":{rules_text},"step":{_int(state.step)},'
            f'"tiles":[{tiles}],"type":"GameState"}}'
        )
    except (_OffPathError, *_WRONG_TYPE):  # a field of a wrong type: the long way says what
        return None


def _tuple(value: object) -> tuple[Any, ...]:
    if type(value) is not tuple:
        raise _OffPathError
    return value


def _int(value: object) -> str:
    if type(value) is not int:
        raise _OffPathError
    return str(value)


def _ints(value: object) -> str:
    items = _tuple(value)
    if not all(type(item) is int for item in items):
        raise _OffPathError
    return "[" + ",".join(map(str, items)) + "]"


def _phase(phase: Phase) -> str:
    """The phase the converter's way (a small object): its checks, and its text."""
    try:
        return _text({**converter().unstructure(phase, Phase)})
    except _WRONG_TYPE:  # a field of a wrong type: the long way refuses it
        raise _OffPathError from None
