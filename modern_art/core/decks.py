"""Stacked decks: set up an exact position to see what the rules say.

Our own rule tests build every situation this way, and so can a user who
wants to settle an odd case at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeAlias

from modern_art.data.cards import Auction, Card
from modern_art.data.rules import Rules

__all__ = ["CardSpec", "find_cards", "stack_deck"]

CardSpec: TypeAlias = Card | tuple[str, Auction]
"""A card, or ``(artist, auction)``: any card of that kind not used yet.

The artist may be any unique, case-insensitive part of the name
(``"melim"`` for Daniel Melim).
"""


def find_cards(rules: Rules, artist: str, auction: Auction | None = None) -> tuple[Card, ...]:
    """The deck's cards by ``artist`` (a unique part of the name), of ``auction`` if given.

    >>> [c.id for c in find_cards(Rules(), "carvalho", Auction.DOUBLE)]
    [10, 11]
    """
    name = _artist(rules, artist)
    return tuple(
        card
        for card in rules.deck
        if card.artist == name and (auction is None or card.auction is auction)
    )


def _artist(rules: Rules, part: str) -> str:
    matches = [a for a in rules.artists if part.lower() in a.lower()]
    if len(matches) != 1:
        raise ValueError(
            f"{part!r} must name exactly one artist of {list(rules.artists)}, matched {matches}"
        )
    return matches[0]


def stack_deck(
    hands: Sequence[Sequence[CardSpec]],
    *,
    rules: Rules | None = None,
    then: Iterable[CardSpec] = (),
) -> tuple[Card, ...]:
    """A deck for :func:`modern_art.new_game` that deals exactly ``hands`` in round 1.

    ``hands[s]`` is seat ``s``'s first hand and must hold as many cards as
    round 1 deals. ``then`` goes on top of the rest of the deck, so later
    deals take it first (seat 0's block, then seat 1's, ...). Every other
    card follows in canonical order.

    >>> import modern_art as ma
    >>> rules = ma.Rules(deal_schedule={3: (2, 1, 1, 0), 4: (2, 1, 1, 0), 5: (2, 1, 1, 0)})
    >>> deck = stack_deck(
    ...     [[("melim", Auction.OPEN), ("melim", Auction.HIDDEN)],
    ...      [("thaler", Auction.OPEN)] * 2,
    ...      [("silveira", Auction.DOUBLE), ("silveira", Auction.FIXED_PRICE)]],
    ...     rules=rules,
    ... )
    >>> state = ma.new_game(3, deck=deck, rules=rules)
    >>> [str(c) for c in state.players[0].hand]
    ['Daniel Melim (open) #25', 'Daniel Melim (hidden) #31']
    """
    rules = rules or Rules()
    dealt = rules.deals(len(hands))[0] if hands else 0
    for seat, hand in enumerate(hands):
        if len(hand) != dealt:
            raise ValueError(
                f"round 1 deals {dealt} cards to each of {len(hands)} players;"
                f" hand {seat} has {len(hand)}"
            )
    used: set[Card] = set()
    top = [_pick(spec, rules, used) for hand in hands for spec in hand]
    top += [_pick(spec, rules, used) for spec in then]
    return (*top, *(card for card in rules.deck if card not in used))


def _pick(spec: CardSpec, rules: Rules, used: set[Card]) -> Card:
    if isinstance(spec, Card):
        if spec not in rules.deck or spec in used:
            raise ValueError(f"{spec!r} is not in the deck or is used twice")
        used.add(spec)
        return spec
    artist, auction = spec
    for card in find_cards(rules, artist, auction):
        if card not in used:
            used.add(card)
            return card
    raise ValueError(f"no {auction.label} card by {artist!r} is left to stack")
