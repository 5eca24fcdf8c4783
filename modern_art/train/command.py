"""``modern-art train`` (and ``python -m modern_art.train``): train, resume, write the curve.

>>> from modern_art.train.command import parser
>>> args = parser().parse_args(["--updates", "5", "--tables", "12", "--out", "run"])
>>> config_of(args).updates, args.out
(5, 'run')
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from modern_art.train.config import TrainConfig

__all__ = ["config_of", "main", "parser"]

_DEFAULTS = TrainConfig()


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
    p.add_argument("--seed", type=int, default=_DEFAULTS.seed)
    p.add_argument("--updates", type=int, default=_DEFAULTS.updates, help="PPO updates in all")
    p.add_argument("--tables", type=int, default=_DEFAULTS.tables, help="tables played at once")
    p.add_argument(
        "--steps", type=int, default=_DEFAULTS.steps, help="decisions a table an update"
    )
    p.add_argument("--players", type=int, default=_DEFAULTS.players)
    p.add_argument(
        "--opponents",
        default=_DEFAULTS.opponents,
        help="the other seats' bots, one kind a table: registry names or 'self'"
        f" (default {_DEFAULTS.opponents})",
    )
    p.add_argument(
        "--hidden",
        default=",".join(map(str, _DEFAULTS.hidden)),
        help="hidden layers' widths (default 256,256)",
    )
    p.add_argument("--learning-rate", type=float, default=_DEFAULTS.learning_rate)
    p.add_argument("--entropy", type=float, default=_DEFAULTS.entropy)
    p.add_argument("--clip", type=float, default=_DEFAULTS.clip)
    p.add_argument("--epochs", type=int, default=_DEFAULTS.epochs)
    p.add_argument("--minibatches", type=int, default=_DEFAULTS.minibatches)
    p.add_argument(
        "--imitate",
        type=int,
        default=_DEFAULTS.imitate,
        help="games of heuristic bots to imitate first (a warm start; default none)",
    )
    p.add_argument("--imitate-epochs", type=int, default=_DEFAULTS.imitate_epochs)
    p.add_argument("--eval-every", type=int, default=_DEFAULTS.eval_every)
    p.add_argument("--eval-games", type=int, default=_DEFAULTS.eval_games)
    p.add_argument("--eval-against", default=_DEFAULTS.eval_against)
    p.add_argument("--eval-workers", type=int, default=_DEFAULTS.eval_workers)
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
    return TrainConfig(
        seed=args.seed,
        updates=args.updates,
        tables=args.tables,
        steps=args.steps,
        players=args.players,
        opponents=args.opponents,
        hidden=hidden,
        learning_rate=args.learning_rate,
        entropy=args.entropy,
        clip=args.clip,
        epochs=args.epochs,
        minibatches=args.minibatches,
        imitate=args.imitate,
        imitate_epochs=args.imitate_epochs,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        eval_against=args.eval_against,
        eval_workers=args.eval_workers,
    )


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
