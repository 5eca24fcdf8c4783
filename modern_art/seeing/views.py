"""What one seat may see (R7): :func:`view` and the :class:`PlayerView` it returns.

A view holds every public fact (R7.1) and the seat's own secrets (R7.2):
its hand, its money and its own sealed bid. Other hands, the deck's order,
others' sealed bids and (unless ``rules.open_money`` or the game is over)
others' money are not in it, so its ``repr`` and its fields can be sent to
that seat as they are. ``seat=None`` gives a spectator's view: public facts
only. The values and :func:`view` are defined in
:mod:`modern_art.seeing.viewing`, compiled in the compiled build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

from modern_art.data.cards import Card
from modern_art.data.phases import DoubleOffer
from modern_art.seeing.viewing import (
    HiddenAuctionView,
    PlayerView,
    PublicAuction,
    PublicPhase,
    SeatView,
    public_phase,
    view,
)

__all__ = [
    "HiddenAuctionView",
    "OwnView",
    "PlayerView",
    "PublicAuction",
    "PublicPhase",
    "SeatView",
    "has_seat",
    "public_phase",
    "unseen_cards",
    "view",
]


if TYPE_CHECKING:

    class OwnView(PlayerView):
        """A :class:`PlayerView` from a seat at the table: its ``seat`` is an ``int``."""

        seat: int

else:
    # At run time a seat's view is a PlayerView like any other (equal, hashable,
    # written to JSON alike); only type checkers tell the two apart.
    OwnView = PlayerView
    """A :class:`PlayerView` from a seat at the table, whose ``seat`` is an ``int``.

    :func:`view` returns it for an ``int`` seat and an :class:`~modern_art.Agent`
    receives it, so a bot needs no ``assert view.seat is not None``. At run
    time it is the same class as :class:`PlayerView` (equal, hashable,
    written to JSON alike): it exists for type checkers only.
    """


def has_seat(view: PlayerView) -> TypeGuard[OwnView]:
    """Whether ``view`` is a seat's, not a spectator's: then it is an :data:`OwnView`.

    Type checkers narrow ``view`` to :data:`OwnView` where this is true: use
    it for a view that did not come from :func:`view` with an ``int`` seat,
    such as one read with :func:`~modern_art.from_json`, before handing it to
    an :class:`~modern_art.Agent`.

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> received = ma.from_json(ma.to_json(ma.view(state, 2)), "view")
    >>> has_seat(received), has_seat(ma.view(state, None))
    (True, False)
    """
    return view.seat is not None


def unseen_cards(view: PlayerView) -> tuple[Card, ...]:
    """The cards the viewer cannot see: others' hands and the deck, in canonical order.

    Every other card is in the viewer's hand, a museum, the auction in
    progress (or the double card waiting for a second card) or the discard.

    >>> import modern_art as ma
    >>> v = ma.view(ma.new_game(3, seed=1), 0)
    >>> len(unseen_cards(v)), v.deck_size + v.players[1].hand_size + v.players[2].hand_size
    (60, 60)
    """
    seen = set(view.hand)
    seen.update(view.discard)
    for p in view.players:
        seen.update(p.museum)
    phase = view.phase
    if isinstance(phase, DoubleOffer):
        seen.add(phase.card)
    elif view.auction is not None:
        seen.update(view.auction.lot)
    return tuple(card for card in view.rules.deck if card not in seen)
