"""``modern-art train`` (and ``python -m modern_art.train``): train, resume, write the curve.

>>> from modern_art.train.command import parser
>>> args = parser().parse_args(["--updates", "5", "--tables", "12", "--out", "run"])
>>> config_of(args).updates, args.out
(5, 'run')
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final

from modern_art.train.config import TrainConfig

__all__ = ["config_of", "main", "parser"]

_DEFAULTS = TrainConfig()

_OPTIONS: Final[Mapping[str, str | None]] = MappingProxyType(
    {
        "seed": None,
        "updates": "PPO updates in all",
        "tables": "tables played at once",
        "steps": "decisions a table an update",
        "players": None,
        "opponents": "the other seats' bots, one kind a table: registry names or 'self'"
        f" (default {_DEFAULTS.opponents})",
        "hidden": "hidden layers' widths (default 256,256)",
        "learning_rate": None,
        "entropy": None,
        "clip": None,
        "epochs": None,
        "minibatches": None,
        "imitate": "games of heuristic bots to imitate first (a warm start; default none)",
        "imitate_epochs": None,
        "eval_every": None,
        "eval_games": None,
        "eval_against": None,
        "eval_workers": None,
    }
)
"""The :class:`~modern_art.train.config.TrainConfig` fields that are options, in the help's
order, each with its help (``None``: none); ``--learning-rate`` sets ``learning_rate``."""


def parser(prog: str = "modern-art train") -> argparse.ArgumentParser:
    """The command's options (each a :class:`~modern_art.train.config.TrainConfig` field)."""
    p = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Train the bot 'learned' by self-play: PPO with action masks on SeatVectorEnv"
            " (the train extra: JAX, optax, equinox). Writes OUT/checkpoint.npz,"
            " OUT/learned.npz (the weights), OUT/curve.csv and OUT/curve.svg;"
            " play the result with: modern-art match learned:OUT/learned.npz heuristic ..."
        ),
    )
    p.add_argument("--out", default="train-run", help="the run's folder (default train-run)")
    p.add_argument("--resume", action="store_true", help="continue from OUT/checkpoint.npz")
    p.add_argument(
        "--init",
        metavar="PATH",
        help="start from the network of this weights file or checkpoint, not a random one",
    )
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    for name, words in _OPTIONS.items():
        default = getattr(_DEFAULTS, name)
        if name == "hidden":  # widths, written as on the command line
            p.add_argument("--hidden", default=",".join(map(str, default)), help=words)
        else:
            option = f"--{name.replace('_', '-')}"
            p.add_argument(option, type=type(default), default=default, help=words)
    return p


def config_of(args: argparse.Namespace) -> TrainConfig:
    """The :class:`~modern_art.train.config.TrainConfig` of parsed options.

    Raises:
        ValueError: an option out of range.
    """
    try:
        hidden = tuple(int(h) for h in args.hidden.split(","))
    except ValueError:
        raise ValueError(f"--hidden takes widths like 256,256, got {args.hidden!r}") from None
    values = {name: getattr(args, name) for name in _OPTIONS}
    values["hidden"] = hidden
    return TrainConfig(**values)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; 0 on success, 2 on bad options or a checkpoint that does not fit."""
    p = parser()
    args = p.parse_args(argv)
    try:
        config = config_of(args)
    except ValueError as err:
        p.error(str(err))
    from modern_art.train.loop import train  # noqa: PLC0415 (JAX loads here, after the options)

    try:
        checkpoint = train(
            config,
            args.out,
            resume=args.resume,
            init=args.init,
            progress=not args.no_progress and sys.stderr.isatty(),
            report=lambda line: print(line, flush=True),
        )
    except (FileNotFoundError, ValueError) as err:
        print(f"modern-art train: error: {err}", file=sys.stderr)
        return 2
    print(
        f"{checkpoint.update} updates, {checkpoint.steps:,} decisions,"
        f" {checkpoint.seconds:.0f} s; weights in {args.out}/learned.npz,"
        f" the curve in {args.out}/curve.csv and curve.svg"
    )
    return 0
