"""What a match is: its players, its seeds and its schedule (seats rotated, deals shared).

A PLAYER is a built-in bot's name (:data:`~modern_art.agents.registry.BOTS`),
``learned:PATH`` (the bot ``learned`` playing the weights file or training
checkpoint at PATH, ``modern-art train``'s) or ``engine:COMMAND``. In game
``g`` of a match of ``n`` players, seat ``s`` holds player ``(s + g) % n``,
and games ``k*n`` to ``k*n + n - 1`` share one deal: each deal is played
from every seat by every player.

>>> plan = MatchPlan.of(["heuristic", "random", "engine:node bot.js"], seed=4)
>>> [plan.seats(g) for g in range(4)]
[(0, 1, 2), (1, 2, 0), (2, 0, 1), (0, 1, 2)]
>>> plan.deal_seed(0) == plan.deal_seed(2) != plan.deal_seed(3)
True
>>> plan.players[2].command, plan.players[2].label
('node bot.js', 'engine:node bot.js')
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from attrs import field, frozen

from modern_art.agents.base import Agent
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.engine.pool import EnginePool
from modern_art.agents.engine.process import split_command
from modern_art.agents.engine.protocol import HELLO_SECONDS, MOVE_SECONDS
from modern_art.agents.registry import BOTS, FALLBACK_BOT, canonical_bot, make_bot
from modern_art.agents.runner.seating import Rotation, derived_seed
from modern_art.data.rules import Rules

__all__ = ["ENGINE_PREFIX", "MatchPlan", "Player", "derived_seed"]

ENGINE_PREFIX = "engine:"
"""A PLAYER that starts with this is an engine's command line."""

LEARNED_PREFIX = "learned:"
"""A PLAYER that starts with this is the bot ``learned`` with the weights file that follows."""

MAX_LABEL = 64
"""A player's name at the table is its PLAYER text cut to this many characters."""


@frozen
class Player:
    """One PLAYER of a match: a built-in bot or an engine."""

    given: str
    """The PLAYER as given, e.g. ``"heuristic"`` or ``"engine:node bot.js"``."""
    bot: str | None
    """The built-in bot's registered name; ``None`` for an engine."""
    command: str | None
    """The engine's command line; ``None`` for a bot."""
    weights: str | None = None
    """The weights file of ``learned:PATH``; ``None``: the bot's own."""

    @classmethod
    def parse(cls, text: str) -> Player:
        """The player ``text`` names.

        Raises:
            ValueError: an unknown bot, an engine with an empty or unsplittable
                command, or ``learned:PATH`` with no file at PATH.
        """
        if text.startswith(LEARNED_PREFIX):
            path = text[len(LEARNED_PREFIX) :].strip()
            if not path or not Path(path).is_file():
                raise ValueError(f"{text!r}: no weights file {path!r} (learned:PATH)")
            return cls(text, "learned", None, path)
        if text.startswith(ENGINE_PREFIX):
            command = text[len(ENGINE_PREFIX) :].strip()
            split_command(command)
            return cls(text, None, command)
        return cls(text, canonical_bot(text), None)

    @property
    def label(self) -> str:
        """Its name at the table: the PLAYER text, cut to 64 characters."""
        return self.given if len(self.given) <= MAX_LABEL else self.given[: MAX_LABEL - 3] + "..."


@frozen
class MatchPlan:
    """Everything a worker needs to play any game of a match (picklable)."""

    players: tuple[Player, ...]
    """The PLAYERs, in the order given."""
    seed: int = 0
    """The match's seed: every deal and bot seed derives from it and the game's number."""
    rules: Rules = field(factory=Rules)
    """The variant."""
    move_time: float = MOVE_SECONDS
    """The engines' move clock, in seconds."""
    hello_time: float = HELLO_SECONDS
    """How long an engine may take to answer ``hello``."""
    fallback: str = FALLBACK_BOT
    """The built-in bot that takes the seat of an engine that breaks the protocol."""
    playouts: int | None = None
    """Playouts per decision for the Monte Carlo bot (its default if ``None``)."""

    @classmethod
    def of(
        cls,
        players: Sequence[str],
        *,
        seed: int = 0,
        rules: Rules | None = None,
        move_time: float = MOVE_SECONDS,
        hello_time: float = HELLO_SECONDS,
        fallback: str = FALLBACK_BOT,
        playouts: int | None = None,
    ) -> MatchPlan:
        """A plan for the PLAYER texts ``players``.

        Raises:
            ValueError: fewer PLAYERs than the rules' least players or more
                than their most, or a PLAYER that names no bot or engine.
        """
        parsed = tuple(Player.parse(p) for p in players)
        for what, seconds in (("move_time", move_time), ("hello_time", hello_time)):
            if not 0 < seconds < float("inf"):
                raise ValueError(f"{what} must be a positive number of seconds, got {seconds!r}")
        plan = cls(
            parsed,
            seed,
            rules if rules is not None else Rules(),
            float(move_time),
            float(hello_time),
            canonical_bot(fallback),
            playouts,
        )
        low, high = plan.rules.min_players, plan.rules.max_players
        if not low <= len(parsed) <= high:
            raise ValueError(f"a match needs {low} to {high} players (R1.1), got {len(parsed)}")
        return plan

    @property
    def rotation(self) -> Rotation:
        """The seats and seeds of every game (the one runner's :class:`Rotation`)."""
        return Rotation(len(self.players), self.seed)

    def seats(self, game: int) -> tuple[int, ...]:
        """Which player (its index in :attr:`players`) holds each seat of game ``game``."""
        return self.rotation.seats(game)

    def deal_seed(self, game: int) -> int:
        """The deal of game ``game``: each block of ``len(players)`` games shares one."""
        return self.rotation.deal_seed(game)

    def agent_seed(self, game: int, seat: int) -> int:
        """The seed of the bot (or fallback) at ``seat`` in game ``game``."""
        return self.rotation.agent_seed(game, seat)

    def agent(self, entry: int, seed: int, pool: EnginePool | None) -> Agent:
        """A fresh agent for player ``entry``: its bot, or its engine with a seeded fallback."""
        player = self.players[entry]
        if player.weights is not None:
            agent: Agent = BOTS["learned"].agent(seed=seed, weights=player.weights)
            return agent
        if player.command is None:
            assert player.bot is not None
            return make_bot(player.bot, seed=seed, playouts=self.playouts)
        return EngineAgent(
            player.command,
            move_time=self.move_time,
            hello_time=self.hello_time,
            fallback=make_bot(self.fallback, seed=seed, playouts=self.playouts),
            pool=pool,
        )

    def table_name(self, entry: int, agent: Agent) -> str:
        """Player ``entry``'s name in the game's record: its :attr:`Player.label`."""
        return self.players[entry].label

    def engine(self, agent: Agent) -> EngineAgent | None:
        """``agent`` if it is an engine: the match starts, tells and closes every one."""
        return agent if isinstance(agent, EngineAgent) else None
