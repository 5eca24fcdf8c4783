"""How long a game can last: a derived bound and the potential that proves it (R8.1).

Every game ends. The proof is a *potential*: a whole number computed from a
state that is never negative, is 0 once the game is over, and drops by at
least 1 with every action. A game from ``start`` therefore lasts at most
``potential(start)`` actions, and :func:`max_steps` is that figure for a
fresh game. :class:`~modern_art.testing.GameChecker` checks the drop after
every step, which is a much sharper test than the bound itself.

The derivation, with ``n`` players, ``S`` starting money, ``R`` rounds,
``T`` the highest value tile and ``C = n * sum(deal_schedule[n])`` the cards
dealt in a whole game:

1. **Money is capped.** Money enters the game only from the bank's sales at
   a round's end (R6.5). A painting is sold at most once (then discarded), at
   most ``C`` paintings are ever sold, and one painting pays the sum of its
   artist's tiles, at most one tile a round, so at most ``R * T``. No player
   ever holds more than ``M = n * S + C * R * T``, and no bid or price exceeds
   ``M`` (R3.1).
2. **One auction takes at most** ``L = n * M + n`` **actions.** In an open
   auction (R4.1) every bid raises the high bid by at least 1, so there are at
   most ``M`` bids; before the first bid and after each bid at most ``n``
   passes can come, each seat passing once until someone raises. A one-offer
   or hidden auction takes ``n`` actions, a fixed-price one at most ``n``
   (the price, then ``n - 1`` answers).
3. **One card causes at most** ``A = L + n + 2`` **actions:** the offer, up
   to ``n`` answers to a double card (each seat is asked once, R5.2) and the
   auction of its lot, with 1 to spare.
4. **At most** ``C`` **cards are offered** in a game: an offer takes a card
   from a hand, and hands are filled only by the deal schedule.

So a game lasts at most ``C * A`` actions. The potential spells the same
count out for any state: ``A`` for each card still in a hand or still to be
dealt, plus what the phase in progress can still take.

>>> import modern_art as ma
>>> from modern_art.testing import max_steps, potential
>>> max_steps(ma.Rules(), 3)
1628088
>>> state = ma.new_game(3, seed=1)
>>> potential(state) == max_steps(state.rules, 3)
True
"""

from __future__ import annotations

from modern_art.data.phases import (
    DoubleOffer,
    FixedPriceAuction,
    GameOver,
    HiddenAuction,
    OneOfferAuction,
    OpenAuction,
)
from modern_art.data.rules import Rules
from modern_art.data.state import GameState

__all__ = ["max_money", "max_steps", "potential"]


def max_money(rules: Rules, players: int) -> int:
    """The most money one player (or all players together) can ever hold.

    ``n * S + C * R * T`` (see the module docs): the starting money plus every
    painting the game deals sold at the highest value an artist can reach.

    >>> import modern_art as ma
    >>> from modern_art.testing import max_money
    >>> max_money(ma.Rules(), 4)
    8560
    """
    cards = players * sum(rules.deals(players))
    return players * rules.starting_money + cards * rules.rounds * rules.value_tiles[0]


def _auction_actions(rules: Rules, players: int) -> int:
    """``L``: the most actions one auction can take."""
    return players * max_money(rules, players) + players


def _card_actions(rules: Rules, players: int) -> int:
    """``A``: the most actions one card can cause."""
    return _auction_actions(rules, players) + players + 2


def max_steps(rules: Rules, players: int) -> int:
    """The most actions a game of ``players`` players under ``rules`` can take (R8.1).

    ``C * A`` with ``C`` the cards dealt in a game and ``A = n * M + 2 * n + 2``
    the most actions one card can cause (see the module docs). The bound is
    loose (real games take a few hundred actions) but derived, not guessed.
    """
    cards = players * sum(rules.deals(players))
    return cards * _card_actions(rules, players)


def potential(state: GameState) -> int:
    """An upper bound on the actions ``state``'s game can still take; drops with every action.

    ``A`` for every card in a hand or still to be dealt, plus what the phase
    in progress can still take: for an open auction ``n`` per possible raise
    above the high bid plus the seats that may still pass; for a one-offer,
    hidden or fixed-price auction the seats still to answer; for a double
    card the seats still to be asked plus a whole auction. 0 once the game is
    over.
    """
    phase = state.phase
    if isinstance(phase, GameOver):
        return 0
    rules = state.rules
    n = state.num_players
    deals = rules.deals(n)
    cards = sum(len(p.hand) for p in state.players) + n * sum(deals[state.round :])
    total = cards * _card_actions(rules, n)
    if isinstance(phase, DoubleOffer):
        if phase.asking == phase.double_player:
            to_ask = n
        else:
            to_ask = (phase.double_player - phase.asking) % n
        return total + to_ask + _auction_actions(rules, n) + 1
    if isinstance(phase, OpenAuction):
        may_pass = n - len(phase.passed) - (phase.high_bidder is not None)
        return total + n * (max_money(rules, n) - phase.high_bid) + may_pass
    if isinstance(phase, OneOfferAuction):
        return total + (phase.auctioneer - phase.turn) % n + 1
    if isinstance(phase, HiddenAuction):
        return total + sum(bid is None for bid in phase.bids)
    if isinstance(phase, FixedPriceAuction):
        if phase.price is None:
            return total + n
        return total + (phase.auctioneer - phase.turn) % n
    return total
