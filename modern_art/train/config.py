"""Every option of a training run, checked: :class:`TrainConfig`.

>>> from modern_art.train.config import TrainConfig
>>> config = TrainConfig(updates=10, tables=16, opponents="heuristic,self")
>>> config.steps_per_update, config.lineups
(1024, ('heuristic', 'self'))
>>> TrainConfig(players=7)
Traceback (most recent call last):
...
ValueError: players must be from 3 to 5, got 7 (R1.1)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from attrs import asdict, field, frozen

from modern_art.agents.registry import canonical_bot
from modern_art.data.rules import Rules

__all__ = ["SELF", "TrainConfig"]

SELF = "self"
"""The opponent that plays the policy being trained (as of the last checkpoint)."""


def _lineups(text: str, what: str) -> tuple[str, ...]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise ValueError(f"{what}: give at least one bot")
    out = []
    for name in names:
        if name == SELF and what == "opponents":
            out.append(SELF)
            continue
        try:
            out.append(canonical_bot(name))
        except ValueError as err:
            extra = ", or self" if what == "opponents" else ""
            raise ValueError(f"{what}: {err}{extra}") from None
    return tuple(out)


def _widths(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _positive(name: str, value: object) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{name} must be a positive int, got {value!r}")


@frozen
class TrainConfig:
    """A training run: the tables, the opponents, PPO's settings, the evaluations.

    Raises:
        ValueError: any option out of range (each message names it).
    """

    seed: int = 0
    """Seeds everything: the network, the deals, the opponents, the sampling."""
    updates: int = 200
    """PPO updates to run (in all, counting those a resumed checkpoint did)."""
    tables: int = 24
    """Tables played at once (split evenly over seats and opponents)."""
    steps: int = 64
    """Decisions each table plays between updates."""
    players: int = 4
    """Seats at every table (R1.1)."""
    opponents: str = "heuristic,self,random"
    """The other seats' bots, one kind a table: registry names, or ``self``."""
    hidden: tuple[int, ...] = field(default=(256, 256), converter=_widths)
    """The hidden layers' widths."""
    learning_rate: float = 3e-4
    gamma: float = 1.0
    """The discount: the only reward is the game's final rank, so none by default."""
    gae_lambda: float = 0.95
    clip: float = 0.2
    """PPO's clipping of the probability ratio."""
    epochs: int = 4
    """Passes over each update's batch."""
    minibatches: int = 4
    entropy: float = 0.01
    """The entropy bonus's weight."""
    value_weight: float = 0.5
    max_grad_norm: float = 0.5
    imitate: int = 0
    """Games of four heuristic bots to imitate before PPO (a warm start; 0: none)."""
    imitate_epochs: int = 6
    eval_every: int = 10
    """Updates between evaluations (and checkpoints); update 0 is evaluated too."""
    eval_games: int = 100
    """Games of each evaluation against each of :attr:`eval_against` (seats rotated)."""
    eval_against: str = "random,heuristic"
    """The fixed bots of the evaluations: the policy against three of each."""
    eval_workers: int = 1

    def __attrs_post_init__(self) -> None:
        for name in (
            "updates",
            "tables",
            "steps",
            "epochs",
            "minibatches",
            "imitate_epochs",
            "eval_every",
            "eval_games",
            "eval_workers",
        ):
            _positive(name, getattr(self, name))
        if type(self.imitate) is not int or self.imitate < 0:
            raise ValueError(f"imitate must be an int of at least 0, got {self.imitate!r}")
        if type(self.seed) is not int:
            raise ValueError(f"seed must be an int, got {self.seed!r}")
        rules = Rules()
        if type(self.players) is not int or not (
            rules.min_players <= self.players <= rules.max_players
        ):
            raise ValueError(
                f"players must be from {rules.min_players} to {rules.max_players},"
                f" got {self.players!r} (R1.1)"
            )
        if not self.hidden or any(type(h) is not int or h < 1 for h in self.hidden):
            raise ValueError(f"hidden must be positive layer widths, got {self.hidden!r}")
        for name in ("learning_rate", "clip", "max_grad_norm"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not value > 0:
                raise ValueError(f"{name} must be a positive number, got {value!r}")
        for name in ("gamma", "gae_lambda"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or not 0 <= value <= 1:
                raise ValueError(f"{name} must be from 0 to 1, got {value!r}")
        for name in ("entropy", "value_weight"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or value < 0:
                raise ValueError(f"{name} must be a number of at least 0, got {value!r}")
        groups = self.players * len(self.lineups)
        if self.tables % groups:
            raise ValueError(
                f"tables must be a multiple of {groups} ({self.players} seats times"
                f" {len(self.lineups)} opponents), got {self.tables}"
            )
        if (self.tables * self.steps) % self.minibatches:
            raise ValueError("tables * steps must be a multiple of minibatches")
        _lineups(self.eval_against, "eval_against")

    @property
    def lineups(self) -> tuple[str, ...]:
        """The opponents' kinds, one a table: registry names or :data:`SELF`."""
        return _lineups(self.opponents, "opponents")

    @property
    def baselines(self) -> tuple[str, ...]:
        """The evaluations' fixed bots."""
        return _lineups(self.eval_against, "eval_against")

    @property
    def steps_per_update(self) -> int:
        """Decisions of the learning seats between updates: ``tables * steps``."""
        return self.tables * self.steps

    def to_json(self) -> dict[str, Any]:
        """The options as JSON values (a checkpoint's ``meta``)."""
        out = asdict(self)
        out["hidden"] = list(self.hidden)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainConfig:
        """The options :meth:`to_json` wrote.

        Raises:
            ValueError: an unknown option, or a value out of range.
        """
        known = {f.name for f in cls.__attrs_attrs__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown training options: {', '.join(unknown)}")
        return cls(**data)
