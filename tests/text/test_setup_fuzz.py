"""setup and new_game fuzzed with well- and ill-typed arguments: only ValueError, never a hang.

Each call runs under a time limit (SIGALRM), so a call that does work
growing with a huge argument (a count of 10**18 players, a round of 10**20)
fails the test instead of hanging it.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import modern_art as ma

LIMIT_SECONDS = 5.0
"""Far above what any call needs (milliseconds); a call past it is a hang."""

FUZZ_EXAMPLES = 1500
"""Thousands of calls a test, in every profile: each is milliseconds."""


class _HangError(Exception):
    pass


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise _HangError(f"the call took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _only_value_error(call: Callable[[], object]) -> None:
    with _time_limit(LIMIT_SECONDS), suppress(ValueError):
        call()


HUGE = st.one_of(
    st.integers(-10, 10), st.integers(-(10**20), 10**20), st.sampled_from([10**18, 2**63])
)
JUNK = st.one_of(st.none(), st.booleans(), st.floats(), st.text(max_size=4), st.just(object()))
CARD = st.one_of(
    st.sampled_from(
        [
            "melim/o",
            "Melim/O#25",
            "krypto/d",
            "carvalho/h",
            "thaler",
            "m/o",
            "zzz",
            "",
            ("krypto", "double"),
            ("krypto", "d"),
            ("melim", "fixed price"),
            ("melim", "zz"),
            ("melim", ma.Auction.OPEN),
            ("silveira", ma.Auction.DOUBLE),
            ("", "o"),
            ma.Rules().deck[3],
            ma.preset("original").deck[7],
            ...,
        ]
    ),
    JUNK,
    st.tuples(JUNK, JUNK),
)
CARDS = st.one_of(st.lists(CARD, max_size=12), JUNK, st.text(max_size=3))
NAMES = st.one_of(HUGE, st.lists(st.one_of(st.text(max_size=3), JUNK), max_size=8), JUNK)
RULES = st.one_of(
    st.none(),
    st.just(ma.Rules()),
    st.just(ma.preset("original")),
    st.just(ma.Rules(deal_schedule={n: (2, 1, 1, 0) for n in (3, 4, 5)})),
    JUNK,
)
PHASES = st.one_of(
    st.none(),
    st.sampled_from([ma.Offering(0), ma.Offering(7), ma.GameOver()]),
    st.builds(ma.Offering, HUGE),
    JUNK,
)
ARGS: dict[str, st.SearchStrategy[Any]] = {
    "rules": RULES,
    "round": st.one_of(HUGE, JUNK),
    "money": st.one_of(HUGE, st.lists(st.one_of(HUGE, JUNK), max_size=6), JUNK),
    "museums": st.one_of(st.none(), st.lists(CARDS, max_size=6), JUNK),
    "tiles": st.one_of(
        st.none(),
        st.dictionaries(st.sampled_from(["melim", "krypto", "x", ""]), st.lists(HUGE, max_size=5)),
        JUNK,
    ),
    "auctioneer": st.one_of(HUGE, JUNK),
    "phase": PHASES,
    "discard": CARDS,
    "deck": CARDS,
    "step": st.one_of(st.none(), HUGE, JUNK),
    "check": st.one_of(st.booleans(), JUNK),
}


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    players=NAMES,
    hands=st.one_of(st.lists(st.one_of(CARDS, st.none()), max_size=6), JUNK),
    chosen=st.fixed_dictionaries({}, optional=ARGS),
)
def test_R1_setup_lets_only_value_error_escape_and_never_hangs(
    players: Any, hands: Any, chosen: dict[str, Any]
) -> None:
    """Any arguments: a position, or a ValueError naming what is wrong (docs: setup's Raises)."""
    _only_value_error(lambda: ma.setup(players, hands=hands, **chosen))


@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    players=NAMES,
    chosen=st.fixed_dictionaries(
        {},
        optional={
            "seed": st.one_of(HUGE, JUNK),
            "deck": st.one_of(CARDS, st.just(ma.Rules().deck)),
            "rules": RULES,
            "first_auctioneer": st.one_of(HUGE, JUNK),
        },
    ),
)
def test_R1_1_new_game_lets_only_value_error_escape_and_never_hangs(
    players: Any, chosen: dict[str, Any]
) -> None:
    """Any arguments: a game, or a ValueError naming what is wrong (docs: new_game's Raises)."""
    _only_value_error(lambda: ma.new_game(players, **chosen))


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: ma.setup(10**18, hands=[]), "players: the game takes 3 to 5 players"),
        (lambda: ma.new_game(10**18), "the game takes 3 to 5 players"),
        (lambda: ma.setup(0, hands=[]), "got 0"),
        (lambda: ma.setup(-1, hands=[]), "got -1"),
        (lambda: ma.setup(3, hands=[[...]] * 3, round=10**20), "round must be"),
        (lambda: ma.setup(3, hands=[[("melim", "q")]] * 3, round=2), "not an auction symbol"),
        (lambda: ma.setup(3, hands=[[4]] * 3), "hands[0]: 4 is not a card"),  # type: ignore[list-item]
        (lambda: ma.setup(3, hands=[[..., "melim/o"]] * 3), "may only come last"),
    ],
)
def test_R1_1_a_bad_argument_is_a_value_error_naming_it(
    call: Callable[[], object], says: str
) -> None:
    """The issue's examples: counts, a huge round, a card with an unknown symbol."""
    with _time_limit(LIMIT_SECONDS), pytest.raises(ValueError) as caught:
        call()
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "card", ["krypto/d", ("krypto", "double"), ("krypto", "d"), ("krypto", ma.Auction.DOUBLE)]
)
def test_R5_1_a_card_is_written_four_ways(card: Any) -> None:
    """'krypto/d', ('krypto', 'double'), ('krypto', 'd') and ('krypto', Auction.DOUBLE) agree."""
    rules = ma.preset("original")
    state = ma.setup(3, rules=rules, hands=[[card, ...], [...], [...]])
    first = state.players[0].hand[0]
    assert (first.artist, first.auction) == ("Krypto", ma.Auction.DOUBLE)
    assert ma.position_problems(state) == ()
