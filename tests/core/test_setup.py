"""R1: setup: players, money, the deck, the deal, the first auctioneer, hands and museums."""

from __future__ import annotations

from collections import Counter

import pytest

import modern_art as ma
from tests.helpers.rulekit import CAR, MEL, OPEN, SIL, THA, game, let_go, money, offer, run


def test_R1_1_three_to_five_players() -> None:
    """New games take 3, 4 or 5 players and refuse 2 and 6."""
    for n in (3, 4, 5):
        assert ma.new_game(n, seed=1).num_players == n
    for n in (2, 6):
        with pytest.raises(ValueError, match="3 to 5 players"):
            ma.new_game(n, seed=1)


def test_R1_1_player_limits_are_rules_fields() -> None:
    """``min_players``/``max_players`` widen the table when the schedule allows it."""
    rules = ma.Rules(
        min_players=2, max_players=6, deal_schedule={n: (5, 2, 2, 0) for n in range(2, 7)}
    )
    assert ma.new_game(2, seed=0, rules=rules).num_players == 2
    assert ma.new_game(6, seed=0, rules=rules).num_players == 6
    with pytest.raises(ValueError, match="2 to 6 players"):
        ma.new_game(7, seed=0, rules=rules)


def test_R1_2_everyone_starts_with_100_behind_a_screen() -> None:
    """Each seat starts with 100 money; money is secret by default (``open_money`` off)."""
    state = ma.new_game(["Ann", "Bo", "Cy", "Di"], seed=3)
    assert money(state) == (100, 100, 100, 100)
    assert [p.name for p in state.players] == ["Ann", "Bo", "Cy", "Di"]
    assert state.rules.open_money is False


def test_R1_2_starting_money_is_a_rules_field() -> None:
    """``starting_money`` sets every seat's money."""
    state = ma.new_game(3, seed=3, rules=ma.Rules(starting_money=40))
    assert money(state) == (40, 40, 40)


def test_R1_3_the_cmon_deck() -> None:
    """70 cards by 5 artists in board order, with the documented counts and symbol split."""
    rules = ma.Rules()
    assert rules.artists == (
        "Manuel Carvalho",
        "Sigrid Thaler",
        "Daniel Melim",
        "Ramon Martins",
        "Rafael Silveira",
    )
    deck = rules.deck
    assert len(deck) == 70 and [c.id for c in deck] == list(range(70))
    split = Counter((c.artist, c.auction) for c in deck)
    table = {
        "Manuel Carvalho": (3, 3, 2, 2, 2),
        "Sigrid Thaler": (3, 2, 3, 3, 2),
        "Daniel Melim": (3, 3, 3, 3, 2),
        "Ramon Martins": (3, 3, 3, 3, 3),
        "Rafael Silveira": (4, 3, 3, 3, 3),
    }
    kinds: tuple[ma.Auction, ...] = (
        OPEN,
        ma.Auction.ONE_OFFER,
        ma.Auction.HIDDEN,
        ma.Auction.FIXED_PRICE,
    )
    kinds += (ma.Auction.DOUBLE,)
    for artist, row in table.items():
        assert tuple(split[artist, k] for k in kinds) == row
    # Canonical order: artist by artist in board order, then symbol by symbol.
    order = [(rules.artists.index(c.artist), kinds.index(c.auction)) for c in deck]
    assert order == sorted(order)


def test_R1_3_original_edition_same_places() -> None:
    """The original edition's artists take the CMON artists' places, counts and symbols."""
    cmon, original = ma.Rules().deck, ma.preset("original").deck
    assert ma.preset("original").artists == (
        "Lite Metal",
        "Yoko",
        "Christin P.",
        "Karl Gitter",
        "Krypto",
    )
    names = dict(zip(ma.Rules().artists, ma.preset("original").artists, strict=True))
    assert [(c.id, names[c.artist], c.auction) for c in cmon] == [
        (c.id, c.artist, c.auction) for c in original
    ]


@pytest.mark.parametrize(("players", "dealt"), [(3, 10), (4, 9), (5, 8)])
def test_R1_4_deal_10_9_8(players: int, dealt: int) -> None:
    """Each player is dealt 10/9/8 cards; the undealt rest stays in the deck."""
    state = ma.new_game(players, seed=11)
    assert [len(p.hand) for p in state.players] == [dealt] * players
    assert len(state.deck) == 70 - players * dealt
    cards = [c for p in state.players for c in p.hand] + list(state.deck)
    assert sorted(cards) == sorted(ma.Rules().deck)


def test_R1_4_stacked_deck_deals_blocks_from_the_top() -> None:
    """Seat 0 takes the top k cards, seat 1 the next k, and so on."""
    deck = tuple(reversed(ma.Rules().deck))
    state = ma.new_game(3, deck=deck)
    assert [p.hand for p in state.players] == [deck[0:10], deck[10:20], deck[20:30]]
    assert state.deck == deck[30:]


@pytest.mark.parametrize("seed", ["7", 7.0, True, False, b"7", [7]])
def test_new_game_refuses_a_seed_that_is_not_an_int(seed: object) -> None:
    """A seed is an int or None: a str, float or bool (which Random would hash) is a ValueError."""
    with pytest.raises(ValueError, match="seed must be an int or None, got"):
        ma.new_game(3, seed=seed)  # type: ignore[call-overload]


def test_new_game_takes_any_int_seed() -> None:
    """Negative and very large ints are seeds; -n shuffles as n does, as in Python's random."""
    for seed in (-1, 0, 2**80):
        assert ma.new_game(3, seed=seed) == ma.new_game(3, seed=seed)
    assert ma.new_game(3, seed=2**80) != ma.new_game(3, seed=0)
    assert ma.new_game(3, seed=-5) == ma.new_game(3, seed=5)


def test_R1_5_first_auctioneer_chosen_default_seat_0() -> None:
    """Seat 0 offers first unless ``first_auctioneer`` names another seat."""
    assert ma.new_game(4, seed=2).to_act == {0}
    state = ma.new_game(4, seed=2, first_auctioneer=3)
    assert state.to_act == {3}
    assert isinstance(state.phase, ma.Offering) and state.phase.auctioneer == 3


def test_R1_5_left_of_the_last_seat_is_seat_0() -> None:
    """Seats run clockwise: after seat 2 of 3 offers, seat 0 is the next auctioneer."""
    state = game([[(MEL, OPEN)], [(THA, OPEN)], [(SIL, OPEN)]], first=2)
    state, _ = run(state, offer(2, SIL, OPEN))
    state, _ = let_go(state)  # seat 2 takes its own painting free
    assert state.to_act == {0}


def test_R1_6_hand_is_not_museum() -> None:
    """Hand cards are stock, not museum; a museum holds only paintings bought this round."""
    state = game([[(MEL, OPEN), (CAR, OPEN)], [(THA, OPEN)] * 2, [(SIL, OPEN)] * 2])
    assert all(p.museum == () for p in state.players)
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(1, 5))
    state, _ = run(state, ma.Pass(2), ma.Pass(0))
    # Seat 1 bought the Melim for 5: its museum holds it; its hand is untouched.
    assert [c.artist for c in state.players[1].museum] == ["Daniel Melim"]
    assert len(state.players[1].hand) == 2
    assert [c.artist for c in state.players[0].hand] == ["Manuel Carvalho"]
    assert state.players[0].museum == ()


def test_R1_4_a_new_game_is_at_step_0_and_each_action_adds_one() -> None:
    """``state.step`` counts the actions applied: 0 after the deal, then one more per action."""
    state = ma.new_game(3, seed=4)
    assert state.step == 0
    for expected in range(1, 6):
        state = ma.apply(state, ma.legal_actions(state)[0]).state
        assert state.step == expected


def test_R1_5_without_first_auctioneer_seat_0_offers_first() -> None:
    """``first_auctioneer`` defaults to seat 0: seat 0 alone may act at the start."""
    state = ma.new_game(4, seed=6)
    assert state.phase == ma.Offering(0) and state.to_act == {0}
    assert ma.new_game(4, seed=6, first_auctioneer=2).phase == ma.Offering(2)
