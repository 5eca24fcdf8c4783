"""A sequential probability ratio test on the first player's win rate (Wald's SPRT).

``--sprt P0 P1`` asks: is the first PLAYER's win rate ``P0`` (H0) or
``P1`` (H1)? After each game, in game order, the log-likelihood ratio of
what was seen is updated with the player's share ``x`` of the win (1 for a
win, 0 for a loss, ``1/k`` for a victory shared by ``k`` seats)::

    llr += x * ln(P1 / P0) + (1 - x) * ln((1 - P1) / (1 - P0))

The test stops for H1 as soon as ``llr >= ln((1 - beta) / alpha)`` and for
H0 as soon as ``llr <= ln(beta / (1 - alpha))``: with probability at most
``alpha`` it accepts H1 when H0 holds, and at most ``beta`` the reverse.

>>> test = Sprt(0.25, 0.45)
>>> [test.update(1.0) for _ in range(7)]
[None, None, None, None, None, 'H1', 'H1']
>>> test.games, round(test.llr, 2), round(test.upper, 2)
(6, 3.53, 2.94)
>>> fixed_games(0.25, 0.45)
59
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Literal, TypeAlias

__all__ = ["Decision", "Sprt", "fixed_games"]

Decision: TypeAlias = Literal["H0", "H1"]
"""``"H0"``: the win rate is P0; ``"H1"``: it is P1."""


class Sprt:
    """The running test: feed it each game's win share with :meth:`update`.

    Args:
        p0, p1: the win rates of H0 and H1, ``0 < p0 < p1 < 1``.
        alpha: the chance of accepting H1 when H0 holds (0.05).
        beta: the chance of accepting H0 when H1 holds (0.05).

    Raises:
        ValueError: rates or error chances out of range.
    """

    def __init__(self, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05) -> None:
        if not 0 < p0 < p1 < 1:
            raise ValueError(f"the SPRT needs 0 < P0 < P1 < 1, got P0={p0} and P1={p1}")
        for name, value in (("alpha", alpha), ("beta", beta)):
            if not 0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, got {value}")
        self.p0, self.p1, self.alpha, self.beta = p0, p1, alpha, beta
        self.upper = math.log((1 - beta) / alpha)
        """Accept H1 at or above this log-likelihood ratio."""
        self.lower = math.log(beta / (1 - alpha))
        """Accept H0 at or below this log-likelihood ratio."""
        self._win = math.log(p1 / p0)
        self._loss = math.log((1 - p1) / (1 - p0))
        self.llr = 0.0
        """The log-likelihood ratio so far."""
        self.games = 0
        """Games counted so far (until the decision)."""
        self.decision: Decision | None = None
        """``"H0"``, ``"H1"``, or ``None`` while undecided."""

    def update(self, share: float) -> Decision | None:
        """Count one game in which the player won ``share`` (0 to 1); the decision, if any.

        Games after the decision are not counted.
        """
        if self.decision is None:
            self.games += 1
            self.llr += share * self._win + (1 - share) * self._loss
            if self.llr >= self.upper:
                self.decision = "H1"
            elif self.llr <= self.lower:
                self.decision = "H0"
        return self.decision


def fixed_games(p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05) -> int:
    """The games a fixed-length test of H0 against H1 needs for the same error chances.

    The one-sided test on a binomial proportion by the normal approximation:
    ``n = ((z(1-alpha) * sqrt(p0 q0) + z(1-beta) * sqrt(p1 q1)) / (p1 - p0))**2``.
    """
    z = NormalDist().inv_cdf
    root = z(1 - alpha) * math.sqrt(p0 * (1 - p0)) + z(1 - beta) * math.sqrt(p1 * (1 - p1))
    return math.ceil((root / (p1 - p0)) ** 2)
