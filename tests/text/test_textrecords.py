"""Text game records: every game round-trips through text and replays to the same end."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from tests.helpers.textgames import GAME_ARGUMENTS, game_states, variant


def _record(players: int, seed: int, rules: ma.Rules, *, stacked: bool = False) -> ma.GameRecord:
    history = list(game_states(players, seed, rules))
    start = history[0][0]
    actions = [action for _, action in history if action is not None]
    if stacked:
        deck = list(rules.deck)
        random.Random(seed).shuffle(deck)
        start = ma.new_game([p.name for p in start.players], deck=deck, rules=rules)
        state, actions = start, []
        rng = random.Random(seed)
        while not state.is_over and len(actions) < 40:
            legal = ma.legal_actions(state)
            actions.append(legal[rng.randrange(len(legal))])
            state = ma.apply(state, actions[-1]).state
        return ma.record(start, actions)
    return ma.record(start, actions, seed=seed)


@settings(max_examples=max(5, settings().max_examples // 4))
@given(**GAME_ARGUMENTS, stacked=st.booleans())
def test_records_round_trip_through_text_and_replay_alike(
    seed: int, players: int, tie: int, payment: int, stacked: bool
) -> None:
    """read_records(write_records(rs)) == rs, and each parsed record replays to the same state."""
    rules = variant(players, tie, payment)
    games = [_record(players, seed, rules, stacked=stacked), _record(players, seed + 1, rules)]
    back = ma.read_records(ma.write_records(games, date="2026.11.30"))
    assert back == games
    for game, read in zip(games, back, strict=True):
        assert ma.replay(read) == ma.replay(game)


GAME = _record(3, 5, ma.Rules())
TEXT = ma.write_records([GAME])


def test_comments_and_unknown_tags_are_allowed() -> None:
    """; comments, {braced} comments and tags such as Event are read past."""
    lines = TEXT.splitlines()
    moves = lines.index("") + 1
    commented = [
        "; a game from the club",
        '[Event "Club night"]',
        *lines[:moves],
        "{the first auction} " + lines[moves] + " ; a good start",
        *lines[moves + 1 :],
    ]
    assert ma.read_records("\n".join(commented)) == [GAME]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace('[Seed "5"]', ""), "a seed or a stacked deck"),
        (lambda t: t.replace('[Seed "5"]', '[Seed "five"]'), "must be a whole number"),
        (lambda t: t.replace('[Rules "cmon"]', '[Rules "cmon rounds=x"]'), "rounds"),
        (lambda t: t.replace('[Rules "cmon"]', '[Rules "nowhere"]'), "unknown edition"),
        (lambda t: t.replace('[Seat1 "Bo"]', '[Seat1 "Bo"]\n[Seat1 "Bo"]'), "appears twice"),
        (lambda t: t.replace("[Seat1", "[Seat 1"), "expected a tag"),
        (lambda t: t.replace(" 2. ", " 3. ", 1), "expected step number 2."),
        (lambda t: t.replace(" 2. ", " 2. 2 bid 5 ", 1), "step 2"),
        (lambda t: t.replace("1. 0 play", "1. 0 plays", 1), "'plays' is not a verb"),
        (lambda t: t.replace("{", "").replace("2. ", "{ 2. ", 1), "does not close"),
        (lambda t: t.replace('[Winners "', '[Winners "2 '), "not as its Money and Winners"),
        (lambda t: t.replace('[Money "', '[Money "1 '), "not as its Money and Winners"),
        (lambda t: "1. 0 pass\n" + t, "a game starts with its tags"),
        (lambda t: t.rsplit(" ", 4)[0], "Money and Winners are stated, but the game goes on"),
    ],
)
def test_bad_records_are_refused_saying_where(change: object, says: str) -> None:
    """Each fault is a NotationError naming the game, the step or the tag."""
    with pytest.raises(ma.NotationError, match=None) as caught:
        ma.read_records(change(TEXT))  # type: ignore[operator]
    assert says in str(caught.value)


@st.composite
def _mutated(draw: st.DrawFn) -> str:
    text = TEXT
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        how = draw(st.integers(0, 2))
        if how == 0:
            text = text[:i] + draw(st.text(max_size=4)) + text[i:]
        elif how == 1:
            text = text[:i] + text[i + draw(st.integers(1, 30)) :]
        else:
            text = text[:i] + draw(st.sampled_from(['"', "[", "]", "{", ";", "9" * 19])) + text[i:]
    return text


@settings(max_examples=max(10, settings().max_examples // 2))
@given(st.one_of(st.text(max_size=300), _mutated()))
def test_fuzzed_records_raise_only_notation_errors(text: str) -> None:
    """Random and mutated text reads as records that replay, or is a NotationError."""
    try:
        games = ma.read_records(text)
    except ma.NotationError:
        return
    for game in games:
        ma.replay(game)
