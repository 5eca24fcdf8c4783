"""Hypothesis strategies for the JSON tests: rules variants and games played from them.

Actions are drawn from :func:`modern_art.legal_actions`, so every game is a
real one; a finished game plays its tail with a seeded ``random.Random``
so that Hypothesis need not draw hundreds of choices.
"""

from __future__ import annotations

import random

from attrs import frozen
from hypothesis import strategies as st

import modern_art as ma

MINI = ma.Edition("mini", ("Ada", "Bea", "Cyd"), ((2, 2, 2, 2, 2),) * 3)
"""A small custom edition: 3 artists, 30 cards."""

SHORT = {3: (3, 1, 1, 0), 4: (3, 1, 1, 0), 5: (2, 1, 1, 0)}
"""A short deal schedule, so that whole games stay short."""


@st.composite
def rules(draw: st.DrawFn) -> ma.Rules:
    """Any of the variants, with the CMON, original or a custom edition."""
    edition = draw(st.sampled_from([ma.CMON, ma.ORIGINAL, MINI]))
    short = edition is MINI or draw(st.booleans())
    tiles = (3, 2, 1) if edition is MINI else draw(st.sampled_from([(30, 20, 10), (40, 20)]))
    return ma.Rules(
        edition=edition,
        deal_schedule=SHORT if short else ma.Rules().deal_schedule,
        value_tiles=tiles,
        starting_money=draw(st.sampled_from([100, 7, 0])),
        hidden_tie=draw(st.sampled_from(list(ma.HiddenTie))),
        double_payment=draw(st.sampled_from(list(ma.DoublePayment))),
        open_money=draw(st.booleans()),
    )


@frozen
class Played:
    """A game: how it began, each action, and each step that followed."""

    start: ma.GameState
    seed: int
    actions: tuple[ma.Action, ...]
    steps: tuple[ma.Step, ...]

    @property
    def final(self) -> ma.GameState:
        """The state after the last action."""
        return self.steps[-1].state if self.steps else self.start


@st.composite
def games(draw: st.DrawFn, *, finish: bool = False, max_prefix: int = 40) -> Played:
    """A game of up to ``max_prefix`` drawn actions; played to the end if ``finish``."""
    game_rules = draw(rules())
    players = draw(st.integers(game_rules.min_players, game_rules.max_players))
    seed = draw(st.integers(0, 2**32))
    start = ma.new_game(
        players,
        seed=seed,
        rules=game_rules,
        first_auctioneer=draw(st.integers(0, players - 1)),
    )
    state = start
    actions: list[ma.Action] = []
    steps: list[ma.Step] = []
    for _ in range(draw(st.integers(0, max_prefix))):
        if state.is_over:
            break
        legal = ma.legal_actions(state)
        action = legal[draw(st.integers(0, len(legal) - 1))]
        actions.append(action)
        steps.append(ma.apply(state, action))
        state = steps[-1].state
    rng = random.Random(draw(st.integers(0, 2**32)))
    while finish and not state.is_over:
        action = rng.choice(ma.legal_actions(state))
        actions.append(action)
        steps.append(ma.apply(state, action))
        state = steps[-1].state
    return Played(start, seed, tuple(actions), tuple(steps))
