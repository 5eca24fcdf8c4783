"""Shared helpers for the hidden-information tests: generated games and their twins.

A *twin* differs from a game only in facts one seat cannot see: other hands,
the deck's order, others' unrevealed sealed bids (and, for a state twin,
others' screened money).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
from hypothesis import strategies as st

import modern_art as ma

SHORT = ma.Rules(deal_schedule={3: (4, 2, 2, 0), 4: (3, 2, 2, 0), 5: (3, 1, 1, 0)})
"""Short rounds, so that generated games reach later rounds quickly."""


@attrs.frozen
class Game:
    """A generated game: its stacked deck, the actions taken and every state and step."""

    players: int
    deck: tuple[ma.Card, ...]
    actions: tuple[ma.Action, ...]
    states: tuple[ma.GameState, ...]
    """``states[0]`` is the new game; ``states[i + 1]`` follows ``actions[i]``."""
    events: tuple[tuple[ma.Event, ...], ...]
    """``events[i]`` are the events of ``actions[i]``."""

    @property
    def final(self) -> ma.GameState:
        """The last state."""
        return self.states[-1]


def draw_rules(data: st.DataObject) -> ma.Rules:
    """Draw a variant: short or CMON rounds, open money or not, any tie and payment rule."""
    base = data.draw(st.sampled_from([SHORT, ma.Rules()]), label="deal schedule")
    return attrs.evolve(
        base,
        open_money=data.draw(st.booleans(), label="open_money"),
        hidden_tie=data.draw(st.sampled_from(list(ma.HiddenTie)), label="hidden_tie"),
        double_payment=data.draw(st.sampled_from(list(ma.DoublePayment)), label="payment"),
    )


def choose(data: st.DataObject, state: ma.GameState) -> ma.Action:
    """Draw one of ``ma.legal_actions(state)``; a pass or accept half the time, to end auctions."""
    actions = ma.legal_actions(state)
    quick = [a for a in actions if isinstance(a, ma.Pass | ma.Accept)]
    if quick and data.draw(st.booleans(), label="quick"):
        return data.draw(st.sampled_from(quick))
    return actions[data.draw(st.integers(0, len(actions) - 1), label="action")]


def play(
    data: st.DataObject,
    *,
    max_steps: int = 400,
    rules: ma.Rules | None = None,
    players: int | None = None,
) -> Game:
    """Draw a game: a variant, a player count, a shuffled deck and up to ``max_steps`` actions."""
    rules = rules if rules is not None else draw_rules(data)
    n = players if players is not None else data.draw(st.integers(3, 5), label="players")
    deck = list(rules.deck)
    random.Random(data.draw(st.integers(0, 2**32), label="shuffle")).shuffle(deck)
    steps = data.draw(st.integers(0, max_steps), label="steps")
    state = ma.new_game(n, deck=deck, rules=rules)
    states, actions, events = [state], [], []
    while not state.is_over and len(actions) < steps:
        action = choose(data, state)
        step = ma.apply(state, action)
        state = step.state
        actions.append(action)
        states.append(state)
        events.append(step.events)
    return Game(n, tuple(deck), tuple(actions), tuple(states), tuple(events))


def hidden_from(state: ma.GameState, seat: int | None) -> list[ma.Card]:
    """The cards ``seat`` cannot see in ``state``: other hands and the deck."""
    cards = [c for s, p in enumerate(state.players) if s != seat for c in p.hand]
    return cards + list(state.deck)


def state_twin(
    state: ma.GameState, seat: int | None, rng: random.Random, *, money: bool = True
) -> ma.GameState:
    """``state`` with hidden facts redrawn: unseen cards, others' sealed bids and screened money.

    Unseen cards are shuffled between the other hands (keeping their sizes)
    and the deck. Others' sealed bids are redrawn within their money. With
    ``money``, screened money of others is redrawn too (at least the amount
    their sealed bid or high bid needs).
    """
    pool = hidden_from(state, seat)
    rng.shuffle(pool)
    phase = state.phase
    bids = phase.bids if isinstance(phase, ma.HiddenAuction) else None
    screened = not state.rules.open_money and not state.is_over
    players = []
    for s, p in enumerate(state.players):
        hand = p.hand
        cash = p.money
        if s != seat:
            hand, pool = tuple(pool[: len(hand)]), pool[len(hand) :]
            if money and screened:
                cash = rng.randint(_needed(state, s), p.money + 50)
        players.append(ma.PlayerState(p.name, cash, hand, p.museum))
    if bids is not None:
        phase = attrs.evolve(
            phase,
            bids=tuple(
                b if b is None or s == seat else rng.randint(0, players[s].money)
                for s, b in enumerate(bids)
            ),
        )
    return attrs.evolve(state, players=tuple(players), deck=tuple(pool), phase=phase)


def _needed(state: ma.GameState, seat: int) -> int:
    """The least money ``seat`` must hold for its current high bid to stay affordable."""
    phase = state.phase
    if isinstance(phase, ma.OpenAuction | ma.OneOfferAuction) and phase.high_bidder == seat:
        return phase.high_bid
    return 0


def history_twin(game: Game, seat: int | None, rng: random.Random) -> Game:
    """``game`` replayed from a deck whose unseen cards changed places, with new unrevealed bids.

    Cards ``seat`` cannot see at the end were unseen all along, so swapping
    their places in the stacked deck changes no card that seat ever saw nor
    any card that was offered. Others' sealed bids in a hidden auction still
    open at the end are redrawn within their money.
    """
    unseen = set(hidden_from(game.final, seat))
    places = [i for i, card in enumerate(game.deck) if card in unseen]
    moved = [game.deck[i] for i in places]
    rng.shuffle(moved)
    deck = list(game.deck)
    for i, card in zip(places, moved, strict=True):
        deck[i] = card
    open_hidden = _open_hidden_auction_start(game)
    state = ma.new_game(game.players, deck=deck, rules=game.final.rules)
    states, actions, events = [state], [], []
    for i, original in enumerate(game.actions):
        action = original
        redraw = open_hidden is not None and i >= open_hidden
        if redraw and isinstance(action, ma.Bid) and action.seat != seat:
            action = ma.Bid(action.seat, rng.randint(0, state.players[action.seat].money))
        step = ma.apply(state, action)
        state = step.state
        actions.append(action)
        states.append(state)
        events.append(step.events)
    return Game(game.players, tuple(deck), tuple(actions), tuple(states), tuple(events))


def _open_hidden_auction_start(game: Game) -> int | None:
    """The index of the first action of the hidden auction still open at the end, if any."""
    if not isinstance(game.final.phase, ma.HiddenAuction):
        return None
    for i in range(len(game.events) - 1, -1, -1):
        if any(isinstance(e, ma.AuctionStarted) for e in game.events[i]):
            return i + 1
    raise AssertionError("a hidden auction is open but never started")


def seats(n: int) -> Sequence[int | None]:
    """Every seat of an ``n``-player table, then the spectator."""
    return [*range(n), None]
