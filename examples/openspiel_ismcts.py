"""OpenSpiel's IS-MCTS bot plays Modern Art against the library's HeuristicAgent.

# requires: numpy pyspiel

Importing ``modern_art.envs.openspiel`` registers ``"python_modern_art"``.
IS-MCTS searches worlds drawn by the state's ``resample_from_infostate``
(built on ``ma.sample_state``), so it never sees a hidden card. To keep the
example quick, rounds are short and the search cuts each simulation off with
a static estimate (money plus what the museum would sell for now) instead of
a random playout. Run it::

    python examples/openspiel_ismcts.py
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import modern_art as ma
from modern_art.envs.openspiel import ModernArtGame

SHORT = ma.Rules(deal_schedule={3: (4, 2, 2, 0), 4: (3, 2, 2, 0), 5: (3, 1, 1, 0)})
"""Short rounds, so that a game takes seconds."""


class MoneyEstimate:
    """An IS-MCTS evaluator: each seat's money plus its museum's value now, as rank rewards."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        """Rank rewards of the estimated money (the returns, at the end)."""
        if state.is_terminal():
            return np.array(state.returns())
        game = state.game_state
        payout = ma.payout_if_round_ended_now(game)
        worth = [p.money + sum(payout[c.artist] for c in p.museum) for p in game.players]
        n = len(worth)
        return np.array(
            [
                (sum(w < mine for w in worth) - sum(w > mine for w in worth)) / (n - 1)
                for mine in worth
            ]
        )

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        """A uniform prior over the legal actions."""
        actions = state.legal_actions()
        return [(a, 1.0 / len(actions)) for a in actions]


def play(game: ModernArtGame, seed: int, search_seat: int) -> list[int]:
    """One game: IS-MCTS at ``search_seat``, HeuristicAgent elsewhere; the final money."""
    rng = random.Random(seed)
    bot = ismcts.ISMCTSBot(
        game,
        MoneyEstimate(),
        uct_c=2.0,
        max_simulations=12,
        random_state=np.random.RandomState(seed),
    )
    players = game.num_players()
    heuristics = {s: ma.HeuristicAgent(seed=seed + s) for s in range(players) if s != search_seat}
    seen: list[list[ma.Event]] = [[] for _ in range(players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        seat = state.current_player()
        before = state.game_state
        if seat == search_seat:
            index = int(bot.step(state))
        else:
            action = heuristics[seat].act(ma.view(before, seat), seen[seat])
            index = game.codec.encode(action)
        events = ma.apply(before, game.codec.decode(index, before, seat)).events
        for s in range(players):
            seen[s].extend(ma.visible_events(events, s))
        state.apply_action(index)
    return [p.money for p in state.game_state.players]


def main(games: int = 2) -> list[list[int]]:
    """A few 3-player games, the searching seat moving round the table."""
    game = ModernArtGame({"players": 3}, rules=SHORT)
    results = []
    for g in range(games):
        money = play(game, seed=g, search_seat=g % 3)
        results.append(money)
        print(f"game {g}: IS-MCTS at seat {g % 3}, final money {money}")
    return results


if __name__ == "__main__":
    main()
