"""Which seat each lineup entry holds in each game, and every seed: one rotation.

In game ``g`` of a run of ``n`` entries, seat ``s`` holds entry
``(s + g) % n``, and games ``k*n`` to ``k*n + n - 1`` share one deal, so
each deal is played from every seat by every entry (a "duplicate" format).
Every seed derives from the run's seed and the game's number alone, so a
game is the same whichever process or machine plays it.

>>> rotation = Rotation(entries=3, seed=4)
>>> [rotation.seats(g) for g in range(4)]
[(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
>>> rotation.deal_seed(0) == rotation.deal_seed(2) != rotation.deal_seed(3)
True
"""

from __future__ import annotations

import random

from attrs import frozen

__all__ = ["Rotation", "derived_seed"]


def derived_seed(*parts: object) -> int:
    """A 59-bit seed from ``parts``, the same on every machine and run.

    59 bits keep a seed within the 18 digits that JSON documents may hold
    (:func:`~modern_art.from_json`), so a game record's deal seed reads back.
    """
    return random.Random(":".join(map(str, parts))).getrandbits(59)


@frozen
class Rotation:
    """The seats and seeds of every game of a run of ``entries`` lineup entries."""

    entries: int
    """Lineup entries: one per seat of each game."""
    seed: int
    """The run's seed: every deal and agent seed derives from it and the game's number."""

    def seats(self, game: int) -> tuple[int, ...]:
        """Which entry (its index in the lineup) holds each seat of game ``game``."""
        return tuple((s + game) % self.entries for s in range(self.entries))

    def deal_seed(self, game: int) -> int:
        """The deal of game ``game``: each block of ``entries`` games shares one."""
        return derived_seed("deal", self.seed, game // self.entries)

    def agent_seed(self, game: int, seat: int) -> int:
        """The seed of the agent at ``seat`` in game ``game``."""
        return derived_seed("agent", self.seed, game, seat)
