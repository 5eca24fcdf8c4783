"""Redacted events: what one seat may learn from each event (R7.1, R7.2).

A server sends each seat :func:`visible_events` of every step, so that no
seat receives another's dealt cards or sealed bid.
"""

from __future__ import annotations

from collections.abc import Iterable

from modern_art.data.events import BidSealed, CardsDealt, Event

__all__ = ["visible_event", "visible_events"]


def visible_event(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may learn it; ``seat=None`` is a spectator.

    Dealt cards are shown only to their owner (R7.2): others get
    ``CardsDealt(..., cards=None)`` with the count. A sealed bid's amount is
    shown only to its bidder (R4.3): others get ``BidSealed(seat, None)``
    and learn every amount from the :class:`~modern_art.BidsRevealed` that
    follows once all bids are in (with the winner and the tie rule that chose
    it, public as the sale is). Every other event is public (R7.1) and
    returned unchanged.

    >>> import modern_art as ma
    >>> visible_event(ma.BidSealed(2, 40), 1), visible_event(ma.BidSealed(2, 40), 2)
    (BidSealed(seat=2, amount=None), BidSealed(seat=2, amount=40))
    """
    if isinstance(event, CardsDealt) and event.seat != seat and event.cards is not None:
        return CardsDealt(event.seat, event.count, None)
    if isinstance(event, BidSealed) and event.seat != seat and event.amount is not None:
        return BidSealed(event.seat, None)
    return event


def visible_events(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events ``seat`` may learn, in order (see :func:`visible_event`).

    >>> import modern_art as ma
    >>> state = ma.new_game(3, seed=1)
    >>> step = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0]))
    >>> visible_events(step.events, 1) == step.events   # offering a card is public
    True
    """
    return tuple(visible_event(event, seat) for event in events)
