"""Arguments as error messages quote them: short, and never failing (:func:`shown`).

A public function that refuses an argument names it and quotes it; the
quote is at most :data:`MOST` characters, whatever was given: a
7,000-character word, a 4,301-digit integer (which ``repr`` itself refuses
to write), a range of 10**19 numbers (which ``len`` cannot count).
"""

from __future__ import annotations

import math
from collections.abc import Sized
from typing import Final

__all__ = ["MOST", "shown", "size_of"]

MOST: Final = 80
"""The most characters an error message quotes of one argument."""

_LOG2: Final = math.log10(2)


def shown(value: object, most: int = MOST) -> str:
    """``repr(value)``, cut to at most ``most`` characters; a huge integer by its digits.

    >>> shown("x" * 7000)[-8:], len(shown("x" * 7000))
    ('xxxxx...', 80)
    >>> shown(3 * 10**4300)
    'an integer of 4,301 digits'
    >>> shown(range(10**19))
    'range(0, 10000000000000000000)'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * most:
        return f"an integer of {_digits(value):,} digits"
    try:
        text = repr(value)
    except Exception:
        return f"a {type(value).__name__}"
    return text if len(text) <= most else text[: most - 3] + "..."


def _digits(value: int) -> int:
    """How many decimal digits ``value`` has, without writing it (``str`` refuses 4,301)."""
    value = abs(value)
    guess = int(value.bit_length() * _LOG2)
    return guess + 1 if value >= 10**guess else guess


def size_of(value: Sized) -> int | None:
    """``len(value)``, or ``None`` when it is too large to count (a ``range`` of 10**19)."""
    try:
        return len(value)
    except OverflowError:
        return None
