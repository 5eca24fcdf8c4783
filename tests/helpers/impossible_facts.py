"""Impossible positions, one fact of the position itself each: seats, cards, counts, tiles,
phases (issue 24). Each base state is found in a random 4-player game first; each case
breaks one fact of it (tests/helpers/impossible.py says how the readers are given it).
The facts of the history (money, discard, deal, turns) are in impossible_histories.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

import modern_art as ma
from tests.helpers.impossible import Impossible, setup_again, swap_cards
from tests.helpers.textgames import game_states


def _first(test: Callable[[ma.GameState], bool]) -> ma.GameState:
    for seed in range(60):
        for state, _ in game_states(4, seed):
            if test(state):
                return state
    raise AssertionError("no such state in 60 random games")  # pragma: no cover


def _phase(kind: type, more: Callable[[Any], bool] = lambda p: True) -> ma.GameState:
    return _first(lambda s: type(s.phase) is kind and s.round >= 2 and more(s.phase))


def _an_empty_hand(state: ma.GameState) -> int | None:
    return next((s for s, p in enumerate(state.players) if not p.hand), None)


MID = _first(
    lambda s: (
        isinstance(s.phase, ma.Offering)
        and s.round == 2
        and sum(len(p.museum) for p in s.players) >= 3
    )
)
EARLY = _first(lambda s: isinstance(s.phase, ma.Offering) and s.step > 3 and s.round == 1)
ROUND3 = _first(lambda s: isinstance(s.phase, ma.Offering) and s.round == 3)
OPEN = _phase(ma.OpenAuction, lambda p: p.high_bidder is not None and len(p.lot) == 1)
PAIR = _phase(ma.OpenAuction, lambda p: len(p.lot) == 2)
ONE = _phase(ma.OneOfferAuction, lambda p: p.turn != (p.auctioneer + 1) % 4)
HIDDEN = _phase(ma.HiddenAuction, lambda p: p.bids.count(None) == 2)
FIXED = _phase(ma.FixedPriceAuction, lambda p: p.price is not None and p.price > 1)
NAMING = _phase(ma.FixedPriceAuction, lambda p: p.price is None)
DOUBLE = _phase(ma.DoubleOffer)
OVER = _first(lambda s: s.is_over and s.round == 4)
EMPTY_OFFER = _first(lambda s: isinstance(s.phase, ma.Offering) and _an_empty_hand(s) is not None)
EMPTY_DOUBLE = _first(
    lambda s: isinstance(s.phase, ma.DoubleOffer) and _an_empty_hand(s) is not None
)


def with_player(state: ma.GameState, seat: int, **changes: Any) -> ma.GameState:
    """``state`` with seat ``seat``'s player changed by ``changes`` (``money=-5``)."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def _phase_of(state: ma.GameState, **changes: Any) -> ma.GameState:
    return attrs.evolve(state, phase=attrs.evolve(state.phase, **changes))


def _empty_hands(state: ma.GameState) -> ma.GameState:
    held = tuple(c for p in state.players for c in p.hand)
    for seat in range(len(state.players)):
        state = with_player(state, seat, hand=())
    return attrs.evolve(state, discard=state.discard + held)


def _overfull_hand(state: ma.GameState, seat: int) -> ma.GameState:
    """Seat ``seat`` takes deck cards until it holds one more than it was dealt."""
    p = state.players[seat]
    k = sum(state.rules.deals(len(state.players))[: state.round]) + 1 - len(p.hand)
    return attrs.evolve(
        with_player(state, seat, hand=p.hand + state.deck[:k]), deck=state.deck[k:]
    )


def _unplayed(state: ma.GameState, test: Callable[[ma.Card], bool]) -> ma.Card:
    """A card in the deck, a hand or the discard that ``test`` accepts: the deck's first."""
    places = [state.deck, *(p.hand for p in state.players), state.discard]
    return next(c for cards in places for c in cards if test(c))


def _lot_card(state: ma.GameState, at: int, test: Callable[[ma.Card], bool]) -> ma.GameState:
    """The lot's card ``at`` trades places with an unplayed card that ``test`` accepts."""
    lot = state.phase.lot  # type: ignore[union-attr]
    return swap_cards(state, lot[at], _unplayed(state, test))


def _same_artist(card: ma.Card, kind: ma.Auction) -> Callable[[ma.Card], bool]:
    return lambda c: c.artist == card.artist and c.auction is kind


def _lot_of_three() -> ma.GameState:
    """The pair's lot with a third card, the last of the fullest hand."""
    seat = max(range(4), key=lambda s: len(PAIR.players[s].hand))
    hand = PAIR.players[seat].hand
    state = _phase_of(PAIR, lot=(*PAIR.phase.lot, hand[-1]))  # type: ignore[union-attr]
    return with_player(state, seat, hand=hand[:-1])


def _asked_with_an_empty_hand() -> ma.GameState:
    return _phase_of(EMPTY_DOUBLE, asking=_an_empty_hand(EMPTY_DOUBLE))


ORIGINAL = ma.preset("original").deck
_DOUBLE_CARD = DOUBLE.phase.card  # type: ignore[union-attr]
_OPEN_LOT = OPEN.phase.lot[0]  # type: ignore[union-attr]
_PAIRED = PAIR.phase.lot[0]  # type: ignore[union-attr]
_COUNTS = (
    "setup counts this round's paintings from the museums and the lot: no argument gives counts"
)
_FIVE_MELIMS = [["melim/o", "melim/h", "melim/f"], ["melim/n", "melim/o"], [], []]


def _fifth_melim(check: bool) -> ma.GameState:
    return ma.setup(4, round=2, hands=[[...]] * 4, museums=_FIVE_MELIMS, check=check)


BAD: list[Impossible] = [
    Impossible(
        "two players", lambda: attrs.evolve(MID, players=MID.players[:2]), "players, got 2 (R1.1)"
    ),
    Impossible(
        "eight players", lambda: attrs.evolve(MID, players=MID.players * 2), "got 8 (R1.1)"
    ),
    Impossible(
        "round 0",
        lambda: attrs.evolve(MID, round=0),
        "round 0 is not a round",
        setup_says="round must be a whole number from 1 to 4, got 0",
    ),
    Impossible(
        "round 5",
        lambda: attrs.evolve(MID, round=5),
        "round 5 is not a round",
        setup_says="round must be a whole number from 1 to 4, got 5",
    ),
    Impossible(
        "negative step",
        lambda: attrs.evolve(MID, step=-1),
        "step -1 is not a count",
        setup_says="step must be a whole number from 0 to 999999999999999999, got -1",
    ),
    Impossible("step below offers", lambda: attrs.evolve(MID, step=1), "below the"),
    Impossible(
        "negative money", lambda: with_player(MID, 1, money=-5), "seat 1 has negative money, -5"
    ),
    Impossible(
        "a card of another edition",
        lambda: with_player(MID, 0, hand=(ORIGINAL[0], *MID.players[0].hand[1:])),
        "not a card of the deck",
        read_says="no artist is called 'Metal'",
        json_says='the deck has no card 0 by "Lite Metal"',
        setup_says="is not in the deck",
    ),
    Impossible(
        "a card in two places",
        lambda: with_player(MID, 0, hand=(*MID.players[0].hand, MID.discard[0])),
        "is in the discard and in seat 0's hand",
        setup=lambda: setup_again(
            with_player(MID, 0, hand=(*MID.players[0].hand, MID.discard[0])), deck=False
        ),
        setup_says="used twice",
    ),
    Impossible(
        "a card missing",
        lambda: attrs.evolve(MID, discard=MID.discard[1:]),
        "1 card of the deck is missing",
        not_setup="setup places every card of the deck: the ones not named fill the deck",
    ),
    Impossible(
        "a deck too long for the round",
        lambda: attrs.evolve(MID, discard=MID.discard[1:], deck=(MID.discard[0], *MID.deck)),
        "but after the deals of rounds 1 to 2",
    ),
    Impossible(
        "a hand larger than dealt", lambda: _overfull_hand(EARLY, 0), "more than the 9 dealt"
    ),
    Impossible(
        "counts too short",
        lambda: attrs.evolve(MID, counts=MID.counts[:4]),
        "counts must be 5",
        not_setup=_COUNTS,
    ),
    Impossible(
        "tiles too short",
        lambda: attrs.evolve(MID, tiles=MID.tiles[:4]),
        "tiles must be 5",
        not_setup="setup takes tiles by artist's name, so every artist has a pile",
    ),
    Impossible(
        "a negative count",
        lambda: attrs.evolve(MID, counts=(-1, *MID.counts[1:])),
        "a negative count",
        not_setup=_COUNTS,
    ),
    Impossible(
        "counts not the cards offered",
        lambda: attrs.evolve(MID, counts=tuple(c + 1 for c in MID.counts)),
        "but museums and the lot hold",
        not_setup=_COUNTS,
    ),
    Impossible(
        "a fifth painting in a round that goes on",
        lambda: _fifth_melim(check=False),
        "paintings of one artist end the round (R6.1)",
        setup=lambda: _fifth_melim(check=True),
    ),
    Impossible(
        "a tile of an unknown value",
        lambda: attrs.evolve(MID, tiles=((25,), *MID.tiles[1:])),
        "a value tile of 25",
    ),
    Impossible(
        "two tiles for an artist after one ranking",
        lambda: attrs.evolve(MID, tiles=((30, 30), (), (), (), ())),
        "holds 2 tiles after 1 ranking;",
    ),
    Impossible(
        "no 30 tile for a past round",
        lambda: attrs.evolve(MID, tiles=((20,), (10,), (), (), ())),
        "each giving one 30 tile",
    ),
    Impossible(
        "tiles in an impossible order",
        lambda: attrs.evolve(ROUND3, tiles=((20, 30), (20, 30), (), (), ())),
        "no order of 2 rankings",
    ),
    Impossible(
        "tiles in round 1", lambda: attrs.evolve(EARLY, tiles=((30,), (), (), (), ())), "after 0"
    ),
    Impossible(
        "a discard before any round ended",
        lambda: attrs.evolve(EARLY, deck=EARLY.deck[1:], discard=EARLY.deck[:1]),
        "the discard holds cards before any round has ended",
    ),
    Impossible(
        "a discard smaller than the rounds ended",
        lambda: attrs.evolve(
            ROUND3, discard=ROUND3.discard[:1], deck=ROUND3.discard[1:] + ROUND3.deck
        ),
        "2 rounds ended so far, each on an offered card",
        # In setup's terms the cards not discarded are in the deck, which is too long.
        setup_says="cards named for the undealt deck, but after the deals of rounds 1 to 3",
    ),
    Impossible(
        "an auctioneer with an empty hand",
        lambda: attrs.evolve(EMPTY_OFFER, phase=ma.Offering(_an_empty_hand(EMPTY_OFFER) or 0)),
        "offers with an empty hand (R2.3)",
    ),
    Impossible(
        "an auctioneer who is no seat", lambda: _phase_of(MID, auctioneer=4), "is 4, not a seat"
    ),
    Impossible(
        "every hand empty mid-round",
        lambda: _empty_hands(MID),
        "every hand is empty",
    ),
    Impossible(
        "a double waiting that is no double",
        lambda: swap_cards(
            DOUBLE, _DOUBLE_CARD, _unplayed(DOUBLE, _same_artist(_DOUBLE_CARD, ma.Auction.OPEN))
        ),
        "but is not a double (R5.1)",
    ),
    Impossible(
        "a second card asked of an empty hand",
        _asked_with_an_empty_hand,
        "is asked for a second card with an empty hand",
    ),
    Impossible(
        "a double auctioned alone",
        lambda: _lot_card(OPEN, 0, _same_artist(_OPEN_LOT, ma.Auction.DOUBLE)),
        "is auctioned alone",
    ),
    Impossible(
        "a card sold in another kind of auction",
        lambda: _lot_card(OPEN, 0, _same_artist(_OPEN_LOT, ma.Auction.HIDDEN)),
        "not its own kind (R2.1)",
    ),
    Impossible(
        "a pair by two artists",
        lambda: _lot_card(
            PAIR, 1, lambda c: c.artist != _PAIRED.artist and c.auction is ma.Auction.OPEN
        ),
        "a pair's cards are by one artist",
    ),
    Impossible(
        "a pair of two doubles",
        lambda: _lot_card(
            PAIR, 1, lambda c: c.artist == _PAIRED.artist and c.auction is ma.Auction.DOUBLE
        ),
        "a pair is a double and a card that is not one",
    ),
    Impossible(
        "a pair with no double player",
        lambda: _phase_of(PAIR, double_player=None),
        "no double player",
    ),
    Impossible(
        "one card with a double player",
        lambda: _phase_of(OPEN, double_player=0),
        "has a double player",
    ),
    Impossible(
        "a high bid without a bidder",
        lambda: _phase_of(OPEN, high_bidder=None, passed=frozenset()),
        "without a bidder (R3.2)",
    ),
    Impossible(
        "a bidder with a bid of 0",
        lambda: _phase_of(OPEN, high_bid=0, passed=frozenset()),
        "the lowest bid is 1",
    ),
    Impossible(
        "a high bid above the bidder's money",
        lambda: _phase_of(OPEN, high_bid=10_000),
        "more than its money",
    ),
    Impossible(
        "a high bidder who passed",
        lambda: _phase_of(OPEN, passed=frozenset({OPEN.phase.high_bidder})),  # type: ignore[union-attr]
        "holds the high bid and has passed",
    ),
    Impossible(
        "an open auction everyone passed",
        lambda: _phase_of(
            OPEN,
            passed=frozenset(range(4)) - {OPEN.phase.high_bidder},  # type: ignore[union-attr]
        ),
        "every seat that could bid has passed",
    ),
    Impossible("a turn that is no seat", lambda: _phase_of(ONE, turn=7), "turn is 7"),
    Impossible(
        "a one-offer bid before its turn",
        lambda: _phase_of(ONE, high_bid=1, high_bidder=ONE.phase.turn),  # type: ignore[union-attr]
        "holds the high bid before its turn",
    ),
    Impossible(
        "hidden bids for too few seats",
        lambda: _phase_of(HIDDEN, bids=(None,) * 3),
        "one bid per seat",
    ),
    Impossible(
        "a hidden bid above the bidder's money",
        lambda: _phase_of(HIDDEN, bids=(10_000, *HIDDEN.phase.bids[1:])),  # type: ignore[union-attr]
        "hidden bid of 10000 is more than its money",
    ),
    Impossible(
        "every hidden bid in", lambda: _phase_of(HIDDEN, bids=(0,) * 4), "every hidden bid is in"
    ),
    Impossible(
        "a negative hidden bid",
        lambda: _phase_of(HIDDEN, bids=(-1, *HIDDEN.phase.bids[1:])),  # type: ignore[union-attr]
        "hidden bid of -1 is negative",
    ),
    Impossible(
        "a seat acting before the price is named",
        lambda: _phase_of(NAMING, turn=(NAMING.phase.auctioneer + 1) % 4),  # type: ignore[union-attr]
        "acts before the auctioneer names the price",
    ),
    Impossible(
        "a price the auctioneer could not name",
        lambda: _phase_of(FIXED, price=10_000),
        "is not one the auctioneer could name",
    ),
    Impossible(
        "the auctioneer asked to accept its own price",
        lambda: _phase_of(FIXED, turn=FIXED.phase.auctioneer),  # type: ignore[union-attr]
        "accept its own price",
    ),
    Impossible("a lot of three cards", _lot_of_three, "a lot holds one or two cards, got 3"),
    Impossible(
        "a finished game with paintings in a museum",
        lambda: attrs.evolve(
            with_player(OVER, 0, museum=OVER.discard[:1]), discard=OVER.discard[1:]
        ),
        "counts or museums are not cleared",
    ),
    Impossible(
        "a game over too early with cards in hand",
        lambda: attrs.evolve(
            MID,
            phase=ma.GameOver(),
            counts=(0,) * 5,
            players=tuple(attrs.evolve(p, museum=()) for p in MID.players),
            discard=MID.discard + tuple(c for p in MID.players for c in p.museum),
            tiles=(MID.tiles[0] + (30,), MID.tiles[1] + (20,), *MID.tiles[2:]),
        ),
        "the game is over in round 2 of 4 with cards in hand",
    ),
]
"""Positions of one impossible fact each: seats, cards, counts, tiles, phases."""
