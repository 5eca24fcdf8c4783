"""The loop of a many-game run: resume from the records file, play the rest, stream them.

:func:`run_games` reads back the games a records file already holds (a run
that was stopped), plays the others where the run's
:data:`~modern_art.agents.runner.dispatch.Games` plays them, writes each
to the file in game order as it arrives, reports progress, and stops early
when the run's ``stop`` says so (a match's SPRT).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from modern_art.agents.runner.dispatch import Games

if TYPE_CHECKING:
    # The records file loads the JSON documents: a run without one never needs them.
    from modern_art.agents.runner.records import RecordsFile

__all__ = ["ProgressCallback", "check_counts", "run_games"]

T = TypeVar("T")

ProgressCallback: TypeAlias = Callable[[int, int], None]
"""Called with (games done, games in all) as games finish."""


def check_counts(games: object, workers: object) -> None:
    """Refuse a run of no games or no workers.

    Raises:
        ValueError: ``games`` or ``workers`` is not a positive integer.
    """
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a positive integer, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")


def run_games(
    games: int,
    play: Games[T],
    *,
    log: RecordsFile[T] | None = None,
    progress: ProgressCallback | None = None,
    stop: Callable[[T], bool] | None = None,
) -> tuple[list[T], int]:
    """Every game of the run in order (fewer if ``stop`` says so), and how many ``log`` held.

    Args:
        games: how many games in all.
        play: where the games that ``log`` does not hold are played.
        log: the records file: its games are kept and not played again;
            every game played is appended to it as it arrives.
        progress: called with (games done, games in all) after each batch,
            and first with the games found in ``log``, if any.
        stop: shown every game in order, those of ``log`` first; once it
            returns ``True``, no further game is played.

    Raises:
        ValueError: ``log`` holds a line that is not a game of this run, or
            more than ``games`` games.
        OSError: the records file cannot be read or written.
    """
    results = list(log.read(games)) if log is not None else []
    kept = len(results)
    stopped = False
    for result in results:
        stopped = (stop is not None and stop(result)) or stopped
    if progress is not None and kept:
        progress(kept, games)
    if stopped:
        return results, kept
    with (
        log.appending() if log is not None else contextlib.nullcontext(None) as write,
        contextlib.closing(play(range(kept, games))) as batches,
    ):
        for batch in batches:
            for result in batch:
                if write is not None:
                    write(result)
                results.append(result)
            if progress is not None:
                progress(len(results), games)
            for result in batch:
                stopped = (stop is not None and stop(result)) or stopped
            if stopped:
                break
    return results, kept
