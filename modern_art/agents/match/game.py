"""Playing one game of a match: bots in this process, engines in theirs, a fallback ready.

Every engine is started (``hello``) before the first action, each with a
seeded fallback bot that takes its seat if it breaks the protocol; every
engine gets the ``result`` at the end, and every engine process is ended
whatever happens, an interruption included.
"""

from __future__ import annotations

from attrs import frozen

from modern_art.agents.base import Agent, agent_name
from modern_art.agents.engine.agent import EngineAgent
from modern_art.agents.engine.pool import EnginePool
from modern_art.agents.host import Host
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.registry import make_bot
from modern_art.core.records import GameRecord
from modern_art.core.transition import new_game
from modern_art.data.errors import ErrorKind

__all__ = ["GameResult", "SeatError", "play_match_game"]


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
    """What a match keeps of one game."""

    game: int
    """The game's number in the match, from 0."""
    seats: tuple[int, ...]
    """Which player held each seat (an index into the match's players)."""
    names: tuple[str, ...]
    """Each seat's bot name, or its engine's name from ``ready``."""
    errors: tuple[SeatError, ...]
    """Every protocol failure of the game, in order."""
    record: GameRecord
    """The game's record (its seed and actions: it replays)."""

    @property
    def money(self) -> tuple[int, ...]:
        """Each seat's final money."""
        assert self.record.money is not None
        return self.record.money

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats."""
        assert self.record.winners is not None
        return self.record.winners


def play_match_game(plan: MatchPlan, game: int, pool: EnginePool | None = None) -> GameResult:
    """Play game ``game`` of ``plan``.

    Without ``pool`` every engine process it starts has ended on return;
    with one, engines that played cleanly wait there for the next game.
    """
    seats = plan.seats(game)
    names = tuple(plan.players[entry].label for entry in seats)
    agents: list[Agent] = []
    engines: dict[int, EngineAgent] = {}
    try:
        for seat, entry in enumerate(seats):
            player = plan.players[entry]
            seed = plan.agent_seed(game, seat)
            if player.command is not None:
                engine = EngineAgent(
                    player.command,
                    move_time=plan.move_time,
                    hello_time=plan.hello_time,
                    fallback=make_bot(plan.fallback, seed=seed, playouts=plan.playouts),
                    pool=pool,
                )
                engines[seat] = engine
                agents.append(engine)
            else:
                assert player.bot is not None
                agents.append(make_bot(player.bot, seed=seed, playouts=plan.playouts))
        seed = plan.deal_seed(game)
        state = new_game(names, seed=seed, rules=plan.rules)
        for seat, engine in engines.items():  # all start at once, then say ready
            engine.launch(seat, names, plan.rules)
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
