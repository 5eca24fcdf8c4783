"""One game of a many-game run: played, its outcome and its engines' failures kept.

:func:`play_seated` seats one agent per seat as the run's :class:`Lineup`
makes them (seats and seeds from its :class:`~modern_art.agents.runner.seating.Rotation`),
plays the game in a :class:`~modern_art.Host` and keeps a :class:`GameResult`.
Every engine the lineup runs (a match's :class:`~modern_art.EngineAgent`)
is started (``hello``) before the first action, gets the ``result`` at the
end, and is closed whatever happens, an interruption included. This module
imports no engine: they load the JSON converter, which a tournament without
records never needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from attrs import frozen

from modern_art.agents.base import Agent, agent_name
from modern_art.agents.host import Host
from modern_art.core.records import GameRecord
from modern_art.core.transition import new_game

if TYPE_CHECKING:
    from modern_art.agents.engine.agent import EngineAgent
    from modern_art.agents.engine.pool import EnginePool
    from modern_art.agents.runner.seating import Rotation
    from modern_art.data.errors import ErrorKind
    from modern_art.data.rules import Rules

__all__ = ["GameResult", "Lineup", "Outcome", "SeatError", "play_seated"]


class Lineup(Protocol):
    """What :func:`play_seated` needs of a run: its rotation, rules, and how to seat an entry."""

    @property
    def rotation(self) -> Rotation:
        """The seats and seeds of every game."""
        ...  # pragma: no cover

    @property
    def rules(self) -> Rules:
        """The variant every game is played with."""
        ...  # pragma: no cover

    def agent(self, entry: int, seed: int, pool: EnginePool | None) -> Agent:
        """A fresh agent for lineup entry ``entry``, seeded with ``seed``."""
        ...  # pragma: no cover

    def table_name(self, entry: int, agent: Agent) -> str:
        """The name the game's record gives ``agent``, lineup entry ``entry``."""
        ...  # pragma: no cover

    def engine(self, agent: Agent) -> EngineAgent | None:
        """The engine ``agent`` is if the run starts, tells and closes it; else ``None``."""
        ...  # pragma: no cover


@frozen
class Outcome:
    """What the standings need of one game: who sat where, final money, winners."""

    game: int
    """The game's number in the run, from 0."""
    agents: tuple[str, ...]
    """The agents' names, by seat."""
    money: tuple[int, ...]
    """Each seat's final money."""
    winners: tuple[int, ...]
    """The winning seats."""

    @classmethod
    def of(cls, game: int, record: GameRecord) -> Outcome:
        """Game ``game``'s outcome from its finished ``record``, by the record's names."""
        assert record.money is not None and record.winners is not None
        return cls(game, record.players, record.money, record.winners)


@frozen
class SeatError:
    """One way an engine broke the protocol in a game: the seat, the kind, when, what."""

    seat: int
    """The engine's seat."""
    kind: ErrorKind
    """``crashed``, ``timed_out``, ``illegal`` or ``protocol``."""
    step: int | None
    """The game's step (``None``: at ``hello``, before the first action)."""
    detail: str
    """What happened, in words (may quote the engine: escape it before printing)."""


@frozen
class GameResult:
    """What a run keeps of one game."""

    game: int
    """The game's number in the run, from 0."""
    seats: tuple[int, ...]
    """Which lineup entry held each seat (an index into the lineup)."""
    names: tuple[str, ...]
    """Each seat's agent name, or its engine's name from ``ready``."""
    errors: tuple[SeatError, ...]
    """Every protocol failure of the game, in order."""
    record: GameRecord
    """The game's record (its seed and actions: it replays)."""

    @property
    def outcome(self) -> Outcome:
        """Who sat where (by the record's names), the final money and the winners."""
        return Outcome.of(self.game, self.record)


def play_seated(lineup: Lineup, game: int, pool: EnginePool | None = None) -> GameResult:
    """Play game ``game`` of ``lineup``.

    Without ``pool`` every engine process it starts has ended on return;
    with one, engines that played cleanly wait there for the next game.
    """
    rotation = lineup.rotation
    seats = rotation.seats(game)
    agents: list[Agent] = []
    engines: dict[int, EngineAgent] = {}
    try:
        for seat, entry in enumerate(seats):
            agent = lineup.agent(entry, rotation.agent_seed(game, seat), pool)
            agents.append(agent)
            engine = lineup.engine(agent)
            if engine is not None:
                engines[seat] = engine
        names = tuple(
            lineup.table_name(entry, agent) for entry, agent in zip(seats, agents, strict=True)
        )
        seed = rotation.deal_seed(game)
        state = new_game(names, seed=seed, rules=lineup.rules)
        for seat, engine in engines.items():  # all start at once, then say ready
            engine.launch(seat, names, lineup.rules)
        for engine in engines.values():
            engine.wait_ready()
        host = Host(state, agents)
        host.run()
        final = host.record(seed)
        assert final.money is not None and final.winners is not None
        for seat, engine in engines.items():
            engine.finish(host.seen(seat), final.money, final.winners)
    finally:
        for engine in engines.values():
            engine.close()
    errors = tuple(
        SeatError(seat, error.kind, error.step, error.detail)
        for seat, engine in engines.items()
        for error in engine.errors
    )
    shown = tuple(
        engines[seat].name if seat in engines else agent_name(agent)
        for seat, agent in enumerate(agents)
    )
    return GameResult(game, seats, shown, errors, final)
