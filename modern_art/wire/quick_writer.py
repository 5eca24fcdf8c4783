"""The commonest documents written by hand: ``to_json`` of a state or a view, quickly.

:func:`write_state` writes a :class:`~modern_art.GameState`, and
:func:`write_view` a :class:`~modern_art.PlayerView` (what a server sends
each seat after every move), under a preset's rules whose every field has
its declared type and whose cards are the deck's own objects, as the
converter writes it, byte for byte (keys sorted, no whitespace, ASCII only),
without cattrs and without sorting keys: the rules' text and each card's are
made once per preset, and a run of bids is written from its range of
amounts, never an action at a time. For anything else they return ``None``
and :func:`~modern_art.to_json` writes it the long way, refusing what it
always refused; ``tests/wire/test_state_reader.py`` checks that both ways
write the same text for states of every phase and for every seat's view.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any, TypeVar

from modern_art.core.legal import LegalActions
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Card
from modern_art.data.phases import Phase
from modern_art.data.rules import Rules, presets
from modern_art.data.state import GameState
from modern_art.seeing.views import PlayerView, PublicPhase
from modern_art.wire.converter import converter

__all__ = ["write_state", "write_view"]

T = TypeVar("T")


def _text(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


_Preset = tuple[Rules, str, tuple[Card, ...], tuple[str, ...]]
"""A preset, its rules' text, its deck and each card's text."""


@functools.cache
def _preset_texts() -> dict[int, _Preset]:
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


def _preset_of(rules: Rules) -> _Preset | None:
    row = _preset_texts().get(id(rules))
    return row if row is not None and row[0] is rules else None


def write_state(state: GameState, fmt: str) -> str | None:
    """``to_json(state)`` for a state of a preset's rules and well-typed fields; else ``None``.

    ``fmt`` is the format every document names.
    """
    return _quickly(_state_text, state, state.rules, fmt)


def write_view(view: PlayerView, fmt: str) -> str | None:
    """``to_json(view)`` for a view of a preset's rules and well-typed fields; else ``None``.

    ``fmt`` is the format every document names (each legal action carries it too).
    """
    return _quickly(_view_text, view, view.rules, fmt)


def _quickly(
    write: Callable[[T, _Preset, str], str], value: T, rules: Rules, fmt: str
) -> str | None:
    """``write(value, preset, fmt)`` under a preset's rules; ``None`` off the quick path."""
    preset = _preset_of(rules)
    if preset is None:
        return None
    try:
        return write(value, preset, fmt)
    except (_OffPathError, *_WRONG_TYPE):  # a field of a wrong type: the long way says what
        return None


def _state_text(state: GameState, preset: _Preset, fmt: str) -> str:
    players = [
        f'{{"hand":{_cards(p.hand, preset)},"money":{_int(p.money)},'
        f'"museum":{_cards(p.museum, preset)},"name":{_str(p.name)}}}'
        for p in _tuple(state.players)
    ]
    return (
        f'{{"counts":{_ints(state.counts)},"deck":{_cards(state.deck, preset)},'
        f'"discard":{_cards(state.discard, preset)},"format":{_text(fmt)},'
        f'"phase":{_phase(state.phase, Phase)},"players":[{",".join(players)}],'
        f'"round":{_int(state.round)},"rules":{preset[1]},"step":{_int(state.step)},'
        f'"tiles":{_tiles(state.tiles)},"type":"GameState"}}'
    )


def _view_text(view: PlayerView, preset: _Preset, fmt: str) -> str:
    players = [
        f'{{"hand_size":{_int(p.hand_size)},"money":{_int_or_null(p.money)},'
        f'"museum":{_cards(p.museum, preset)},"name":{_str(p.name)}}}'
        for p in _tuple(view.players)
    ]
    if type(view.to_act) is not frozenset:
        raise _OffPathError
    return (
        f'{{"counts":{_ints(view.counts)},"deck_size":{_int(view.deck_size)},'
        f'"discard":{_cards(view.discard, preset)},"format":{_text(fmt)},'
        f'"hand":{_cards(view.hand, preset)},'
        f'"legal_actions":{_actions(view.legal_actions, fmt, preset)},'
        f'"phase":{_phase(view.phase, PublicPhase)},"players":[{",".join(players)}],'
        f'"round":{_int(view.round)},"rules":{preset[1]},"seat":{_int_or_null(view.seat)},'
        f'"step":{_int(view.step)},"tiles":{_tiles(view.tiles)},'
        f'"to_act":{_ints(tuple(sorted(view.to_act)))},"type":"PlayerView",'
        f'"winners":{_ints(view.winners)}}}'
    )


def _actions(actions: object, fmt: str, preset: _Preset) -> str:
    """A view's legal actions: each run of bids or prices from its range, without its actions."""
    if type(actions) is not LegalActions:
        raise _OffPathError
    written: list[str] = []
    tail = f'"format":{_text(fmt)},'  # every action carries the document's format
    for kind, seat, items in actions.runs():
        if kind is Bid or kind is SetPrice:
            head, after = _around_amount(kind, _int(seat), tail)
            written.extend(f"{head}{amount}{after}" for amount in items)
        elif kind is PlayCard:
            written.extend(_action(PlayCard(seat, card), tail, preset) for card in items)
        else:
            written.extend(_action(action, tail, preset) for action in items)
    return "[" + ",".join(written) + "]"


def _action(action: Action, tail: str, preset: _Preset) -> str:
    """One action as the converter writes it; ``tail`` is its ``"format"`` member."""
    seat = _int(action.seat)
    if type(action) is Pass or type(action) is Accept:
        return f'{{{tail}"seat":{seat},"type":"{type(action).__name__}"}}'
    if type(action) is Bid:
        head, after = _around_amount(Bid, seat, tail)
        return f"{head}{_int(action.amount)}{after}"
    if type(action) is SetPrice:
        head, after = _around_amount(SetPrice, seat, tail)
        return f"{head}{_int(action.price)}{after}"
    if type(action) is PlayCard:
        card = _cards((action.card,), preset)[1:-1]  # the one card, without the brackets
        return f'{{"card":{card},{tail}"seat":{seat},"type":"PlayCard"}}'
    raise _OffPathError


def _around_amount(kind: type[Bid] | type[SetPrice], seat: str, tail: str) -> tuple[str, str]:
    """A bid's or a price's text before its amount and after it (keys in sorted order)."""
    if kind is Bid:
        return '{"amount":', f',{tail}"seat":{seat},"type":"Bid"}}'
    return f'{{{tail}"price":', f',"seat":{seat},"type":"SetPrice"}}'


def _cards(items: object, preset: _Preset) -> str:
    """Cards that are the preset deck's own objects, by their texts made once."""
    _, _, deck, card_texts = preset
    if type(items) is not tuple:
        raise _OffPathError
    out = []
    for card in items:  # inline, not a call a card: a state's deck is written with each state
        card_id = card.id if type(card) is Card else -1
        if type(card_id) is not int or not 0 <= card_id < len(deck):
            raise _OffPathError
        if deck[card_id] is not card:
            raise _OffPathError
        out.append(card_texts[card_id])
    return "[" + ",".join(out) + "]"


def _str(value: object) -> str:
    if type(value) is not str:
        raise _OffPathError
    return _text(value)


def _int_or_null(value: object) -> str:
    return "null" if value is None else _int(value)


def _tiles(value: object) -> str:
    return "[" + ",".join(_ints(t) for t in _tuple(value)) + "]"


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


def _phase(phase: object, union: object) -> str:
    """The phase the converter's way (a small object): its checks, and its text."""
    try:
        return _text({**converter().unstructure(phase, union)})
    except _WRONG_TYPE:  # a field of a wrong type: the long way refuses it
        raise _OffPathError from None
