"""A whole game over the engine protocol, as a transcript of every line, both ways.

``modern-art engine heuristic --seed 1`` plays seat 0 of a one-round,
three-card game against two random bots; every line the runner sends
(``>``) and the engine answers (``<``) is printed, in order. The docs'
protocol page includes its output, ``engine_transcript.txt``, and a test
checks that the file is what this script prints.
"""

from __future__ import annotations

import sys

import modern_art as ma

RULES = ma.Rules(rounds=1, deal_schedule={3: (3,), 4: (3,), 5: (2,)})
"""One round, three cards each: a whole game in a few dozen lines."""


def transcript() -> list[str]:
    """The game's lines, each prefixed with ``> `` (runner) or ``< `` (engine)."""
    lines: list[str] = []

    def log(side: str, line: bytes) -> None:
        lines.append(("> " if side == "runner" else "< ") + line.decode().rstrip("\n"))

    command = [sys.executable, "-m", "modern_art", "engine", "heuristic", "--seed", "1"]
    with ma.EngineAgent(command, log=log) as engine:
        host = ma.Host(
            ma.new_game(["engine", "random 1", "random 2"], seed=3, rules=RULES),
            [engine, ma.RandomAgent(1), ma.RandomAgent(2)],
        )
        host.run()
        final = host.state
        engine.finish(host.seen(0), [p.money for p in final.players], ma.winners(final))
    lines.append("> " + '{"type":"quit"}')
    return lines


if __name__ == "__main__":
    print("\n".join(transcript()))
