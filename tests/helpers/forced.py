"""Hand-made positions for the analysis and the search: seat 0 to act, the others' hands empty.

With nothing in the other hands, only seat 0's cards can still be offered
this round (R6.6), so the rest of the round is decided by what it holds:
the places and payouts the tests expect follow from the rules alone.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

import modern_art as ma

RULES = ma.Rules()
ARTISTS = RULES.artists  # board order, left to right (R1.3): Carvalho, Thaler, Melim, ...


def position(
    counts: Sequence[int],
    hand: Sequence[tuple[int, ma.Auction]],
    *,
    tiles: Sequence[Sequence[int]] | None = None,
    money: Sequence[int] = (100, 100, 100),
    phase: ma.Phase | None = None,
    round_: int = 1,
    rules: ma.Rules = RULES,
    step: int = 0,
) -> ma.GameState:
    """Three seats; ``counts`` paintings offered this round, all in seat 1's museum.

    Seat 0 holds ``hand`` (artist index, auction kind each); seats 1 and 2
    hold nothing; every other card is in the deck. Seat 0 offers (or
    ``phase`` is under way). The state is one the engine plays on; for one
    :func:`~modern_art.read_position` accepts, give ``rules`` that deal what
    the position holds and a ``step`` past the cards offered.
    """
    deck = list(RULES.deck)

    def take(artist: int, kind: ma.Auction | None = None) -> ma.Card:
        for card in deck:
            if card.artist == ARTISTS[artist] and (kind is None or card.auction is kind):
                deck.remove(card)
                return card
        raise AssertionError(f"no {ARTISTS[artist]} left")

    own = tuple(take(a, kind) for a, kind in hand)
    museum = tuple(take(a) for a, count in enumerate(counts) for _ in range(count))
    players = (
        ma.PlayerState("Ann", money[0], own, ()),
        ma.PlayerState("Bob", money[1], (), museum),
        ma.PlayerState("Cy", money[2], (), ()),
    )
    start = ma.new_game(3, rules=rules, seed=0)
    return attrs.evolve(
        start,
        players=players,
        deck=tuple(deck),
        round=round_,
        counts=tuple(counts),
        tiles=tuple(tuple(t) for t in (tiles or [()] * len(ARTISTS))),
        discard=(),
        phase=phase or ma.Offering(0),
        step=step,
    )


def known(state: ma.GameState) -> ma.MoneyLedger:
    """Every seat's money as a careful player knows it from the public record (R7.4)."""
    return ma.MoneyLedger(tuple(p.money for p in state.players))
