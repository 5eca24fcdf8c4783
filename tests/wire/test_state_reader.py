"""A state's JSON by hand (wire/state_reader, wire/quick_writer) is the strict path's, exactly.

The quick reader may only say yes to a document the strict reader accepts,
and must then give the very same state; for anything else the strict reader
reads it and reports. So every document, good or hostile, must come out of
``from_json`` as it comes out of the strict path alone: the same state or
the same error, message and list. The quick writer must write the bytes the
converter writes, of a state and of every seat's view, and leave every one
it cannot write to it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import modern_art as ma
from modern_art.data.phases import PHASES
from modern_art.wire import documents, parsing
from modern_art.wire.converter import converter
from modern_art.wire.quick_writer import write_state, write_view
from modern_art.wire.state_reader import read_state


def _states(players: int, seed: int, rules: ma.Rules | None = None) -> Iterator[ma.GameState]:
    rng = random.Random(seed)
    state = ma.new_game(players, seed=seed, rules=rules)
    while True:
        yield state
        if state.is_over:
            return
        actions = ma.legal_actions(state)
        state = ma.apply(state, actions[rng.randrange(len(actions))]).state


def _sample() -> list[ma.GameState]:
    """States of every phase, 3 to 5 players, both presets."""
    found: dict[tuple[str, int, str], ma.GameState] = {}
    for players in (3, 4, 5):
        for seed in range(6):
            rules = ma.preset("original") if seed % 2 else None
            for state in _states(players, seed, rules):
                key = (type(state.phase).__name__, players, state.rules.edition.name)
                found.setdefault(key, state)
    return list(found.values())


SAMPLE = _sample()


def _outcome(text: str | bytes, rules: ma.Rules | None = None) -> tuple[Any, ...]:
    try:
        return ("read", ma.from_json(text, "state", rules=rules))
    except ma.SerializationError as err:
        return ("refused", str(err), err.errors)


def _strict(text: str | bytes, rules: ma.Rules | None = None) -> tuple[Any, ...]:
    """What the strict path alone makes of ``text``."""
    quick = getattr(documents, "read_state")  # noqa: B009 (not exported: set back below)
    setattr(documents, "read_state", lambda *args: None)  # noqa: B010
    try:
        return _outcome(text, rules)
    finally:
        setattr(documents, "read_state", quick)  # noqa: B010


def _quick(text: str) -> ma.GameState | None:
    """What the hand reader alone makes of ``text``: the state, or ``None`` for the converter."""
    return read_state(parsing.parse_unbounded(text, ma.MAX_JSON_BYTES), ma.FORMAT, None)


def _long_way(value: ma.GameState | ma.PlayerView) -> str:
    body = converter().unstructure(value, type(value))
    body["format"], body["type"] = ma.FORMAT, type(value).__name__
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _written_or_refused_as_ever(value: Any, write: Callable[[Any, str], str | None]) -> None:
    """The quick way writes the converter's bytes or leaves ``value`` to it (to_json drops a
    text with a long integer); ``to_json`` writes or refuses it as the long way does."""
    quick = write(value, ma.FORMAT)
    if quick is not None and not parsing.written_long_int(quick):
        assert quick == _long_way(value), value
    try:
        text = ma.to_json(value)
    except ma.SerializationError as err:
        assert f"cannot write {type(value).__name__} as JSON" in str(err)
    else:
        assert text == _long_way(value)


def test_R1_1_phases_sampled() -> None:
    """The sample holds every phase, so each phase's reading is checked below."""
    assert {type(s.phase) for s in SAMPLE} == set(PHASES)


def test_R1_1_the_quick_ways_write_and_read_every_state_as_the_strict_ones() -> None:
    """Byte for byte the converter's text; read back the very state, on the quick path."""
    for players in (3, 4, 5):
        for seed in range(4):
            rules = ma.preset("original") if seed % 2 else None
            for state in _states(players, seed, rules):
                text = ma.to_json(state)
                assert text == _long_way(state)
                assert write_state(state, ma.FORMAT) == text
                quick = _quick(text)
                assert quick == state
                assert quick is not None and quick.rules is state.rules


def test_R7_2_the_quick_way_writes_every_seats_view_as_the_converter() -> None:
    """Each seat's view and a spectator's, of every phase, 3 to 5 players, both presets."""
    phases = set()
    for players in (3, 4, 5):
        for seed in range(2):
            rules = ma.preset("original") if seed % 2 else None
            for state in _states(players, seed, rules):
                phases.add(type(state.phase))
                for seat in (*range(players), None):
                    view = ma.view(state, seat)
                    text = write_view(view, ma.FORMAT)
                    assert text == _long_way(view) == ma.to_json(view)
    assert phases == set(PHASES)


def test_R7_2_hand_made_views_are_written_or_refused_as_ever() -> None:
    """Rules of no preset, a field of a wrong type, a hand-made list of legal actions or too
    long an integer: the long way writes or refuses it, as it did before the quick way."""
    state = SAMPLE[0]
    view = ma.view(state, 0)
    seat = view.players[1]
    odd = [
        attrs.evolve(view, rules=attrs.evolve(view.rules, starting_money=80)),
        attrs.evolve(view, step=10**19),
        attrs.evolve(view, step=True),
        attrs.evolve(view, seat=1.0),  # type: ignore[arg-type]
        attrs.evolve(view, players=(view.players[0], attrs.evolve(seat, money=-(10**20)))),
        attrs.evolve(view, players=(view.players[0], attrs.evolve(seat, name=5))),  # type: ignore[arg-type]
        attrs.evolve(view, to_act=set(view.to_act)),  # type: ignore[arg-type]
        attrs.evolve(view, legal_actions=ma.LegalActions([(ma.Bid(0, 10**19),)])),
        attrs.evolve(view, legal_actions=ma.LegalActions([(ma.Bid(0, "5"),)])),  # type: ignore[arg-type]
        attrs.evolve(view, legal_actions=ma.LegalActions([(ma.Pass(True),)])),
        attrs.evolve(view, legal_actions=ma.LegalActions([(ma.SetPrice(0, 5), ma.Accept(1))])),
        attrs.evolve(view, hand=(*view.hand, attrs.evolve(view.hand[0]))),  # not the deck's card
    ]
    for value in odd:
        _written_or_refused_as_ever(value, write_view)
    for value in [*odd[:-2], odd[-1]]:  # each goes the long way
        quick = write_view(value, ma.FORMAT)
        assert quick is None or parsing.written_long_int(quick), value
    assert write_view(odd[0], ma.FORMAT) is None  # rules of no preset: the long way
    assert write_view(odd[-2], ma.FORMAT) == _long_way(odd[-2])  # hand-made, well typed


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if type(value) is dict:
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif type(value) is list:  # of cards: the first and the last, each card is read alike
        cards = bool(value) and type(value[0]) is dict
        for index in sorted({0, len(value) - 1}) if cards else range(len(value)):
            yield from _paths(value[index], (*path, index))


def _replaced(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if type(doc) is dict:
        return {**doc, head: _replaced(doc[head], rest, new)}
    return [_replaced(item, rest, new) if i == head else item for i, item in enumerate(doc)]


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


_BAD: tuple[Any, ...] = (True, 1.0, "x", None, [], {}, -1, 10**18 - 1, [{"id": 0}])


def _hostile(doc: dict[str, Any]) -> Iterator[str]:
    """The document with a bad value, a missing or an extra key, or a key twice, everywhere."""
    for path in _paths(doc):
        here = _at(doc, path)
        if path:
            for bad in _BAD:
                if not (type(bad) is type(here) and bad == here):
                    yield json.dumps(_replaced(doc, path, bad))
        if type(here) is dict:
            for key in here:
                yield json.dumps(_replaced(doc, path, {k: v for k, v in here.items() if k != key}))
            yield json.dumps(_replaced(doc, path, {**here, "extra": 0}))
            if here:  # the first key once more: the text names it twice
                key = next(iter(here))
                text = json.dumps(_replaced(doc, path, {"@twice@": 0, **here}))
                yield text.replace('"@twice@": 0', f"{json.dumps(key)}: {json.dumps(here[key])}")
        if type(here) is list and here:
            yield json.dumps(_replaced(doc, path, here[:-1]))
            yield json.dumps(_replaced(doc, path, [*here, here[0]]))


@pytest.mark.parametrize("phase", [cls.__name__ for cls in PHASES])
def test_R1_1_a_bad_state_document_anywhere_is_refused_as_the_strict_reader_refuses_it(
    phase: str,
) -> None:
    """Every field, every way of being wrong: the same state or the same error, both ways."""
    state = next(s for s in SAMPLE if type(s.phase).__name__ == phase)
    doc = json.loads(ma.to_json(state))
    texts = list(_hostile(doc))
    assert len(texts) > 200
    for text in texts:
        assert _outcome(text) == _strict(text), text


def test_R1_1_text_faults_are_reported_as_ever() -> None:
    """Escapes, keys twice, long integers, NaN, deep nesting, size and bytes: the strict path."""
    state = SAMPLE[-1]
    text = ma.to_json(state)
    name = state.players[0].name
    texts: list[str | bytes] = [
        text.replace(json.dumps(name), json.dumps("Ann\u00e9")),  # an escape: the strict path
        text.replace(json.dumps(name), '"A:n\\u003an"'),  # an escaped colon
        text.replace('"step":', '"step":1,"step":'),
        text.replace('"step":', '"step":1234567890123456789,"x":'),
        text.replace(f'"step":{state.step}', '"step":1234567890123456789'),
        text.replace(f'"step":{state.step}', f'"step":{"9" * 5000}'),
        text.replace(f'"step":{state.step}', '"step":NaN'),
        text.replace(f'"step":{state.step}', '"step":' + "[" * 40 + "]" * 40),
        text[:-1],
        text.encode(),
        text.encode()[:-3] + b"\xff}",
        text.replace('"round":', '"round" :'),
    ]
    for item in texts:
        assert _outcome(item) == _strict(item)
    assert _outcome(text, rules=ma.preset("original")) == _strict(text, ma.preset("original"))
    assert _outcome(text.encode(), rules=None) == ("read", state)


def test_R1_1_custom_rules_take_the_strict_path() -> None:
    """Rules that are no preset are read and checked in full, as ever."""
    rules = attrs.evolve(ma.Rules(), starting_money=80)
    state = next(_states(4, 3, rules))
    text = ma.to_json(state)
    assert write_state(state, ma.FORMAT) is None
    assert _quick(text) is None
    assert ma.from_json(text, "state") == state


def test_R1_1_hand_made_states_are_written_or_refused_as_ever() -> None:
    """A field of a wrong type, or too long an integer, goes the long way and its refusal."""
    state = SAMPLE[0]
    player = state.players[0]
    odd = [
        attrs.evolve(state, step=10**19),
        attrs.evolve(state, players=(attrs.evolve(player, money=True), *state.players[1:])),
        attrs.evolve(state, counts=list(state.counts)),  # type: ignore[arg-type]
        attrs.evolve(state, players=(attrs.evolve(player, name=5), *state.players[1:])),  # type: ignore[arg-type]
    ]
    for value in odd:
        quick = write_state(value, ma.FORMAT)
        assert quick is None or parsing.written_long_int(quick)  # the long way writes each
        _written_or_refused_as_ever(value, write_state)


def test_R1_1_a_key_twice_is_found_by_the_parser_where_counting_colons_is_fooled() -> None:
    """A name holding colons, written with escapes, beside a key twice: refused, by the parser.

    The text of ``"A\\u003a\\":\\"B"`` holds one colon where the name holds two,
    so the colons of the text equal the keys and string colons read even with
    ``"money"`` given twice: a count of colons would take the document. The
    parser's hook refuses it, and the same name alone is read on the quick path.
    """
    state = SAMPLE[-1]
    text = ma.to_json(state)
    name = json.dumps(state.players[0].name)
    named = text.replace(name, '"A\\u003a\\":\\"B"', 1)
    twice = named.replace('"money":', '"money":1,"money":', 1)
    assert named.count(":") + 1 == twice.count(":")
    assert _quick(named) == attrs.evolve(
        state, players=(attrs.evolve(state.players[0], name='A:":"B'), *state.players[1:])
    )
    with pytest.raises(ma.SerializationError) as err:
        ma.from_json(twice, "state")
    assert str(err.value) == (
        'invalid state document: not valid JSON (key "money" appears twice in an object)'
    )
    assert _outcome(twice) == _strict(twice)


def test_R1_1_parse_unbounded_refuses_what_parse_refuses_but_depth_and_long_integers() -> None:
    """The same faults, the same words; depth and long integers are left to check_bounds."""
    texts = ['{"a": 1', '{"a": NaN}', '{"a": 1, "a": 2}', "[1]" * 10, b"\xff", "9" * 5000]
    for text in texts:
        with pytest.raises(parsing.TextError) as quick:
            parsing.parse_unbounded(text, 20)
        with pytest.raises(parsing.TextError) as strict:
            parsing.parse(text, 20)
        assert str(quick.value) == str(strict.value)
    for text in ["[" * 17 + "]" * 17, '[{"a": [1234567890123456789]}, -12345678901234567890]']:
        doc = parsing.parse_unbounded(text, 100)
        with pytest.raises(parsing.TextError) as late:
            parsing.check_bounds(doc)
        with pytest.raises(parsing.TextError) as strict:
            parsing.parse(text, 100)
        assert str(late.value) == str(strict.value)
    doc = parsing.parse_unbounded('{"a": [1, {"b": "x:y"}], "c": -123456789012345678}', 100)
    parsing.check_bounds(doc)
    assert doc == {"a": [1, {"b": "x:y"}], "c": -123456789012345678}


def test_R1_1_written_long_int_is_a_quick_maybe() -> None:
    """A run of 19 digits may be a long integer; none proves there is none."""
    assert parsing.written_long_int('{"a":1234567890123456789}')
    assert not parsing.written_long_int('{"a":123456789012345678,"b":1.2345678901234567e+30}')


@given(st.text(alphabet=st.sampled_from("0123456789 ,é\u0660\ud800\U0001f3a8"), max_size=80))
def test_R1_1_written_long_int_finds_exactly_the_runs_of_19_ascii_digits(text: str) -> None:
    """Other characters (Arabic-Indic digits, accents, lone surrogates) neither make nor break
    a run: the quick look answers as the plain search for 19 digits would."""
    assert parsing.written_long_int(text) == (re.search("[0-9]{19}", text) is not None)
