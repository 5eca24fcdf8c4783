"""The action notation: format_action and parse_action, both ways, and what parse refuses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from modern_art.text.notation import card_text
from tests.helpers.tally import TALLY
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant


@settings(max_examples=max(5, settings().max_examples // 4))
@given(**GAME_ARGUMENTS)
def test_every_legal_action_reads_back_from_its_notation(
    seed: int, players: int, tie: int, payment: int
) -> None:
    """parse_action(format_action(a), s) == a for every legal action of every state of a game."""
    for state, _ in game_states(players, seed, variant(players, tie, payment)):
        for action in ma.legal_actions(state):
            assert ma.parse_action(ma.format_action(action), state) == action
        TALLY["notation states"] += 1


def test_a_view_resolves_the_actions_of_its_own_seat() -> None:
    """The view of the acting seat is enough context, with or without the card's #id."""
    for state, action in game_states(4, seed=8):
        if action is None:
            continue
        seen = ma.view(state, action.seat)
        assert ma.parse_action(ma.format_action(action), seen) == action
        if isinstance(action, ma.PlayCard):
            short = card_text(action.card).split("#")[0]
            twins = [c for c in seen.hand if card_text(c).split("#")[0] == short]
            if len(twins) == 1:
                assert ma.parse_action(f"{action.seat} play {short}", seen) == action


CARVALHO_OPEN = ma.Rules().deck[0]
MELIM_OPEN = ma.Rules().deck[25]


def _state() -> ma.GameState:
    return ma.setup(
        ["Ann", "Bo", "Cy"],
        round=2,
        hands=[["melim/o", "martins/d", "martins/d", ...], ["carvalho/o", ...], ["thaler/h", ...]],
    )


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("1 bid 30", ma.Bid(1, 30)),
        ("  1   BID   30 ", ma.Bid(1, 30)),
        ("2 pass", ma.Pass(2)),
        ("0 price 0", ma.SetPrice(0, 0)),
        ("2 accept", ma.Accept(2)),
        ("0 play Melim/O#25", ma.PlayCard(0, MELIM_OPEN)),
        ("0 play meo", ma.PlayCard(0, MELIM_OPEN)),
        ("0 play MELIM/O", ma.PlayCard(0, MELIM_OPEN)),
        ("0 play daniel/o", ma.PlayCard(0, MELIM_OPEN)),
        ("0 play @3o", ma.PlayCard(0, MELIM_OPEN)),
        ("0 play #25", ma.PlayCard(0, MELIM_OPEN)),
        ("1 play co", ma.PlayCard(1, CARVALHO_OPEN)),
        ("1 bid -5", ma.Bid(1, -5)),
    ],
)
def test_the_grammar_reads_what_the_docs_show(text: str, action: ma.Action) -> None:
    """Any case and spacing, unique prefixes, the board place and the bare #id all read."""
    assert ma.parse_action(text, _state()) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "expected a seat, a verb"),
        ("0", "expected a seat, a verb"),
        ("0 bid 3 4", "expected a seat, a verb"),
        ("x bid 3", "'x' is not a seat"),
        ("7 bid 3", "there is no seat 7"),
        ("0 raise 3", "'raise' is not a verb"),
        ("0 bid", "'bid' takes an amount"),
        ("0 pass 3", "'pass' takes nothing"),
        ("0 play", "'play' takes a card"),
        ("0 bid 3.5", "is not a whole number"),
        ("0 bid 1" + "0" * 30, "is not a whole number"),
        ("0 play m/o", "'m' could be Daniel Melim or Ramon Martins"),
        ("0 play zz/o", "no artist is called 'zz'"),
        ("0 play melim/x", "is not a card"),
        ("0 play martins/d", "holds 2 Ramon Martins (double): add #"),
        ("0 play thaler/h", "holds no Sigrid Thaler (hidden)"),
        ("0 play #99", "the deck has no card #99"),
        ("0 play thaler/o#25", "card #25 is Daniel Melim (open)"),
        ("0 bid " + "9" * 300, "at most 200 characters"),
    ],
)
def test_bad_text_is_refused_saying_what_was_expected(text: str, says: str) -> None:
    """Each refusal is a NotationError (a ValueError) naming what it did not understand."""
    with pytest.raises(ma.NotationError) as caught:
        ma.parse_action(text, _state())
    assert says in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_a_view_cannot_resolve_another_seats_card_without_its_id() -> None:
    """Without #id, a card of a hand the view does not hold is refused, never guessed."""
    seen = ma.view(_state(), 1)
    with pytest.raises(ma.NotationError, match="not known here"):
        ma.parse_action("0 play meo", seen)
    assert ma.parse_action("0 play meo#25", seen) == ma.PlayCard(0, MELIM_OPEN)


@pytest.mark.parametrize(
    "action",
    [ma.Bid(0, 2.5), ma.Bid(True, 3), ma.PlayCard(0, "melim"), ma.SetPrice(-1, 3), "0 pass"],  # type: ignore[arg-type]
)
def test_format_refuses_values_the_notation_cannot_write(action: object) -> None:
    """A hand-made action with a value of the wrong type is a NotationError, not a bad text."""
    with pytest.raises(ma.NotationError, match="cannot write"):
        ma.format_action(action)  # type: ignore[arg-type]


VALID = ["0 play Melim/O#25", "1 bid 30", "2 pass", "0 price 40", "2 accept", "1 play co"]


@st.composite
def mutated(draw: st.DrawFn, valid: list[str]) -> str:
    """A valid text with a few characters inserted, deleted or replaced."""
    text = list(draw(st.sampled_from(valid)))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        char = draw(st.characters())
        how = draw(st.integers(0, 2))
        if how == 0 or not text:
            text.insert(i, char)
        elif how == 1:
            del text[min(i, len(text) - 1)]
        else:
            text[min(i, len(text) - 1)] = char
    return "".join(text)


@given(st.one_of(st.text(max_size=60), mutated(VALID)))
def test_fuzzed_action_text_raises_only_notation_errors(text: str) -> None:
    """Random and mutated text parses or raises NotationError: nothing else escapes."""
    try:
        action = ma.parse_action(text, _state())
    except ma.NotationError:
        return
    assert ma.parse_action(ma.format_action(action), _state()) == action


def test_the_notation_is_the_same_for_every_random_seed_of_card_order() -> None:
    """card_text is a function of the card alone: the same card, the same text."""
    deck = list(ma.Rules().deck)
    random.Random(1).shuffle(deck)
    assert sorted(map(card_text, deck)) == sorted(map(card_text, ma.Rules().deck))
