"""The positions of the gallery page: one scripted round in which every kind of auction runs.

Four players, Ann, Bo, Cy and Di, play the first round from a stacked deck.
Each function returns the position the gallery draws; ``PICTURES`` names
them all. The script:

1. Ann offers a Melim in an open auction: Bo bids 10, Cy 15, Di passes.
2. Bo offers a Thaler in a one-offer auction: Cy bids 12, Di passes, Ann 20.
3. Cy offers a Silveira in a hidden auction: Di seals 8, Ann 14, Bo 5, Cy 0.
4. Di offers a Carvalho at a fixed price of 18: Ann passes, Bo accepts.
5. Ann plays a Martins double and adds nothing; Bo adds a Martins (open)
   and takes the auction over (R5.2): Cy buys the pair for 30.
6. Cy, Di, Ann and Bo offer Melims; nobody bids; the fifth ends the round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import modern_art as ma

OPEN, ONE, HIDDEN = ma.Auction.OPEN, ma.Auction.ONE_OFFER, ma.Auction.HIDDEN
FIXED, DOUBLE = ma.Auction.FIXED_PRICE, ma.Auction.DOUBLE
NAMES = ["Ann", "Bo", "Cy", "Di"]

DECK = ma.stack_deck(
    [
        [  # Ann
            *[("melim", OPEN), ("martins", DOUBLE), ("melim", ONE), ("thaler", OPEN)],
            *[("carvalho", OPEN), ("silveira", OPEN), ("martins", ONE), ("thaler", HIDDEN)],
            ("silveira", FIXED),
        ],
        [  # Bo
            *[("thaler", ONE), ("martins", OPEN), ("melim", ONE), ("carvalho", ONE)],
            *[("silveira", ONE), ("thaler", FIXED), ("carvalho", HIDDEN), ("martins", HIDDEN)],
            ("silveira", DOUBLE),
        ],
        [  # Cy
            *[("silveira", HIDDEN), ("melim", OPEN), ("thaler", OPEN), ("carvalho", OPEN)],
            *[("martins", OPEN), ("silveira", OPEN), ("melim", HIDDEN), ("thaler", DOUBLE)],
            ("carvalho", DOUBLE),
        ],
        [  # Di
            *[("carvalho", FIXED), ("melim", OPEN), ("thaler", ONE), ("martins", ONE)],
            *[("silveira", ONE), ("melim", FIXED), ("carvalho", FIXED), ("martins", FIXED)],
            ("thaler", HIDDEN),
        ],
    ]
)


def _offer(state: ma.GameState, seat: int, artist: str, kind: ma.Auction) -> ma.Action:
    card = next(
        c for c in state.players[seat].hand if artist in c.artist.lower() and c.auction is kind
    )
    return ma.PlayCard(seat, card)


def _script() -> Iterator[tuple[str, ma.GameState]]:
    """Every state of the scripted round, each named by the action that led to it."""
    state = ma.new_game(NAMES, deck=DECK)

    def go(*actions: ma.Action | Callable[[ma.GameState], ma.Action]) -> ma.GameState:
        nonlocal state
        for action in actions:
            chosen = action(state) if callable(action) else action
            state = ma.apply(state, chosen).state
        return state

    yield "start", state
    go(lambda s: _offer(s, 0, "melim", OPEN), ma.Bid(1, 10), ma.Bid(2, 15), ma.Pass(3))
    yield "open", state
    go(ma.Pass(0), ma.Pass(1))
    go(lambda s: _offer(s, 1, "thaler", ONE), ma.Bid(2, 12), ma.Pass(3))
    yield "one_offer", state
    go(ma.Bid(0, 20), ma.Pass(1))
    go(lambda s: _offer(s, 2, "silveira", HIDDEN), ma.Bid(3, 8), ma.Bid(0, 14))
    yield "hidden", state
    go(ma.Bid(1, 5), ma.Bid(2, 0))
    go(lambda s: _offer(s, 3, "carvalho", FIXED), ma.SetPrice(3, 18))
    yield "fixed_price", state
    go(ma.Pass(0), ma.Accept(1))
    go(lambda s: _offer(s, 0, "martins", DOUBLE), ma.Pass(0))
    yield "double_offer", state
    go(lambda s: _offer(s, 1, "martins", OPEN))
    yield "takeover", state
    go(ma.Bid(2, 30), ma.Pass(3), ma.Pass(0), ma.Pass(1))
    for seat, kind in ((2, OPEN), (3, OPEN), (0, ONE)):
        go(lambda s, seat=seat, kind=kind: _offer(s, seat, "melim", kind))
        while state.auction is not None:
            go(ma.Pass(ma.next_seat(state)))
    yield "before_round_end", state
    go(lambda s: _offer(s, 1, "melim", ONE))
    yield "round_end", state


STATES = dict(_script())
"""The scripted round's positions by name."""


def open_auction() -> ma.GameState:
    """Ann's open auction: Cy holds the high bid of 15, Di has passed."""
    return STATES["open"]


def one_offer_auction() -> ma.GameState:
    """Bo's one-offer auction: Cy bid 12, Di passed, Ann to bid."""
    return STATES["one_offer"]


def hidden_auction() -> ma.GameState:
    """Cy's hidden auction: Di and Ann have sealed their bids."""
    return STATES["hidden"]


def hidden_auction_seen_by_each() -> tuple[ma.PlayerView, ma.PlayerView]:
    """The same hidden auction as Ann (sealed 14) and as Bo (not yet sealed) see it."""
    state = STATES["hidden"]
    return ma.view(state, 0), ma.view(state, 1)


def fixed_price_auction() -> ma.GameState:
    """Di's fixed-price auction at 18: Ann to accept or pass."""
    return STATES["fixed_price"]


def double_offer() -> ma.GameState:
    """Ann's double card: Ann added nothing, Bo may add a second Martins."""
    return STATES["double_offer"]


def double_takeover() -> ma.GameState:
    """Bo added a Martins and runs the pair's open auction (R5.2)."""
    return STATES["takeover"]


def before_round_end() -> ma.GameState:
    """Four Melims are out; Bo holds the fifth."""
    return STATES["before_round_end"]


def round_end() -> ma.GameState:
    """Bo's fifth Melim ended round 1: tiles on the board, museums sold, round 2 dealt."""
    return STATES["round_end"]


PICTURES: dict[str, Callable[[], ma.GameState | tuple[ma.PlayerView, ...]]] = {
    "open_auction": open_auction,
    "one_offer_auction": one_offer_auction,
    "hidden_auction": hidden_auction,
    "hidden_auction_seen_by_each": hidden_auction_seen_by_each,
    "fixed_price_auction": fixed_price_auction,
    "double_offer": double_offer,
    "double_takeover": double_takeover,
    "before_round_end": before_round_end,
    "round_end": round_end,
}
"""Every picture of the gallery page, by name (also the screenshots' file names)."""


def quickstart() -> ma.GameState:
    """The quickstart's one-offer auction: seat 0 offered a Martins, seat 1 bid 10."""
    state = ma.new_game(3, seed=1)
    state = ma.apply(state, ma.PlayCard(0, state.players[0].hand[0])).state
    return ma.apply(state, ma.Bid(1, 10)).state
