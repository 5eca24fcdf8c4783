"""The testing kit catches what it promises: forged steps and events break the right invariant."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import modern_art as ma
from modern_art.testing import GameChecker, InvariantViolation
from modern_art.testing.ledger import Ledger

START = ma.new_game(3, seed=2)
CARD = START.players[0].hand[0]
OFFER = ma.PlayCard(0, CARD)
REAL = ma.apply(START, OFFER)
OTHER = START.players[1].hand[0]


def _players(state: ma.GameState, seat: int, **changes: Any) -> ma.GameState:
    """``state`` with some fields of one player changed."""
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def _violation(step: ma.Step, action: object = OFFER) -> InvariantViolation:
    """The violation a checker raises when told that ``action`` gave ``step``."""
    checker = GameChecker(START)
    with pytest.raises(InvariantViolation) as info:
        checker.advance(action, step)
    return info.value


def test_the_real_step_passes() -> None:
    """The engine's own step breaks nothing, so the forgeries below are what fail."""
    GameChecker(START).advance(OFFER, REAL)


def test_money_from_nowhere_breaks_invariant_1() -> None:
    """Money the events do not account for is caught as unconserved money."""
    state = _players(REAL.state, 0, money=REAL.state.players[0].money + 5)
    assert _violation(ma.Step(state, REAL.events)).invariant == 1


@pytest.mark.parametrize(
    ("forge", "words"),
    [
        (lambda s: attrs.evolve(s, deck=s.deck[1:]), "cards lost"),
        (lambda s: attrs.evolve(s, deck=(*s.deck, s.deck[0])), "both in"),
        (lambda s: attrs.evolve(s, deck=(*s.deck[1:], ma.CMON.deck[0])), "both in"),
        (lambda s: attrs.evolve(s, discard=("a card",)), "no card of the deck"),
    ],
)
def test_lost_doubled_or_strange_cards_break_invariant_2(
    forge: Callable[[ma.GameState], ma.GameState], words: str
) -> None:
    """A card missing, in two places or not of the deck is caught, saying where."""
    violation = _violation(ma.Step(forge(REAL.state), REAL.events))
    assert violation.invariant == 2
    assert words in str(violation)


def test_negative_money_breaks_invariant_3() -> None:
    """Money below 0 is caught even when the total is right."""
    state = _players(REAL.state, 0, money=-5)
    state = _players(state, 1, money=state.players[1].money + 105)
    assert _violation(ma.Step(state, REAL.events)).invariant == 3


def test_wrong_counts_or_tiles_break_invariant_4() -> None:
    """Counts the offers do not give, or tiles the rankings did not award, are caught."""
    counts = attrs.evolve(REAL.state, counts=(0,) * 5)
    assert _violation(ma.Step(counts, REAL.events)).invariant == 4
    tiles = attrs.evolve(REAL.state, tiles=((30,), (), (), (), ()))
    assert _violation(ma.Step(tiles, REAL.events)).invariant == 4


def test_a_step_that_goes_nowhere_breaks_invariant_5() -> None:
    """A step whose state is the one before does not lower the potential."""
    assert _violation(ma.Step(START, ())).invariant == 5


def test_other_events_than_apply_gives_break_invariant_7() -> None:
    """Events that differ from what applying the action again gives are caught."""
    extra = (*REAL.events, REAL.events[-1])
    assert _violation(ma.Step(REAL.state, extra)).invariant == 7


def test_state_the_events_do_not_explain_breaks_invariant_8() -> None:
    """A skipped step number, moved money or a swapped card are caught against the events."""
    skipped = attrs.evolve(REAL.state, step=REAL.state.step + 1)
    assert _violation(ma.Step(skipped, REAL.events)).invariant == 8
    moved = _players(REAL.state, 0, money=95)
    moved = _players(moved, 1, money=105)
    assert _violation(ma.Step(moved, REAL.events)).invariant == 8
    hands = [list(p.hand) for p in REAL.state.players]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    swapped = _players(REAL.state, 1, hand=tuple(hands[1]))
    swapped = _players(swapped, 2, hand=tuple(hands[2]))
    assert _violation(ma.Step(swapped, REAL.events)).invariant == 8
    museum = _players(REAL.state, 1, hand=REAL.state.players[1].hand[1:], museum=(OTHER,))
    assert _violation(ma.Step(museum, REAL.events)).invariant == 8


def test_an_accepted_illegal_action_breaks_invariant_9() -> None:
    """A step for an action legal_actions lacks is caught by the legal-actions check."""
    checker = GameChecker(START)
    checker.advance(ma.Bid(1, 5), REAL, check=False)
    with pytest.raises(InvariantViolation) as info:
        checker.check_legal_actions()
    assert info.value.invariant == 9


def test_a_refused_illegal_action_is_no_violation() -> None:
    """An illegal action is refused with IllegalAction and the checker stays where it was."""
    checker = GameChecker(START)
    with pytest.raises(ma.IllegalAction):
        checker.advance(ma.Bid(1, 5))
    assert checker.steps == 0


def _fold(events: tuple[ma.Event, ...], before: ma.GameState = START) -> dict[int, str]:
    """The problems a fresh ledger notes for ``events`` after ``before``."""
    return Ledger(before).fold(before, ma.Step(REAL.state, events))


PAY = ma.Payment(1, 0, 10)


@pytest.mark.parametrize(
    ("events", "invariant"),
    [
        ((ma.CardsDealt(0, 2, None),), 8),
        ((ma.CardPlayed(0, OTHER, 1),), 8),
        ((ma.CardPlayed(0, CARD, 3),), 4),
        ((ma.TurnStarted(0), ma.AuctioneerSkipped(1)), 8),
        ((ma.AuctionStarted(0, ma.Auction.DOUBLE, (CARD,), None),), 8),
        ((ma.BidPlaced(1, 500),), 3),
        ((ma.BidSealed(1, None),), 3),
        ((ma.BidsRevealed((0, 500, 0), 0, 1, None),), 3),
        ((ma.AuctionWon(1, 500, (CARD,), (ma.Payment(1, 0, 500),)),), 3),
        ((ma.AuctionWon(1, 10, (CARD,), (ma.Payment(2, 0, 10),)),), 1),
        ((ma.AuctionWon(1, 10, (CARD,), (PAY, PAY)),), 1),
        ((ma.RoundEnded(1, 0, (CARD,), (0,) * 5, (), ()),), 4),
        ((ma.PaintingsSold(0, CARD.artist, 1, 0, 0),), 4),
        ((ma.RoundStarted(2),), 8),
        ((ma.GameEnded((1, 2, 3), (0,)),), 8),
    ],
)
def test_ledger_notes_events_that_contradict_it(
    events: tuple[ma.Event, ...], invariant: int
) -> None:
    """Each kind of contradiction in the events is noted under its invariant."""
    assert invariant in _fold(events)


def test_ledger_notes_a_round_end_that_does_not_follow_the_rules() -> None:
    """A ranking, tiles, counts or round that the offers do not give are noted (R6.3, R6.4)."""
    ended = ma.RoundEnded(2, 1, (OTHER,), (1, 0, 0, 0, 0), ("nobody",), (5,))
    problems = _fold((ended,))
    assert 4 in problems and 8 in problems


def test_ledger_notes_an_event_after_the_round_ending_offer() -> None:
    """After a fifth painting nothing but RoundEnded may come (R6.1)."""
    artist = ma.CMON.artists.index(CARD.artist)
    before = attrs.evolve(START, counts=tuple(4 if a == artist else 0 for a in range(5)))
    problems = _fold((ma.CardPlayed(0, CARD, 5), ma.TurnStarted(1)), before)
    assert 4 in problems
    assert "should have ended" in _fold((ma.CardPlayed(0, CARD, 5),), before)[4]


@pytest.mark.parametrize(
    ("error", "words"),
    [(ma.IllegalAction("R2.1", "no", OFFER), "was refused"), (ValueError("boom"), "ValueError")],
)
def test_an_engine_that_refuses_or_crashes_on_a_legal_action_breaks_invariant_9(
    monkeypatch: pytest.MonkeyPatch, error: Exception, words: str
) -> None:
    """A legal action refused, or any other exception from apply, is caught as invariant 9."""

    def broken(state: ma.GameState, action: object) -> ma.Step:
        raise error

    monkeypatch.setattr("modern_art.testing.invariants._apply_untrusted", broken)
    checker = GameChecker(START)
    with pytest.raises(InvariantViolation) as info:
        checker.advance(OFFER)
    assert info.value.invariant == 9
    assert words in str(info.value)
