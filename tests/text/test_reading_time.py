"""Reading a document takes time linear in its size, for every kind, however it is built.

Each case grows a normal document of one kind (from a real game) in one way
an attacker could grow it: its largest array repeated, its deal schedule
filled with player counts, thousands of extra fields, a huge string. It
grows it twice, to a sixteenth of ``MAX_JSON_BYTES`` and to just under it
(the largest document ``from_json`` reads), and times both reads in the same
run. Read in linear time, the maximal document costs what the small one
costs per byte, up to the caches' effect (up to 2.4 times, measured, and
3.2 once on a busy machine); the test allows ``SLACK`` times. A quadratic reader
costs sixteen times more per byte at sixteen times the size, and fails: the
deal-schedule lookup this guards against took 24.9 s for a 1 MiB record.
"""

from __future__ import annotations

import contextlib
import gc
import json
import time
from collections.abc import Callable
from typing import Any

import pytest

import modern_art as ma

SLACK = 8
"""How much more a maximal document may cost per byte than one a sixteenth its size."""

LIMIT = ma.MAX_JSON_BYTES - 4096
"""The size maximal documents grow to: just under what from_json accepts."""


def _game() -> tuple[ma.GameRecord, ma.Step, tuple[ma.Event, ...]]:
    """A finished game's record, its 40th step, and seat 0's events up to it."""
    record = ma.play_game([ma.RandomAgent(seed) for seed in range(4)], seed=3)
    state, events = record.start(), list[ma.Event]()
    for action in record.actions[:40]:
        step = ma.apply(state, action)
        events += ma.visible_events(step.events, 0)
        state = step.state
    return record, step, tuple(events)


RECORD, STEP, EVENTS = _game()
STATE = STEP.state
NORMAL: dict[str, object] = {
    "rules": ma.Rules(),
    "action": ma.PlayCard(0, ma.Rules().deck[5]),
    "event": ma.CardsDealt(0, 3, tuple(ma.Rules().deck[:3])),
    "events": EVENTS,
    "state": STATE,
    "step": STEP,
    "record": RECORD,
    "view": ma.view(STATE, 1),
}
"""One ordinary object of each kind, from a real game."""


def _size(value: object) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def _arrays(node: object) -> list[list[Any]]:
    found: list[list[Any]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            found.append(item)
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return found


def _fill(items: list[Any], make: Callable[[int], Any], room: int, extra: int = 1) -> None:
    """Append ``make(i)`` for i = 0, 1, ... while ``room`` bytes remain.

    Each item costs its JSON size and ``extra`` bytes more (a comma, a value).
    """
    i = 0
    while True:
        item = make(i)
        room -= _size(item) + extra
        if room < 0:
            return
        items.append(item)
        i += 1


def grow_array(doc: dict[str, Any], limit: int) -> None:
    """Repeat the elements of the document's largest array."""
    target = max(_arrays(doc), key=_size, default=None)
    if not target:  # no array with anything in it: grow a string instead
        grow_string(doc, limit)
        return
    original = list(target)
    _fill(target, lambda i: original[i % len(original)], limit - _size(doc))


def grow_string(doc: dict[str, Any], limit: int) -> None:
    """Make the document's longest string (not a tag) huge."""
    best: tuple[int, dict[str, Any], str] | None = None
    stack: list[object] = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if isinstance(value, str) and key not in ("type", "format"):
                    if best is None or len(value) > best[0]:
                        best = (len(value), item, key)
                else:
                    stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
    assert best is not None
    _, holder, key = best
    holder[key] += "x" * (limit - _size(doc))


def grow_keys(doc: dict[str, Any], limit: int) -> None:
    """Give the document thousands of fields it does not have."""
    extra: list[str] = []
    _fill(extra, lambda i: f"k{i}", limit - _size(doc), extra=3)  # "k1":0,
    doc.update(dict.fromkeys(extra, 0))


def grow_schedule(doc: dict[str, Any], limit: int) -> None:
    """Fill the document's deal schedule with player counts (the old quadratic case)."""
    rules = doc
    for key in ("state", "rules"):
        rules = rules.get(key, rules) if "deal_schedule" not in rules else rules
    schedule = rules["deal_schedule"]
    counts: list[str] = []
    _fill(counts, lambda i: f"{i + 6}", limit - _size(doc), extra=11)  # "6":[1,1,1,0],
    schedule.update({count: [1, 1, 1, 0] for count in counts})


WAYS = {"array": grow_array, "string": grow_string, "keys": grow_keys, "schedule": grow_schedule}
CASES = [
    *((kind, "array") for kind in NORMAL),
    # Extra keys and long strings take the same path in every kind: one each.
    ("state", "keys"),
    ("view", "string"),
    # The rules are read by one hook wherever they are: on their own and in a record.
    ("rules", "schedule"),
    ("record", "schedule"),
]


def _read_seconds(text: str, kind: str, repeat: int, budget: float = 0.3) -> float:
    """The best CPU time of up to ``repeat`` reads (one at least, more while within
    ``budget`` seconds); a refusal counts as a read.

    CPU time of this process, not wall time, and no garbage collection while
    timing: other programs on a busy machine then cannot make one read look
    slower than the other.
    """
    best, spent = float("inf"), 0.0
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            if spent > budget:
                break
            start = time.process_time()
            with contextlib.suppress(ma.SerializationError):
                ma.from_json(text, kind)  # type: ignore[call-overload]
            elapsed = time.process_time() - start
            best, spent = min(best, elapsed), spent + elapsed
    finally:
        if collecting:
            gc.enable()
    return best


def _grown(kind: str, way: str, limit: int) -> str:
    doc = json.loads(ma.to_json(NORMAL[kind]))
    WAYS[way](doc, limit)
    text = json.dumps(doc, separators=(",", ":"))
    assert limit * 0.99 < len(text) <= limit
    return text


@pytest.mark.parametrize(("kind", "way"), CASES)
def test_a_maximal_document_reads_in_time_linear_in_its_size(kind: str, way: str) -> None:
    """A document grown to the size limit costs per byte what one a sixteenth its size costs."""
    small = _grown(kind, way, LIMIT // 16)
    maximal = _grown(kind, way, LIMIT)
    per_byte_small = _read_seconds(small, kind, repeat=5) / len(small)
    per_byte_maximal = _read_seconds(maximal, kind, repeat=3) / len(maximal)
    assert per_byte_maximal <= SLACK * per_byte_small, (
        f"{kind} grown by {way}: {per_byte_maximal * 1e9:.0f} ns per byte at {len(maximal)}"
        f" bytes against {per_byte_small * 1e9:.0f} ns at {len(small)} bytes"
    )


def test_a_refusal_of_a_huge_value_has_a_message_of_readable_length() -> None:
    """An edition refusing a megabyte of artist names quotes a few hundred characters of them."""
    text = _grown("rules", "array", LIMIT)
    try:
        ma.from_json(text, "rules")
    except ma.SerializationError as error:
        assert "'artists' must be distinct names" in str(error)
        assert all(len(message) < 400 for message in error.errors)
        assert len(str(error)) < 1500
    else:
        raise AssertionError("a megabyte of repeated artists was read")
