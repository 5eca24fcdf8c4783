"""The card check's fast path: play holds the deck's own card objects (R1.3, issue 38's cost).

:func:`modern_art.position_problems` first asks whether every card of a
position is one of its deck's own objects, each met once; only if not does it
compare card by card. An equal copy of a deck card is still that card, a card
held twice is refused, and so is a card the deck does not have.
"""

from __future__ import annotations

import pickle

import attrs

import modern_art as ma


def _hand(state: ma.GameState, seat: int, hand: tuple[ma.Card, ...]) -> ma.GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], hand=hand)
    return attrs.evolve(state, players=tuple(players))


START = ma.new_game(3, seed=1)


def test_R1_3_equal_copies_of_the_decks_cards_are_its_cards() -> None:
    copies = tuple(attrs.evolve(card) for card in START.players[0].hand)
    assert all(c == d and c is not d for c, d in zip(copies, START.players[0].hand, strict=True))
    assert ma.position_problems(_hand(START, 0, copies)) == ()
    assert ma.position_problems(pickle.loads(pickle.dumps(START))) == ()  # another deck object


def test_R1_3_a_card_object_held_twice_is_refused() -> None:
    twice = (START.players[1].hand[0], *START.players[0].hand[1:])
    problems = ma.position_problems(_hand(START, 0, twice))
    assert any("is in seat 0's hand and in seat 1's hand" in p for p in problems), problems


def test_R1_3_a_card_the_deck_does_not_have_is_refused() -> None:
    card = START.players[0].hand[0]
    other = next(k for k in ma.Auction if k is not card.auction)
    foreign = (attrs.evolve(card, auction=other), *START.players[0].hand[1:])
    problems = ma.position_problems(_hand(START, 0, foreign))
    assert any("which is not a card of the deck" in p for p in problems), problems
    view = ma.view(_hand(START, 0, foreign), 0)
    assert any("which is not a card of the deck" in p for p in ma.position_problems(view))
