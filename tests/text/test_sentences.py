"""Plain English (ma.describe): every action and event, in the third and second person."""

from __future__ import annotations

import random
import re
from typing import get_args

import pytest

import modern_art as ma
from modern_art.testing import random_moves

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")

# Verbs describe uses, third person -> second person.
VERBS = {
    "is": "are",
    "has": "have",
    "bids": "bid",
    "buys": "buy",
    "passes": "pass",
    "plays": "play",
    "offers": "offer",
    "adds": "add",
    "declines": "decline",
    "auctions": "auction",
    "seals": "seal",
    "names": "name",
    "accepts": "accept",
    "takes": "take",
    "sells": "sell",
    "wins": "win",
    "pays": "pay",
}
WRONG_SECOND = re.compile(rf"\byou ({'|'.join(VERBS)})\b", re.IGNORECASE)
WRONG_THIRD = re.compile(rf"\b({'|'.join(NAMES)}|Seat \d) ({'|'.join(VERBS.values())})\b")


def _every_kind() -> dict[type, list[tuple[object, int]]]:
    """Actions and events of every kind from random games, each with the seat that saw it."""
    found: dict[type, list[tuple[object, int]]] = {}
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 3), (5, 4)):
        rules = ma.Rules(double_payment=ma.DoublePayment.SPLIT) if seed % 2 else ma.Rules()
        state = ma.new_game(NAMES[:players], seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            actions = ma.legal_actions(state)
            action = actions[rng.randrange(len(actions))]
            step = ma.apply(state, action)
            for seat in range(players):
                found.setdefault(type(action), []).append((action, seat))
                for event in ma.visible_events(step.events, seat):
                    found.setdefault(type(event), []).append((event, seat))
                    if isinstance(event, ma.AuctionWon):
                        for payment in event.payments:
                            found.setdefault(ma.Payment, []).append((payment, seat))
            state = step.state
    # Rare in random play (an empty hand before round 4's end), so made by hand.
    found[ma.AuctioneerSkipped] = [
        (ma.AuctioneerSkipped(s), v) for s in range(3) for v in range(3)
    ]
    return found


EVERY_KIND = _every_kind()


def test_random_games_reach_every_kind_of_action_and_event() -> None:
    """The sample below covers every action class, every event class and payments."""
    kinds = {*get_args(ma.Action), *get_args(ma.Event), ma.Payment}
    assert kinds <= set(EVERY_KIND)


@pytest.mark.parametrize(
    "kind", sorted(EVERY_KIND, key=lambda k: str(getattr(k, "__name__", k))), ids=str
)
def test_second_person_for_every_kind(kind: type) -> None:
    """Spoken to any seat, no sentence says "you bids", and no name takes "bid" (any kind)."""
    for item, seat in EVERY_KIND[kind][:400]:
        for you in (seat, None):
            text = ma.describe(item, NAMES, you=you)
            assert text.endswith(".") and "  " not in text, text
            assert not WRONG_SECOND.search(text), text
            assert not WRONG_THIRD.search(text), text
            if you is None:
                assert "you" not in text.lower().split(), text


@pytest.mark.parametrize(
    "kind", sorted(EVERY_KIND, key=lambda k: str(getattr(k, "__name__", k))), ids=str
)
def test_the_acting_seat_is_spoken_to_as_you(kind: type) -> None:
    """When the acting seat is the reader, its sentence begins with "You"."""
    for item, _ in EVERY_KIND[kind][:200]:
        if isinstance(item, ma.BidsRevealed):
            continue  # the reveal is nobody's act: its auctioneer is a fact of the auction
        actor = next(
            (
                getattr(item, f)
                for f in ("seat", "buyer", "auctioneer", "payer")
                if hasattr(item, f)
            ),
            None,
        )
        if actor is not None:
            assert ma.describe(item, NAMES, you=actor).startswith("You "), item


def test_sentences_read_as_the_issue_writes_them() -> None:
    """Two sentences spelled out in full, one per person."""
    lot = (ma.Rules().deck[25],)
    won = ma.AuctionWon(0, 30, lot, (ma.Payment(0, 1, 30),))
    assert ma.describe(ma.Bid(0, 30), NAMES) == "Ann bids 30."
    assert ma.describe(won, NAMES, you=0) == "You buy the Daniel Melim for 30; Bo is paid 30."
    ended = ma.GameEnded((120, 120, 80), (0, 1))
    assert (
        ma.describe(ended, NAMES, you=1)
        == "The game ends: Ann and you share the victory with 120."
    )
    assert ma.describe(ma.Pass(2)) == "Seat 2 passes."


def test_describe_refuses_what_is_neither_action_nor_event() -> None:
    """A value of another kind is a ValueError naming its type."""
    with pytest.raises(ValueError, match="got a str"):
        ma.describe("bid 30")


def test_R5_7_a_round_ended_on_a_pair_says_neither_painting_is_sold() -> None:
    """An ending pair (the double and its second card) is named unsold in the round's end."""
    deck = ma.Rules().deck
    pair = (deck[37], deck[25])  # a Melim double and an open Melim
    ended = ma.RoundEnded(2, 0, pair, (0, 0, 5, 0, 0), ("Daniel Melim",), (30,))
    assert ma.describe(ended) == (
        "Round 2 ends on a pair: neither painting is sold; Daniel Melim 1st (+30)."
    )
    alone = ma.RoundEnded(2, 0, pair[1:], (0, 0, 5, 0, 0), ("Daniel Melim",), (30,))
    assert ma.describe(alone) == "Round 2 ends: Daniel Melim 1st (+30)."


def test_R4_3_a_hidden_tie_names_the_tied_seats_the_winner_and_the_tie_rule() -> None:
    """Revealed bids with a tie at the top say who tied, who wins it, why, and by which
    variant's rule; the event carries the auctioneer, the winner and the rule applied."""
    names = ["Ann", "Bo", "Cy"]
    first, clockwise = ma.HiddenTie.AUCTIONEER_FIRST, ma.HiddenTie.CLOCKWISE_FROM_LEFT
    assert ma.describe(ma.BidsRevealed((20, 10, 20), 2, 2, first), names) == (
        "The sealed bids are revealed: Ann 20, Bo 10, Cy 20; Ann and Cy tie at 20, and Cy"
        " wins the tie as the auctioneer (hidden_tie auctioneer_first, R4.3)."
    )
    assert ma.describe(ma.BidsRevealed((20, 10, 20), 1, 2, first), names) == (
        "The sealed bids are revealed: Ann 20, Bo 10, Cy 20; Ann and Cy tie at 20, and Cy"
        " wins the tie as the tied player nearest clockwise from the auctioneer's left"
        " (hidden_tie auctioneer_first, R4.3)."
    )
    assert ma.describe(ma.BidsRevealed((20, 10, 20), 2, 0, clockwise), names, you=0) == (
        "The sealed bids are revealed: you 20, Bo 10, Cy 20; you and Cy tie at 20, and you"
        " win the tie as the tied player nearest clockwise from the auctioneer's left, the"
        " auctioneer counted last (hidden_tie clockwise_from_left, R4.3)."
    )
    assert "tie" not in ma.describe(ma.BidsRevealed((20, 10, 5), 1, 0, None), names)
    assert ma.describe(ma.BidsRevealed((0, 0, 0), 1, 1, None), names) == (
        "The sealed bids are revealed: Ann 0, Bo 0, Cy 0; all are 0, so the auctioneer, Bo,"
        " takes it free (R4.3)."
    )


@pytest.mark.parametrize("tie", list(ma.HiddenTie))
def test_R4_3_every_revealed_tie_in_play_is_told_with_the_winner_who_buys(
    tie: ma.HiddenTie,
) -> None:
    """Along random games under each tie rule, a revealed tie names the seat that buys."""
    told = 0
    for seed in range(40):
        state = ma.new_game(4, seed=seed, rules=ma.Rules(hidden_tie=tie))
        for _, step in random_moves(state, seed):
            events = step.events
            for i, event in enumerate(events):
                if isinstance(event, ma.BidsRevealed) and event.tie is not None:
                    assert event.tie is tie
                    buyer = next(e.buyer for e in events[i:] if isinstance(e, ma.AuctionWon))
                    assert buyer == event.winner
                    said = ma.describe(event)
                    assert f"Seat {buyer} wins the tie" in said and tie.value in said
                    told += 1
    assert told
