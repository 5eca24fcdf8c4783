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

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, NamedTuple

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
        self._rule = "R4.1"  # the rule of the auction in progress
        self._simple = _SIMPLE[None]
        self._auctioneer = -1
        self._double_player: int | None = None
        self._accepted = False
        # The step being read: its rules, decisions and the lot settled.
        self._rules: list[str] = []
        self._decisions: list[str] = []
        self._lot: tuple[str, int, int] | None = None

    def cite(self, events: Sequence[Event]) -> Cited:
        """The kinds, rules and decisions of the events of the next step."""
        if len(events) == 1:
            # The commonest steps (a bid, a pass, a sealed bid) cite the auction's rule alone.
            simple = self._simple.get(type(events[0]))
            if simple is not None:
                return simple
        self._rules = []
        self._decisions = []
        self._lot = None
        kinds = []
        for event in events:
            kind = type(event)
            kinds.append(kind.__name__)
            _READERS[kind](self, event)
        lot = self._lot
        if lot is None:
            return Cited(
                " ".join(kinds), " ".join(self._rules), " ".join(self._decisions), None, None, None
            )
        self._start(None)
        self._double_player = None
        return Cited(" ".join(kinds), " ".join(self._rules), " ".join(self._decisions), *lot)

    def _start(self, kind: Auction | None) -> None:
        self._kind = kind
        self._rule = "R4.1" if kind is None else AUCTION_RULES[kind]
        self._simple = _SIMPLE[kind]

    def _add(self, *numbers: str) -> None:
        rules = self._rules
        for number in numbers:
            if number not in rules:
                rules.append(number)

    def _decide(self, tag: str) -> None:
        if tag not in self._decisions:
            self._decisions.append(tag)
            self._add(DECISIONS[tag][0])

    def _settled(self) -> str:
        return self._kind.value if self._kind is not None else "double"

    # One reader a kind of event (_READERS).

    def _bid(self, event: BidPlaced) -> None:
        self._add("R3.2", self._rule)

    def _passed(self, event: Passed) -> None:
        self._add(self._rule)

    def _sealed(self, event: BidSealed) -> None:
        self._add("R4.3")

    def _played(self, event: CardPlayed) -> None:
        self._add("R2.1", "R2.2")
        if event.card.auction is Auction.DOUBLE:
            self._add("R5.1")
            self._double_player = event.seat

    def _started(self, event: AuctionStarted) -> None:
        self._start(event.kind)
        self._auctioneer = event.auctioneer
        self._accepted = False
        self._add(self._rule)
        if event.double_player is not None:
            self._add("R5.1")

    def _turn(self, event: TurnStarted) -> None:
        rules = self._rules
        if "R6.3" in rules:
            self._add("R6.7")  # the first offer of a round
        elif "R5.3" in rules:
            self._add("R5.4")  # left of who added the second card
        elif "R5.5" not in rules:  # (R5.5 names its own next auctioneer)
            self._add("R2.4")

    def _revealed(self, event: BidsRevealed) -> None:
        self._add("R4.3")
        if event.tie is not None:
            self._decide(f"tie-{event.tie.value}")
        elif max(event.bids) == 0:
            self._decide("all-bid-zero")

    def _price(self, event: PriceSet) -> None:
        self._add("R4.4")

    def _accept(self, event: PriceAccepted) -> None:
        self._accepted = True
        self._add("R4.4")

    def _won(self, event: AuctionWon) -> None:
        self._add("R3.3", "R3.5")
        if len(event.lot) == 2:
            self._add("R5.3")
        if self._kind is Auction.FIXED_PRICE and not self._accepted:
            self._decide("unsold-fixed-price")
        elif event.buyer == self._auctioneer:
            self._decide("own-lot")
        self._lot = (self._settled(), event.price, event.buyer)

    def _free(self, event: LotTakenFree) -> None:
        if self._kind is None:  # a double card nobody paired
            self._decide("double-free")
        elif "all-bid-zero" not in self._decisions:
            self._decide("nobody-bid")
        self._lot = (self._settled(), 0, event.seat)

    def _added(self, event: SecondCardAdded) -> None:
        self._add("R5.1")
        if event.seat != self._double_player:
            self._decide("double-taken-over")

    def _declined(self, event: SecondCardDeclined) -> None:
        self._add("R5.2")

    def _skipped(self, event: AuctioneerSkipped) -> None:
        self._decide("auctioneer-skipped")

    def _ended(self, event: RoundEnded) -> None:
        self._decide(self._ending(event))
        self._add("R6.3", "R6.4")
        self._start(None)

    def _sold(self, event: PaintingsSold) -> None:
        self._add("R6.5")

    def _dealt(self, event: CardsDealt | RoundStarted) -> None:
        self._add("R6.6")

    def _game_ended(self, event: GameEnded) -> None:
        self._add("R8.1")
        if len(event.winners) > 1:
            self._decide("shared-victory")

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


_READERS: Final[dict[type, Callable[[Tracer, Any], None]]] = {
    BidPlaced: Tracer._bid,
    Passed: Tracer._passed,
    BidSealed: Tracer._sealed,
    CardPlayed: Tracer._played,
    AuctionStarted: Tracer._started,
    TurnStarted: Tracer._turn,
    BidsRevealed: Tracer._revealed,
    PriceSet: Tracer._price,
    PriceAccepted: Tracer._accept,
    AuctionWon: Tracer._won,
    LotTakenFree: Tracer._free,
    SecondCardAdded: Tracer._added,
    SecondCardDeclined: Tracer._declined,
    AuctioneerSkipped: Tracer._skipped,
    RoundEnded: Tracer._ended,
    PaintingsSold: Tracer._sold,
    CardsDealt: Tracer._dealt,
    RoundStarted: Tracer._dealt,
    GameEnded: Tracer._game_ended,
}
"""Each event kind's reader."""


def _simple(kind: Auction | None) -> dict[type, Cited]:
    """The steps of one event whose citation depends on the auction in progress only."""
    rule = "R4.1" if kind is None else AUCTION_RULES[kind]
    found: dict[type, Cited] = {
        SecondCardDeclined: Cited("SecondCardDeclined", "R5.2", "", None, None, None)
    }
    if kind in (Auction.OPEN, Auction.ONE_OFFER):
        found[BidPlaced] = Cited("BidPlaced", f"R3.2 {rule}", "", None, None, None)
    if kind in (Auction.OPEN, Auction.ONE_OFFER, Auction.FIXED_PRICE):
        found[Passed] = Cited("Passed", rule, "", None, None, None)
    if kind is Auction.HIDDEN:
        found[BidSealed] = Cited("BidSealed", "R4.3", "", None, None, None)
    if kind is Auction.FIXED_PRICE:
        found[PriceSet] = Cited("PriceSet", "R4.4", "", None, None, None)
    return found


_SIMPLE: Final = {kind: _simple(kind) for kind in (None, *AUCTION_RULES)}
"""The steps of one event whose citation depends on the auction in progress only, by auction."""
