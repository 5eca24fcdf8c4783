"""The cost of the PettingZoo env over the bare engine: ``python benchmarks/envs.py``.

Needs the rl extra. Plays ``--games`` seeded games of ``--players`` seats (4
by default) once, choosing random actions from the env's masks, and records
them. Then it times, over the same games and actions, in CPU time of this
process:

* bare: ``ma.legal_actions(state)`` and ``ma.apply(state, action)`` per action;
* env: ``env.last()`` (the acting agent's observation vector and action mask)
  and ``env.step(index)`` per action, on the unwrapped env (``raw_env``);
  the agent-removal steps at the end of each game are not counted.

Each is run ``--repeat`` times (5 by default), interleaved; the medians and
their ratio are printed. Not part of the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

import modern_art as ma
from modern_art.envs.pettingzoo import raw_env


def record(players: int, games: int) -> list[tuple[int, list[int], list[ma.Action]]]:
    """Seeds, env indices and library actions of ``games`` random masked games."""
    out = []
    rng = random.Random(0)
    for game in range(games):
        table = raw_env(players=players)
        table.reset(seed=game)
        indices: list[int] = []
        actions: list[ma.Action] = []
        while not table.game_state.is_over:
            seat = ma.next_seat(table.game_state)
            allowed = np.flatnonzero(table.codec.mask(table.game_state, seat))
            index = int(allowed[rng.randrange(len(allowed))])
            actions.append(table.codec.decode(index, table.game_state, seat))
            indices.append(index)
            table.step(index)
        out.append((game, indices, actions))
    return out


def time_bare(players: int, games: list[tuple[int, list[int], list[ma.Action]]]) -> float:
    """CPU seconds per action for legal_actions + apply."""
    table = raw_env(players=players)
    starts = []
    for seed, _, _ in games:
        table.reset(seed=seed)
        starts.append(table.game_state)
    legal, apply = ma.legal_actions, ma.apply
    count = 0
    begin = time.process_time()
    for start, (_, _, actions) in zip(starts, games, strict=True):
        state = start
        for action in actions:
            legal(state)
            state = apply(state, action).state
        count += len(actions)
    return (time.process_time() - begin) / count


def time_env(players: int, games: list[tuple[int, list[int], list[ma.Action]]]) -> float:
    """CPU seconds per action for env.last() + env.step(index)."""
    table = raw_env(players=players)
    spent = 0.0
    count = 0
    for seed, indices, _ in games:
        table.reset(seed=seed)
        last, step = table.last, table.step
        begin = time.process_time()
        for index in indices:
            last()
            step(index)
        spent += time.process_time() - begin
        count += len(indices)
        assert table.game_state.is_over
    return spent / count


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    games = record(args.players, args.games)
    actions = sum(len(g[1]) for g in games)
    bare, env = [], []
    for _ in range(args.repeat):
        bare.append(time_bare(args.players, games))
        env.append(time_env(args.players, games))
    b, e = statistics.median(bare), statistics.median(env)
    print(f"{args.games} games, {args.players} players, {actions} actions, {args.repeat} runs")
    print("| step | µs per action (median) | min..max |")
    print("| --- | ---: | --- |")
    for name, median, runs in (
        ("bare legal_actions + apply", b, bare),
        ("PettingZoo last + step", e, env),
    ):
        spread = f"{min(runs) * 1e6:.1f}..{max(runs) * 1e6:.1f}"
        print(f"| {name} | {median * 1e6:.1f} | {spread} |")
    print(f"ratio env / bare: {e / b:.2f}")


if __name__ == "__main__":
    main()
