"""Draws from a seeded :class:`random.Random`, compiled: the same numbers as its methods.

``randrange(n)`` and ``shuffle`` are Python functions in :mod:`random`, a few
frames each around the C method ``getrandbits``; the compiled build runs
these copies of their algorithms (CPython's ``Random._randbelow_with_getrandbits``
and ``Random.shuffle``, unchanged from 3.11 to 3.13) in compiled code, and
the pure build too, so that both draw exactly what :mod:`random` draws (a
test compares them). Only for a ``random.Random`` itself: a subclass may draw
otherwise.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

__all__ = ["randbelow", "seeded", "shuffle"]

T = TypeVar("T")

_BITS: Final = tuple(n.bit_length() for n in range(1024))
"""``n.bit_length()`` for the counts of legal actions a game has (a table: one read)."""


def randbelow(getrandbits: Callable[[int], int], n: int) -> int:
    """``Random.randrange(n)`` for ``n > 0``, ``getrandbits`` being the generator's bound method.

    Takes ``k = n.bit_length()`` bits, again until the number is below ``n``.

    >>> import random
    >>> a, b = random.Random(5), random.Random(5)
    >>> [randbelow(a.getrandbits, n) for n in (1, 7, 100, 5000)] == [
    ...     b.randrange(n) for n in (1, 7, 100, 5000)
    ... ]
    True
    """
    k = _BITS[n] if n < 1024 else n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(getrandbits: Callable[[int], int], items: list[T]) -> None:
    """``Random.shuffle(items)`` in place, ``getrandbits`` being the generator's bound method.

    >>> import random
    >>> a, b = list(range(20)), list(range(20))
    >>> shuffle(random.Random(3).getrandbits, a); random.Random(3).shuffle(b)
    >>> a == b
    True
    """
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]


def seeded(seed: int) -> random.Random:
    """``random.Random(seed)`` for an ``int`` seed, in the state ``random.Random(seed)`` has.

    ``Random.__init__`` and ``Random.seed`` are Python frames around the C
    seeding (2 of a new generator's 10 µs); for an ``int`` they do no more
    than it does and clear ``gauss_next``, as this does.

    >>> seeded(-7).getstate() == random.Random(-7).getstate()
    True
    """
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, seed)
    state: Any = rng  # gauss_next is Random's own attribute, which typeshed does not declare
    state.gauss_next = None
    return rng
