"""R6: the end of a round: fifth painting, empty hands, ranking, tiles, sale, deal, next start."""

from __future__ import annotations

import modern_art as ma
from tests.helpers.rulekit import (
    CAR,
    DOUBLE,
    FIXED,
    HIDDEN,
    MAR,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    card,
    game,
    let_go,
    money,
    offer,
    offer_free,
    only,
    run,
)


def test_R6_1_fifth_painting_ends_round_unsold() -> None:
    """Seat 1's fifth Melim ends the round at once; it is not auctioned and goes to nobody."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
        [(MEL, OPEN), (MEL, FIXED), (THA, OPEN)],
        [(MEL, HIDDEN), (SIL, OPEN), (SIL, ONE)],
    ]
    state = game(hands, later=(1, 0, 0))
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE))
    fifth = card(state, 1, MEL, FIXED)
    state, events = run(state, ma.PlayCard(1, fifth))
    assert only(events, ma.AuctionStarted) == []
    (ended,) = only(events, ma.RoundEnded)
    assert (ended.round, ended.ender, ended.ending_cards) == (1, 1, (fifth,))
    assert fifth in state.discard and all(fifth not in p.museum for p in state.players)
    # Four Melims in museums (s0 two, s1 one, s2 one) sell for 30 each.
    assert money(state) == (160, 130, 130)
    # Next round: left of seat 1.
    assert state.round == 2 and state.to_act == {2}


def test_R6_2_last_card_ends_round_and_game() -> None:
    """The offered card that empties every hand is not auctioned; the round is sold; game over."""
    hands = [[(MEL, OPEN), (MEL, ONE)], [(MEL, OPEN), (THA, OPEN)], [(SIL, OPEN), (THA, ONE)]]
    state = game(hands, later=(2, 2, 0))  # later rounds would deal: the game ends anyway
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(1, 10), ma.Pass(2), ma.Pass(0))
    state = offer_free(state, (1, MEL, OPEN), (2, SIL, OPEN), (0, MEL, ONE), (1, THA, OPEN))
    last = card(state, 2, THA, ONE)
    state, events = run(state, ma.PlayCard(2, last))
    assert only(events, ma.AuctionStarted) == []
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ending_cards == (last,)
    # Counts: Melim 3, Thaler 2 (the last card counts), Silveira 1: tiles 30, 20, 10.
    assert ended.counts == (0, 2, 3, 0, 1)
    assert ended.ranking == ("Daniel Melim", "Sigrid Thaler", "Rafael Silveira")
    # Seat 0: 110 + Melim 30 = 140; seat 1: 90 + Melim 30 + Melim 30 + Thaler 20 = 170;
    # seat 2: 100 + Silveira 10 = 110.
    assert money(state) == (140, 170, 110)
    assert state.is_over and state.round == 1
    assert events[-1] == ma.GameEnded((140, 170, 110), (1,))


def test_R6_2_second_card_empties_every_hand() -> None:
    """A second card that leaves every hand empty ends the game; the pair goes to nobody."""
    hands = [
        [(CAR, OPEN), (MEL, DOUBLE)],
        [(THA, DOUBLE), (THA, OPEN)],
        [(SIL, OPEN), (MEL, OPEN)],
    ]
    state = game(hands, later=(2, 2, 0))
    state = offer_free(state, (0, CAR, OPEN))
    state, _ = run(state, offer(1, THA, DOUBLE), offer(1, THA, OPEN))  # seat 1 now empty
    state = let_go(state)[0]
    state = offer_free(state, (2, SIL, OPEN))
    state, events = run(state, offer(0, MEL, DOUBLE))  # seats 0 and 1 empty: seat 2 asked
    assert state.to_act == {2}
    state, events = run(state, offer(2, MEL, OPEN))
    assert only(events, ma.AuctionStarted) == []
    (ended,) = only(events, ma.RoundEnded)
    assert [c.auction for c in ended.ending_cards] == [DOUBLE, OPEN] and ended.ender == 2
    # Thaler 2 and Melim 2 tie: Thaler is left of Melim. Carvalho 1 beats Silveira 1.
    assert ended.ranking == ("Sigrid Thaler", "Daniel Melim", "Manuel Carvalho")
    # Seat 0: Carvalho 10; seat 1: two Thalers 30 each; seat 2: Silveira unranked, 0.
    assert money(state) == (110, 160, 100)
    assert state.is_over


def test_R6_2_double_card_that_empties_every_hand_gets_no_second_card() -> None:
    """A double card that empties every hand ends the game at once; nobody is asked."""
    hands = [
        [(CAR, OPEN), (MEL, DOUBLE)],
        [(THA, DOUBLE), (THA, OPEN)],
        [(SIL, DOUBLE), (SIL, OPEN)],
    ]
    state = game(hands, later=(2, 2, 0))
    state = offer_free(state, (0, CAR, OPEN))
    state = let_go(run(state, offer(1, THA, DOUBLE), offer(1, THA, OPEN))[0])[0]
    state = let_go(run(state, offer(2, SIL, DOUBLE), offer(2, SIL, OPEN))[0])[0]
    double = card(state, 0, MEL, DOUBLE)
    state, events = run(state, ma.PlayCard(0, double))
    assert only(events, ma.SecondCardDeclined) == []
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ending_cards == (double,)
    # Thaler 2, Silveira 2, Carvalho 1, Melim 1: Thaler 30, Silveira 20, Carvalho 10.
    assert ended.ranking == ("Sigrid Thaler", "Rafael Silveira", "Manuel Carvalho")
    # Seat 0: 100 + 10; seat 1: 100 + 2 * 30; seat 2: 100 + 2 * 20.
    assert money(state) == (110, 160, 140)
    assert state.is_over


def test_R6_3_rank_by_count_ties_to_the_left() -> None:
    """Martins 5, Melim 2, Silveira 2, Carvalho 1: Melim beats Silveira by board order."""
    hands = [
        [(MAR, OPEN), (SIL, OPEN), (MAR, ONE), (CAR, OPEN)],
        [(MAR, OPEN), (MEL, OPEN), (MAR, HIDDEN), (THA, OPEN)],
        [(MAR, OPEN), (MEL, ONE), (SIL, ONE), (THA, ONE)],
    ]
    state = game(hands)
    state = offer_free(
        state,
        (0, MAR, OPEN),
        (1, MAR, OPEN),
        (2, MAR, OPEN),
        (0, SIL, OPEN),
        (1, MEL, OPEN),
        (2, MEL, ONE),
        (0, CAR, OPEN),
        (1, MAR, HIDDEN),
        (2, SIL, ONE),
    )
    state, events = run(state, offer(0, MAR, ONE))
    (ended,) = only(events, ma.RoundEnded)
    assert ended.counts == (1, 0, 2, 5, 2)
    assert ended.ranking == ("Ramon Martins", "Daniel Melim", "Rafael Silveira")
    assert ended.tiles == (30, 20, 10)
    # Museums: s0 Mar, Sil, Car = 30 + 10 + 0; s1 Mar, Mel, Mar = 30 + 20 + 30;
    # s2 Mar, Mel, Sil = 30 + 20 + 10.
    assert money(state) == (140, 180, 160)


def test_R6_3_rank_artists_function() -> None:
    """``rank_artists`` orders by count, breaks ties by board order, skips zero counts."""
    rules = ma.Rules()
    assert ma.rank_artists((1, 1, 1, 1, 1), rules) == (0, 1, 2)
    assert ma.rank_artists((0, 2, 0, 2, 3), rules) == (4, 1, 3)
    assert ma.rank_artists((0, 0, 5, 0, 0), rules) == (2,)
    assert ma.rank_artists((0, 0, 0, 0, 0), rules) == ()


def test_R6_3_fewer_than_three_artists_fewer_tiles() -> None:
    """Only Melim (5) and Thaler (1) were offered: they take 30 and 20; no 10 is given."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (MAR, OPEN)],
        [(MEL, OPEN), (THA, OPEN), (MAR, ONE)],
        [(MEL, HIDDEN), (MEL, FIXED), (MAR, HIDDEN)],
    ]
    state = game(hands)
    state = offer_free(
        state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE), (1, THA, OPEN)
    )
    state, events = run(state, offer(2, MEL, FIXED))
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ranking == ("Daniel Melim", "Sigrid Thaler") and ended.tiles == (30, 20)
    assert state.tiles == ((), (20,), (30,), (), ())
    # s0: two Melims 60; s1: Melim 30 + Thaler 20; s2: Melim 30.
    assert money(state) == (160, 150, 130)


def test_R6_4_value_tiles_field_sets_how_many_rank() -> None:
    """With ``value_tiles=(50, 25)`` only two artists rank, for 50 and 25."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (THA, OPEN)],
        [(MEL, OPEN), (SIL, OPEN), (MEL, OPEN)],
        [(CAR, OPEN), (CAR, ONE), (MEL, HIDDEN)],
    ]
    state = game(hands, value_tiles=(50, 25))
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, CAR, OPEN), (0, MEL, ONE))
    state = offer_free(state, (1, SIL, OPEN), (2, CAR, ONE), (0, THA, OPEN), (1, MEL, OPEN))
    state, events = run(state, offer(2, MEL, HIDDEN))
    (ended,) = only(events, ma.RoundEnded)
    # Melim 5, Carvalho 2; Thaler 1 and Silveira 1 go unranked.
    assert ended.ranking == ("Daniel Melim", "Manuel Carvalho") and ended.tiles == (50, 25)
    assert state.tiles == ((25,), (), (50,), (), ())
    # s0: Melim, Melim, Thaler = 50 + 50 + 0; s1: Melim, Silveira, Melim = 100;
    # s2: Carvalho, Carvalho = 50.
    assert money(state) == (200, 200, 150)


def test_R6_5_tiles_pay_cumulatively_only_while_ranked() -> None:
    """Silveira earns 20 in round 1, pays 0 unranked in round 2, and 20 + 20 in round 3."""
    hands = [
        [(SIL, OPEN), (CAR, OPEN), (SIL, OPEN), (THA, OPEN)],
        [(CAR, OPEN), (CAR, ONE), (CAR, ONE), (THA, OPEN)],
        [(CAR, OPEN), (CAR, ONE), (MEL, ONE), (THA, HIDDEN)],
    ]
    round2 = [(THA, OPEN), (MEL, OPEN), (MEL, OPEN)]
    round2 += [(THA, HIDDEN), (MEL, OPEN), (MEL, ONE)]
    round2 += [(SIL, OPEN), (MEL, HIDDEN), (MAR, OPEN)]
    round3 = [(MAR, ONE)] * 3 + [(MAR, HIDDEN)] * 3 + [(MAR, FIXED)] * 3
    state = game(hands, later=(3, 3, 0), then=round2 + round3)

    # Round 1: Carvalho 5 (30), Silveira 1 (20). s0 holds Silveira + Carvalho = 50;
    # s1 two Carvalhos = 60; s2 one = 30.
    state = offer_free(
        state, (0, SIL, OPEN), (1, CAR, OPEN), (2, CAR, OPEN), (0, CAR, OPEN), (1, CAR, ONE)
    )
    state, events = run(state, offer(2, CAR, ONE))
    sil = [e for e in only(events, ma.PaintingsSold) if e.artist == "Rafael Silveira"]
    assert sil == [ma.PaintingsSold(0, "Rafael Silveira", 1, 20, 20)]
    assert money(state) == (150, 160, 130)

    # Round 2 (from seat 0): Silveira, Carvalho, Melim once each, Thaler 5 (the fifth ends).
    # Thaler 30, Carvalho 20 (beats Melim and Silveira to the left), Melim 10; Silveira out.
    state = offer_free(
        state,
        (0, SIL, OPEN),
        (1, CAR, ONE),
        (2, MEL, ONE),
        (0, THA, OPEN),
        (1, THA, OPEN),
        (2, THA, HIDDEN),
        (0, THA, OPEN),
    )
    state, events = run(state, offer(1, THA, HIDDEN))
    (ended,) = only(events, ma.RoundEnded)
    assert ended.ranking == ("Sigrid Thaler", "Manuel Carvalho", "Daniel Melim")
    sil = [e for e in only(events, ma.PaintingsSold) if e.artist == "Rafael Silveira"]
    assert sil == [ma.PaintingsSold(0, "Rafael Silveira", 1, 0, 0)]
    # s0: Silveira 0 + 2 Thalers 30 = 60; s1: Carvalho 30 + 20 = 50, Thaler 30 = 80;
    # s2: Melim 10 + Thaler 30 = 40.
    assert money(state) == (210, 240, 170)
    assert state.tiles[4] == (20,)  # the tile stays on the board while unranked

    # Round 3 (from seat 2, left of seat 1): Silveira once, Melim 5.
    state = offer_free(
        state, (2, SIL, OPEN), (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, OPEN)
    )
    state, events = run(state, offer(1, MEL, ONE))
    sil = [e for e in only(events, ma.PaintingsSold) if e.artist == "Rafael Silveira"]
    assert sil == [ma.PaintingsSold(2, "Rafael Silveira", 1, 40, 40)]
    # Melim tiles 10 + 30 = 40, Silveira 20 + 20 = 40. s0: 2 Melims 80; s1: Melim 40;
    # s2: Silveira 40 + Melim 40.
    assert money(state) == (290, 280, 250)
    assert state.tiles == ((30, 20), (30,), (10, 30), (), (20, 20))


def test_R6_5_museums_sold_hands_kept() -> None:
    """At the sale museums empty into the discard while hand cards stay in hand."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
        [(MEL, OPEN), (MEL, FIXED), (THA, OPEN)],
        [(MEL, HIDDEN), (SIL, OPEN), (SIL, ONE)],
    ]
    state = game(hands)
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE))
    museums = [c for p in state.players for c in p.museum]
    kept = [p.hand for p in state.players]
    fifth = card(state, 1, MEL, FIXED)
    state, _ = run(state, ma.PlayCard(1, fifth))
    assert all(p.museum == () for p in state.players)
    assert sorted(state.discard) == sorted([*museums, fifth])
    kept[1] = tuple(c for c in kept[1] if c != fifth)
    assert [p.hand for p in state.players] == kept


def test_R6_6_deal_schedule_cmon_values() -> None:
    """CMON deals 10/6/6/0, 9/4/4/0 and 8/3/3/0 for 3, 4 and 5 players."""
    rules = ma.Rules()
    assert rules.deals(3) == (10, 6, 6, 0)
    assert rules.deals(4) == (9, 4, 4, 0)
    assert rules.deals(5) == (8, 3, 3, 0)


def test_R6_6_cards_dealt_before_the_next_round() -> None:
    """After round 1 each seat gets 2 more cards, seat 0's block first from the top."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
        [(MEL, OPEN), (MEL, FIXED), (THA, OPEN)],
        [(MEL, HIDDEN), (SIL, OPEN), (SIL, ONE)],
    ]
    top = [(MAR, OPEN), (MAR, ONE), (MAR, HIDDEN), (MAR, FIXED), (MAR, DOUBLE), (THA, ONE)]
    state = game(hands, later=(2, 0, 0), then=top)
    block = state.deck[:6]
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE))
    state, events = run(state, offer(1, MEL, FIXED))
    assert only(events, ma.CardsDealt) == [
        ma.CardsDealt(0, 2, block[0:2]),
        ma.CardsDealt(1, 2, block[2:4]),
        ma.CardsDealt(2, 2, block[4:6]),
    ]
    assert [len(p.hand) for p in state.players] == [3, 3, 4]
    assert state.players[0].hand[-2:] == block[0:2]


def test_R6_6_no_deal_before_the_last_round() -> None:
    """With a zero in the schedule the round starts with no CardsDealt event."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
        [(MEL, OPEN), (MEL, FIXED), (THA, OPEN)],
        [(MEL, HIDDEN), (SIL, OPEN), (SIL, ONE)],
    ]
    state = game(hands, later=(0, 0, 0))
    deck = state.deck
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE))
    state, events = run(state, offer(1, MEL, FIXED))
    assert only(events, ma.CardsDealt) == []
    assert only(events, ma.RoundStarted) == [ma.RoundStarted(2)]
    assert state.deck == deck


def test_R6_7_next_round_left_of_ender_skipping_empty_hands() -> None:
    """Seat 0 ends the round; seat 1, left of it, has no cards: seat 2 begins round 2."""
    hands = [
        [(MEL, OPEN), (CAR, OPEN), (MEL, FIXED)],
        [(THA, DOUBLE), (THA, OPEN), (MEL, ONE)],
        [(MEL, OPEN), (MEL, HIDDEN), (SIL, OPEN)],
    ]
    state = game(hands)
    state = offer_free(state, (0, MEL, OPEN))
    state = let_go(run(state, offer(1, THA, DOUBLE), offer(1, THA, OPEN))[0])[0]
    state = offer_free(state, (2, MEL, OPEN), (0, CAR, OPEN), (1, MEL, ONE), (2, MEL, HIDDEN))
    assert state.players[1].hand == ()
    state, events = run(state, offer(0, MEL, FIXED))
    assert only(events, ma.RoundEnded)[0].ender == 0
    assert events[-2:] == [ma.AuctioneerSkipped(1), ma.TurnStarted(2)]
    assert state.round == 2 and state.to_act == {2}


def test_R6_7_next_round_left_of_ender() -> None:
    """Seat 2 offers the fifth painting: seat 0 begins the next round."""
    hands = [
        [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
        [(MEL, OPEN), (THA, OPEN), (CAR, ONE)],
        [(MEL, HIDDEN), (MEL, FIXED), (SIL, ONE)],
    ]
    state = game(hands)
    state = offer_free(
        state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, HIDDEN), (0, MEL, ONE), (1, THA, OPEN)
    )
    state, events = run(state, offer(2, MEL, FIXED))
    assert only(events, ma.RoundEnded)[0].ender == 2
    assert events[-1] == ma.TurnStarted(0)


def test_R6_5_round_values_pay_the_ranked_their_tiles_and_the_rest_nothing() -> None:
    """``round_values`` adds this round's tile to past tiles for the top three; others pay 0."""
    rules = ma.Rules()
    no_tiles: tuple[tuple[int, ...], ...] = ((),) * 5
    # Melim 3 (30), Carvalho 2 and Martins 2 tie: board order puts Carvalho first (R6.3).
    assert ma.round_values((2, 0, 3, 2, 1), no_tiles, rules) == (20, 0, 30, 10, 0)
    # Past tiles count only for an artist ranked again (R6.5): Thaler's 30 pays nothing now.
    past = ((10,), (30,), (), (20, 10), ())
    assert ma.round_values((2, 0, 3, 2, 1), past, rules) == (30, 0, 30, 40, 0)
    # Only two artists offered: two ranked, every other artist pays 0.
    assert ma.round_values((0, 1, 0, 0, 4), no_tiles, rules) == (0, 20, 0, 0, 30)
    assert ma.round_values((0,) * 5, no_tiles, rules) == (0,) * 5
