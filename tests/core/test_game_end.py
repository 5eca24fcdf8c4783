"""R8: the end of the game: after the last round or when every hand is empty; shared victory."""

from __future__ import annotations

import modern_art as ma
from modern_art.testing import playout
from tests.helpers.rulekit import (
    CAR,
    FIXED,
    HIDDEN,
    MAR,
    MEL,
    ONE,
    OPEN,
    SIL,
    THA,
    game,
    money,
    offer,
    offer_free,
    only,
    run,
)

HANDS = [
    [(MEL, OPEN), (MEL, ONE), (CAR, OPEN)],
    [(MEL, OPEN), (MEL, ONE), (THA, OPEN)],
    [(MEL, ONE), (SIL, OPEN), (MAR, OPEN)],
]


def test_R8_1_game_ends_after_the_last_round() -> None:
    """With ``rounds=2`` the game ends when round 2 is sold, though hands still hold cards."""
    rules = ma.Rules(rounds=2, deal_schedule={n: (3, 3) for n in (3, 4, 5)})
    then = [(THA, ONE), (THA, ONE), (MAR, ONE), (MEL, OPEN), (MAR, HIDDEN), (MAR, HIDDEN)]
    then += [(THA, OPEN), (THA, OPEN), (MAR, FIXED)]
    deck = ma.stack_deck(HANDS, rules=rules, then=then)
    state = ma.new_game(3, deck=deck, rules=rules)
    # Round 1: Melim 5 ends it; seat 1 offers the fifth.
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, OPEN), (2, MEL, ONE), (0, MEL, ONE))
    state, _ = run(state, offer(1, MEL, ONE))
    assert state.round == 2 and not state.is_over
    # Round 2 from seat 2: Thaler 5 ends it.
    state = offer_free(state, (2, THA, OPEN), (0, THA, ONE), (1, MEL, OPEN), (2, THA, OPEN))
    state = offer_free(state, (0, THA, ONE))
    assert not state.is_over
    state, events = run(state, offer(1, THA, OPEN))
    assert state.is_over and state.round == 2
    assert any(p.hand for p in state.players)
    assert isinstance(events[-1], ma.GameEnded)
    assert state.to_act == frozenset() and len(ma.legal_actions(state)) == 0


def test_R8_1_game_ends_after_round_4_by_default() -> None:
    """Random CMON games end in round 4, or earlier only when every hand is empty."""
    for seed in range(12):
        last = playout(ma.new_game(3 + seed % 3, seed=seed), seed)[-1]
        state, events = last.state, last.events
        assert state.round == 4 or not any(p.hand for p in state.players)
        assert state.round <= state.rules.rounds
        assert sum(isinstance(e, ma.GameEnded) for e in events) == 1


def test_R8_1_empty_hands_end_the_game_before_the_last_round() -> None:
    """A round ended by the last hand card ends the game even if round 2 would deal (decision)."""
    hands = [[(MEL, OPEN)], [(THA, OPEN)], [(SIL, OPEN)]]
    state = game(hands, later=(6, 6, 0))
    state = offer_free(state, (0, MEL, OPEN), (1, THA, OPEN))
    state, events = run(state, offer(2, SIL, OPEN))
    assert state.is_over and state.round == 1
    assert only(events, ma.CardsDealt) == []
    # One each: board order ranks Thaler 30, Melim 20, Silveira 10. Seat 0's Melim
    # pays 20, seat 1's Thaler 30; Silveira's card ended the round unsold.
    assert money(state) == (120, 130, 100)
    assert ma.winners(state) == (1,)


def test_R8_2_most_money_wins() -> None:
    """The single richest seat wins."""
    hands = [[(MEL, OPEN)], [(THA, OPEN)], [(SIL, OPEN)]]
    state = game(hands)
    state, _ = run(state, offer(0, MEL, OPEN), ma.Bid(2, 1), ma.Pass(0), ma.Pass(1))
    state = offer_free(state, (1, THA, OPEN))
    assert ma.winners(state) == ()  # not over yet
    state, events = run(state, offer(2, SIL, OPEN))
    # One each: Thaler 30, Melim 20, Silveira 10 (board order). Seat 0: 100 + 1 = 101;
    # seat 1: 100 + Thaler 30 = 130; seat 2: 100 - 1 + Melim 20 = 119.
    assert money(state) == (101, 130, 119)
    assert ma.winners(state) == (1,)
    assert events[-1] == ma.GameEnded((101, 130, 119), (1,))


def test_R8_2_shared_victory() -> None:
    """Two seats with the same, highest money share the victory."""
    hands = [[(MEL, OPEN), (CAR, OPEN)], [(MEL, ONE), (CAR, ONE)], [(THA, OPEN), (SIL, OPEN)]]
    state = game(hands)
    state = offer_free(state, (0, MEL, OPEN), (1, MEL, ONE), (2, THA, OPEN), (0, CAR, OPEN))
    state = offer_free(state, (1, CAR, ONE))
    state, events = run(state, offer(2, SIL, OPEN))
    # Carvalho 2 (30, left of Melim), Melim 2 (20), Thaler 1 (10). Seats 0 and 1 each
    # hold a Melim and a Carvalho: 100 + 50 = 150; seat 2 a Thaler: 110.
    assert money(state) == (150, 150, 110)
    assert ma.winners(state) == (0, 1)
    assert events[-1] == ma.GameEnded((150, 150, 110), (0, 1))


def test_R8_2_winners_empty_until_the_end() -> None:
    """``winners`` is () at every step before the game is over."""
    state = ma.new_game(5, seed=21)
    steps = playout(state, 21)
    assert all(ma.winners(before) == () for before in (state, *(s.state for s in steps[:-1])))
    assert ma.winners(steps[-1].state) != ()
