"""Game records, the PGN of this game: how a game began, every action, and how it ended.

>>> import modern_art as ma
>>> start = state = ma.new_game(3, seed=5)
>>> actions = []
>>> while not state.is_over:
...     action = ma.legal_actions(state)[0]
...     actions.append(action)
...     state = ma.apply(state, action).state
>>> game = ma.record(start, actions, seed=5)
>>> game.money == tuple(p.money for p in state.players), game.winners == ma.winners(state)
(True, True)
>>> ma.replay(game) == state
True
"""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from modern_art.core.scoring import winners
from modern_art.core.transition import apply, new_game
from modern_art.data.actions import Action
from modern_art.data.cards import Card
from modern_art.data.errors import IllegalAction, ReplayError
from modern_art.data.phases import Offering
from modern_art.data.rules import Rules
from modern_art.data.state import GameState

__all__ = ["GameRecord", "ReplayError", "record", "replay"]


def _tuple(values: Iterable[object]) -> tuple[object, ...]:
    return tuple(values)


def _optional_tuple(values: Iterable[object] | None) -> tuple[object, ...] | None:
    return None if values is None else tuple(values)


@frozen
class GameRecord:
    """A whole game as data: the setup, the actions in order, and the result.

    Build one from a game you played with :func:`record`, check one with
    :func:`replay`, and save or send one with :func:`modern_art.to_json`.
    Exactly one of ``seed`` and ``deck`` is set; ``money`` and ``winners``
    are both set once the game is over, and both ``None`` for a game still
    in progress.
    """

    rules: Rules
    """The rules in force."""
    players: tuple[str, ...] = field(converter=_tuple)
    """The players' names, by seat."""
    seed: int | None
    """The seed that shuffled the deck, or ``None`` for a stacked deck."""
    deck: tuple[Card, ...] | None = field(converter=_optional_tuple)
    """The stacked deck, top card first, or ``None`` for a seeded shuffle."""
    first_auctioneer: int
    """The seat that offered first (R1.5)."""
    actions: tuple[Action, ...] = field(converter=_tuple)
    """Every action applied, in order."""
    money: tuple[int, ...] | None = field(converter=_optional_tuple)
    """Each seat's final money, or ``None`` while the game is in progress."""
    winners: tuple[int, ...] | None = field(converter=_optional_tuple)
    """The seats sharing the most money (R8.2), or ``None`` while in progress."""

    def __attrs_post_init__(self) -> None:
        if (self.seed is None) == (self.deck is None):
            raise ValueError("a game record has a seed or a stacked deck, exactly one of them")
        if (self.money is None) != (self.winners is None):
            raise ValueError("a game record states both money and winners, or neither")

    @property
    def is_finished(self) -> bool:
        """Whether the record states a result."""
        return self.money is not None

    def start(self) -> GameState:
        """The state before the first action, as :func:`modern_art.new_game` makes it.

        Raises:
            ValueError: the setup is not one ``new_game`` accepts.
        """
        return _setup(self.rules, self.players, self.seed, self.deck, self.first_auctioneer)


def record(
    start: GameState,
    actions: Iterable[Action],
    *,
    seed: int | None = None,
    final: GameState | None = None,
) -> GameRecord:
    """The record of a game that began at ``start`` and went on with ``actions``.

    Keep the state :func:`~modern_art.new_game` gave you and the actions you
    applied; this replays them to find the result (``None`` if the game is
    not over yet).

    Args:
        start: the state ``new_game`` returned, before any action.
        actions: every action applied since, in order.
        seed: the seed ``start`` was made with, to store instead of the
            whole deck; it must give exactly ``start``.
        final: the state the actions led to, if the caller kept it (a host
            does); the actions are then not replayed.

    Raises:
        ValueError: ``start`` is not a fresh game, or ``seed`` does not make it.
        IllegalAction: an action the rules forbid, as :func:`~modern_art.apply` raises it.
    """
    if start.step != 0 or not isinstance(start.phase, Offering):
        raise ValueError(f"start must be a state before any action, got one at step {start.step}")
    names = tuple(p.name for p in start.players)
    first = start.phase.auctioneer
    deck: tuple[Card, ...] | None = None
    if seed is None:
        # new_game dealt blocks from the top, seat 0 first: put them back.
        deck = (*(card for p in start.players for card in p.hand), *start.deck)
    if _setup(start.rules, names, seed, deck, first) != start:
        raise ValueError(
            f"seed {seed} does not make this start state"
            if seed is not None
            else "start is not a state new_game makes (hands, money and deck must be as dealt)"
        )
    applied = tuple(actions)
    state = start if final is None else final
    if final is None:
        for action in applied:
            state = apply(state, action).state
    over = state.is_over
    return GameRecord(
        start.rules,
        names,
        seed,
        deck,
        first,
        applied,
        tuple(p.money for p in state.players) if over else None,
        winners(state) if over else None,
    )


def _setup(
    rules: Rules,
    names: tuple[str, ...],
    seed: int | None,
    deck: tuple[Card, ...] | None,
    first: int,
) -> GameState:
    if deck is not None:
        return new_game(names, deck=deck, rules=rules, first_auctioneer=first)
    return new_game(names, seed=seed, rules=rules, first_auctioneer=first)


def replay(game: GameRecord) -> GameState:
    """Re-apply every action of ``game`` and check its stated result; the final state.

    Raises:
        ReplayError: and nothing else, whatever the record holds (a record
            built in Python may hold values of any type): the setup is
            invalid (a seed that is not an ``int``, say), an action is illegal
            where the record puts it, or the game ends otherwise than ``game``
            states (other money or winners, over when the record says in
            progress, or in progress when it states a result).

    >>> import modern_art as ma
    >>> game = ma.record(ma.new_game(3, seed=2), [], seed=2)
    >>> ma.replay(game).step
    0
    """
    if not isinstance(game, GameRecord):
        raise ReplayError(f"expected a GameRecord, got a {type(game).__name__}")
    try:
        state = game.start()
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"the record's setup is invalid: {exc}") from exc
    for index, action in enumerate(game.actions):
        try:
            state = apply(state, action).state
        except IllegalAction as exc:
            raise ReplayError(f"action {index}, {action!r}, is illegal: {exc}", index) from exc
    if game.money is None:
        if state.is_over:
            raise ReplayError("the record states no result, but its actions end the game")
        return state
    if not state.is_over:
        raise ReplayError(
            f"the record states a result, but the game is still in progress after"
            f" {len(game.actions)} actions"
        )
    money = tuple(p.money for p in state.players)
    if money != game.money or winners(state) != game.winners:
        raise ReplayError(
            f"the record states money {game.money} and winners {game.winners},"
            f" but the game ends with money {money} and winners {winners(state)}"
        )
    return state
