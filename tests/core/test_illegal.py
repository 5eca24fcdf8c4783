"""IllegalAction for every way an action can be wrong, citing the rule; the state untouched."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import modern_art as ma
from tests.helpers.rulekit import (
    CAR,
    DOUBLE,
    FIXED,
    HIDDEN,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    card,
    game,
    offer,
    refused,
    run,
)

HANDS = [
    [
        (MEL, OPEN),
        (MEL, ONE),
        (MEL, HIDDEN),
        (MEL, FIXED),
        (MEL, DOUBLE),
        (MEL, DOUBLE),
        (CAR, OPEN),
    ],
    [(MEL, OPEN), (MEL, ONE), (THA, OPEN), (THA, ONE), (THA, HIDDEN), (THA, FIXED), (THA, DOUBLE)],
    [
        (SIL, OPEN),
        (SIL, ONE),
        (SIL, HIDDEN),
        (SIL, FIXED),
        (CAR, ONE),
        (CAR, HIDDEN),
        (SIL, DOUBLE),
    ],
]
SEAT1_CARD = ma.find_cards(ma.Rules(), "thaler", OPEN)[0]


def offering() -> ma.GameState:
    """Seat 0 must offer a card."""
    return game(HANDS)


def open_auction() -> ma.GameState:
    """Seat 0's open auction: seat 1 bid 10, seat 2 passed."""
    return run(offering(), offer(0, MEL, OPEN), ma.Bid(1, 10), ma.Pass(2))[0]


def one_offer() -> ma.GameState:
    """Seat 0's one-offer auction: seat 1 is to act."""
    return run(offering(), offer(0, MEL, ONE))[0]


def one_offer_bid() -> ma.GameState:
    """Seat 0's one-offer auction: seat 1 bid 10; seat 2 is to act."""
    return run(one_offer(), ma.Bid(1, 10))[0]


def hidden() -> ma.GameState:
    """Seat 0's hidden auction: seat 1 has sealed a bid."""
    return run(offering(), offer(0, MEL, HIDDEN), ma.Bid(1, 5))[0]


def fixed_unpriced() -> ma.GameState:
    """Seat 0's fixed-price auction before the price."""
    return run(offering(), offer(0, MEL, FIXED))[0]


def fixed_priced() -> ma.GameState:
    """Seat 0 asked 60; seat 1 is to accept or pass."""
    return run(fixed_unpriced(), ma.SetPrice(0, 60))[0]


def fixed_too_dear() -> ma.GameState:
    """Seat 1 has spent 50; seat 0 asks 60 and seat 1 must answer."""
    state, _ = run(offering(), offer(0, MEL, OPEN), ma.Bid(1, 50), ma.Pass(2), ma.Pass(0))
    state, _ = run(state, offer(1, THA, OPEN), ma.Pass(2), ma.Pass(0), ma.Pass(1))
    state, _ = run(state, offer(2, SIL, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    return run(state, offer(0, MEL, FIXED), ma.SetPrice(0, 60))[0]


def double_offer() -> ma.GameState:
    """Seat 0 played its Melim double and is asked for a second card."""
    return run(offering(), offer(0, MEL, DOUBLE))[0]


def game_over() -> ma.GameState:
    """A finished one-round game."""
    rules = ma.Rules(rounds=1, deal_schedule={n: (1,) for n in (3, 4, 5)})
    deck = ma.stack_deck([[(MEL, OPEN)], [(THA, OPEN)], [(SIL, OPEN)]], rules=rules)
    state = ma.new_game(3, deck=deck, rules=rules)
    state, _ = run(state, offer(0, MEL, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    state, _ = run(state, offer(1, THA, OPEN), ma.Pass(0), ma.Pass(1), ma.Pass(2))
    state, _ = run(state, offer(2, SIL, OPEN))
    assert state.is_over
    return state


Make = Callable[[ma.GameState], object]


def mine(seat: int, artist: str, kind: ma.Auction) -> Make:
    """PlayCard of a card ``seat`` holds (built from the state)."""
    return lambda state: ma.PlayCard(seat, card(state, seat, artist, kind))


CASES: list[tuple[str, Callable[[], ma.GameState], object, str]] = [
    # Not this seat's turn.
    ("offer out of turn", offering, ma.PlayCard(1, SEAT1_CARD), "R2.1"),
    ("bid while offering", offering, ma.Bid(1, 5), "R2.1"),
    ("one-offer out of turn", one_offer, ma.Bid(2, 5), "R4.2"),
    ("one-offer auctioneer early", one_offer, ma.Pass(0), "R4.2"),
    ("price by non-auctioneer", fixed_unpriced, ma.SetPrice(1, 5), "R4.4"),
    ("accept before the price", fixed_unpriced, ma.Accept(1), "R4.4"),
    ("accept out of turn", fixed_priced, ma.Accept(2), "R4.4"),
    ("double asked seat 0", double_offer, ma.Pass(1), "R5.2"),
    ("open high bidder raises", open_auction, ma.Bid(1, 11), "R4.1"),
    ("open high bidder passes", open_auction, ma.Pass(1), "R4.1"),
    ("open passed seat bids", open_auction, ma.Bid(2, 11), "R4.1"),
    ("hidden bid twice", hidden, ma.Bid(1, 6), "R4.3"),
    # A seat that does not exist (R1.5).
    ("seat 3 of 3", offering, ma.Pass(3), "R1.5"),
    ("seat -1", open_auction, ma.Bid(-1, 20), "R1.5"),
    ("seat True", offering, ma.Pass(True), "R1.5"),  # a bool is an int to mypy
    ("seat '0'", one_offer, ma.Pass("1"), "R1.5"),  # type: ignore[arg-type]
    ("seat None", hidden, ma.Bid(None, 3), "R1.5"),  # type: ignore[arg-type]
    ("seat 1.0", fixed_priced, ma.Accept(1.0), "R1.5"),  # type: ignore[arg-type]
    # A card not in hand.
    ("another seat's card", offering, ma.PlayCard(0, SEAT1_CARD), "R2.1"),
    ("a string card", offering, ma.PlayCard(0, "Daniel Melim"), "R2.1"),  # type: ignore[arg-type]
    ("a None card", offering, ma.PlayCard(0, None), "R2.1"),  # type: ignore[arg-type]
    ("a made-up card", offering, ma.PlayCard(0, ma.Card(99, "Daniel Melim", OPEN)), "R2.1"),
    ("second card not held", double_offer, ma.PlayCard(0, SEAT1_CARD), "R5.1"),
    # The wrong kind of action for the phase.
    ("pass while offering", offering, ma.Pass(0), "R2.1"),
    ("bid while offering (own turn)", offering, ma.Bid(0, 5), "R2.1"),
    ("price while offering", offering, ma.SetPrice(0, 5), "R2.1"),
    ("accept while offering", offering, ma.Accept(0), "R2.1"),
    ("accept in open", open_auction, ma.Accept(0), "R4.1"),
    ("price in open", open_auction, ma.SetPrice(0, 20), "R4.1"),
    ("card in open", open_auction, mine(0, MEL, HIDDEN), "R4.1"),
    ("accept in one-offer", one_offer, ma.Accept(1), "R4.2"),
    ("card in one-offer", one_offer, mine(1, THA, OPEN), "R4.2"),
    ("pass in hidden", hidden, ma.Pass(2), "R4.3"),
    ("accept in hidden", hidden, ma.Accept(2), "R4.3"),
    ("price in hidden", hidden, ma.SetPrice(0, 5), "R4.3"),
    ("bid before the price", fixed_unpriced, ma.Bid(0, 5), "R4.4"),
    ("pass before the price", fixed_unpriced, ma.Pass(0), "R4.4"),
    ("bid on a fixed price", fixed_priced, ma.Bid(1, 60), "R4.4"),
    ("price twice", fixed_priced, ma.SetPrice(1, 30), "R4.4"),
    ("bid on a double", double_offer, ma.Bid(0, 5), "R5.2"),
    ("accept on a double", double_offer, ma.Accept(0), "R5.2"),
    # A bid not above the high bid.
    ("open bid equal", open_auction, ma.Bid(0, 10), "R3.2"),
    ("open bid below", open_auction, ma.Bid(0, 3), "R3.2"),
    ("one-offer bid equal", one_offer_bid, ma.Bid(2, 10), "R3.2"),
    # A bid or price above the player's money.
    ("open bid above money", open_auction, ma.Bid(0, 101), "R3.1"),
    ("one-offer above money", one_offer, ma.Bid(1, 101), "R3.1"),
    ("hidden above money", hidden, ma.Bid(2, 101), "R3.1"),
    ("price above money", fixed_unpriced, ma.SetPrice(0, 101), "R4.4"),
    ("accept above money", fixed_too_dear, ma.Accept(1), "R3.1"),
    # Negative amounts.
    ("open negative", open_auction, ma.Bid(0, -5), "R3.2"),
    ("one-offer negative", one_offer, ma.Bid(1, -1), "R3.2"),
    ("hidden negative", hidden, ma.Bid(2, -1), "R4.3"),
    ("price negative", fixed_unpriced, ma.SetPrice(0, -1), "R4.4"),
    # Zero where 0 is not allowed.
    ("open zero", open_auction, ma.Bid(0, 0), "R3.2"),
    ("one-offer zero", one_offer, ma.Bid(1, 0), "R3.2"),
    ("price zero with money", fixed_unpriced, ma.SetPrice(0, 0), "R4.4"),
    # Second card of another artist, or a double.
    ("second card other artist", double_offer, mine(0, CAR, OPEN), "R5.1"),
    ("second card a double", double_offer, mine(0, MEL, DOUBLE), "R5.1"),
    # After the game ended (R8.1), whatever the action.
    ("pass after the end", game_over, ma.Pass(0), "R8.1"),
    ("bid after the end", game_over, ma.Bid(1, 5), "R8.1"),
    ("bad seat after the end", game_over, ma.Pass(9), "R8.1"),
    ("garbage after the end", game_over, "hello", "R8.1"),
    # Objects that are not actions: refused by the phase's own rule.
    ("a string", offering, "PlayCard", "R2.1"),
    ("None", open_auction, None, "R4.1"),
    ("an int", one_offer, 7, "R4.2"),
    ("a tuple", hidden, ("Bid", 1, 5), "R4.3"),
    ("an object", fixed_priced, object(), "R4.4"),
    ("a card", double_offer, ma.Card(0, "Manuel Carvalho", OPEN), "R5.2"),
]
# Non-integer amounts: R3.1 in every auction that takes an amount.
for bad in (2.5, "7", True, None, 7.0, [7]):
    CASES += [
        (f"open bid {bad!r}", open_auction, ma.Bid(0, bad), "R3.1"),  # type: ignore[arg-type]
        (f"one-offer bid {bad!r}", one_offer, ma.Bid(1, bad), "R3.1"),  # type: ignore[arg-type]
        (f"hidden bid {bad!r}", hidden, ma.Bid(2, bad), "R3.1"),  # type: ignore[arg-type]
        (f"price {bad!r}", fixed_unpriced, ma.SetPrice(0, bad), "R3.1"),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize(
    ("where", "action", "rule"),
    [pytest.param(where, action, rule, id=name) for name, where, action, rule in CASES],
)
def test_illegal_action_is_refused_citing_the_rule(
    where: Callable[[], ma.GameState], action: object, rule: str
) -> None:
    """The action raises IllegalAction with .rule and .action; the state is unchanged."""
    state = where()
    if callable(action) and not isinstance(action, type):
        action = action(state)
    err = refused(state, action, rule)
    assert isinstance(err, ValueError)
    assert action not in ma.legal_actions(state)


def test_R5_1_second_card_refusals_name_what_was_expected() -> None:
    """The message for a wrong second card says which artist was expected."""
    state = double_offer()
    err = refused(state, ma.PlayCard(0, card(state, 0, CAR, OPEN)), "R5.1")
    assert "Daniel Melim" in err.reason and "Manuel Carvalho" in err.reason


def test_R3_2_message_reads_like_a_referee() -> None:
    """A low bid's message says what came and what was expected."""
    err = refused(open_auction(), ma.Bid(0, 3), "R3.2")
    assert err.reason == "bid of 3 by seat 0 is not above the high bid of 10"


def test_apply_accepts_exactly_the_legal_actions() -> None:
    """Along random games, each candidate action is applied if legal and refused otherwise."""
    rng = random.Random(5)
    for seed in range(6):
        state = ma.new_game(3 + seed % 3, seed=seed)
        deck = state.rules.deck
        while not state.is_over:
            n = state.num_players
            money = max(p.money for p in state.players)
            amounts: list[object] = [-1, 0, 1, 2, money, money + 1, 2.5, "7", True, None]
            candidates: list[object] = [None, "x"]
            for seat in (*range(n), n, -1):
                candidates += [ma.Pass(seat), ma.Accept(seat)]
                candidates += [ma.Bid(seat, a) for a in amounts]  # type: ignore[arg-type]
                candidates += [ma.SetPrice(seat, a) for a in amounts]  # type: ignore[arg-type]
                candidates += [ma.PlayCard(seat, c) for c in rng.sample(deck, 6)]
                if 0 <= seat < n:
                    candidates += [ma.PlayCard(seat, c) for c in state.players[seat].hand]
            legal = ma.legal_actions(state)
            for action in candidates:
                try:
                    ma.apply(state, action)  # type: ignore[call-overload]
                except ma.IllegalAction:
                    assert action not in legal, action
                else:
                    assert action in legal, action
            state = ma.apply(state, legal[rng.randrange(len(legal))]).state


def test_R1_5_seat_not_an_int_is_never_a_legal_action() -> None:
    """``Pass(True)`` equals ``Pass(1)`` but is refused by apply, so it is not in legal_actions."""
    state = ma.new_game(3, seed=1, first_auctioneer=1)
    card = state.players[1].hand[0]
    legal = ma.legal_actions(state)
    assert ma.PlayCard(1, card) in legal
    for seat in (True, 1.0):
        action = ma.PlayCard(seat, card)  # type: ignore[arg-type]
        assert action == ma.PlayCard(1, card)
        assert action not in legal
        with pytest.raises(ma.IllegalAction):
            ma.apply(state, action)


def test_R2_1_a_subclass_of_an_action_class_is_refused_like_any_non_action() -> None:
    """Only the five action classes themselves are actions: a subclass is refused, never applied.

    A subclass is not equal to the legal action it copies (attrs equality compares
    classes), so accepting it would break "accepted exactly when legal" (a decision).
    """

    class MyPlayCard(ma.PlayCard):
        pass

    class MyPass(ma.Pass):
        pass

    state = ma.new_game(3, seed=1)
    card = state.players[0].hand[0]
    mine = MyPlayCard(0, card)
    assert mine not in ma.legal_actions(state) and mine != ma.PlayCard(0, card)
    err = refused(state, mine, "R2.1")
    assert "subclass" in err.reason and "MyPlayCard" in err.reason
    assert MyPass(0) not in ma.legal_actions(state)
    refused(state, MyPass(0), "R2.1")
