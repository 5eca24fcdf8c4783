"""Untrusted JSON text, parsed within limits: size, nesting, integer digits, repeated keys.

:func:`~modern_art.from_json` reads documents that may come from anyone,
so the text is bounded before Python's parser sees it: at most
:data:`MAX_JSON_BYTES` of UTF-8 (by default), nested at most
:data:`MAX_JSON_DEPTH` deep (checked without recursion, so deep input never
reaches the recursive parser), integers of at most :data:`MAX_INT_DIGITS`
digits (a 64-bit integer), no key twice in an object, and no ``NaN`` or
``Infinity``. :func:`holds_long_int` keeps :func:`~modern_art.to_json`
from writing what this would refuse to read.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any, Final

from modern_art.data.rules import MAX_INT_DIGITS, MAX_MONEY

__all__ = [
    "MAX_INT_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "TextError",
    "holds_long_int",
    "check_bounds",
    "parse",
    "parse_unbounded",
    "same_json",
    "written_long_int",
]

MAX_JSON_BYTES: Final = 1_048_576
"""The largest document :func:`from_json` reads by default: 1 MiB of UTF-8.

A finished game's record is far smaller; pass ``max_bytes`` to change it.
"""

MAX_JSON_DEPTH: Final = 16
"""The deepest nesting of arrays and objects :func:`from_json` reads.

Checked before parsing, so deep input never reaches the recursive parser.
The deepest real document nests 5 levels.
"""

_INT_LIMIT: Final = MAX_MONEY


class TextError(ValueError):
    """Text that is no JSON within the limits; :func:`from_json` reports it as a document fault."""


def parse(text: object, max_bytes: int) -> object:
    """Parse untrusted JSON ``text`` (``str`` or UTF-8 ``bytes``) within the limits.

    Raises:
        TextError: ``text`` is not text, is larger than ``max_bytes`` bytes
            of UTF-8, is not UTF-8, nests deeper than :data:`MAX_JSON_DEPTH`,
            or is not valid JSON within the limits above.
    """
    source = _text(text, max_bytes)
    if _depth(source) > MAX_JSON_DEPTH:
        raise TextError(f"nested deeper than {MAX_JSON_DEPTH} levels")
    try:
        return json.loads(
            source,
            object_pairs_hook=_no_duplicates,
            parse_constant=_no_constant,
            parse_int=_bounded_int,
        )
    except (ValueError, RecursionError) as exc:
        raise TextError(f"not valid JSON ({exc})") from None


def parse_unbounded(text: object, max_bytes: int) -> object:
    """The document in ``text``, parsed once, its keys checked; its depth and integers not yet.

    The quick parse behind :mod:`modern_art.wire.state_reader`: Python's
    parser with a hook per object only, which refuses a key given twice, as
    :func:`parse` does; the two checks that cost a pass of their own are the
    caller's. It must bound the nesting and each integer's digits, either by
    reading only a shape it knows and each integer's range, or with
    :func:`check_bounds`. Text that is no JSON (or holds an integer Python will
    not parse) is given to :func:`parse`, which reports its first fault as ever.

    Raises:
        TextError: as :func:`parse`, for anything but depth and long integers
            in JSON text.
    """
    source = _text(text, max_bytes)
    try:
        return json.loads(source, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return parse(source, max_bytes)  # raises the first fault, as the strict parse finds it


def check_bounds(doc: object) -> None:
    """Refuse what :func:`parse` refuses and :func:`parse_unbounded` leaves: depth, long integers.

    Without recursion, as :func:`parse` would have: nesting deeper than
    :data:`MAX_JSON_DEPTH` first, then the first integer in the text of more
    than :data:`MAX_INT_DIGITS` digits (a document's keys keep its text's order).

    Raises:
        TextError: the message :func:`parse` gives for the same text.
    """
    deepest, first_long = 0, None
    stack: list[tuple[object, int]] = [(doc, 0)]
    while stack:  # depth first, in the order of the text
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth + 1)
            values: list[object] = list(item.values() if isinstance(item, dict) else item)
            for value in reversed(values):
                stack.append((value, depth + 1))
        elif type(item) is int and first_long is None and abs(item) >= _INT_LIMIT:
            first_long = item
    if deepest > MAX_JSON_DEPTH:
        raise TextError(f"nested deeper than {MAX_JSON_DEPTH} levels")
    if first_long is not None:
        raise TextError(f"not valid JSON ({_too_many_digits(str(first_long))})")


def same_json(a: object, b: object) -> bool:
    """Whether two decoded JSON values are the same, types included (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return False
        # Loops, not all(...): the compiled build makes them plain C loops, no generator.
        for x, y in zip(a, b, strict=True):  # noqa: SIM110
            if not same_json(x, y):
                return False
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return False
        for key, value in a.items():  # noqa: SIM110
            if not same_json(value, b[key]):
                return False
        return True
    return bool(a == b)


def written_long_int(text: str) -> bool:
    """Whether JSON ``text`` written by ``json.dumps`` may hold an integer of too many digits.

    A run of more than :data:`MAX_INT_DIGITS` digits anywhere (a float is
    never written with one; a string may hold one, so ``True`` is only a
    maybe, for :func:`holds_long_int` to settle); ``False`` proves there is none.
    """
    # Every digit made 0, then one search for the run: ten times a regular expression's
    # speed. UTF-8 writes no other character with the bytes of ASCII digits.
    return _LONG_RUN in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)


def holds_long_int(body: object) -> bool:
    """Whether a written body holds an integer of more than :data:`MAX_INT_DIGITS` digits."""
    stack = [body]
    while stack:
        item = stack.pop()
        if type(item) is int:
            if abs(item) >= _INT_LIMIT:
                return True
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return False


def _text(text: object, max_bytes: int) -> str:
    """``text`` as a ``str`` of at most ``max_bytes`` bytes of UTF-8."""
    if isinstance(text, str):
        if len(text) <= max_bytes and len(text.encode("utf-8", "surrogatepass")) <= max_bytes:
            return text
    elif isinstance(text, bytes | bytearray):
        if len(text) <= max_bytes:
            try:
                return bytes(text).decode("utf-8")
            except UnicodeDecodeError as exc:
                raise TextError(f"not UTF-8 ({exc})") from None
    else:
        raise TextError(f"expected JSON text, got a {type(text).__name__}")
    raise TextError(f"larger than the limit of {max_bytes} bytes")


_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_DIGITS_AS_ZERO: Final = bytes.maketrans(b"123456789", b"000000000")
_LONG_RUN: Final = b"0" * (MAX_INT_DIGITS + 1)


def _depth(text: str) -> int:
    """How deeply arrays and objects nest in ``text``, without recursion."""
    skeleton = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(1 if c in "[{" else -1 for c in skeleton), default=0)


# The parser's hooks raise ValueError, which parse() reports as "not valid JSON".


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of these pairs, unless the parser found a key twice in it."""
    obj = dict(pairs)
    if len(obj) < len(pairs):  # a key twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {json.dumps(key)} appears twice in an object")
            seen.add(key)
    return obj


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _too_many_digits(digits)
    return int(digits)


def _too_many_digits(digits: str) -> ValueError:
    return ValueError(f"integers have at most {MAX_INT_DIGITS} digits, got {len(digits)}")
