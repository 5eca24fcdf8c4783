"""A PettingZoo rollout: every seat picks a random action its mask allows.

# requires: numpy pettingzoo gymnasium

This is the loop a multi-agent RL library runs: ``env.last()`` gives the
agent to act its observation (``"observation"`` and ``"action_mask"``), and
``env.step`` takes an index of the action codec. Run it::

    python examples/pettingzoo_rollout.py
"""

from __future__ import annotations

import numpy as np

import modern_art as ma
from modern_art.envs.pettingzoo import env


def main(players: int = 4, seed: int = 7) -> dict[str, float]:
    """Play one game with random masked actions; return each agent's final reward."""
    table = env(players=players, render_mode="ansi")
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    state = table.unwrapped.game_state
    print(f"{steps} actions; final money {[p.money for p in state.players]}")
    print(f"winners {ma.winners(state)}; rewards {totals}")
    return totals


if __name__ == "__main__":
    main()
