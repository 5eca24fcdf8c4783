"""Playing a game on to its end: :func:`playout`, the loop a bot's search runs most.

With no policy it makes exactly the choices of the loop that DESIGN.md
documents (a uniform pick among every seat's legal actions with
``random.Random(seed).randrange``), so it plays the same game action for
action; the compiled build runs it in compiled code.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal, overload

from modern_art._speed import PURE
from modern_art.core.dispatch import draw, play
from modern_art.core.draws import seeded
from modern_art.core.legal import LegalActions, legal_actions
from modern_art.core.phase_table import DRAWS, PLAY
from modern_art.core.transition import apply
from modern_art.data.actions import Action
from modern_art.data.errors import IllegalAction
from modern_art.data.phases import GameOver
from modern_art.data.state import GameState

__all__ = ["Policy", "Until", "playout"]

Policy = Callable[[GameState, LegalActions, random.Random], Action]
"""A playout's chooser: ``policy(state, actions, rng)`` returns one of ``actions``.

``actions`` are every seat's legal actions in ``state`` (as
:func:`~modern_art.legal_actions` gives them) and ``rng`` is the playout's
own :class:`random.Random`, seeded with the playout's ``seed``.
"""

Until = Literal["game", "round"]
"""Where a playout stops: the game's end (R8.1), or the end of the round it starts in (R6.1)."""


# Two overloads spell the types for type checkers; the implementation takes ``object``,
# so that the compiled build too refuses a wrong argument with the documented
# ValueError rather than a TypeError at the call (and sees True as no int seed).
@overload
def playout(state: GameState, *, seed: int, until: Until = "game") -> GameState: ...
@overload
def playout(
    state: GameState, *, seed: int, policy: Policy | None, until: Until = "game"
) -> GameState: ...
def playout(
    state: object, *, seed: object, policy: object = None, until: object = "game"
) -> GameState:
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

    With ``until="round"`` it stops as soon as the round it starts in has
    ended (R6.1): the state returned is the one just after that round's
    sale, with the next round dealt (its ``round`` one higher), or the game
    over. The choices up to there are the same as with ``until="game"``:
    a search that scores rounds pays only for the round.

    Args:
        state: a game that is not over.
        seed: an ``int`` seeding the playout's ``random.Random``; as in
            Python's :mod:`random`, ``-n`` plays as ``n`` does.
        policy: the chooser (:data:`Policy`); ``None``: uniform at random.
        until: ``"game"`` (the default) or ``"round"`` (:data:`Until`).

    Raises:
        ValueError: ``state`` is not a :class:`~modern_art.GameState`, the
            game is already over (R8.1), or ``seed`` is not an ``int`` (a
            ``bool``, ``None``, a ``str`` or a ``float`` is none), or
            ``policy`` is neither ``None`` nor callable, or ``until`` is
            neither ``"game"`` nor ``"round"``, or a state built
            by hand leaves no seat an action while the game is not over.
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
    if until == "game":
        stop_round = _NO_ROUND
    elif until == "round":
        stop_round = state.round + 1
    else:
        raise ValueError(f"until must be 'game' or 'round', got {until!r}")
    if policy is not None and not callable(policy):
        raise ValueError(f"policy must be None or a callable, got {policy!r}")
    rng = seeded(seed)  # random.Random(seed), without its Python frames
    if policy is None:
        return _uniform(state, rng, stop_round)
    return _chosen(state, rng, policy, stop_round)


_NO_ROUND = -1
"""``stop_round`` when the playout goes on to the game's end: no state's round is -1."""


def _uniform(state: GameState, rng: random.Random, stop_round: int) -> GameState:
    """The documented loop without its costs: no sequence, no ``Step``, no events kept.

    Each phase's room's ``draw`` (``modern_art.core.phases``) gives the action
    the loop would take, counted from the state without building the legal
    actions, in their order (``tests/core/test_playout.py`` compares the two
    on thousands of games). Each is one they offer, so
    ``apply``'s own checks (not over, an action, a seat) hold already; the
    phase's handler still checks the rest as ever. No event is made (the
    handlers take ``None`` for the list). It stops early at the first state
    in ``stop_round`` (the next round, dealt), if any.
    """
    getrandbits: Any = rng.getrandbits
    phase = state.phase
    while not isinstance(phase, GameOver):
        # The dispatch each build does fastest (modern_art.core.phase_table); no events made.
        if PURE:
            drawn = DRAWS[type(phase)](state, phase, getrandbits)
        else:
            drawn = draw(state, phase, getrandbits)
        if drawn is None:
            raise ValueError(f"no seat has a legal action at step {state.step}: not a game state")
        action, seat = drawn
        if PURE:
            state = PLAY[type(phase)](state, phase, action, seat, None)
        else:
            state = play(state, phase, action, seat, None)
        phase = state.phase
        if state.round == stop_round:
            break
    return state


def _chosen(
    state: GameState, rng: random.Random, policy: Callable[..., object], stop_round: int
) -> GameState:
    phase = state.phase
    while not isinstance(phase, GameOver):
        actions = legal_actions(state)
        # Untyped: whatever the policy returns, apply refuses what is no legal action.
        action: Any = policy(state, actions, rng)
        if action in actions:
            # One of the actions apply accepts, so its own checks hold already: the
            # phase's handler plays it, with no events made and no Step (as _uniform).
            if PURE:
                state = PLAY[type(phase)](state, phase, action, action.seat, None)
            else:
                state = play(state, phase, action, action.seat, None)
        else:
            state = _refused(state, action)
        phase = state.phase
        if state.round == stop_round:
            break
    return state


def _refused(state: GameState, action: Any) -> GameState:
    """What ``apply`` says of a policy's action that is none of the legal actions.

    ``apply`` refuses it, citing the rule it breaks, and the error says the
    policy chose it. (Should ``apply`` ever accept it, its state is the answer.)
    """
    try:
        return apply(state, action).state
    except IllegalAction as err:
        raise IllegalAction(
            err.rule,
            f"the policy chose an illegal action at step {state.step}: {err.reason}",
            action,
        ) from err
