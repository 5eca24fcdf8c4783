"""What ``modern-art play`` says at a decision: where the game stands, what each choice does.

Every question says what the answers do, in a player's words: which cards
fit a double, that a card would be the artist's fifth and end the round
unsold (R6.1, R5.7), that declining a double passes the auction and its
money on (R5.2, R5.3), that buying your own lot pays the bank (R3.3), what
the lot can pay at best (R6.5). :func:`warning` names the answers that are
legal but likely a slip, which the table asks to be typed again;
:func:`refusal` answers an illegal amount in a player's words, citing its
rule, before the engine is asked.
"""

from __future__ import annotations

import re

from modern_art.cli.narrate import EXPLAIN, card_text
from modern_art.cli.safe import markup_safe
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard, SetPrice
from modern_art.data.cards import Auction, Card
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.seeing.payout import best_case_payout, payout_if_round_ended_now
from modern_art.seeing.views import HiddenAuctionView, PlayerView

__all__ = [
    "counts_line",
    "hand_line",
    "payout_hint",
    "prompt_text",
    "refusal",
    "status_line",
    "warning",
]


def _name(seen: PlayerView, seat: int, *, start: bool = False) -> str:
    """A seat as the table names it to the viewer: "you" (or "You") for their own."""
    if seat == seen.seat:
        return "You" if start else "you"
    return markup_safe(seen.players[seat].name)


def _money(seen: PlayerView) -> int:
    """The seat's own money, which its view always shows (R7.2)."""
    return seen.money if seen.money is not None else 0


def _count(seen: PlayerView, artist: str) -> int:
    return seen.counts[seen.rules.artists.index(artist)]


def _is_fifth(seen: PlayerView, card: Card) -> bool:
    """Whether offering ``card`` now makes it its artist's fifth this round (R6.1)."""
    return _count(seen, card.artist) + 1 >= 5


def _fits(seen: PlayerView, card: Card) -> bool:
    """Whether ``card`` may be added to the double on offer (R5.1)."""
    phase = seen.phase
    return (
        isinstance(phase, DoubleOffer)
        and card.artist == phase.card.artist
        and card.auction is not Auction.DOUBLE
    )


def hand_line(seen: PlayerView) -> str:
    """The seat's hand on one line, numbered as the person types the cards.

    A card that would be its artist's fifth is marked: offering it ends the
    round at once, unsold (R6.1).
    """
    cards = []
    for i, card in enumerate(seen.hand, 1):
        mark = " [red](5th: ends the round)[/]" if _is_fifth(seen, card) else ""
        cards.append(f"[bold]{i}[/]. {card_text(card)}{mark}")
    return f"Your hand: {'  '.join(cards) or '(empty)'}"


def counts_line(seen: PlayerView) -> str:
    """Paintings offered this round, per artist, on one line (R2.2)."""
    counts = " · ".join(
        f"{markup_safe(artist)} {count}"
        for artist, count in zip(seen.rules.artists, seen.counts, strict=True)
    )
    return f"Offered this round: {counts}."


def status_line(seen: PlayerView) -> str:
    """One line on the auction in progress, or whose turn it is, in the second person."""
    phase = seen.phase
    money = f"You have {seen.money}."
    if isinstance(phase, Offering):
        if phase.auctioneer == seen.seat:
            return f"It is your turn to offer a painting. {money}"
        return f"{_name(seen, phase.auctioneer)} is to offer a painting. {money}"
    if isinstance(phase, DoubleOffer):
        asking = "you may" if phase.asking == seen.seat else f"{_name(seen, phase.asking)} may"
        return (
            f"{_name(seen, phase.double_player, start=True)} played a double"
            f" {card_text(phase.card)}; {asking} add a second card. {money}"
        )
    auction = seen.auction
    if auction is None:
        return money
    lot = " and ".join(card_text(c) for c in auction.lot)
    line = f"{auction.kind.label.capitalize()} auction of {lot}, run by"
    line += f" {_name(seen, auction.auctioneer)}"
    if isinstance(auction, OpenAuction | OneOfferAuction):
        if auction.high_bidder is None:
            line += ": no bid yet"
        else:
            line += f": high bid {auction.high_bid} by {_name(seen, auction.high_bidder)}"
    elif isinstance(auction, FixedPriceAuction) and auction.price is not None:
        line += f": price {auction.price}"
    elif isinstance(auction, HiddenAuctionView):
        line += f": {len(auction.sealed)} sealed so far"
    return f"{line}. {money}"


def _lot_value(seen: PlayerView) -> int:
    """The most the lot under auction can pay its buyer this round (R6.5)."""
    auction = seen.auction
    assert auction is not None
    return best_case_payout(seen)[auction.lot[0].artist] * len(auction.lot)


def payout_hint(seen: PlayerView) -> str:
    """What the lot under auction would pay now and at best (the host's duty, R6.5)."""
    auction = seen.auction
    if auction is None:
        return ""
    now = payout_if_round_ended_now(seen)
    best = best_case_payout(seen)
    artist = auction.lot[0].artist
    k = len(auction.lot)
    per = f"{k} paintings, each" if k > 1 else "one painting"
    return (
        f"Payout hint: {per} of {markup_safe(artist)} would pay {now[artist]} if the round"
        f" ended now, and at most {best[artist]} this round."
    )


def _own_lot(seen: PlayerView) -> str:
    """The reminder for the auctioneer that buying their own lot pays the bank (R3.3)."""
    auction = seen.auction
    if auction is None or auction.auctioneer != seen.seat:
        return ""
    return " It is your lot: if you buy it, you pay the bank, not yourself (R3.3)."


def _offer_prompt(seen: PlayerView) -> str:
    fifth = [i for i, card in enumerate(seen.hand, 1) if _is_fifth(seen, card)]
    line = f"Offer a painting: type its number, 1 to {len(seen.hand)}."
    if fifth:
        numbers = ", ".join(map(str, fifth))
        line += (
            f" Card {numbers} would be its artist's 5th this round: the round would end at"
            " once and that painting go unsold (R6.1)."
        )
    return line


def _double_prompt(seen: PlayerView, phase: DoubleOffer) -> str:
    artist = markup_safe(phase.card.artist)
    fitting = [i for i, card in enumerate(seen.hand, 1) if _fits(seen, card)]
    if phase.double_player == seen.seat:
        nobody = "if nobody adds one, you take the double free (R5.5)"
    else:
        nobody = (
            f"if nobody adds one, {_name(seen, phase.double_player)} takes the double free (R5.5)"
        )
    if not fitting:
        return (
            f"None of your cards fits (a second {artist}, not a double): p to decline;"
            f" the chance passes on, and {nobody}."
        )
    numbers = ", ".join(map(str, fitting))
    line = (
        f"Add a second {artist} (not a double) to sell both together: card {numbers} fits."
        " Whoever adds it runs the auction and takes its money (R5.3)."
    )
    if _count(seen, phase.card.artist) + 1 >= 5:
        line += (
            f" Yours would be the 5th {artist}: the round would end at once and neither"
            " painting be sold (R5.7)."
        )
    return f"{line}\nType its number, or p to decline: the chance passes on, and {nobody}."


def prompt_text(seen: PlayerView, *, hint: bool = True) -> str:
    """The question for the seat: the legal choices, what each does, and the payout hint.

    With ``hint`` false the payout hint is left out: ``play --hint`` prints
    the analysis's hint instead (:func:`modern_art.cli.hints.hint_lines`),
    which says the same payout beside the expected one, so one hint is shown.
    """
    phase = seen.phase
    money = _money(seen)
    if isinstance(phase, Offering):
        return _offer_prompt(seen)
    if isinstance(phase, DoubleOffer):
        return _double_prompt(seen, phase)
    auction = seen.auction
    assert auction is not None
    head = f"{payout_hint(seen)}\n" if hint else ""
    own = _own_lot(seen)
    if isinstance(auction, FixedPriceAuction):
        if auction.price is None:
            return (
                f"{head}Name your price, 1 to {money}: if nobody accepts, you buy the lot"
                " yourself and pay the bank (R4.4)."
            )
        return (
            f"{head}The price is {auction.price}: a to accept (the first to accept buys"
            f" and pays {_name(seen, auction.auctioneer)}), p to pass."
        )
    if isinstance(auction, HiddenAuctionView):
        return f"{head}Seal your bid, 0 to {money} ({EXPLAIN[auction.kind]}).{own}"
    low = auction.high_bid + 1
    if money < low:
        return (
            f"{head}You cannot bid: the high bid is {auction.high_bid} and you have {money}"
            " (R3.1, R3.2). p to pass."
        )
    if isinstance(auction, OneOfferAuction):
        return f"{head}Bid {low} to {money}, or p to pass. You bid only once (R4.2).{own}"
    return (
        f"{head}Bid {low} to {money}; p to pass for now (you may bid again if someone"
        f" raises, R4.1); o to drop out of this auction (you will not be asked again).{own}"
    )


def refusal(seen: PlayerView, action: Action) -> str | None:
    """Why ``action`` is illegal, in a player's words with its rule; ``None`` to ask the engine."""
    money = _money(seen)
    auction = seen.auction
    high = auction.high_bid if isinstance(auction, OpenAuction | OneOfferAuction) else None
    if isinstance(action, Bid) and auction is not None:
        if action.amount > money:
            return f"you have {money}, so you cannot bid {action.amount} (R3.1)."
        if high is not None and action.amount <= high:
            if high == 0:
                return "the lowest bid is 1 (R3.2)."
            return f"the high bid is {high}: bid at least {high + 1} (R3.2)."
        if action.amount < 0:
            return "a hidden bid is 0 or more: bid 0 if you do not want the lot (R4.3)."
    if isinstance(action, SetPrice):
        if action.price > money:
            return (
                f"you have {money}: name a price you could pay yourself, 1 to {money}"
                " (R4.4), since you buy the lot if nobody accepts."
            )
        if action.price < 1 and money >= 1:
            return f"a price is at least 1: name 1 to {money} (R4.4)."
    if isinstance(action, Accept) and isinstance(auction, FixedPriceAuction):
        price = auction.price
        if price is not None and price > money:
            return f"you have {money}, so you cannot pay the price of {price} (R3.1)."
    phase = seen.phase
    if isinstance(action, Pass) and isinstance(auction, HiddenAuctionView):
        return "there is no passing in a hidden auction: bid 0 if you do not want the lot (R4.3)."
    if isinstance(action, Pass) and isinstance(phase, Offering):
        return "it is your turn to offer a painting: you cannot pass; type a card's number (R2.1)."
    if (
        isinstance(action, PlayCard)
        and isinstance(phase, DoubleOffer)
        and not _fits(seen, action.card)
    ):
        artist = markup_safe(phase.card.artist)
        return f"only a second {artist} that is not a double may be added (R5.1)."
    return None


def warning(seen: PlayerView, action: Action) -> str | None:
    """What is at stake in a legal but costly ``action``, to confirm by typing it again.

    A card that is its artist's fifth ends the round unsold (R6.1, R5.7); a
    bid above what the lot can pay this round at best loses money even if
    everything goes your way.
    """
    phase = seen.phase
    if isinstance(action, PlayCard):
        card = action.card
        if isinstance(phase, Offering) and _is_fifth(seen, card):
            return (
                f"{card_text(card)} would be the 5th {markup_safe(card.artist)} this round:"
                " the round ends at once and it is not sold (R6.1)."
            )
        if isinstance(phase, DoubleOffer) and _fits(seen, card) and _is_fifth(seen, card):
            return (
                f"{card_text(card)} would be the 5th {markup_safe(card.artist)} this round:"
                " the round ends at once and neither painting is sold (R5.7)."
            )
        return None
    amount = action.amount if isinstance(action, Bid) else None
    if isinstance(action, Accept) and isinstance(seen.auction, FixedPriceAuction):
        amount = seen.auction.price
    if amount is not None and seen.auction is not None:
        value = _lot_value(seen)
        if amount > value:
            return (
                f"{amount} is more than this lot can pay you this round, {value} at best:"
                f" buying it at {amount} loses at least {amount - value}."
            )
    return None


def second_person(text: str, seat: int) -> str:
    """The library's words about ``seat`` as said to the person in it: "you", "your".

    >>> second_person("seat 0 passed and may bid again only after someone raises", 0)
    'you passed and may bid again only after someone raises'
    >>> second_person("it is seat 1's turn to offer a painting, not seat 0's (R2.1)", 0)
    "it is seat 1's turn to offer a painting, not yours (R2.1)"
    """
    text = re.sub(rf"\bnot seat {seat}'s\b", "not yours", text)
    text = re.sub(rf"\bseat {seat}'s\b", "your", text)
    return re.sub(rf"\bseat {seat}\b", "you", text)
