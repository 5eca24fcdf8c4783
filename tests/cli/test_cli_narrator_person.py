"""The terminal narrator speaks to its reader as you, and of everyone else by name.

Every event kind of five seeded random games is told by the narrator of
``modern-art play`` (to each seat) and of ``demo``/``replay`` (to nobody):
no line says "you bids", and no name takes "bid"; a seat named "You" is
spoken to in a replay too (decision, docs/text.rst).
"""

from __future__ import annotations

import io
import random
from typing import get_args

import pytest
from rich.console import Console

import modern_art as ma
from modern_art.cli.narrate import Narrator
from tests.text.test_sentences import NAMES, WRONG_SECOND, WRONG_THIRD


def _told(names: tuple[str, ...], viewer: int | None) -> tuple[set[type], list[str]]:
    """The event kinds fed and every line told, as plain text, over five games."""
    kinds: set[type] = set()
    lines: list[str] = []
    for seed, players in ((1, 3), (2, 4), (3, 5), (4, 3), (5, 4)):
        seats = names[:players]
        state = ma.new_game(list(seats), seed=seed)
        narrator = Narrator(state.rules, seats, viewer=viewer, show_money=viewer is None)
        rng = random.Random(seed)
        told = list(narrator.opening())
        while not state.is_over:
            legal = ma.legal_actions(state)
            step = ma.apply(state, legal[rng.randrange(len(legal))])
            events = step.events if viewer is None else ma.visible_events(step.events, viewer)
            kinds.update(type(event) for event in events)
            told.extend(narrator.feed(events))
            state = step.state
        told.extend(narrator.flush())
        console = Console(width=400, file=io.StringIO())
        for item in told:
            console.print(item)
        assert isinstance(console.file, io.StringIO)
        lines.extend(console.file.getvalue().splitlines())
    return kinds, lines


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_the_narrator_agrees_its_verbs_for_every_event_kind(viewer: int | None) -> None:
    """Told to seat 0, 1, 2 or to nobody, every line of every kind agrees subject and verb."""
    kinds, lines = _told(NAMES, viewer)
    expected = set(get_args(ma.Event)) - {ma.AuctioneerSkipped}  # rare: tests/text
    if viewer is not None:
        expected -= {ma.BidSealed}  # others' sealed bids are redacted, but still told
    assert expected - {ma.BidSealed} <= kinds
    for line in lines:
        assert not WRONG_SECOND.search(line), line
        assert not WRONG_THIRD.search(line), line
        if viewer is None:
            assert "you" not in line.lower().split(), line
    if viewer is not None:
        assert any(line.lstrip().startswith("You ") for line in lines)


def test_a_replay_of_a_game_saved_as_you_speaks_to_you() -> None:
    """A replay (no reader) of a game whose seat 0 is named "You": "You add", never "You adds"."""
    names = ("You", *NAMES[1:])
    _, lines = _told(names, None)
    assert any("You " in line for line in lines)
    for line in lines:
        assert not WRONG_SECOND.search(line), line
