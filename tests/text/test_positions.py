"""Positions: reachable states round-trip through text with no problems; bad ones are refused."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.impossible import Impossible, refused_everywhere, setup_again, swap_cards
from tests.helpers.tally import TALLY
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant


@settings(max_examples=max(5, settings().max_examples // 5))
@given(**GAME_ARGUMENTS)
def test_every_reachable_state_round_trips_and_has_no_problems(
    seed: int, players: int, tie: int, payment: int
) -> None:
    """read_position(write_position(s)) == s and position_problems(s) == () along a game."""
    for state, _ in game_states(players, seed, variant(players, tie, payment)):
        assert ma.position_problems(state) == ()
        assert ma.read_position(ma.write_position(state)) == state
        for seat in (None, state.step % players):  # a spectator and one seat in turn
            assert ma.position_problems(ma.view(state, seat)) == ()
        TALLY["position states"] += 1


def test_a_position_of_a_made_up_edition_needs_its_rules() -> None:
    """An edition that is no preset is written by name and read with the rules given."""
    edition = ma.Edition("tiny", ("A Ay", "B Bee", "C Cee"), [(2, 2, 2, 2, 2)] * 3)
    rules = ma.Rules(
        edition=edition,
        deal_schedule={n: (3, 1, 1, 0) for n in (3, 4, 5)},
        value_tiles=(30, 20),
    )
    for state, _ in game_states(3, seed=4, rules=rules):
        text = ma.write_position(state)
        assert ma.read_position(text, rules) == state
    with pytest.raises(ma.NotationError, match="unknown edition 'tiny'"):
        ma.read_position(text)


# The positions below each break one fact; each is found in a random game first.


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


def _player(state: ma.GameState, seat: int, **changes: Any) -> ma.GameState:
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(state, players=tuple(players))


def _phase_of(state: ma.GameState, **changes: Any) -> ma.GameState:
    return attrs.evolve(state, phase=attrs.evolve(state.phase, **changes))


def _empty_hands(state: ma.GameState) -> ma.GameState:
    held = tuple(c for p in state.players for c in p.hand)
    for seat in range(len(state.players)):
        state = _player(state, seat, hand=())
    return attrs.evolve(state, discard=state.discard + held)


def _overfull_hand(state: ma.GameState, seat: int) -> ma.GameState:
    """Seat ``seat`` takes deck cards until it holds one more than it was dealt."""
    p = state.players[seat]
    k = sum(state.rules.deals(len(state.players))[: state.round]) + 1 - len(p.hand)
    return attrs.evolve(_player(state, seat, hand=p.hand + state.deck[:k]), deck=state.deck[k:])


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
    return _player(state, seat, hand=hand[:-1])


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
        setup_says="step must be a whole number from 0, got -1",
    ),
    Impossible("step below offers", lambda: attrs.evolve(MID, step=1), "below the"),
    Impossible(
        "negative money", lambda: _player(MID, 1, money=-5), "seat 1 has negative money, -5"
    ),
    Impossible(
        "a card of another edition",
        lambda: _player(MID, 0, hand=(ORIGINAL[0], *MID.players[0].hand[1:])),
        "not a card of the deck",
        read_says="no artist is called 'Metal'",
        json_says='the deck has no card 0 by "Lite Metal"',
        setup_says="is not in the deck",
    ),
    Impossible(
        "a card in two places",
        lambda: _player(MID, 0, hand=(*MID.players[0].hand, MID.discard[0])),
        "is in the discard and in seat 0's hand",
        setup=lambda: setup_again(
            _player(MID, 0, hand=(*MID.players[0].hand, MID.discard[0])), deck=False
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
        "do not match the cards offered this round",
        not_setup=_COUNTS,
    ),
    Impossible(
        "a fifth painting in a round that goes on",
        lambda: _fifth_melim(check=False),
        "which ends the round (R6.1)",
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
        lambda: attrs.evolve(_player(OVER, 0, museum=OVER.discard[:1]), discard=OVER.discard[1:]),
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


def test_at_least_forty_different_facts_are_checked() -> None:
    """The list breaks at least 40 different facts, each once."""
    assert len(BAD) >= 40 and len({case.fact for case in BAD}) == len(BAD)


# A field of the wrong type: the compiled build's native values check their
# fields' types when made, so there such a state cannot even be built; the
# position text has no way to write one (read_position reads it as another).
WRONG_TYPE: list[tuple[str, Callable[[], ma.GameState], str]] = [
    ("money not a number", lambda: _player(MID, 1, money="5"), "must be a whole number"),
    ("name not a string", lambda: _player(MID, 2, name=7), "name must be a string"),
    ("a phase that is no phase", lambda: attrs.evolve(MID, phase="offering"), "must be a phase"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("fact", "make", "says"), WRONG_TYPE, ids=[f for f, _, _ in WRONG_TYPE])
def test_a_value_of_the_wrong_type_is_named_or_refused_when_made(
    fact: str, make: Callable[[], ma.GameState], says: str
) -> None:
    """In the compiled build, making a state, player or phase with an ill-typed field raises
    TypeError; the pure build makes it, position_problems names the fact, from_json and
    setup refuse it, and the position text cannot hold it."""
    if ma.COMPILED:
        with pytest.raises(TypeError):
            make()
        return
    bad = make()
    assert any(says in p for p in ma.position_problems(bad)), ma.position_problems(bad)
    try:
        text = ma.write_position(bad)
    except ValueError as exc:
        assert says in str(exc)
    else:  # text has no way to write a value of the wrong type: it reads as another
        with contextlib.suppress(ma.NotationError):
            assert ma.read_position(text) != bad
    with pytest.raises(ma.SerializationError):
        ma.from_json(ma.to_json(bad), "state")
    with pytest.raises(ValueError):
        setup_again(bad)


@pytest.mark.parametrize("case", BAD, ids=[case.fact for case in BAD])
def test_an_impossible_position_is_refused_naming_the_fact(case: Impossible) -> None:
    """position_problems names the fact with a rule; read_position, from_json and setup
    refuse it, each naming the fact (setup in its own words where it says so)."""
    refused_everywhere(case)


def test_setup_builds_the_issue_s_example_and_plays_on() -> None:
    """Round 2, four Melims offered, Ann with 0 as auctioneer: a fifth Melim ends the round."""
    state = ma.setup(
        ["Ann", "Bo", "Cy", "Di"],
        round=2,
        money=[0, 80, 120, 100],
        hands=[["melim/o", "thaler/h", ...], ["carvalho/o", ...], ["martins/f", ...], [...]],
        museums=[["melim/h"], ["melim/f", "melim/n"], ["Melim/O#26"], []],
        tiles={"carvalho": (30,), "melim": (20,), "thaler": (10,)},
    )
    assert state.counts == (0, 0, 4, 0, 0) and state.to_act == frozenset({0})
    assert ma.position_problems(state) == ()
    assert ma.read_position(ma.write_position(state)) == state
    step = ma.apply(state, ma.parse_action("0 play meo", state))
    ended = next(e for e in step.events if isinstance(e, ma.RoundEnded))
    assert ended.ranking == ("Daniel Melim",) and ended.counts[2] == 5


def test_setup_refuses_an_impossible_position_naming_each_problem() -> None:
    """Negative money and a fixed price above the auctioneer's money are both named."""
    card = ma.find_cards(ma.Rules(), "melim", ma.Auction.FIXED_PRICE)[0]
    with pytest.raises(ValueError, match="negative money") as caught:
        ma.setup(
            3,
            round=2,
            money=[-1, 10, 10],
            hands=[["thaler/o", ...], ["carvalho/o", ...], ["martins/o", ...]],
            phase=ma.FixedPriceAuction(1, (card,), None, 50, 2),
        )
    assert "is not one the auctioneer could name with 10" in str(caught.value)
    with pytest.raises(ValueError, match=r"the hands lack 27 of them.*to have it filled"):
        ma.setup(3, hands=[["thaler/o"], ["carvalho/o"], ["martins/o"]])
    with pytest.raises(ValueError, match="used twice"):
        ma.setup(3, round=2, hands=[["Melim/O#25"], ["Melim/O#25"], ["martins/o"]])


def test_a_view_from_json_is_checked_against_its_own_facts() -> None:
    """A view whose hand does not match its hand size, or names no seat, is refused."""
    state = MID
    seen = ma.view(state, 1)
    assert ma.from_json(ma.to_json(seen), "view") == seen
    short = attrs.evolve(seen, hand=seen.hand[1:])
    stranger = attrs.evolve(seen, seat=9)
    for bad, says in ((short, "hand size"), (stranger, "not a seat")):
        assert any(says in p for p in ma.position_problems(bad))
        with pytest.raises(ma.SerializationError, match=says):
            ma.from_json(ma.to_json(bad), "view")


VALID_POSITIONS = [ma.write_position(s) for s in (MID, OPEN, HIDDEN, DOUBLE, OVER)]


@st.composite
def _mutated_position(draw: st.DrawFn) -> str:
    """A valid position with a few characters or lines changed."""
    text = draw(st.sampled_from(VALID_POSITIONS))
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 3))
        if how == 0:
            text = text[:i] + draw(st.text(max_size=3)) + text[i:]
        elif how == 1:
            text = text[:i] + text[i + draw(st.integers(1, 20)) :]
        elif how == 2:
            lines = text.splitlines()
            j = draw(st.integers(0, len(lines) - 1))
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(j))
            text = "\n".join(lines)
        else:
            text = text[:i] + draw(st.sampled_from(['"', "-", "=", ",", "#", "9" * 20])) + text[i:]
    return text


@given(st.one_of(st.text(max_size=200), _mutated_position()))
def test_fuzzed_positions_raise_only_notation_errors(text: str) -> None:
    """Random and mutated text reads as a position with no problems, or is a NotationError."""
    try:
        state = ma.read_position(text)
    except ma.NotationError:
        return
    assert ma.position_problems(state) == ()
    assert ma.read_position(ma.write_position(state)) == state


def test_R6_4_tiles_must_be_what_past_rankings_can_give() -> None:
    """Two artists each with 20 then 30 after two rankings: no order of rounds gives that."""
    bad = attrs.evolve(ROUND3, tiles=((20, 30), (20, 30), (), (), ()))
    assert ma.position_problems(bad) == (
        "no order of 2 rankings gives these tiles: each gives 30, 20, ... to different"
        " artists (R6.4)",
    )
    fine = attrs.evolve(ROUND3, tiles=((20, 30), (30, 20), (10,), (), ()))
    assert not any("R6.4" in p for p in ma.position_problems(fine))


def test_R2_2_counts_are_the_cards_offered_this_round() -> None:
    """This round's counts are the museums' cards and the lot's, artist by artist."""
    museum_cards = [c for p in OPEN.players for c in p.museum] + list(OPEN.phase.lot)  # type: ignore[union-attr]
    expected = tuple(sum(c.artist == a for c in museum_cards) for a in OPEN.rules.artists)
    assert OPEN.counts == expected
    off = attrs.evolve(OPEN, counts=tuple(c + (i == 4) for i, c in enumerate(expected)))
    assert any("(R2.2)" in p for p in ma.position_problems(off))


def test_R1_3_every_card_is_in_exactly_one_place() -> None:
    """A card moved into a second place, or out of every place, is named with R1.3."""
    twice = _player(MID, 1, museum=(*MID.players[1].museum, MID.deck[0]))
    gone = attrs.evolve(MID, deck=MID.deck[1:])
    assert any(
        "(R1.3)" in p and "and in seat 1's museum" in p for p in ma.position_problems(twice)
    )
    assert any("1 card of the deck is missing (R1.3)" in p for p in ma.position_problems(gone))
