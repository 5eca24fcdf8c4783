"""Playing a whole game between agents: :func:`play_game`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from modern_art.agents.base import Agent, agent_name
from modern_art.agents.host import Host, Observer
from modern_art.core.records import GameRecord
from modern_art.core.transition import new_game
from modern_art.data.rules import Rules

__all__ = ["play_game"]


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

    The game runs in a :class:`~modern_art.Host`: each agent sees only its
    seat's view and visible events. When several seats may act at once (an
    open or hidden auction), they are asked one at a time, in the order of
    :func:`~modern_art.next_seat`.

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
    names = tuple(names) if names is not None else tuple(agent_name(a) for a in agents)
    if seed is None:
        seed = random.SystemRandom().getrandbits(32)
    state = new_game(names, seed=seed, rules=rules, first_auctioneer=first_auctioneer)
    host = Host(state, agents, observer=observer)
    host.run()
    return host.record(seed)
