"""A policy over the action codec plays in a tournament as an ordinary agent.

# requires: numpy

A trained network is a function from (observation, action mask) to an action
index; :class:`modern_art.envs.PolicyAgent` turns it into an ``ma.Agent``.
Here the "network" is a hand-written rule: pass when it may, otherwise take
the cheapest allowed index. Run it::

    python examples/policy_tournament.py
"""

from __future__ import annotations

import numpy as np

import modern_art as ma
from modern_art.envs import ActionCodec, Mask, Observation, PolicyAgent

CODEC = ActionCodec(ma.Rules())


def thrifty(observation: Observation, mask: Mask) -> int:
    """Pass if allowed, else the lowest allowed index (a card kind, or the smallest amount)."""
    if mask[CODEC.pass_index]:
        return CODEC.pass_index
    return int(np.flatnonzero(mask)[0])


def make_agent(seed: int) -> PolicyAgent:
    """A fresh agent for each game (the tournament passes a seed; this policy needs none)."""
    return PolicyAgent(thrifty, CODEC, name="thrifty")


def main(games: int = 6) -> ma.TournamentResult:
    """Two random agents and the thrifty policy, seats rotated."""
    result = ma.tournament([make_agent, ma.RandomAgent, ma.RandomAgent], games, seed=1)
    for standing in result.standings:
        print(
            f"{standing.name:8} wins {standing.wins:4.1f} of {standing.games},"
            f" mean money {standing.mean_money:6.1f}"
        )
    return result


if __name__ == "__main__":
    main()
