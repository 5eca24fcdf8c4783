"""Impossible positions and the three readers that must refuse them (issue 24).

A :class:`Impossible` is one fact no game reaches, the state that states it,
and what :func:`modern_art.position_problems` must say about it.
:func:`refused_everywhere` checks that the problem is named with its rule,
and that :func:`~modern_art.read_position` (given the state's position
text), :func:`~modern_art.from_json` (given its JSON) and
:func:`~modern_art.setup` (given its facts one by one, or a call that states
the fact) each refuse it, each naming the fact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import modern_art as ma


@attrs.frozen
class Impossible:
    """One impossible fact, and how each reader is given it."""

    fact: str
    make: Callable[[], ma.GameState]
    says: str
    """Part of the problem ``position_problems`` names (and the readers repeat)."""
    read_says: str | None = None
    """Part of read_position's refusal, where the text cannot even name the fact's value."""
    json_says: str | None = None
    """Part of from_json's refusal, where the document cannot even hold the fact's value."""
    setup_says: str | None = None
    """Part of setup's refusal, where setup words the fact its own way (its argument)."""
    setup: Callable[[], object] | None = None
    """A setup call that states the fact; by default :func:`setup_again` of the state."""
    not_setup: str | None = None
    """Why setup cannot state the fact at all (it makes that part up itself)."""

    @property
    def through_setup(self) -> bool:
        """Whether setup is given the fact (the case counts for all three readers)."""
        return self.not_setup is None


class WhatIf:
    """A setup call stated once: called, it makes the state (``check=False``, a "what
    if"); :meth:`checked` is the same call with ``check=True``, setup's own verdict."""

    def __init__(self, players: Any, **facts: Any) -> None:
        self.players, self.facts = players, facts

    def __call__(self) -> ma.GameState:
        return ma.setup(self.players, check=False, **self.facts)

    def checked(self) -> ma.GameState:
        """The same position asked of setup with its check."""
        return ma.setup(self.players, **self.facts)


def swap_cards(state: ma.GameState, old: ma.Card, new: ma.Card) -> ma.GameState:
    """``old`` and ``new`` trade places, wherever they are: every card stays once."""

    def swapped(cards: tuple[ma.Card, ...]) -> tuple[ma.Card, ...]:
        return tuple(new if c == old else old if c == new else c for c in cards)

    phase: Any = state.phase
    if isinstance(phase, ma.DoubleOffer):
        phase = attrs.evolve(phase, card=swapped((phase.card,))[0])
    elif hasattr(phase, "lot"):
        phase = attrs.evolve(phase, lot=swapped(phase.lot))
    players = tuple(
        attrs.evolve(p, hand=swapped(p.hand), museum=swapped(p.museum)) for p in state.players
    )
    return attrs.evolve(
        state,
        players=players,
        deck=swapped(state.deck),
        discard=swapped(state.discard),
        phase=phase,
    )


def setup_again(state: ma.GameState, *, deck: bool = True, **changes: Any) -> ma.GameState:
    """``state`` given to :func:`modern_art.setup` fact by fact (``changes`` replace some)."""
    rules = state.rules
    facts: dict[str, Any] = {
        "rules": rules,
        "round": state.round,
        "money": [p.money for p in state.players],
        "hands": [list(p.hand) for p in state.players],
        "museums": [list(p.museum) for p in state.players],
        "tiles": {a: t for a, t in zip(rules.artists, state.tiles, strict=False) if t},
        "phase": state.phase,
        "discard": list(state.discard),
        "deck": list(state.deck) if deck else [],
        "step": state.step,
    }
    facts.update(changes)
    return ma.setup([p.name for p in state.players], **facts)


def refused_everywhere(case: Impossible) -> None:
    """position_problems names the fact with a rule; the three readers refuse it, naming it."""
    bad = case.make()
    problems = ma.position_problems(bad)
    assert any(case.says in problem for problem in problems), problems
    assert all("(R" in problem and problem.endswith(")") for problem in problems), problems
    text = ma.write_position(bad)
    with pytest.raises(ma.NotationError) as read:
        ma.read_position(text, bad.rules)
    assert (case.read_says or case.says) in str(read.value), str(read.value)
    with pytest.raises(ma.SerializationError) as loaded:
        ma.from_json(ma.to_json(bad), "state")
    assert (case.json_says or case.says) in str(loaded.value), str(loaded.value)
    if not case.through_setup:
        return
    with pytest.raises(ValueError) as built:
        (case.setup or (lambda: setup_again(bad)))()
    said = case.setup_says or case.says
    assert said in str(built.value), str(built.value)
