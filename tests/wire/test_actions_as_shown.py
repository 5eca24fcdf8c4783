"""Every action a document shows is a whole action document, taken back as it is.

A front-end's first move is to copy an entry of a view's ``legal_actions``
and send it back; before, the entries lacked ``"format"`` and
``from_json(..., "action")`` refused them. Over whole games, in every phase,
each legal action a view shows, each action of a record and each action of
the engine protocol's view reads back, as written, as the very action; the
web table's endpoint takes them too (tests/web/test_web_actions_as_shown.py).
"""

from __future__ import annotations

import json
import random
import typing

from hypothesis import given, settings
from hypothesis import strategies as st

import modern_art as ma
from modern_art.agents.engine.protocol import act_line

PHASES = {cls.__name__ for cls in typing.get_args(ma.Phase)} - {"GameOver"}


def _check_view(view: ma.PlayerView) -> None:
    """Each shown legal action, copied out of the view's document, is that action."""
    shown = json.loads(ma.to_json(view))["legal_actions"]
    assert len(shown) == len(view.legal_actions)
    for entry, action in zip(shown, view.legal_actions, strict=True):
        assert entry["format"] == ma.FORMAT
        assert ma.from_json(json.dumps(entry), "action", rules=view.rules) == action


def _play(seed: int, players: int) -> set[str]:
    """One whole game, random choices, every seat's view checked at every step; its phases."""
    rng = random.Random(seed)
    state = ma.new_game(players, seed=seed)
    phases: set[str] = set()
    actions: list[ma.Action] = []
    while not state.is_over:
        phases.add(type(state.phase).__name__)
        for seat in range(players):
            view = ma.view(state, seat)
            if view.legal_actions:
                _check_view(view)
        action = rng.choice(ma.legal_actions(state))
        actions.append(action)
        state = ma.apply(state, action).state
    record = json.loads(ma.to_json(ma.record(ma.new_game(players, seed=seed), actions)))
    for entry, action in zip(record["actions"], actions, strict=True):
        assert ma.from_json(json.dumps(entry), "action") == action
    return phases


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 5))
def test_every_shown_action_is_read_back_as_it_is_over_whole_games(
    seed: int, players: int
) -> None:
    """In whole random games, each view's legal actions and each record action read back."""
    _play(seed, players)


def test_the_checked_games_pass_through_every_phase() -> None:
    """Seeded whole games reach every phase that asks for an action, each checked."""
    seen: set[str] = set()
    for seed in range(3):
        seen |= _play(seed, 4)
    assert seen == PHASES


def test_the_engine_protocol_s_view_shows_whole_actions_lined_up_with_legal() -> None:
    """The act message's view carries whole actions, legal[i] the notation of legal_actions[i]."""
    state = ma.new_game(4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        for seat in range(4):
            view = ma.view(state, seat)
            if not view.legal_actions:
                continue
            message = json.loads(act_line(view, time_ms=1000))
            shown = message["view"]["legal_actions"]
            assert len(shown) == len(message["legal"])
            for entry, text, action in zip(
                shown, message["legal"], view.legal_actions, strict=True
            ):
                assert ma.from_json(json.dumps(entry), "action") == action
                assert text == ma.format_action(action)
        state = ma.apply(state, rng.choice(ma.legal_actions(state))).state
