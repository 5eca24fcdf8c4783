"""The uniform pick among every seat's legal actions, without building them: :func:`draw`.

The documented loop draws ``i = rng.randrange(len(acts))`` and plays
``acts[i]`` of ``acts = legal_actions(state)``. :func:`draw` makes the same
draw and gives the same action, but counts the actions of the commonest
phases (open, one-offer, hidden and fixed-price auctions, offering, a double
offer) from the state in place of making the sequence and its runs: no allocation but the
action, and that one shared when it can be (``choices.shared_bid``,
``choices.play_card``, ``choices.PASSES``). The order counted is the order of
:mod:`modern_art.core.choices` (seats ascending; a seat's bids by amount,
then its accept, then its pass); ``tests/core/test_playout.py`` compares the
two on thousands of games. :func:`pick` indexes a sequence of legal actions
without an index's checks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from modern_art._speed import SEATS
from modern_art.core.choices import (
    ACCEPTS,
    PASSES,
    LegalActions,
    play_card,
    shared_bid,
    shared_price,
)
from modern_art.core.draws import randbelow
from modern_art.core.phase_table import offers
from modern_art.data.actions import Accept, Action, Bid, Pass, PlayCard
from modern_art.data.cards import Auction
from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    HiddenAuction,
    Offering,
    OneOfferAuction,
    OpenAuction,
    Phase,
)
from modern_art.data.state import GameState

_DOUBLE: Final = Auction.DOUBLE  # a C static in the compiled build, as in core/offering

__all__ = ["draw", "pick"]


def _pass(seat: int) -> Pass:
    return PASSES[seat] if 0 <= seat < SEATS else Pass(seat)


def _accept(seat: int) -> Accept:
    return ACCEPTS[seat] if 0 <= seat < SEATS else Accept(seat)


def pick(actions: LegalActions, i: int) -> tuple[Action, int]:
    """``actions[i]`` (``0 <= i < len(actions)``) and its seat, without an index's checks."""
    for kind, seat, items in actions.runs():
        size = len(items)
        if i < size:
            if kind is None:
                action: Action = items[i]
                return action, action.seat
            if kind is PlayCard:
                return play_card(seat, items[i]), seat
            amount: int = items[i]
            made: Action = shared_bid(seat, amount) if kind is Bid else shared_price(seat, amount)
            return made, seat
        i -= size
    raise IndexError("legal action index out of range")


def draw(
    state: GameState, phase: Phase, getrandbits: Callable[[int], int]
) -> tuple[Action, int] | None:
    """The action ``legal_actions(state)[rng.randrange(n)]`` is, and its seat; ``None``: none.

    ``getrandbits`` is the ``random.Random``'s bound method; ``n`` is how
    many legal actions there are, every seat's.
    """
    players = state.players
    if isinstance(phase, OpenAuction):
        lo = phase.high_bid + 1
        passed = phase.passed
        # An int, not int | None: the compiled build compares two ints natively.
        high_bidder = -1 if phase.high_bidder is None else phase.high_bidder
        total = 0
        for seat, player in enumerate(players):
            if seat != high_bidder and seat not in passed:
                bids = player.money + 1 - lo
                total += bids + 1 if bids > 0 else 1
        if not total:
            return None
        i = randbelow(getrandbits, total)
        for seat, player in enumerate(players):
            if seat != high_bidder and seat not in passed:
                bids = player.money + 1 - lo
                if bids > 0:
                    if i < bids:
                        return shared_bid(seat, lo + i), seat
                    i -= bids
                if i == 0:
                    return _pass(seat), seat
                i -= 1
        raise AssertionError("unreachable")  # pragma: no cover
    if isinstance(phase, Offering):
        seat = phase.auctioneer
        hand = players[seat].hand
        if not hand:
            return None
        return play_card(seat, hand[randbelow(getrandbits, len(hand))]), seat
    if isinstance(phase, HiddenAuction):
        total = 0
        for seat, bid in enumerate(phase.bids):
            if bid is None:
                total += max(0, players[seat].money + 1)
        if not total:
            return None
        i = randbelow(getrandbits, total)
        for seat, bid in enumerate(phase.bids):
            if bid is None:
                bids = max(0, players[seat].money + 1)
                if i < bids:
                    return shared_bid(seat, i), seat
                i -= bids
        raise AssertionError("unreachable")  # pragma: no cover
    if isinstance(phase, OneOfferAuction):
        seat = phase.turn
        lo = phase.high_bid + 1
        bids = players[seat].money + 1 - lo
        if bids <= 0:
            randbelow(getrandbits, 1)  # the loop draws from one action too
            return _pass(seat), seat
        i = randbelow(getrandbits, bids + 1)
        return (shared_bid(seat, lo + i), seat) if i < bids else (_pass(seat), seat)
    if isinstance(phase, FixedPriceAuction):
        seat = phase.turn
        money = players[seat].money
        if phase.price is None:
            if money < 0:
                return None
            if money == 0:
                randbelow(getrandbits, 1)
                return shared_price(seat, 0), seat
            return shared_price(seat, 1 + randbelow(getrandbits, money)), seat
        if money >= phase.price:
            i = randbelow(getrandbits, 2)
            return (_accept(seat), seat) if i == 0 else (_pass(seat), seat)
        randbelow(getrandbits, 1)
        return _pass(seat), seat
    if isinstance(phase, DoubleOffer):
        seat = phase.asking
        artist = phase.card.artist
        hand = players[seat].hand
        fitting = 0  # the second cards the seat may add (R5.1), then its pass
        for card in hand:
            if card.auction is not _DOUBLE and card.artist == artist:
                fitting += 1
        i = randbelow(getrandbits, fitting + 1)
        if i < fitting:
            for card in hand:
                if card.auction is not _DOUBLE and card.artist == artist:
                    if i == 0:
                        return play_card(seat, card), seat
                    i -= 1
        return _pass(seat), seat
    actions = offers(state, phase, None)  # the game over: no action
    if not len(actions):
        return None
    return pick(actions, randbelow(getrandbits, len(actions)))
