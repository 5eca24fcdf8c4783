"""Determinization: a full game state consistent with one seat's view.

Search bots (ISMCTS, PIMC) plan on sampled states so that they never peek
at a hidden card, bid or screened money.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from modern_art.data.events import Event
from modern_art.data.phases import HiddenAuction, Phase
from modern_art.data.state import GameState, PlayerState
from modern_art.seeing.money import MoneyLedger, known_money
from modern_art.seeing.views import HiddenAuctionView, PlayerView, unseen_cards

__all__ = ["sample_state"]


def sample_state(
    view: PlayerView,
    rng: random.Random,
    *,
    ledger: MoneyLedger | None = None,
    events: Iterable[Event] | None = None,
) -> GameState:
    """A full :class:`~modern_art.GameState` drawn from what ``view``'s seat knows.

    ``view(sample_state(v, rng, ...), v.seat) == v`` always holds, and the
    result is a state the engine plays on. How each hidden fact is filled:

    - Cards: the unseen cards (:func:`~modern_art.unseen_cards`) are
      shuffled with ``rng``, each permutation equally likely; the other
      hands take their sizes from the front, seat by seat, and the rest
      becomes the deck, top first.
    - Money: from the view where visible (the seat's own, or everyone's
      under ``open_money`` or once the game is over); otherwise from
      ``ledger``, or from a :class:`~modern_art.MoneyLedger` folded over
      ``events``, the seat's visible events since the game began (R7.4).
    - Others' sealed bids in a hidden auction in progress: each uniform from
      0 to that seat's (sampled) money, the whole range a hidden bid may
      take (R4.3). The seat's own bid is kept.

    Args:
        view: what the seat sees, from :func:`~modern_art.view`.
        rng: the only source of chance.
        ledger: the money of every seat from the public record.
        events: instead of ``ledger``: the seat's visible events, in order.

    Raises:
        ValueError: some money is screened and neither ``ledger`` nor
            ``events`` was given, both were given, or the money they give
            contradicts the money the view shows.

    >>> import random
    >>> import modern_art as ma
    >>> state = ma.new_game(4, seed=3)
    >>> v = ma.view(state, 2)
    >>> sampled = ma.sample_state(v, random.Random(0), events=())
    >>> ma.view(sampled, 2) == v, sampled.players[2].hand == state.players[2].hand
    (True, True)
    """
    money = _money(view, ledger, events)
    unseen = list(unseen_cards(view))
    rng.shuffle(unseen)
    players: list[PlayerState] = []
    for s, p in enumerate(view.players):
        if s == view.seat:
            hand = view.hand
        else:
            hand, unseen = tuple(unseen[: p.hand_size]), unseen[p.hand_size :]
        players.append(PlayerState(p.name, money[s], hand, p.museum))
    if len(unseen) != view.deck_size:
        raise ValueError(
            f"the view is inconsistent: {len(unseen)} unseen cards are left for"
            f" a deck of {view.deck_size}"
        )
    phase: Phase
    if isinstance(view.phase, HiddenAuctionView):
        auction = view.phase
        bids = tuple(
            (auction.own_bid if s == view.seat else rng.randint(0, money[s]))
            if s in auction.sealed
            else None
            for s in range(len(players))
        )
        phase = HiddenAuction(auction.auctioneer, auction.lot, auction.double_player, bids)
    else:
        phase = view.phase
    return GameState(
        view.rules,
        tuple(players),
        tuple(unseen),
        view.round,
        view.counts,
        view.tiles,
        view.discard,
        phase,
        view.step,
    )


def _money(
    view: PlayerView, ledger: MoneyLedger | None, events: Iterable[Event] | None
) -> tuple[int, ...]:
    shown = [p.money for p in view.players]
    return known_money(view.rules, shown, ledger, events, asker="sample_state")
