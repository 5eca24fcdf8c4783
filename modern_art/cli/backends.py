"""How ``modern-art simulate`` plays its games: the backend, the records file, the progress bar.

``--backend local`` plays in the command's own process, ``processes`` in a
pool of ``--workers`` processes, ``ray`` on Ray (a cluster at ``--address``,
or a local instance). The results are the same with any of them.
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from concurrent.futures import Executor
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from modern_art.cli.safe import visible
from modern_art.data.extras import install_hint

BACKENDS = ("local", "processes", "ray")
"""The values of ``--backend``."""


def printable(text: str) -> str:
    """``text`` with control characters shown as escapes, safe to print to a terminal.

    The command's one rule for that, :func:`modern_art.cli.safe.visible`.
    """
    return visible(text)


def backend_of(args: argparse.Namespace) -> str:
    """The backend asked for: ``--backend``, else processes if ``--workers`` > 1, else local.

    Raises:
        ValueError: options that do not go together (the command reports it).
    """
    backend: str = args.backend or ("processes" if args.workers > 1 else "local")
    if backend == "local" and args.workers > 1:
        raise ValueError("--workers needs --backend processes or ray; local plays in one process")
    if args.address is not None and backend != "ray":
        raise ValueError("--address names a Ray cluster: add --backend ray")
    if args.resume and args.records is None:
        raise ValueError("--resume continues a records file: add --records FILE")
    if args.records is not None and not args.resume and _has_games(Path(args.records)):
        raise ValueError(
            f"{printable(args.records)} already holds games: add --resume to finish that run,"
            " or choose another file"
        )
    return backend


def _has_games(path: Path) -> bool:
    try:
        return path.stat().st_size > 0
    except OSError:
        return False


def games_in(path: str | None) -> int:
    """How many whole lines (games) the records file ``path`` holds now; 0 if none."""
    if path is None:
        return 0
    count = 0
    with contextlib.suppress(OSError), Path(path).open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            count += block.count(b"\n")
    return count


@contextlib.contextmanager
def executor_for(backend: str, args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor for ``backend`` (``None``: the tournament's own local or process play).

    Raises:
        ValueError: Ray is not installed, or cannot start or connect (the
            command reports it).
    """
    if backend != "ray":
        yield None
        return
    from modern_art.scale import ray_executor  # noqa: PLC0415 (Ray is optional)

    try:
        executor = ray_executor(args.address)
    except ImportError:
        raise ValueError(f"--backend ray needs Ray: {install_hint('ray')}") from None
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = printable(args.address) if args.address else "a local instance"
        raise ValueError(f"cannot start Ray on {where}: {printable(str(exc))}") from None
    with executor:
        yield executor


class GamesPerSecond(ProgressColumn):
    """The recent speed, in games per second."""

    def render(self, task: Task) -> Text:
        """``12.3 games/s``, or ``? games/s`` before the first games."""
        speed = task.finished_speed or task.speed
        shown = "?" if speed is None else f"{speed:.1f}"
        return Text(f"{shown} games/s", style="progress.data.speed")


def progress_bar(console: Console, *, disable: bool) -> Progress:
    """A bar with games done of all, games per second, time elapsed and time left."""
    return Progress(
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=disable,
    )
