"""OpenSkill ratings from each game's final ranking (the ``match`` extra).

Each game ranks its seats by final money, seats with equal money sharing a
rank; the games are rated in game order with OpenSkill's Plackett-Luce
model (``openskill.models.PlackettLuce``, its defaults: mu 25, sigma
25/3), every PLAYER of the match starting from the same rating. Install
it with ``pip install -e '.[match]'`` from a clone of the repository, or
``pip install 'modern-art[match]'`` once published.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["Rating", "has_ratings", "ranks", "rate"]

Rating = tuple[float, float]
"""A rating's ``(mu, sigma)``."""


def has_ratings() -> bool:
    """Whether the ``openskill`` package (the ``match`` extra) is installed."""
    try:
        import openskill.models  # noqa: F401, PLC0415
    except ImportError:
        return False
    return True


def ranks(money: Sequence[int]) -> list[int]:
    """Each seat's rank by final money, from 1; equal money, equal rank.

    >>> ranks([120, 80, 120, 95])
    [1, 4, 1, 3]
    """
    return [1 + sum(other > mine for other in money) for mine in money]


def rate(players: int, games: Iterable[tuple[Sequence[int], Sequence[int]]]) -> list[Rating]:
    """Each player's ``(mu, sigma)`` after ``games``, each ``(seats, money)`` in game order.

    ``seats[s]`` is the player at seat ``s``; ``money[s]`` that seat's final money.

    Raises:
        ImportError: ``openskill`` is not installed (the ``match`` extra).
    """
    from openskill.models import PlackettLuce  # noqa: PLC0415

    model = PlackettLuce()
    ratings = [model.rating() for _ in range(players)]
    for seats, money in games:
        teams = model.rate(
            [[ratings[entry]] for entry in seats], ranks=[float(r) for r in ranks(money)]
        )
        for entry, team in zip(seats, teams, strict=True):
            ratings[entry] = team[0]
    return [(r.mu, r.sigma) for r in ratings]
