"""Running a match: :func:`run_match`, in this process or in worker processes.

The games are played by the one many-game runner (:mod:`modern_art.agents.runner`),
as a tournament's are: in game order here, or ``workers`` at a time in a
pool of spawned processes whose results come back in game order, so the
records file, the ratings and the SPRT are the same however many workers
play. A match that is interrupted (Ctrl-C, ``SIGTERM``), or that the SPRT
stops, ends its workers, and every engine process they started, before
:func:`run_match` returns or raises.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable

from modern_art.agents.engine.pool import EnginePool
from modern_art.agents.match.plan import MatchPlan
from modern_art.agents.match.records import MatchLines
from modern_art.agents.match.sprt import Sprt, fixed_games
from modern_art.agents.match.summary import MatchResult, SprtResult, share, summarize
from modern_art.agents.runner.dispatch import here
from modern_art.agents.runner.game import GameResult, play_seated
from modern_art.agents.runner.records import RecordsFile
from modern_art.agents.runner.run import check_counts, run_games
from modern_art.agents.runner.workers import in_workers

__all__ = ["run_match"]

Progress = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""


def run_match(
    plan: MatchPlan,
    games: int,
    *,
    records: str | os.PathLike[str] | None = None,
    workers: int = 1,
    sprt: tuple[float, float] | tuple[float, float, float, float] | None = None,
    progress: Progress | None = None,
) -> MatchResult:
    """Play ``games`` games of ``plan`` (fewer if the SPRT decides first) and sum them up.

    Args:
        plan: the players, seeds, rules and clocks (:meth:`MatchPlan.of`).
        games: how many games at most; a multiple of the players' number
            plays every deal from every seat.
        records: a JSON Lines file to stream every game to (see
            :mod:`~modern_art.agents.match.records`); games already in it
            (a stopped match) are kept and not played again.
        workers: processes to play in (1: this one).
        sprt: ``(P0, P1)`` or ``(P0, P1, alpha, beta)``: stop as soon as the
            SPRT decides whether the first PLAYER's win rate is P0 or P1.
        progress: called with (games done, games in all) as games finish.

    Raises:
        ValueError: fewer than one game or worker, bad SPRT rates, or a
            records file of another match.
        OSError: the records file cannot be read or written.

    >>> from modern_art.agents.match.plan import MatchPlan
    >>> result = run_match(MatchPlan.of(["heuristic", "random", "random"], seed=1), 6)
    >>> [(p.player, p.games) for p in result.players]
    [('heuristic', 6), ('random', 6), ('random', 6)]
    """
    check_counts(games, workers)
    test = Sprt(*sprt) if sprt is not None else None
    log = RecordsFile(records, MatchLines(plan)) if records is not None else None
    one = functools.partial(play_seated, plan)
    play = here(one, EnginePool) if workers == 1 else in_workers(one, workers, EnginePool)

    def decided(result: GameResult) -> bool:
        return test is not None and test.update(share(result, 0)) is not None

    results, kept = run_games(games, play, log=log, progress=progress, stop=decided)
    outcome = None
    if test is not None:
        outcome = SprtResult(
            test.p0,
            test.p1,
            test.alpha,
            test.beta,
            test.decision,
            test.games,
            test.llr,
            (test.lower, test.upper),
            fixed_games(test.p0, test.p1, test.alpha, test.beta),
        )
    return summarize(plan, results, len(results) - kept, outcome)
