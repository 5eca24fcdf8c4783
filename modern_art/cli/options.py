"""The command's option types: each turns a word of the command line into a value.

A word that does not fit is refused with an :class:`argparse.ArgumentTypeError`
that says what was expected and what arrived, so ``argparse`` prints it as a
usage error (exit code 2). The parsers load no bot beyond the registry and no
``rich``.

>>> positive("3"), seconds("0.5")
(3, 0.5)
>>> positive("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a positive whole number, got '0'
>>> bot_name("MC")
'montecarlo'
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import TypeVar

from modern_art.agents.registry import canonical_bot

__all__ = ["bot_name", "number", "positive", "seconds"]

N = TypeVar("N", int, float)


def number(
    convert: Callable[[str], N], accept: Callable[[N], bool], expected: str
) -> Callable[[str], N]:
    """An option type: ``convert`` the word, keep it if ``accept``\\ s it, else refuse it.

    The refusal reads ``expected <expected>, got '<word>'``.
    """

    def parse(text: str) -> N:
        try:
            value = convert(text)
        except ValueError:
            value = None
        if value is None or not accept(value):
            raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
        return value

    return parse


positive = number(int, lambda value: value >= 1, "a positive whole number")
"""A whole number from 1: games, workers, playouts, iterations, samples."""

seconds = number(float, lambda value: 0 < value < math.inf, "a positive number of seconds")
"""A positive, finite number of seconds."""


def bot_name(text: str) -> str:
    """A built-in bot's registered name (any case, or an alias), else a usage error."""
    try:
        return canonical_bot(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
