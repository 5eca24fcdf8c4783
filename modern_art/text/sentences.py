"""Plain English for every action and event: :func:`describe`.

One way to say each thing, for every front-end: the terminal narrator, the
``modern-art replay`` command and the web table's log all use it. A sentence
names seats by the names given (``"Seat 2"`` without them) and speaks to the
seat ``you`` in the second person, with the verb to match ("You buy",
never "You buys"). The text is plain: a front-end escapes it for its screen.

>>> import modern_art as ma
>>> ma.describe(ma.Bid(seat=1, amount=30), names=["Ann", "Bo", "Cy"])
'Bo bids 30.'
>>> ma.describe(ma.Bid(seat=1, amount=30), names=["Ann", "Bo", "Cy"], you=1)
'You bid 30.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from modern_art.data.actions import Accept, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.events import (
    AuctioneerSkipped,
    AuctionStarted,
    AuctionWon,
    BidPlaced,
    BidSealed,
    BidsRevealed,
    CardPlayed,
    CardsDealt,
    GameEnded,
    LotTakenFree,
    PaintingsSold,
    Passed,
    Payment,
    PriceAccepted,
    PriceSet,
    RoundEnded,
    RoundStarted,
    SecondCardAdded,
    SecondCardDeclined,
    TurnStarted,
)
from modern_art.data.rules import HiddenTie

__all__ = ["describe", "ordinal"]


def ordinal(n: int) -> str:
    """``1`` -> ``"1st"``, ``2`` -> ``"2nd"``, ``11`` -> ``"11th"``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class _Speaker:
    """Names and verbs for one call: the seat ``you`` is spoken to."""

    __slots__ = ("names", "you")

    def __init__(self, names: Sequence[str] | None, you: int | None) -> None:
        self.names = names
        self.you = you

    def who(self, seat: object) -> str:
        """A seat as the subject or object of a sentence, lower-case ``"you"`` for the viewer."""
        if seat is None:
            return "the bank"
        if self.spoken_to(seat):
            return "you"
        names = self.names
        if names is not None and type(seat) is int and 0 <= seat < len(names):
            return str(names[seat])
        return f"Seat {seat}"

    def spoken_to(self, seat: object) -> bool:
        """Whether ``seat`` takes the second person: the seat ``you``, or one named "You".

        **(decision)** Told to nobody in particular (``you`` is ``None``: a
        replay, a spectator), a player who sat down as "You" (``modern-art
        play``'s default name) is spoken to as you: "You add", never "You
        adds". Told to a reader, only the reader is "you".
        """
        if seat is None:
            return False
        if seat == self.you:
            return True
        names = self.names
        return (
            self.you is None
            and names is not None
            and type(seat) is int
            and 0 <= seat < len(names)
            and str(names[seat]).strip().casefold() == "you"
        )

    def subject(self, seat: object, third: str, second: str) -> str:
        """``"Ann bids"`` or ``"You bid"``: the seat and its verb, agreeing."""
        if self.spoken_to(seat):
            return f"You {second}"
        return f"{self.who(seat)} {third}"

    def be(self, seat: object) -> str:
        """``"is"``, or ``"are"`` for the seat spoken to."""
        return "are" if self.spoken_to(seat) else "is"

    def whose(self, seat: object) -> str:
        """``"Ann's"`` or ``"your"``."""
        return "your" if self.spoken_to(seat) else f"{self.who(seat)}'s"

    def listing(self, seats: Sequence[int]) -> str:
        """``"Ann"``, ``"Ann and you"``, ``"Ann, Bo and Cy"``."""
        words = [self.who(seat) for seat in seats]
        if len(words) <= 1:
            return "".join(words)
        return f"{', '.join(words[:-1])} and {words[-1]}"


def _card(card: object) -> str:
    if isinstance(card, Card):
        return f"{card.artist} ({card.auction.label})"
    return repr(card)


def _lot(lot: Sequence[Card]) -> str:
    if len(lot) == 1:
        return f"the {lot[0].artist}"
    if len({card.artist for card in lot}) == 1:
        count = "two" if len(lot) == 2 else str(len(lot))
        return f"the {count} {_plural(lot[0].artist)}"
    return "the lot"


def _plural(artist: str) -> str:
    """Paintings by ``artist``: "Daniel Melims", but "Ramon Martins paintings".

    A name that ends in s, x or z takes "paintings" rather than a suffix
    ("the two Ramon Martinss" misreads).
    """
    if artist[-1:].lower() in ("s", "x", "z"):
        return f"{artist} paintings"
    return f"{artist}s"


def _play_card(s: _Speaker, a: PlayCard) -> str:
    return f"{s.subject(a.seat, 'plays', 'play')} {_card(a.card)}."


def _bid(s: _Speaker, a: Bid | BidPlaced) -> str:
    return f"{s.subject(a.seat, 'bids', 'bid')} {a.amount}."


def _pass(s: _Speaker, a: Pass | Passed) -> str:
    return f"{s.subject(a.seat, 'passes', 'pass')}."


_AUCTION_NAMES = {
    Auction.OPEN: "an open auction",
    Auction.ONE_OFFER: "a one-offer auction",
    Auction.HIDDEN: "a hidden auction",
    Auction.FIXED_PRICE: "a fixed-price auction",
    Auction.DOUBLE: "a double auction",
}


def _set_price(s: _Speaker, a: SetPrice | PriceSet) -> str:
    return f"{s.subject(a.seat, 'names', 'name')} a price of {a.price}."


def _accept(s: _Speaker, a: Accept) -> str:
    return f"{s.subject(a.seat, 'accepts', 'accept')} the price."


def _round_started(s: _Speaker, e: RoundStarted) -> str:
    return f"Round {e.round} begins."


def _cards_dealt(s: _Speaker, e: CardsDealt) -> str:
    plural = "card" if e.count == 1 else "cards"
    head = f"{s.subject(e.seat, 'is', 'are')} dealt {e.count} {plural}"
    if e.cards:
        return f"{head}: {', '.join(_card(c) for c in e.cards)}."
    return f"{head}."


def _turn_started(s: _Speaker, e: TurnStarted) -> str:
    return f"{s.subject(e.seat, 'is', 'are')} the auctioneer and must offer a painting."


def _skipped(s: _Speaker, e: AuctioneerSkipped) -> str:
    return (
        f"{s.subject(e.seat, 'has', 'have')} no cards left"
        f" and {s.be(e.seat)} skipped as auctioneer."
    )


def _nth_this_round(card: Card, count: int) -> str:
    """How far an offered card takes its artist this round (R2.2)."""
    return f"the {ordinal(count)} {card.artist} this round"


def _card_played(s: _Speaker, e: CardPlayed) -> str:
    offers = s.subject(e.seat, "offers", "offer")
    return f"{offers} {_card(e.card)}, {_nth_this_round(e.card, e.count)}."


def _second_added(s: _Speaker, e: SecondCardAdded) -> str:
    adds = s.subject(e.seat, "adds", "add")
    return f"{adds} {_card(e.card)} to the double, {_nth_this_round(e.card, e.count)}."


def _second_declined(s: _Speaker, e: SecondCardDeclined) -> str:
    return f"{s.subject(e.seat, 'declines', 'decline')} to add a second card."


def _auction_started(s: _Speaker, e: AuctionStarted) -> str:
    return (
        f"{s.subject(e.auctioneer, 'auctions', 'auction')} {_lot(e.lot)}"
        f" in {_AUCTION_NAMES[e.kind]}."
    )


def _bid_sealed(s: _Speaker, e: BidSealed) -> str:
    amount = "" if e.amount is None else f" of {e.amount}"
    return f"{s.subject(e.seat, 'seals', 'seal')} a bid{amount}."


def _bids_revealed(s: _Speaker, e: BidsRevealed) -> str:
    bids = ", ".join(f"{s.who(seat)} {bid}" for seat, bid in enumerate(e.bids))
    top = max(e.bids, default=0)
    tied = [seat for seat, bid in enumerate(e.bids) if bid == top]
    if top == 0:
        return (
            f"The sealed bids are revealed: {bids}; all are 0, so the auctioneer,"
            f" {s.who(e.auctioneer)}, {'take' if s.spoken_to(e.auctioneer) else 'takes'} it"
            " free (R4.3)."
        )
    if len(tied) > 1:
        win = "win" if s.spoken_to(e.winner) else "wins"
        if e.winner == e.auctioneer:
            why = "as the auctioneer"
        else:
            last = e.auctioneer in tied and e.tie is not HiddenTie.AUCTIONEER_FIRST
            why = "as the tied player nearest clockwise from the auctioneer's left" + (
                ", the auctioneer counted last" if last else ""
            )
        rule = "" if e.tie is None else f"hidden_tie {e.tie.value}, "
        return (
            f"The sealed bids are revealed: {bids}; {s.listing(tied)} tie at {top}, and"
            f" {s.who(e.winner)} {win} the tie {why} ({rule}R4.3)."
        )
    return f"The sealed bids are revealed: {bids}."


def _price_accepted(s: _Speaker, e: PriceAccepted) -> str:
    return f"{s.subject(e.seat, 'accepts', 'accept')} the price of {e.price}."


def _paid(s: _Speaker, payment: Payment) -> str:
    if payment.payee is None:
        return f"the bank is paid {payment.amount}"
    return f"{s.who(payment.payee)} {s.be(payment.payee)} paid {payment.amount}"


def _auction_won(s: _Speaker, e: AuctionWon) -> str:
    head = f"{s.subject(e.buyer, 'buys', 'buy')} {_lot(e.lot)} for {e.price}"
    if not e.payments:
        return f"{head}."
    return f"{head}; {' and '.join(_paid(s, p) for p in e.payments)}."


def _taken_free(s: _Speaker, e: LotTakenFree) -> str:
    return f"{s.subject(e.seat, 'takes', 'take')} {_lot(e.lot)} free."


def _round_ended(s: _Speaker, e: RoundEnded) -> str:
    unsold = " on a pair: neither painting is sold" if len(e.ending_cards) == 2 else ""
    if not e.ranking:
        return f"Round {e.round} ends{unsold}; no artist ranks."
    places = ", ".join(
        f"{artist} {ordinal(place + 1)} (+{tile})"
        for place, (artist, tile) in enumerate(zip(e.ranking, e.tiles, strict=False))
    )
    if unsold:  # a double's second card ended it (R5.7, R6.2)
        return f"Round {e.round} ends{unsold}; {places}."
    return f"Round {e.round} ends: {places}."


def _paintings_sold(s: _Speaker, e: PaintingsSold) -> str:
    what = f"{e.paintings} {e.artist} painting{'' if e.paintings == 1 else 's'}"
    head = f"{s.subject(e.seat, 'sells', 'sell')} {what}"
    if e.value == 0:
        return f"{head} for nothing."
    each = f" at {e.value} each" if e.paintings != 1 else ""
    return f"{head}{each} for {e.amount}."


def _game_ended(s: _Speaker, e: GameEnded) -> str:
    seats = list(e.winners)
    if not seats:
        return "The game ends."
    most = e.money[seats[0]] if 0 <= seats[0] < len(e.money) else 0
    if len(seats) == 1:
        return f"The game ends: {s.subject(seats[0], 'wins', 'win')} with {most}."
    return f"The game ends: {s.listing(seats)} share the victory with {most}."


def _payment(s: _Speaker, e: Payment) -> str:
    return f"{s.subject(e.payer, 'pays', 'pay')} {s.who(e.payee)} {e.amount}."


_SAY: dict[type, Callable[[_Speaker, Any], str]] = {
    PlayCard: _play_card,
    Bid: _bid,
    Pass: _pass,
    SetPrice: _set_price,
    Accept: _accept,
    RoundStarted: _round_started,
    CardsDealt: _cards_dealt,
    TurnStarted: _turn_started,
    AuctioneerSkipped: _skipped,
    CardPlayed: _card_played,
    SecondCardAdded: _second_added,
    SecondCardDeclined: _second_declined,
    AuctionStarted: _auction_started,
    BidPlaced: _bid,
    Passed: _pass,
    BidSealed: _bid_sealed,
    BidsRevealed: _bids_revealed,
    PriceSet: _set_price,
    PriceAccepted: _price_accepted,
    AuctionWon: _auction_won,
    LotTakenFree: _taken_free,
    RoundEnded: _round_ended,
    PaintingsSold: _paintings_sold,
    GameEnded: _game_ended,
    Payment: _payment,
}


def describe(item: object, names: Sequence[str] | None = None, you: int | None = None) -> str:
    """One English sentence for an action or an event.

    Args:
        item: any action (:class:`~modern_art.Bid`, ...), any event
            (:class:`~modern_art.AuctionWon`, ...) or a
            :class:`~modern_art.Payment`.
        names: the players' names by seat; ``"Seat 0"``, ``"Seat 1"``, ...
            when ``None`` (or for a seat the sequence does not reach).
        you: the seat spoken to, in the second person ("You bid 30.").

    Returns:
        A sentence ending with a full stop. Names are put in as given (a
        sentence that starts with a name starts as the name does): escape
        the sentence for your screen.

    Raises:
        ValueError: ``item`` is neither an action, an event nor a payment.

    >>> import modern_art as ma
    >>> lot = (ma.Rules().deck[25],)
    >>> won = ma.AuctionWon(buyer=0, price=30, lot=lot, payments=(ma.Payment(0, 1, 30),))
    >>> ma.describe(won, names=["Ann", "Bo", "Cy"])
    'Ann buys the Daniel Melim for 30; Bo is paid 30.'
    >>> ma.describe(won, names=["Ann", "Bo", "Cy"], you=0)
    'You buy the Daniel Melim for 30; Bo is paid 30.'
    >>> ma.describe(won, names=["Ann", "Bo", "Cy"], you=1)
    'Ann buys the Daniel Melim for 30; you are paid 30.'
    """
    say = _SAY.get(type(item))
    if say is None:
        raise ValueError(
            f"describe takes an action, an event or a payment, got a {type(item).__name__}"
        )
    return say(_Speaker(names, you), item)
