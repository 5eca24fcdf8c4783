"""Events: what happened, in the past tense.

Applying one action can cause many events (an auction closing can bring a
sale, a round end, value tiles, a deal and the next turn). A front-end can
animate the whole game from events alone, and a log of them reads as a story.
Seats are numbers; ``None`` as a payee means the bank.
"""

from __future__ import annotations

from typing import TypeAlias

import attr

from modern_art._speed import PURE, finish
from modern_art.data.cards import Auction, Card
from modern_art.data.rules import HiddenTie

__all__ = [
    "AuctionStarted",
    "AuctionWon",
    "AuctioneerSkipped",
    "BidPlaced",
    "BidSealed",
    "BidsRevealed",
    "CardPlayed",
    "CardsDealt",
    "Event",
    "GameEnded",
    "LotTakenFree",
    "PaintingsSold",
    "Passed",
    "Payment",
    "PriceAccepted",
    "PriceSet",
    "RoundEnded",
    "RoundStarted",
    "SecondCardAdded",
    "SecondCardDeclined",
    "TurnStarted",
]


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class Payment:
    """Money moving from one seat to another seat or to the bank (R3.3)."""

    payer: int
    """The paying seat."""
    payee: int | None
    """The paid seat, or ``None`` for the bank."""
    amount: int
    """Money units paid."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class RoundStarted:
    """A round began (after its cards were dealt)."""

    round: int
    """The round's number, from 1."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class CardsDealt:
    """Cards were dealt to a seat (R1.4, R6.6). Others see only ``count``."""

    seat: int
    """The seat receiving the cards."""
    count: int
    """How many cards."""
    cards: tuple[Card, ...] | None
    """The cards, or ``None`` in a stream for another seat."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class TurnStarted:
    """``seat`` is the auctioneer and must offer a card (R2.1)."""

    seat: int
    """The new auctioneer."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class AuctioneerSkipped:
    """``seat`` holds no cards and is skipped as auctioneer (R2.3)."""

    seat: int
    """The skipped seat."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class CardPlayed:
    """The auctioneer offered a card from hand; it counts at once (R2.1, R2.2)."""

    seat: int
    """The offering seat."""
    card: Card
    """The offered card, face up."""
    count: int
    """The artist's paintings offered this round, this one included."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class SecondCardAdded:
    """``seat`` added the second card of a double auction (R5.1, R5.3)."""

    seat: int
    """The supplier, now the auctioneer of the pair."""
    card: Card
    """The second card, face up."""
    count: int
    """The artist's paintings offered this round, this one included."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class SecondCardDeclined:
    """``seat`` declined to add a second card to a double (R5.2)."""

    seat: int
    """The declining seat."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class AuctionStarted:
    """An auction of ``kind`` began over ``lot`` (R2.1, R5.1)."""

    auctioneer: int
    """The auctioneer (after a double, the supplier)."""
    kind: Auction
    """How the lot is sold; never :attr:`Auction.DOUBLE`."""
    lot: tuple[Card, ...]
    """The one or two cards for sale."""
    double_player: int | None
    """Who played the double card, for a pair; else ``None``."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class BidPlaced:
    """A public bid in an open or one-offer auction (R4.1, R4.2)."""

    seat: int
    """The bidding seat."""
    amount: int
    """The bid."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class Passed:
    """``seat`` passed: no bid (R4.1, R4.2) or no acceptance (R4.4)."""

    seat: int
    """The passing seat."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class BidSealed:
    """``seat`` sealed a hidden bid (R4.3); others see ``amount=None``."""

    seat: int
    """The bidding seat."""
    amount: int | None
    """The bid, or ``None`` in a stream for another seat."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class BidsRevealed:
    """Every hidden bid, revealed together, and who gets the lot and by which rule (R4.3).

    The highest bid wins; a tie for it is settled by the rules' ``hidden_tie``
    (``tie`` says which, so the event tells why without the rules); if every
    bid is 0 the auctioneer takes the lot free, whatever the tie rule says.
    """

    bids: tuple[int, ...]
    """Each seat's bid, by seat."""
    auctioneer: int
    """The auction's auctioneer (the tie rules count from its left, R4.3)."""
    winner: int
    """The seat that gets the lot: the highest bidder, or the auctioneer if all bid 0."""
    tie: HiddenTie | None
    """The tie rule that chose ``winner`` among seats tied for a highest bid above 0;
    ``None`` when no such tie was settled."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class PriceSet:
    """The auctioneer named the fixed price (R4.4)."""

    seat: int
    """The auctioneer."""
    price: int
    """The price."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class PriceAccepted:
    """``seat`` accepted the fixed price (R4.4)."""

    seat: int
    """The accepting seat, the buyer."""
    price: int
    """The price."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class AuctionWon:
    """``buyer`` bought ``lot`` for ``price``; ``payments`` say who paid whom (R3.3, R5.3)."""

    buyer: int
    """The buying seat."""
    price: int
    """The price paid in all."""
    lot: tuple[Card, ...]
    """The cards bought, now in the buyer's museum."""
    payments: tuple[Payment, ...]
    """Each payment made; two under the ``SPLIT`` variant."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class LotTakenFree:
    """Nobody bid, or nobody added a second card: ``seat`` takes ``lot`` free (R3.4, R5.5)."""

    seat: int
    """The seat receiving the lot."""
    lot: tuple[Card, ...]
    """The cards, now in that seat's museum."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class RoundEnded:
    """The round ended and was ranked (R6.1-R6.4)."""

    round: int
    """The round's number."""
    ender: int
    """The seat that offered the ending card (R6.7)."""
    ending_cards: tuple[Card, ...]
    """The unsold card(s) that ended the round (R6.1, R5.7, R6.2)."""
    counts: tuple[int, ...]
    """Paintings offered this round per artist, in board order (R6.3)."""
    ranking: tuple[str, ...]
    """This round's top artists, first to last (R6.3)."""
    tiles: tuple[int, ...]
    """The value tile each ranked artist received, parallel to ``ranking`` (R6.4)."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class PaintingsSold:
    """A seat sold its museum's paintings of one artist to the bank (R6.5)."""

    seat: int
    """The selling seat."""
    artist: str
    """The artist."""
    paintings: int
    """How many paintings of that artist."""
    value: int
    """What each painting paid: the artist's tiles' sum if ranked now, else 0."""
    amount: int
    """The money received, ``paintings * value``."""


@attr.s(auto_attribs=True, frozen=True, slots=PURE, init=PURE)
class GameEnded:
    """The game is over (R8.1); all money is revealed (R7.2)."""

    money: tuple[int, ...]
    """Each seat's final money."""
    winners: tuple[int, ...]
    """The seats sharing the most money (R8.2)."""


# Declared init=PURE: the build hook writes the compiled build's __init__ (_speed.native_source);
# finish gives the pure build a lighter one, the compiled build its whole annotations.
finish(
    Payment,
    RoundStarted,
    CardsDealt,
    TurnStarted,
    AuctioneerSkipped,
    CardPlayed,
    SecondCardAdded,
    SecondCardDeclined,
    AuctionStarted,
    BidPlaced,
    Passed,
    BidSealed,
    BidsRevealed,
    PriceSet,
    PriceAccepted,
    AuctionWon,
    LotTakenFree,
    RoundEnded,
    PaintingsSold,
    GameEnded,
)


Event: TypeAlias = (
    RoundStarted
    | CardsDealt
    | TurnStarted
    | AuctioneerSkipped
    | CardPlayed
    | SecondCardAdded
    | SecondCardDeclined
    | AuctionStarted
    | BidPlaced
    | Passed
    | BidSealed
    | BidsRevealed
    | PriceSet
    | PriceAccepted
    | AuctionWon
    | LotTakenFree
    | RoundEnded
    | PaintingsSold
    | GameEnded
)
"""Any event."""
