"""Hypothesis strategies: rules variants, tables, decks, and games played from legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
from attrs import field, frozen
from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from modern_art.core.legal import legal_actions
from modern_art.core.transition import apply, new_game
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import SYMBOL_ORDER, Card
from modern_art.data.editions import CMON, ORIGINAL, Edition
from modern_art.data.events import Event
from modern_art.data.rules import DoublePayment, HiddenTie, Rules
from modern_art.data.state import GameState, Step
from modern_art.testing.bounds import max_steps
from modern_art.testing.probes import GARBAGE_AMOUNTS, NOT_ACTIONS, garbage_cards

__all__ = [
    "PlayedGame",
    "any_actions",
    "editions",
    "games",
    "legal_action",
    "player_counts",
    "playout",
    "rule_switches",
    "rules_variants",
    "seeds",
    "stacked_decks",
]


def editions(*, custom: bool = True) -> SearchStrategy[Edition]:
    """The CMON and original editions and, with ``custom``, made-up ones.

    A made-up edition has 1 to 6 artists named ``"A"``, ``"B"``, ... with 0 to
    4 cards of each symbol, at least 2 cards in all. Small decks make short
    games and odd corners (an artist with no cards, a deck of one symbol).
    """
    known = st.sampled_from((CMON, ORIGINAL))
    if not custom:
        return known

    @st.composite
    def made_up(draw: st.DrawFn) -> Edition:
        artists = draw(st.integers(1, 6))
        rows = draw(
            st.lists(
                st.tuples(*[st.integers(0, 4)] * len(SYMBOL_ORDER)),
                min_size=artists,
                max_size=artists,
            ).filter(lambda rows: sum(map(sum, rows)) >= 2)
        )
        return Edition("custom", [chr(ord("A") + i) for i in range(artists)], rows)

    return st.one_of(known, made_up())


_all_editions = editions


@st.composite
def _schedule(draw: st.DrawFn, players: int, rounds: int, deck: int) -> tuple[int, ...]:
    """Deals for ``rounds`` rounds that fit a deck of ``deck`` cards: round 1 deals at least 1."""
    budget = deck // players
    deals = [draw(st.integers(1, budget))]
    budget -= deals[0]
    for _ in range(rounds - 1):
        deals.append(draw(st.integers(0, budget)))
        budget -= deals[-1]
    return tuple(deals)


@st.composite
def rules_variants(draw: st.DrawFn, editions: SearchStrategy[Edition] | None = None) -> Rules:
    """Any valid :class:`~modern_art.Rules`: every field varies over its legal values.

    The edition (CMON, original, or made up, see :func:`editions`), 2 to 5
    minimum and up to 3 more maximum players, 0 to 200 starting money, 1 to
    (artists) strictly descending value tiles from 1 to 60, 1 to 5 rounds,
    a deal schedule for every player count that fits the deck, both hidden
    tie rules, both double payments, and open or hidden money. Shrinks towards
    small games: one card each, one round.
    """
    edition = draw(editions if editions is not None else _all_editions())
    deck = len(edition.deck)
    low = draw(st.integers(2, min(5, deck)))
    high = draw(st.integers(low, min(low + 3, deck)))
    rounds = draw(st.integers(1, 5))
    schedule = {n: draw(_schedule(n, rounds, deck)) for n in range(low, high + 1)}
    tiles: tuple[int, ...] = tuple(
        sorted(
            draw(
                st.lists(
                    st.integers(1, 60), min_size=1, max_size=len(edition.artists), unique=True
                )
            ),
            reverse=True,
        )
    )
    return Rules(
        edition=edition,
        min_players=low,
        max_players=high,
        starting_money=draw(st.integers(0, 200)),
        value_tiles=tiles,
        rounds=rounds,
        deal_schedule=schedule,
        hidden_tie=draw(st.sampled_from(HiddenTie)),
        double_payment=draw(st.sampled_from(DoublePayment)),
        open_money=draw(st.booleans()),
    )


def rule_switches(base: Rules | None = None) -> SearchStrategy[Rules]:
    """``base`` (CMON by default) with the switches drawn: hidden tie, double payment, open money.

    For tests that keep an edition and a deal schedule but must hold under
    every house rule; :func:`rules_variants` varies everything.
    """
    return st.builds(
        attrs.evolve,
        st.just(base if base is not None else Rules()),
        hidden_tie=st.sampled_from(HiddenTie),
        double_payment=st.sampled_from(DoublePayment),
        open_money=st.booleans(),
    )


def player_counts(rules: Rules) -> SearchStrategy[int]:
    """Every player count ``rules`` allows, shrinking to the fewest."""
    return st.integers(rules.min_players, rules.max_players)


def seeds() -> SearchStrategy[int]:
    """Seeds for :func:`modern_art.new_game`, shrinking to 0."""
    return st.integers(0, 2**32 - 1)


def stacked_decks(rules: Rules) -> SearchStrategy[tuple[Card, ...]]:
    """Permutations of ``rules.deck``, top card first, shrinking towards the canonical order."""
    return st.permutations(rules.deck).map(tuple)


def _shrink_order(legal: Sequence[Action], index: int) -> Action:
    """``legal[index]`` counted so that index 0 is the shortest way on.

    A seat's legal actions end with ``Accept`` and ``Pass`` when it has them;
    they come first here, then the rest in order (cards in hand order, amounts
    from the lowest). Shrinking drives indices to 0, so failing games shrink
    to passes and low bids, which end auctions quickly and read easily.
    """
    k = len(legal)
    tail = 0
    while tail < min(k, 2) and isinstance(legal[k - 1 - tail], Pass | Accept):
        tail += 1
    if index < tail:
        return legal[k - 1 - index]
    return legal[index - tail]


@st.composite
def legal_action(draw: st.DrawFn, state: GameState, *, quick: bool = False) -> Action:
    """One of ``legal_actions(state)``: a seat that may act, then one of its actions.

    Shrinks towards the lowest seat and towards passing (see
    ``_shrink_order``). With ``quick``, half the draws are a ``Pass`` or
    ``Accept`` of any seat, when there is one, so that auctions end soon
    and games reach later rounds in fewer actions. ``state`` must not be over.
    """
    if quick:
        ending: list[Action] = [a for a in legal_actions(state) if isinstance(a, Pass | Accept)]
        if ending:
            end_now: bool = draw(st.booleans())
            if end_now:
                return draw(st.sampled_from(ending))
    seats = sorted(state.to_act)
    seat = seats[0] if len(seats) == 1 else draw(st.sampled_from(seats))
    legal = legal_actions(state, seat)
    index = 0 if len(legal) == 1 else draw(st.integers(0, len(legal) - 1))
    return _shrink_order(legal, index)


def any_actions(state: GameState) -> SearchStrategy[object]:
    """Any action at all for ``state``, legal or not, and some objects that are no action.

    Every type; seats from -1 to the player count; amounts from -1 to the
    richest player's money + 1 and amounts that are not whole numbers; cards
    from the whole deck and things that are no card of it.
    """
    rules = state.rules
    n = state.num_players
    top = max((p.money for p in state.players), default=0)
    seats = st.integers(-1, n)
    amounts = st.one_of(st.integers(-1, top + 1), st.sampled_from(GARBAGE_AMOUNTS))
    cards: SearchStrategy[object] = st.sampled_from((*rules.deck, *garbage_cards(rules)))
    return st.one_of(
        st.builds(PlayCard, seats, cards),
        st.builds(Bid, seats, amounts),
        st.builds(Pass, seats),
        st.builds(SetPrice, seats, amounts),
        st.builds(Accept, seats),
        st.sampled_from(NOT_ACTIONS),
    )


@frozen
class PlayedGame:
    """A game played by a strategy: how it was set up and the actions applied.

    The repr is Python that rebuilds the game, so Hypothesis's falsifying
    examples can be pasted. ``steps`` holds each action's
    :class:`~modern_art.Step`; ``error`` says why play stopped early, if an
    action the engine listed as legal raised or nobody could act.
    """

    rules: Rules
    """The rules in force."""
    players: int
    """The number of players."""
    seed: int | None
    """The seed, or ``None`` for a stacked deck."""
    deck: tuple[Card, ...] | None
    """The stacked deck, or ``None`` for a seeded shuffle."""
    first_auctioneer: int
    """The seat that offers first."""
    actions: tuple[Action, ...]
    """The actions applied, in order."""
    steps: tuple[Step, ...] = field(default=(), eq=False, repr=False)
    """The step each action gave."""
    error: str | None = field(default=None)
    """Why play stopped before the game ended and before the action limit, if it did."""

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        # Hypothesis's printer would show every field, steps included; the repr is enough.
        printer.text(repr(self))

    @property
    def start(self) -> GameState:
        """The state the game starts from."""
        return new_game(
            self.players,
            seed=self.seed,
            deck=self.deck,
            rules=self.rules,
            first_auctioneer=self.first_auctioneer,
        )

    @property
    def final(self) -> GameState:
        """The state after the last action."""
        return self.steps[-1].state if self.steps else self.start

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state: :attr:`start`, then the state after each action."""
        return (self.start, *(step.state for step in self.steps))

    @property
    def events(self) -> tuple[tuple[Event, ...], ...]:
        """``events[i]`` are the events of ``actions[i]``."""
        return tuple(step.events for step in self.steps)


def playout(
    state: GameState, chooser: int | random.Random, *, max_actions: int | None = None
) -> tuple[Step, ...]:
    """Play ``state`` on to its end with random legal actions; each action's step.

    Each action is drawn uniformly from all seats' ``legal_actions`` with
    ``chooser`` (a seed, or a ``random.Random`` to go on drawing from). For
    the long tail of a game a test does not need Hypothesis to draw or shrink.
    :func:`random_moves` gives the actions too.

    Args:
        state: where to start.
        chooser: a seed or a random generator.
        max_actions: stop after this many actions even if the game goes on.

    >>> import modern_art as ma
    >>> from modern_art.testing import playout
    >>> steps = playout(ma.new_game(3, seed=1), 5)
    >>> steps[-1].state.is_over
    True
    """
    return tuple(step for _, step in random_moves(state, chooser, max_actions=max_actions))


def random_moves(
    state: GameState, chooser: int | random.Random, *, max_actions: int | None = None
) -> tuple[tuple[Action, Step], ...]:
    """Like :func:`playout`, with each action beside the step it gave (the same draws).

    >>> import modern_art as ma
    >>> from modern_art.testing import random_moves
    >>> action, step = random_moves(ma.new_game(3, seed=1), 5)[0]
    >>> step.state.step, action.seat
    (1, 0)
    """
    rng = chooser if isinstance(chooser, random.Random) else random.Random(chooser)
    moves: list[tuple[Action, Step]] = []
    while not state.is_over and (max_actions is None or len(moves) < max_actions):
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        moves.append((action, apply(state, action)))
        state = moves[-1][1].state
    return tuple(moves)


@st.composite
def games(
    draw: st.DrawFn,
    rules: Rules | SearchStrategy[Rules] | None = None,
    *,
    players: int | None = None,
    stacked: bool | None = None,
    quick: bool = False,
    complete: bool = False,
    max_drawn: int | None = None,
) -> PlayedGame:
    """A game played by drawing each action from ``legal_actions``.

    Args:
        rules: fixed rules, a strategy for them (such as :func:`rules_variants`
            or :func:`rule_switches`), or ``None`` for the CMON defaults.
        players: a fixed player count; any the rules allow by default.
        stacked: ``True`` for a stacked deck, ``False`` for a seeded shuffle,
            ``None`` to draw which.
        quick: draw passes and accepts half the time (see :func:`legal_action`).
        complete: always play to the end. Otherwise, to let Hypothesis shrink
            a failing game to its shortest prefix, a quarter of the games stop
            after a drawn number of actions.
        max_drawn: draw at most this many actions (how many is drawn, from
            0); with ``complete``, :func:`playout` plays the rest with a
            drawn seed, so long games stay cheap to generate.

    The table, seed or stacked deck and first auctioneer are drawn too.
    Failing games shrink to few players, seed 0 or the canonical deck, short
    prefixes, and passes (see :func:`legal_action`).
    """
    if rules is None:
        rules = Rules()
    if not isinstance(rules, Rules):
        rules = draw(rules)
    n = players if players is not None else draw(player_counts(rules))
    if stacked is None:
        stacked = draw(st.booleans())
    seed = None if stacked else draw(seeds())
    deck = draw(stacked_decks(rules)) if stacked else None
    first = draw(st.integers(0, n - 1))
    limit = drawn = max_steps(rules, n)
    if max_drawn is not None:
        drawn = draw(st.integers(0, max_drawn))
        limit = limit if complete else drawn
    elif not complete:
        whole = draw(st.sampled_from((False, True, True, True)))
        prefix = draw(st.integers(0, limit))
        limit = drawn = limit if whole else prefix
    state = new_game(n, seed=seed, deck=deck, rules=rules, first_auctioneer=first)
    rng: random.Random | None = None
    actions: list[Action] = []
    steps: list[Step] = []
    error: str | None = None
    while not state.is_over and len(actions) < limit:
        legal = legal_actions(state)
        if not len(legal):
            error = f"nobody can act in phase {state.phase!r}"
            break
        if len(actions) < drawn:
            action = draw(legal_action(state, quick=quick))
        else:  # the tail after max_drawn: chosen by a drawn seed, as playout does
            rng = rng if rng is not None else random.Random(draw(seeds()))
            action = legal[rng.randrange(len(legal))]
        actions.append(action)
        try:
            step = apply(state, action)
        except Exception as exc:
            error = f"the legal action {action!r} raised {type(exc).__name__}: {exc}"
            break
        steps.append(step)
        state = step.state
    return PlayedGame(rules, n, seed, deck, first, tuple(actions), tuple(steps), error)
