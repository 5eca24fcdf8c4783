"""The transition function: :func:`new_game` and :func:`apply`."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence, Sized
from typing import Any, Final, overload

from modern_art._speed import PURE
from modern_art.core.dispatch import play
from modern_art.core.draws import seeded, shuffle
from modern_art.core.phase_table import PLAY, RULES
from modern_art.core.refusals import refuse
from modern_art.core.round_flow import deal
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Card
from modern_art.data.events import Event
from modern_art.data.phases import GameOver, Offering
from modern_art.data.rules import Rules, preset
from modern_art.data.shown import shown, size_of
from modern_art.data.state import GameState, PlayerState, Step

__all__ = ["apply", "new_game"]

_ACTION_TYPES = (PlayCard, Bid, Pass, SetPrice, Accept)
_ACTION_SET = frozenset(_ACTION_TYPES)

_CMON: Final = preset("cmon")
"""The default rules, the preset itself: ``Rules()`` checks every field (a tenth of a
playout's ``new_game``), and a frozen value can be shared by every game that takes the
defaults (and the JSON writer knows the preset's text)."""


@overload
def new_game(
    players: int,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    rules: Rules | None = None,
    first_auctioneer: int = 0,
) -> GameState: ...
@overload
def new_game(
    players: Sequence[str],
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    rules: Rules | None = None,
    first_auctioneer: int = 0,
) -> GameState: ...
def new_game(
    players: object,
    *,
    seed: object = None,
    deck: object = None,
    rules: object = None,
    first_auctioneer: object = 0,
) -> GameState:
    """Set up a game: money, a shuffled (or stacked) deck, round 1 dealt (R1).

    Args:
        players: the number of players, or their names in seat order.
        seed: an ``int`` that shuffles the deck reproducibly; ``None`` (and
            no ``deck``) draws a fresh shuffle from the operating system.
            Nothing else is a seed: not a ``bool``, a ``str`` or a ``float``.
            As in Python's :mod:`random`, ``-n`` shuffles as ``n`` does.
        deck: a stacked deck instead of a shuffle: a permutation of
            ``rules.deck``, top card first. Deals take blocks from the top:
            seat 0 the first k cards, seat 1 the next k, and so on.
        rules: the variant; CMON by default.
        first_auctioneer: the seat that offers first (R1.5).

    Raises:
        ValueError: a player count outside the rules' limits, a deck that is
            not a permutation of ``rules.deck``, a ``seed`` that is neither an
            ``int`` nor ``None``, both ``seed`` and ``deck``, or a
            ``first_auctioneer`` that is not a seat.

    The arguments are checked here, with a ``ValueError``, in both builds:
    the implementation takes ``object`` so that the compiled build does not
    refuse them first with a ``TypeError``.

    >>> state = new_game(["Ann", "Bo", "Cy"], seed=7)
    >>> [len(p.hand) for p in state.players], state.players[0].money
    ([10, 10, 10], 100)
    """
    if rules is None:
        rules = _CMON
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules, got {shown(rules)}")
    if isinstance(players, int) and not rules.min_players <= players <= rules.max_players:
        # Before the names are made: a count of 10**18 is refused at once (R1.1).
        raise ValueError(
            f"players: the game takes {rules.min_players} to {rules.max_players} players,"
            f" got {shown(players)} (R1.1)"
        )
    names = _player_names(players, rules)
    n = len(names)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(
            f"players: the game takes {rules.min_players} to {rules.max_players} players,"
            f" got {n} (R1.1)"
        )
    if type(first_auctioneer) is not int or not 0 <= first_auctioneer < n:
        raise ValueError(
            f"first_auctioneer must be a seat from 0 to {n - 1}, got {shown(first_auctioneer)}"
            " (R1.5)"
        )
    if seed is not None and type(seed) is not int:
        # random.Random would take a str, a float or True, and hash it into another game.
        raise ValueError(f"seed must be an int or None, got {shown(seed)}")
    if deck is not None and seed is not None:
        raise ValueError("give a seed or a stacked deck, not both")
    shuffle = seed if isinstance(seed, int) else None  # an int or None, checked above
    cards = _stacked(deck, rules) if deck is not None else _shuffled(rules, shuffle)
    artists = len(rules.artists)
    state = GameState(
        rules,
        tuple(PlayerState(name, rules.starting_money, (), ()) for name in names),
        cards,
        1,
        (0,) * artists,
        ((),) * artists,
        (),
        Offering(first_auctioneer),
        0,
    )
    return deal(state, None)


def _player_names(players: object, rules: Rules) -> tuple[str, ...]:
    if isinstance(players, int) and not isinstance(players, bool):
        return tuple(f"Seat {seat}" for seat in range(players))
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise ValueError(f"players must be a count or a sequence of names, got {shown(players)}")
    size = size_of(players)
    if size is None or size > rules.max_players:  # before the names are copied
        raise ValueError(
            f"players: the game takes {rules.min_players} to {rules.max_players} players,"
            f" got {shown(players)} (R1.1)"
        )
    names = tuple(players)
    if not all(isinstance(name, str) for name in names):
        raise ValueError(f"players: each name must be a string, got {shown(list(names))}")
    return tuple(str(name) for name in names)


def _stacked(deck: object, rules: Rules) -> tuple[Card, ...]:
    size = size_of(deck) if isinstance(deck, Sized) else None
    if not isinstance(deck, Iterable) or size is None or size != len(rules.deck):
        raise ValueError(
            "deck: a stacked deck must hold every card of rules.deck exactly once"
            f" ({len(rules.deck)} cards), got {shown(deck)}"
        )
    cards = tuple(deck)
    try:
        permutation = len(cards) == len(rules.deck) and set(cards) == set(rules.deck)
    except TypeError:  # unhashable items cannot be cards
        permutation = False
    if not permutation:
        raise ValueError(
            "a stacked deck must hold every card of rules.deck exactly once"
            f" ({len(rules.deck)} cards), got {len(cards)} cards"
        )
    return tuple(card for card in cards if isinstance(card, Card))


def _shuffled(rules: Rules, seed: int | None) -> tuple[Card, ...]:
    cards = list(rules.deck)
    # seeded(seed) is random.Random(seed) without its Python frames; None: the OS's entropy.
    rng = random.Random(seed) if seed is None else seeded(seed)
    shuffle(rng.getrandbits, cards)  # Random.shuffle's very draws, compiled
    return tuple(cards)


# Two overloads spell ``Action`` for type checkers; the implementation takes
# ``object``, so that the compiled build too refuses a non-action with
# IllegalAction rather than a TypeError at the call (modern_art._speed).
@overload
def apply(state: GameState, action: PlayCard | Bid | Pass) -> Step: ...
@overload
def apply(state: GameState, action: SetPrice | Accept) -> Step: ...
def apply(state: GameState, action: object) -> Step:
    """Apply ``action`` to ``state``: the new state and the events it caused.

    ``state`` is never changed. An action the rules forbid raises
    :class:`~modern_art.IllegalAction` citing the rule; so does anything that
    is not an action at all, or an action holding values of the wrong type
    (untyped callers and decoded input can pass those).

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> card = state.players[0].hand[0]
    >>> step = ma.apply(state, ma.PlayCard(0, card))
    >>> step.state.step, type(step.events[0]).__name__
    (1, 'CardPlayed')
    """
    phase = state.phase
    if isinstance(phase, GameOver):
        refuse("R8.1", "the game is over; no action is possible", action)
    if type(action) not in _ACTION_SET:
        # Exactly the five classes (a decision): a subclass is never equal to a legal
        # action (attrs equality compares classes) and could redefine what apply reads.
        subclass = isinstance(action, _ACTION_TYPES)
        refuse(
            RULES.get(type(phase), "R8.1"),
            "expected PlayCard, Bid, Pass, SetPrice or Accept,"
            f" got {type(action).__name__} {action!r}"
            + (", a subclass: send the action class itself" if subclass else ""),
            action,
        )
    # The set test above proves it. Not a cast(), a call the interpreter would make on
    # every action, nor an isinstance the checker could follow: that would cost the
    # compiled build 4 to 5% of its random games (benchmarks/builds.py, measured).
    checked: Action = action  # type: ignore[assignment]
    # Read untyped: the compiled build would refuse a typed read of Pass("0") (TypeError).
    sent: Any = action
    seat: object = sent.seat
    if type(seat) is not int or not 0 <= seat < len(state.players):
        n = len(state.players)
        refuse("R1.5", f"there is no seat {seat!r}: seats run from 0 to {n - 1}", action)
    events: list[Event] = []
    if PURE:  # a dict in the interpreter, a chain compiled (modern_art.core.phase_table)
        return Step(PLAY[type(phase)](state, phase, checked, seat, events), tuple(events))
    return Step(play(state, phase, checked, seat, events), tuple(events))
