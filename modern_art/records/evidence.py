"""Which rule each step of a game evidences: the events' kinds, their rule numbers, the decisions.

An :class:`~modern_art.IllegalAction` cites the rule it breaks; a legal step
cites nothing, so the store reads the rules off the events the step caused.
Each event kind evidences the rules of :data:`EVIDENCE`; some events carry a
decision the rules made (a hidden tie settled, a round ended by a fifth
painting, a double taken over, a lot taken free), named by a short tag in
:data:`DECISIONS`. :class:`Tracer` reads a game's steps in order, since a bid
or a pass evidences the rule of the auction in progress (an open auction's
R4.1, a one-offer's R4.2) and a lot's sale the rule of how it was offered.

>>> import modern_art as ma
>>> tracer = Tracer(ma.Rules().artists)
>>> card = ma.Rules().deck[25]
>>> offer = (ma.CardPlayed(0, card, 1), ma.AuctionStarted(0, card.auction, (card,), None))
>>> cited = tracer.cite(offer)
>>> cited.kinds, cited.rules, cited.decisions
('CardPlayed AuctionStarted', 'R2.1 R2.2 R4.1', '')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, NamedTuple

from modern_art.core.scoring import ROUND_ENDING_COUNT
from modern_art.data.cards import Auction
from modern_art.data.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidSealed,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
    Event,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    Passed,
    PriceAccepted,
    PriceSet,
    RoundEnded,
    RoundStarted,
    SecondCardAdded,
    SecondCardDeclined,
    TurnStarted,
)

__all__ = ["AUCTION_RULES", "CITED_RULES", "DECISIONS", "EVIDENCE", "Cited", "Tracer"]

AUCTION_RULES: Final[Mapping[Auction, str]] = MappingProxyType(
    {
        Auction.OPEN: "R4.1",
        Auction.ONE_OFFER: "R4.2",
        Auction.HIDDEN: "R4.3",
        Auction.FIXED_PRICE: "R4.4",
        Auction.DOUBLE: "R5.1",
    }
)
"""The rule of each auction kind (R4.1-R4.4; a double card, R5.1)."""

EVIDENCE: Final[Mapping[str, str]] = MappingProxyType(
    {
        "RoundStarted": "R6.6",
        "CardsDealt": "R6.6",
        "TurnStarted": "R2.4 (R5.4 after a pair's sale, R6.7 after a round's end, R5.5 after"
        " a double nobody paired)",
        "AuctioneerSkipped": "R2.3",
        "CardPlayed": "R2.1 R2.2 (R5.1 for a double card)",
        "SecondCardAdded": "R5.1 (R5.3 when another seat adds it)",
        "SecondCardDeclined": "R5.2",
        "AuctionStarted": "the auction's rule: R4.1 open, R4.2 one-offer, R4.3 hidden,"
        " R4.4 fixed price (R5.1 for a pair)",
        "BidPlaced": "R3.2 and the auction's rule (R4.1 or R4.2)",
        "Passed": "the auction's rule (R4.1, R4.2 or R4.4)",
        "BidSealed": "R4.3",
        "BidsRevealed": "R4.3",
        "PriceSet": "R4.4",
        "PriceAccepted": "R4.4",
        "AuctionWon": "R3.3 R3.5 (R5.3 for a pair; R4.4 when nobody accepted)",
        "LotTakenFree": "R3.4 (R5.5 for an unpaired double card, R4.3 when all bid 0)",
        "RoundEnded": "R6.3 R6.4 and what ended it: R6.1, R5.6, R5.7 or R6.2",
        "PaintingsSold": "R6.5",
        "GameEnded": "R8.1 (R8.2 for a shared victory)",
    }
)
"""Each event kind and the rules it evidences: the table the docs print."""

DECISIONS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "tie-auctioneer_first": (
            "R4.3",
            "a hidden tie settled for the auctioneer or nearest left",
        ),
        "tie-clockwise_from_left": ("R4.3", "a hidden tie settled clockwise from the left"),
        "all-bid-zero": ("R4.3", "every hidden bid 0: the auctioneer takes the lot free"),
        "nobody-bid": ("R3.4", "nobody bid: the auctioneer takes the lot free"),
        "own-lot": ("R3.3", "the auctioneer bought their own lot and paid the bank"),
        "unsold-fixed-price": ("R4.4", "nobody accepted: the auctioneer buys at their price"),
        "double-taken-over": ("R5.3", "another seat added the second card and is paid"),
        "double-free": ("R5.5", "nobody added a second card: the double card's player takes it"),
        "auctioneer-skipped": ("R2.3", "a seat with no cards was skipped as auctioneer"),
        "fifth-painting": ("R6.1", "a fifth painting of an artist ended the round"),
        "fifth-double": ("R5.6", "a double card that was the fifth ended the round"),
        "fifth-second-card": ("R5.7", "a double's second card was the fifth: neither sold"),
        "hands-empty": ("R6.2", "the card offered left every hand empty: the round ended"),
        "shared-victory": ("R8.2", "a tie for most money shared the victory"),
    }
)
"""Each decision's tag, the rule that made it, and what happened."""

CITED_RULES: Final = (
    "R2.1", "R2.2", "R2.3", "R2.4",
    "R3.2", "R3.3", "R3.4", "R3.5",
    "R4.1", "R4.2", "R4.3", "R4.4",
    "R5.1", "R5.2", "R5.3", "R5.4", "R5.5", "R5.6", "R5.7",
    "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.6", "R6.7",
    "R8.1", "R8.2",
)  # fmt: skip
"""Every rule a step can evidence, in the rules' order. The others are kept by every
step alike and decide nothing one could point at: the setup (R1), R3.1 (nobody bids above
their money), R7 (who sees what)."""


class Cited(NamedTuple):
    """What one step evidences, as the store keeps it: words separated by spaces."""

    kinds: str
    """The events' kinds, in order (``"Passed AuctionWon TurnStarted"``)."""
    rules: str
    """The rules evidenced, in order of first mention, each once."""
    decisions: str
    """The decisions' tags (:data:`DECISIONS`), or ``""``."""
    auction: str | None
    """The kind of the auction a lot was settled by at this step (``"hidden"``), else ``None``."""
    price: int | None
    """What the lot settled at this step cost (0 when taken free), else ``None``."""
    buyer: int | None
    """Who got that lot, else ``None``."""


class Tracer:
    """Reads one game's steps in order and says what each evidences (:meth:`cite`).

    Args:
        artists: the rules' artists in board order (``rules.artists``), to find
            the ending card's count in a :class:`~modern_art.RoundEnded`.
    """

    def __init__(self, artists: tuple[str, ...]) -> None:
        self._artists = artists
        self._kind: Auction | None = None
        self._auctioneer = -1
        self._double_player: int | None = None
        self._accepted = False

    def cite(self, events: Sequence[Event]) -> Cited:
        """The kinds, rules and decisions of the events of the next step."""
        if len(events) == 1:
            # The commonest steps (a bid, a pass, a sealed bid) cite the auction's rule alone.
            simple = _SIMPLE.get((type(events[0]), self._kind))
            if simple is not None:
                return simple
        return self._cite(events)

    def _cite(self, events: Sequence[Event]) -> Cited:
        kinds: list[str] = []
        rules: list[str] = []
        decisions: list[str] = []
        auction: str | None = None
        price: int | None = None
        buyer: int | None = None

        def add(*numbers: str) -> None:
            for number in numbers:
                if number not in rules:
                    rules.append(number)

        def decide(tag: str) -> None:
            if tag not in decisions:
                decisions.append(tag)
            add(DECISIONS[tag][0])

        for event in events:
            kinds.append(type(event).__name__)
            if isinstance(event, BidPlaced):
                add("R3.2", AUCTION_RULES[self._kind] if self._kind is not None else "R4.1")
            elif isinstance(event, Passed):
                add(AUCTION_RULES[self._kind] if self._kind is not None else "R4.1")
            elif isinstance(event, BidSealed):
                add("R4.3")
            elif isinstance(event, CardPlayed):
                add("R2.1", "R2.2")
                if event.card.auction is Auction.DOUBLE:
                    add("R5.1")
                    self._double_player = event.seat
            elif isinstance(event, AuctionStarted):
                self._kind = event.kind
                self._auctioneer = event.auctioneer
                self._accepted = False
                add(AUCTION_RULES[event.kind])
                if event.double_player is not None:
                    add("R5.1")
            elif isinstance(event, TurnStarted):
                if "R6.3" in rules:
                    add("R6.7")  # the first offer of a round
                elif "R5.3" in rules:
                    add("R5.4")  # left of who added the second card
                elif "R5.5" not in rules:  # (R5.5 names its own next auctioneer)
                    add("R2.4")
            elif isinstance(event, BidsRevealed):
                add("R4.3")
                if event.tie is not None:
                    decide(f"tie-{event.tie.value}")
                elif max(event.bids) == 0:
                    decide("all-bid-zero")
            elif isinstance(event, PriceSet):
                add("R4.4")
            elif isinstance(event, PriceAccepted):
                self._accepted = True
                add("R4.4")
            elif isinstance(event, AuctionWon):
                add("R3.3", "R3.5")
                if len(event.lot) == 2:
                    add("R5.3")
                if self._kind is Auction.FIXED_PRICE and not self._accepted:
                    decide("unsold-fixed-price")
                elif event.buyer == self._auctioneer:
                    decide("own-lot")
                auction, price, buyer = self._settled(), event.price, event.buyer
            elif isinstance(event, LotTakenFree):
                if self._kind is None:  # a double card nobody paired
                    decide("double-free")
                    auction = "double"
                elif "all-bid-zero" not in decisions:
                    decide("nobody-bid")
                    auction = self._settled()
                else:
                    auction = self._settled()
                price, buyer = 0, event.seat
            elif isinstance(event, SecondCardAdded):
                add("R5.1")
                if event.seat != self._double_player:
                    decide("double-taken-over")
            elif isinstance(event, SecondCardDeclined):
                add("R5.2")
            elif isinstance(event, AuctioneerSkipped):
                decide("auctioneer-skipped")
            elif isinstance(event, RoundEnded):
                decide(self._ending(event))
                add("R6.3", "R6.4")
                self._kind = None
            elif isinstance(event, PaintingsSold):
                add("R6.5")
            elif isinstance(event, CardsDealt | RoundStarted):
                add("R6.6")
            elif isinstance(event, GameEnded):
                add("R8.1")
                if len(event.winners) > 1:
                    decide("shared-victory")
        if auction is not None:
            self._kind = None
            self._double_player = None
        return Cited(" ".join(kinds), " ".join(rules), " ".join(decisions), auction, price, buyer)

    def _settled(self) -> str:
        return self._kind.value if self._kind is not None else "double"

    def _ending(self, event: RoundEnded) -> str:
        """The tag of what ended the round: a fifth painting (R6.1, R5.6, R5.7) or empty hands."""
        last = event.ending_cards[-1]
        if last.artist in self._artists:
            count = event.counts[self._artists.index(last.artist)]
            if count >= ROUND_ENDING_COUNT:
                if len(event.ending_cards) == 2:
                    return "fifth-second-card"
                if last.auction is Auction.DOUBLE:
                    return "fifth-double"
                return "fifth-painting"
        return "hands-empty"


_SIMPLE: Final[dict[tuple[type, Auction | None], Cited]] = {
    **{
        (BidPlaced, kind): Cited("BidPlaced", f"R3.2 {AUCTION_RULES[kind]}", "", None, None, None)
        for kind in (Auction.OPEN, Auction.ONE_OFFER)
    },
    **{
        (Passed, kind): Cited("Passed", AUCTION_RULES[kind], "", None, None, None)
        for kind in (Auction.OPEN, Auction.ONE_OFFER, Auction.FIXED_PRICE)
    },
    (BidSealed, Auction.HIDDEN): Cited("BidSealed", "R4.3", "", None, None, None),
    (PriceSet, Auction.FIXED_PRICE): Cited("PriceSet", "R4.4", "", None, None, None),
    (SecondCardDeclined, None): Cited("SecondCardDeclined", "R5.2", "", None, None, None),
}
"""The steps of one event whose citation depends on the auction in progress only."""
