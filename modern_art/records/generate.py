"""Self-play straight into a store: :func:`generate`, in worker processes if asked.

The bot ``playout`` plays every seat as :func:`~modern_art.playout` does (a
uniform pick among every seat's legal actions, from ``random.Random(seed)``):
the same game, action for action, with each step's events kept. Any bot of
the registry (:data:`~modern_art.agents.registry.BOTS`) plays through
:func:`~modern_art.play_game` instead, seated by seat, and its game is
replayed for the events. Game ``k`` of a run (from 0) is dealt with seed
``seed + k``; each worker writes its own parts, a chunk of games each.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Final

from modern_art._speed import PURE
from modern_art.agents.play import play_game
from modern_art.agents.registry import canonical_bot, make_bot
from modern_art.agents.runner.workers import worker_context
from modern_art.core.dispatch import draw, play
from modern_art.core.draws import seeded
from modern_art.core.phase_table import DRAWS, PLAY
from modern_art.core.records import GameRecord
from modern_art.core.scoring import winners
from modern_art.core.transition import new_game
from modern_art.data.actions import Action
from modern_art.data.errors import RecordsError
from modern_art.data.events import Event
from modern_art.data.phases import GameOver
from modern_art.data.rules import Rules
from modern_art.data.state import GameState
from modern_art.records.columns import partition_of
from modern_art.records.parts import PartWriter, trace
from modern_art.records.store import RecordStore
from modern_art.text.rules_line import parse_rules, rules_text

__all__ = ["CHUNK_GAMES", "PLAYOUT_BOT", "generate", "playout_steps"]

PLAYOUT_BOT: Final = "playout"
"""The bot name of :func:`~modern_art.playout`'s uniform choices (the fastest self-play)."""

CHUNK_GAMES: Final = 10_000
"""The most games one part holds (a task of one worker)."""


def playout_steps(
    state: GameState, seed: int
) -> tuple[GameState, list[Action], list[list[Event]]]:
    """:func:`~modern_art.playout`'s game from ``state`` with ``seed``, with its steps kept.

    The same choices as ``playout(state, seed=seed)`` (each phase's ``draw``),
    applied by each phase's handler with an events list: the final state, the
    actions and each action's events.

    >>> import modern_art as ma
    >>> from modern_art.records import playout_steps
    >>> start = ma.new_game(3, seed=4)
    >>> end, actions, events = playout_steps(start, 4)
    >>> end == ma.playout(start, seed=4), len(actions) == len(events) == end.step
    (True, True)
    """
    getrandbits: Any = seeded(seed).getrandbits
    actions: list[Action] = []
    events: list[list[Event]] = []
    phase = state.phase
    while not isinstance(phase, GameOver):
        drawn = (
            DRAWS[type(phase)](state, phase, getrandbits)
            if PURE
            else draw(state, phase, getrandbits)
        )
        if drawn is None:
            raise ValueError(f"no seat has a legal action at step {state.step}: not a game state")
        action, seat = drawn
        happened: list[Event] = []
        if PURE:
            state = PLAY[type(phase)](state, phase, action, seat, happened)
        else:
            state = play(state, phase, action, seat, happened)
        actions.append(action)
        events.append(happened)
        phase = state.phase
    return state, actions, events


def _names(bots: Sequence[str]) -> tuple[str, ...]:
    return tuple(f"{bot} {seat}" for seat, bot in enumerate(bots))


def _play(
    bots: tuple[str, ...], rules: Rules, seed: int
) -> tuple[GameRecord, Sequence[Sequence[Event]]]:
    """One game of ``bots`` dealt with ``seed``: its record and its steps' events."""
    names = _names(bots)
    if all(bot == PLAYOUT_BOT for bot in bots):
        start = new_game(names, seed=seed, rules=rules)
        end, actions, events = playout_steps(start, seed)
        money = tuple(p.money for p in end.players)
        game = GameRecord(rules, names, seed, None, 0, actions, money, winners(end))
        return game, events
    agents = [make_bot(bot, seed=seed * 8 + seat) for seat, bot in enumerate(bots)]
    game = play_game(agents, rules=rules, seed=seed, names=names)
    return game, trace(game, f"the game of seed {seed}")


def _chunk(
    root: str,
    rules_line: str,
    bots: tuple[str, ...],
    first_id: int,
    seed: int,
    count: int,
    name: str,
) -> int:
    """Play ``count`` games into one new part of the store at ``root``; how many."""
    rules = parse_rules(rules_line)
    writer = PartWriter(RecordStore(root).path, partition_of(rules), name=name)
    try:
        for k in range(count):
            game, events = _play(bots, rules, seed + k)
            writer.add(first_id + k, game, events, bots=bots, source="generate")
    except BaseException:
        writer.abandon()
        raise
    writer.close()
    return count


def generate(
    store: RecordStore,
    games: int,
    *,
    bots: Sequence[str] = (PLAYOUT_BOT,),
    players: int | None = None,
    rules: Rules | None = None,
    seed: int = 0,
    workers: int = 1,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> range:
    """Play ``games`` self-play games into ``store``; the ids they were given.

    Args:
        store: the store to append to.
        games: how many games (at least 1).
        bots: one name for every seat, or one per seat (``playout`` or a
            registry bot's name).
        players: how many seats (default: as many as ``bots`` names, 4 for one name).
        rules: the variant; CMON by default.
        seed: game ``k`` (from 0) is dealt with seed ``seed + k``.
        workers: worker processes (1: in this process).
        chunk: games per part (default: at most :data:`CHUNK_GAMES`, fewer
            for small runs so that the progress moves).
        progress: called with the number of games just stored, after each part.

    Raises:
        RecordsError: an unknown bot, a player count the rules refuse, or a
            count or worker number below 1.
    """
    if type(games) is not int or games < 1:
        raise RecordsError(f"the number of games must be a whole number from 1, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise RecordsError(f"the number of workers must be a whole number from 1, got {workers!r}")
    rules = rules if rules is not None else Rules()
    try:
        names = [n if n == PLAYOUT_BOT else canonical_bot(n) for n in bots]
    except ValueError as err:
        raise RecordsError(f"{err} (or {PLAYOUT_BOT})") from None
    if not names:
        raise RecordsError("give at least one bot")
    seats = players if players is not None else (4 if len(names) == 1 else len(names))
    if len(names) == 1:
        names = names * seats
    if len(names) != seats or not rules.min_players <= seats <= rules.max_players:
        raise RecordsError(
            f"{len(names)} bots for {seats} seats: give one bot or one per seat, for"
            f" {rules.min_players} to {rules.max_players} players"
        )
    lineup = tuple(names)
    if PLAYOUT_BOT in lineup and set(lineup) != {PLAYOUT_BOT}:
        raise RecordsError(
            f"{PLAYOUT_BOT} plays every seat or none (it is playout's loop, not a seat's bot)"
        )
    size = chunk if chunk is not None else min(CHUNK_GAMES, max(50, -(-games // (workers * 8))))
    if size < 1:
        raise RecordsError(f"a chunk is at least 1 game, got {size}")
    line = rules_text(rules)
    with store.locked():
        first = store.next_id()
        tasks = [
            (
                str(store.path),
                line,
                lineup,
                first + start,
                seed + start,
                min(size, games - start),
                f"{os.getpid()}-{start // size:06d}",
            )
            for start in range(0, games, size)
        ]
        if workers == 1:
            for task in tasks:
                done = _chunk(*task)
                if progress is not None:
                    progress(done)
        else:
            # Spawned, never forked: the runner's context (DuckDB and Arrow run threads).
            pool = ProcessPoolExecutor(workers, mp_context=worker_context())
            try:
                pending: set[Future[int]] = set()
                queue = list(reversed(tasks))
                while queue or pending:
                    while queue and len(pending) < workers * 2:
                        pending.add(pool.submit(_chunk, *queue.pop()))
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        done = future.result()
                        if progress is not None:
                            progress(done)
            finally:
                # Stopped (an error, Ctrl-C): the parts not begun are dropped; a part being
                # written is abandoned by its worker; the parts finished stay stored.
                pool.shutdown(wait=True, cancel_futures=True)
    return range(first, first + games)
