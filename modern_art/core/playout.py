"""Playing a game on to its end: :func:`playout`, the loop a bot's search runs most.

With no policy it makes exactly the choices of the loop that DESIGN.md
documents (a uniform pick among every seat's legal actions with
``random.Random(seed).randrange``), so it plays the same game action for
action; the compiled build runs it in compiled code.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.errors import IllegalAction
from modern_art.data.phases import GameOver
from modern_art.data.state import GameState

__all__ = ["Policy", "playout"]

Policy = Callable[[GameState, LegalActions, random.Random], Action]
"""A playout's chooser: ``policy(state, actions, rng)`` returns one of ``actions``.

``actions`` are every seat's legal actions in ``state`` (as
:func:`~modern_art.legal_actions` gives them) and ``rng`` is the playout's
own :class:`random.Random`, seeded with the playout's ``seed``.
"""


def playout(state: GameState, *, seed: int, policy: Policy | None = None) -> GameState:
    """Play ``state`` on to the game's end and return the final state.

    With no ``policy``, each choice is uniform over every seat's legal
    actions, exactly the choices of this loop (the same game, action for
    action, in both builds)::

        rng = random.Random(seed)
        while not state.is_over:
            acts = ma.legal_actions(state)
            state = ma.apply(state, acts[rng.randrange(len(acts))]).state

    With a ``policy``, it is called at each decision as ``policy(state,
    actions, rng)`` with the state, every seat's legal actions and the
    playout's own ``random.Random(seed)``, and returns the action to apply.
    No events or steps are kept: only the final state is returned (replay
    with :func:`~modern_art.apply` when the events are wanted).

    Args:
        state: a game that is not over.
        seed: an ``int`` seeding the playout's ``random.Random``; as in
            Python's :mod:`random`, ``-n`` plays as ``n`` does.
        policy: the chooser (:data:`Policy`); ``None``: uniform at random.

    Raises:
        ValueError: ``state`` is not a :class:`~modern_art.GameState`, the
            game is already over (R8.1), or ``seed`` is not an ``int`` (a
            ``bool``, ``None``, a ``str`` or a ``float`` is none), or
            ``policy`` is neither ``None`` nor callable.
        IllegalAction: the policy returned an action that is not legal in
            the state it was given; the error cites the rule the action
            breaks, as :func:`~modern_art.apply` does, and says so.

    >>> import modern_art as ma
    >>> end = ma.playout(ma.new_game(4, seed=3), seed=3)
    >>> end.is_over, end == ma.playout(ma.new_game(4, seed=3), seed=3)
    (True, True)
    """
    if not isinstance(state, GameState):
        raise ValueError(f"playout takes a GameState, got {type(state).__name__} {state!r}")
    if type(seed) is not int:
        # random.Random would take a str, a float or True, and hash it into another game.
        raise ValueError(f"seed must be an int, got {seed!r}")
    if isinstance(state.phase, GameOver):
        raise ValueError("the game is over: there is nothing to play out (R8.1)")
    rng = random.Random(seed)
    if policy is None:
        return _uniform(state, rng)
    if not callable(policy):
        raise ValueError(f"policy must be None or a callable, got {policy!r}")
    return _chosen(state, rng, policy)


def _uniform(state: GameState, rng: random.Random) -> GameState:
    randrange = rng.randrange
    while not isinstance(state.phase, GameOver):
        actions = legal_actions(state)
        state = apply(state, actions[randrange(len(actions))]).state
    return state


def _chosen(state: GameState, rng: random.Random, policy: Policy) -> GameState:
    while not isinstance(state.phase, GameOver):
        actions = legal_actions(state)
        action = policy(state, actions, rng)
        try:
            step = apply(state, action)
        except IllegalAction as err:
            raise IllegalAction(
                err.rule,
                f"the policy chose an illegal action at step {state.step}: {err.reason}",
                action,
            ) from err
        state = step.state
    return state
