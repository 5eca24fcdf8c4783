"""The checks of a bot's budget arguments: a count of play-outs or samples, or seconds.

Every bot and engine that takes a budget refuses the same wrong values with
the same words: ``True`` is no count, and no clock runs for ``0``, a negative
time, infinity or NaN.

>>> check_count("playouts", 16)
>>> check_count("playouts", True)
Traceback (most recent call last):
...
ValueError: playouts must be a positive integer, got True
>>> check_seconds("move_time", float("nan"))
Traceback (most recent call last):
...
ValueError: move_time must be a positive number of seconds, got nan
"""

from __future__ import annotations

import math

__all__ = ["check_count", "check_seconds"]


def check_count(what: str, value: object) -> None:
    """Refuse ``value`` (the argument ``what``) unless it is an ``int`` of at least 1."""
    if type(value) is not int or value < 1:
        raise ValueError(f"{what} must be a positive integer, got {value!r}")


def check_seconds(what: str, value: object) -> None:
    """Refuse ``value`` (the argument ``what``) unless it is a finite number of seconds above 0."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < math.inf:
        raise ValueError(f"{what} must be a positive number of seconds, got {value!r}")
