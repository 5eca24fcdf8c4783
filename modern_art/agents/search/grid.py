"""The actions an analysis grades: every kind of move, and bids and prices on a grid."""

from __future__ import annotations

from modern_art.data.actions import Action, Bid, PlayCard, SetPrice
from modern_art.seeing.views import OwnView

__all__ = ["GRID", "graded_actions"]

GRID = 12
"""At most this many amounts of a bid or a price are graded, evenly spread."""


def graded_actions(own: OwnView, first: Action) -> list[Action]:
    """The seat's legal actions to grade, ``first`` (the heuristic's) first, each once.

    Cards: one of each kind (artist and auction) in hand, as two such cards
    do the same. Bids and prices: the lowest and the highest legal amount
    and up to :data:`GRID` amounts evenly between them, besides ``first``.
    Everything else (pass, accept, decline) as it is.
    """
    found: dict[Action, None] = {first: None}
    kinds: set[object] = set()
    for kind, _seat, items in own.legal_actions.runs():
        if kind is Bid or kind is SetPrice:
            if not items:
                continue
            low, high = items[0], items[-1]
            picks = {low, high}
            steps = min(GRID, len(items)) - 1
            for k in range(1, steps):
                picks.add(low + (high - low) * k // steps)
            for amount in sorted(picks):
                found.setdefault(kind(own.seat, amount), None)
        elif kind is PlayCard:
            for card in items:
                key = (card.artist, card.auction)
                if key not in kinds:
                    kinds.add(key)
                    found.setdefault(PlayCard(own.seat, card), None)
        else:
            for action in items:
                found.setdefault(action, None)
    return list(found)
