"""The compiled draws are random's own: randrange(n) and shuffle, number for number."""

from __future__ import annotations

import random

import pytest

from modern_art.core.draws import randbelow, seeded, shuffle


@pytest.mark.parametrize("seed", [0, 1, 12345, -7, 2**70])
def test_R1_4_randbelow_draws_what_randrange_draws(seed: int) -> None:
    """Every n from 1 to 1100 (the table and beyond it), then large n, in one stream."""
    ours, theirs = random.Random(seed), random.Random(seed)
    sizes = [*range(1, 1100), 2**31 - 1, 2**32, 2**32 + 1, 10**20, 1, 2]
    assert [randbelow(ours.getrandbits, n) for n in sizes] == [theirs.randrange(n) for n in sizes]
    assert ours.getstate() == theirs.getstate()  # and the stream is left where randrange leaves it


@pytest.mark.parametrize("size", [0, 1, 2, 3, 70, 1500])
def test_R1_4_shuffle_is_random_shuffle(size: int) -> None:
    """The deck's shuffle (R1.4) is Random.shuffle's, for the deck and any other length."""
    for seed in range(20):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a.getrandbits, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("seed", [0, 1, 12345, -7, 2**70, -(2**64) - 3])
def test_R1_4_seeded_is_random_random(seed: int) -> None:
    """The playouts' and the shuffle's generator starts where ``random.Random(seed)`` does."""
    ours, theirs = seeded(seed), random.Random(seed)
    assert type(ours) is random.Random
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(50)] == [theirs.random() for _ in range(50)]
    assert ours.gauss(0, 1) == theirs.gauss(0, 1)  # gauss_next starts cleared, as Random's does
