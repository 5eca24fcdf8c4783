"""The five actions a player can take.

Actions are plain frozen values. Their fields are typed (``Bid.amount`` is an
``int``, ``PlayCard.card`` a :class:`~modern_art.Card`), so a type checker
catches ``Bid(0, "5")``; at run time they check nothing of their own, and
:func:`modern_art.apply` refuses whatever the rules forbid, malformed values
included, with :class:`modern_art.IllegalAction`.
"""

from __future__ import annotations

from typing import TypeAlias

from attrs import frozen

from modern_art._speed import finish
from modern_art.data.cards import Card

__all__ = ["Accept", "Action", "Bid", "Pass", "PlayCard", "SetPrice"]


@frozen
class PlayCard:
    """Offer ``card`` from hand (R2.1), or add it as a double's second card (R5.1)."""

    seat: int
    """The acting seat."""
    card: Card
    """The :class:`~modern_art.Card` to offer."""


@frozen
class Bid:
    """Bid ``amount`` in an open, one-offer or hidden auction (R3, R4.1-R4.3)."""

    seat: int
    """The acting seat."""
    amount: int
    """Whole money units; above the high bid, or 0 or more when hidden."""


@frozen
class Pass:
    """Decline: to bid (R4.1, R4.2), to accept a fixed price (R4.4) or to add a card (R5.2)."""

    seat: int
    """The acting seat."""


@frozen
class SetPrice:
    """The auctioneer of a fixed-price auction names the price (R4.4)."""

    seat: int
    """The acting seat (the auctioneer)."""
    price: int
    """Whole money units, from 1 up to the auctioneer's money."""


@frozen
class Accept:
    """Buy the lot at the fixed price (R4.4)."""

    seat: int
    """The acting seat."""


# Actions stay ordinary attrs classes in both builds: anything can be built
# (Bid(0, "5") included) and apply refuses it with the rule, which a native
# class typed int would turn into a TypeError at construction.
finish(PlayCard, Bid, Pass, SetPrice, Accept)


Action: TypeAlias = PlayCard | Bid | Pass | SetPrice | Accept
"""Any of the five actions."""
