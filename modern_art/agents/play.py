"""Playing a whole game between agents: :func:`play_game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from modern_art.actions import Action
from modern_art.agents.base import Agent, agent_name
from modern_art.engine import apply, new_game
from modern_art.events import Event
from modern_art.order import next_seat
from modern_art.records import GameRecord
from modern_art.redaction import visible_events
from modern_art.rules import Rules
from modern_art.scoring import winners
from modern_art.state import GameState, Step
from modern_art.views import view

__all__ = ["play_game"]

Observer = Callable[[GameState, Action, Step], None]
"""Called after every action with the state before it, the action and its step."""


def play_game(
    agents: Sequence[Agent],
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    first_auctioneer: int = 0,
    observer: Observer | None = None,
) -> GameRecord:
    """Play a whole game, one agent per seat, and return its record.

    Each agent sees only its seat's view and visible events. When several
    seats may act at once (an open or hidden auction), they are asked one at
    a time, in the order of :func:`~modern_art.next_seat`.

    Args:
        agents: one agent per seat, in seat order (the same object may sit
            in several seats only if it keeps no notes between calls).
        rules: the variant; CMON by default.
        seed: the deal's seed; ``None`` draws a fresh one, kept in the record.
        names: the players' names; by default each agent's short name.
            The record keeps them (:attr:`~modern_art.GameRecord.players`).
        first_auctioneer: the seat that offers first (R1.5).
        observer: called after every action, e.g. to narrate or draw.

    Raises:
        ValueError: an agent returned an action for another seat.
        IllegalAction: an agent returned an action the rules forbid.

    >>> import modern_art as ma
    >>> game = ma.play_game([ma.RandomAgent(seed=s) for s in range(3)], seed=7)
    >>> game.players, len(game.winners) >= 1, ma.replay(game).is_over
    (('random', 'random', 'random'), True, True)
    """
    agents = tuple(agents)
    labels = tuple(agent_name(agent) for agent in agents)
    names = tuple(names) if names is not None else labels
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    state = new_game(names, seed=seed, rules=rules, first_auctioneer=first_auctioneer)
    n = len(agents)
    seen: list[list[Event]] = [[] for _ in range(n)]
    actions: list[Action] = []
    while not state.is_over:
        seat = next_seat(state)
        action = agents[seat].act(view(state, seat), seen[seat])
        if getattr(action, "seat", None) != seat:
            raise ValueError(
                f"the agent {labels[seat]} at seat {seat} returned {action!r},"
                f" an action for another seat"
            )
        step = apply(state, action)
        for s in range(n):
            seen[s].extend(visible_events(step.events, s))
        if observer is not None:
            observer(state, action, step)
        actions.append(action)
        state = step.state
    money = tuple(p.money for p in state.players)
    return GameRecord(
        state.rules, names, seed, None, first_auctioneer, actions, money, winners(state)
    )
