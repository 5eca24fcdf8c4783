"""Shared helpers for the hidden-information tests: the games they draw, and twins.

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
from modern_art.testing import PlayedGame, games, rule_switches

SHORT = ma.Rules(deal_schedule={3: (4, 2, 2, 0), 4: (3, 2, 2, 0), 5: (3, 1, 1, 0)})
"""Short rounds, so that generated games reach later rounds quickly."""


VARIANTS = st.sampled_from([SHORT, ma.Rules()]).flatmap(rule_switches)
"""Short or CMON rounds under every house rule (open money, tie, payment)."""


def played(max_drawn: int) -> st.SearchStrategy[PlayedGame]:
    """Games of :data:`VARIANTS` from a stacked deck: up to ``max_drawn`` actions, many passes."""
    return games(VARIANTS, stacked=True, quick=True, max_drawn=max_drawn)


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
    if isinstance(phase, ma.HiddenAuction):
        phase = attrs.evolve(
            phase,
            bids=tuple(
                b if b is None or s == seat else rng.randint(0, players[s].money)
                for s, b in enumerate(phase.bids)
            ),
        )
    return attrs.evolve(state, players=tuple(players), deck=tuple(pool), phase=phase)


def _needed(state: ma.GameState, seat: int) -> int:
    """The least money ``seat`` must hold for its current high bid to stay affordable."""
    phase = state.phase
    if isinstance(phase, ma.OpenAuction | ma.OneOfferAuction) and phase.high_bidder == seat:
        return phase.high_bid
    return 0


def history_twin(game: PlayedGame, seat: int | None, rng: random.Random) -> PlayedGame:
    """``game`` replayed from a deck whose unseen cards changed places, with new unrevealed bids.

    Cards ``seat`` cannot see at the end were unseen all along, so swapping
    their places in the stacked deck changes no card that seat ever saw nor
    any card that was offered. Others' sealed bids in a hidden auction still
    open at the end are redrawn within their money.
    """
    assert game.deck is not None, "history twins need a stacked deck"
    unseen = set(hidden_from(game.final, seat))
    places = [i for i, card in enumerate(game.deck) if card in unseen]
    moved = [game.deck[i] for i in places]
    rng.shuffle(moved)
    deck = list(game.deck)
    for i, card in zip(places, moved, strict=True):
        deck[i] = card
    open_hidden = _open_hidden_auction_start(game)
    twin = attrs.evolve(game, deck=tuple(deck))
    state = twin.start
    actions, steps = [], []
    for i, original in enumerate(game.actions):
        action = original
        redraw = open_hidden is not None and i >= open_hidden
        if redraw and isinstance(action, ma.Bid) and action.seat != seat:
            action = ma.Bid(action.seat, rng.randint(0, state.players[action.seat].money))
        steps.append(ma.apply(state, action))
        state = steps[-1].state
        actions.append(action)
    return attrs.evolve(twin, actions=tuple(actions), steps=tuple(steps))


def _open_hidden_auction_start(game: PlayedGame) -> int | None:
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
