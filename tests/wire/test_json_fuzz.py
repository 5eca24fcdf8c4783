"""Fuzzing from_json: whatever comes in, only SerializationError comes out, and soon.

Every read is timed; the bound asserted (:data:`BOUND` seconds) is generous,
hundreds of times the measured cost, so that it catches a hang or a
quadratic blow-up and never a slow machine.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import modern_art as ma
from modern_art.testing import PlayedGame, games, rules_variants

KINDS = ("rules", "action", "event", "events", "state", "step", "record", "view")
BOUND = 5.0
"""Seconds one from_json call may take here (measured: a few milliseconds at most)."""

TAGS = sorted(
    {
        *(cls.__name__ for cls in (ma.PlayCard, ma.Bid, ma.Pass, ma.SetPrice, ma.Accept)),
        *(name for name in ma.__all__ if name.endswith(("ed", "Won", "Free"))),
        "Rules",
        "GameState",
        "Step",
        "GameRecord",
        "PlayerView",
        "HiddenAuctionView",
        "Events",
        "Offering",
        "OpenAuction",
        "HiddenAuction",
        "GameOver",
    }
)

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["open", "double", "Manuel Carvalho", ma.FORMAT, *TAGS])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(max_size=8) | st.sampled_from(["type", "seat", "id"]), inner, max_size=5
        )
    ),
    max_leaves=25,
)


def _read(text: str | bytes, kind: Any) -> object | None:
    """from_json, timed; the object, or None if refused with SerializationError."""
    began = time.perf_counter()
    try:
        result: object = ma.from_json(text, kind)
        return result
    except ma.SerializationError:
        return None
    finally:
        assert time.perf_counter() - began < BOUND


def _check(doc: object, kind: Any) -> None:
    """Only SerializationError escapes; what is accepted is schema-valid and round trips."""
    text = json.dumps(doc, allow_nan=True)
    result = _read(text, kind)
    if result is not None:
        Draft202012Validator(ma.json_schema(kind)).validate(doc)
        assert ma.from_json(ma.to_json(result), kind) == result


@given(JSON, st.sampled_from(KINDS))
def test_random_json_values(value: object, kind: str) -> None:
    """Random JSON values of any shape are refused with SerializationError alone."""
    _check(value, kind)


@given(
    st.dictionaries(
        st.sampled_from(["seat", "amount", "price", "card", "events", "rules", "x"]),
        JSON,
        max_size=4,
    ),
    st.sampled_from(TAGS),
    st.sampled_from(KINDS),
)
def test_random_documents_with_real_tags(fields: dict[str, Any], tag: str, kind: str) -> None:
    """Documents with the right format, a real type tag and random fields are refused cleanly."""
    _check({"format": ma.FORMAT, "type": tag, **fields}, kind)


def _documents(game: PlayedGame) -> list[tuple[Any, object]]:
    docs: list[tuple[Any, object]] = [("rules", game.start.rules), ("state", game.final)]
    docs += [("action", action) for action in game.actions[-3:]]
    if game.steps:
        step = game.steps[-1]
        docs += [("step", step), ("events", step.events)]
        docs += [("event", event) for event in step.events]
    docs.append(("record", ma.record(game.start, game.actions, seed=game.seed)))
    docs += [("view", ma.view(game.final, seat)) for seat in (0, None)]
    return docs


def _slots(value: object) -> list[tuple[Any, Any]]:
    """Every (container, key) in a parsed JSON value."""
    found: list[tuple[Any, Any]] = []
    stack: list[Any] = [value]
    while stack:
        node = stack.pop()
        keys = (
            list(node)
            if isinstance(node, dict)
            else range(len(node))
            if isinstance(node, list)
            else []
        )
        for key in keys:
            found.append((node, key))
            stack.append(node[key])
    return found


MUTATIONS = ("replace", "delete", "add", "retag", "bool", "float", "string", "nest")


@given(games(rules_variants(), max_drawn=25), st.data())
def test_mutated_real_documents(game: PlayedGame, data: st.DataObject) -> None:
    """Real documents with one to three faults are read or refused, never crash."""
    kind, obj = data.draw(st.sampled_from(_documents(game)))
    doc = json.loads(ma.to_json(obj))
    for _ in range(data.draw(st.integers(1, 3))):
        slots = _slots(doc)
        container, key = data.draw(st.sampled_from(slots))
        mutation = data.draw(st.sampled_from(MUTATIONS))
        value = container[key]
        if mutation == "replace":
            container[key] = data.draw(JSON)
        elif mutation == "delete":
            del container[key]
        elif mutation == "add":
            if isinstance(container, dict):
                container[data.draw(st.text(max_size=6))] = data.draw(JSON)
            else:
                container.append(data.draw(JSON))
        elif mutation == "retag":
            container[key] = data.draw(st.sampled_from(TAGS))
        elif mutation == "bool":
            container[key] = True
        elif mutation == "float":
            container[key] = float(value) if isinstance(value, int) else 0.5
        elif mutation == "string":
            container[key] = str(value)
        else:
            container[key] = [[[value]]]
    _check(doc, kind)


@given(games(rules_variants(), max_drawn=15), st.data())
def test_mutated_document_text(game: PlayedGame, data: st.DataObject) -> None:
    """Truncated, spliced or corrupted text of a real document is refused cleanly."""
    kind, obj = data.draw(st.sampled_from(_documents(game)))
    text = ma.to_json(obj)
    cut = data.draw(st.integers(0, len(text)))
    insert = data.draw(st.text(alphabet='{}[]",:\\0123456789.-eEtrufalsn \x00\ud800', max_size=5))
    mutated = text[:cut] + insert + text[cut + data.draw(st.integers(0, 5)) :]
    result = _read(mutated, kind)
    if result is not None:
        assert ma.from_json(ma.to_json(result), kind) == result


@given(st.binary(max_size=200), st.sampled_from(KINDS))
def test_random_bytes(raw: bytes, kind: str) -> None:
    """Random bytes are refused with SerializationError alone."""
    _read(raw, kind)


def _hand_of(cards: int, card: object = None) -> str:
    """A state document whose first hand holds ``cards`` copies of ``card`` (or a real card)."""
    state = json.loads(ma.to_json(ma.new_game(3, seed=1)))
    card = card or state["players"][0]["hand"][0]
    state["players"][0]["hand"] = [card] * cards
    return json.dumps(state, separators=(",", ":"))


ADVERSARIAL: dict[str, tuple[Any, str]] = {
    "deep arrays": ("action", "[" * ma.MAX_JSON_BYTES),
    "deep objects": ("action", '{"a":' * (ma.MAX_JSON_BYTES // 5)),
    "deep but within the limit": ("action", "[" * 16 + "]" * 16),
    "one long string": ("action", '"' + "\\\\" * (ma.MAX_JSON_BYTES // 2 - 2) + '"'),
    "an unterminated string": ("action", '"' + "a" * (ma.MAX_JSON_BYTES - 1)),
    "quotes and escapes": ("action", '["\\"' * (ma.MAX_JSON_BYTES // 5)),
    "repeated keys": ("action", "{" + '"a":1,' * (ma.MAX_JSON_BYTES // 6 - 1) + '"a":1}'),
    "long numbers": ("action", "[" + ",".join(["9" * 18] * (ma.MAX_JSON_BYTES // 20)) + "]"),
    "many unknown fields": (
        "action",
        '{"format":"modern-art/1","type":"Pass","seat":0,'
        + ",".join(f'"k{i}":0' for i in range(ma.MAX_JSON_BYTES // 12))
        + "}",
    ),
    "a huge hand": ("state", _hand_of(ma.MAX_JSON_BYTES // 60)),
    "a huge hand of faults": ("state", _hand_of(ma.MAX_JSON_BYTES // 6, card=True)),
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_inputs_near_the_size_limit(name: str) -> None:
    """Inputs built to be slow or deep, up to 1 MiB, are refused within the bound."""
    kind, text = ADVERSARIAL[name]
    assert len(text.encode()) <= ma.MAX_JSON_BYTES
    began = time.perf_counter()
    with pytest.raises(ma.SerializationError) as info:
        ma.from_json(text, kind)
    assert time.perf_counter() - began < BOUND
    assert len(str(info.value)) < 1000
