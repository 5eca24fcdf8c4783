"""The training loop: self-play rollouts, PPO updates, evaluations, checkpoints, the curve.

:func:`train` writes into its folder:

- ``checkpoint.npz``: the run after the last evaluation (:mod:`~modern_art.train.checkpoint`);
- ``curve.csv``: one row an evaluation and fixed bot: ``update, steps, seconds,
  stage, against, games, win_rate, low, high`` (``stage`` is ``start`` for the
  network before any training, ``imitation`` after the warm start, ``ppo`` after);
- ``curve.svg``: those rows drawn (:func:`~modern_art.svg.curve_chart`), par dashed;
- ``learned.npz``: the weights alone (:func:`~modern_art.train.checkpoint.export`).

**Reproducible.** The seed fixes the network's start, the warm start's
games, every deal and every opponent's seed, and every sampled action:
update ``u`` samples from ``derived_seed(seed, "update", u)``, and the
tables are dealt afresh from ``derived_seed(seed, "tables", u)`` at every
evaluation (games still running are cut there, their value bootstrapped).
So the same options give the same weights, and a run resumed from a
checkpoint (``resume=True``) continues exactly as the run that was not
stopped.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

from modern_art.agents.runner.seating import derived_seed
from modern_art.data.rules import Rules
from modern_art.envs.codec import ActionCodec
from modern_art.envs.learned import NumpyPolicy, feature_size, policy_meta, read_npz
from modern_art.svg.charts import curve_chart
from modern_art.train.checkpoint import Checkpoint, export, load, save
from modern_art.train.config import TrainConfig
from modern_art.train.evaluate import evaluate
from modern_art.train.imitation import imitate, teacher_games
from modern_art.train.network import Network, from_arrays, to_arrays
from modern_art.train.ppo import make_optimizer, make_step, update
from modern_art.train.rollout import PolicyHolder, Tables, collect, make_groups

__all__ = ["CURVE_FIELDS", "numpy_policy", "train"]

CURVE_FIELDS = (
    "update",
    "steps",
    "seconds",
    "stage",
    "against",
    "games",
    "win_rate",
    "low",
    "high",
)
"""The columns of ``curve.csv``."""

Report = Callable[[str], None]


def numpy_policy(net: Network) -> NumpyPolicy:
    """``net`` as the numpy policy the bot plays (the same arrays)."""
    return NumpyPolicy(to_arrays(net), policy_meta(Rules()))


class _Bar:
    """A rich progress bar over the updates (or nothing, ``show=False``)."""

    def __init__(self, total: int, done: int, show: bool) -> None:
        self.progress: Any = None
        if show:
            from rich.progress import (  # noqa: PLC0415 (the cli extra, with train)
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self.progress = Progress(
                TextColumn("updates"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                TextColumn("{task.description}"),
            )
            self.progress.start()
            self.task = self.progress.add_task("", total=total, completed=done)

    def advance(self, done: int, text: str) -> None:
        if self.progress is not None:
            self.progress.update(self.task, completed=done, description=text)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def train(
    config: TrainConfig,
    folder: str | Path,
    *,
    resume: bool = False,
    init: str | Path | None = None,
    progress: bool = False,
    report: Report | None = None,
) -> Checkpoint:
    """Run (or resume) training into ``folder``; the last checkpoint.

    Args:
        config: the run's options; on ``resume``, only ``updates`` may differ
            from the checkpoint's (to train on).
        folder: where the checkpoint, the curve and the weights go.
        resume: continue from ``folder/checkpoint.npz``.
        init: start from this weights file or checkpoint's network (not from
            a random one): to train a shipped policy on, against other
            opponents, say. Not with ``resume``.
        progress: show a progress bar (rich) on the terminal.
        report: called with a line after each evaluation (``print``, say).

    Raises:
        FileNotFoundError: ``resume`` and no checkpoint in ``folder``.
        ValueError: ``resume`` with options other than the checkpoint's, or
            with ``init``; ``init`` of a network of another shape.
    """
    out = Path(folder)
    say = report or (lambda _line: None)
    rules = Rules()
    actions = ActionCodec(rules).size
    meta = policy_meta(rules)
    net = Network(
        feature_size(rules),
        config.hidden,
        actions,
        jax.random.PRNGKey(config.seed),
        amount_start=meta["amount_start"],
        amount_scale=meta["amount_scale"],
    )
    optimizer = make_optimizer(config)
    step = make_step(optimizer, config)
    opt_state = optimizer.init(eqx.filter(net, eqx.is_array))
    path = out / "checkpoint.npz"
    started = time.perf_counter()
    if init is not None:
        if resume:
            raise ValueError("resume continues its own checkpoint: give no init")
        net = from_arrays(net, read_npz(init)[0])
        say(f"starting from the network of {init}")
    if resume:
        kept = load(path)
        if kept.config.to_json() | {"updates": 0} != config.to_json() | {"updates": 0}:
            raise ValueError(
                f"{path} was trained with other options; resume takes the same ones"
                " (only --updates may differ)"
            )
        net = from_arrays(net, kept.weights)
        treedef = jax.tree_util.tree_structure(opt_state)
        opt_state = jax.tree_util.tree_unflatten(
            treedef, [jnp.asarray(leaf) for leaf in kept.optimizer]
        )
        done, steps, before, curve = kept.update, kept.steps, kept.seconds, list(kept.curve)
        say(f"resumed at update {done} of {config.updates}")
    else:
        done, steps, before, curve = 0, 0, 0.0, []
        curve += _evaluate(net, config, 0, 0, 0.0, "start", say)
        if config.imitate:
            rng = np.random.default_rng(derived_seed(config.seed, "imitation"))
            lessons = teacher_games(config.imitate, config.players, config.seed, rules)
            net, accuracy = imitate(net, lessons, config.imitate_epochs, rng)
            say(
                f"imitated {len(lessons[0])} decisions of {config.imitate} heuristic games"
                f" ({accuracy:.1%} of the bot's choices)"
            )
            seconds = time.perf_counter() - started
            curve += _evaluate(net, config, 0, 0, seconds, "imitation", say)
    checkpoint = _checkpoint(net, opt_state, config, done, steps, before, started, curve)
    if not resume:
        _write_all(out, checkpoint)
    bar = _Bar(config.updates, done, progress)
    holder: PolicyHolder | None = None
    tables: Tables | None = None
    try:
        while done < config.updates:
            policy = numpy_policy(net)
            if holder is None:
                holder = PolicyHolder(policy)
            holder.policy = policy
            if tables is None or done % config.eval_every == 0:
                tables = Tables(
                    make_groups(config, holder),
                    rules,
                    config.players,
                    derived_seed(config.seed, "tables", done),
                )
            rng = np.random.default_rng(derived_seed(config.seed, "update", done))
            batch = collect(tables, policy, config.steps, rng)
            net, opt_state, stats = update(net, opt_state, step, batch, config, rng)
            done += 1
            steps += config.steps_per_update
            seconds = before + time.perf_counter() - started
            bar.advance(
                done,
                f"{steps / max(seconds, 1e-9):,.0f} decisions/s, mean reward"
                f" {batch.mean_reward:+.2f}, entropy {stats.get('entropy', 0):.2f}",
            )
            if done % config.eval_every == 0 or done == config.updates:
                curve += _evaluate(net, config, done, steps, seconds, "ppo", say)
                checkpoint = _checkpoint(
                    net, opt_state, config, done, steps, before, started, curve
                )
                _write_all(out, checkpoint)
    finally:
        bar.close()
    return checkpoint


def _checkpoint(
    net: Network,
    opt_state: Any,
    config: TrainConfig,
    done: int,
    steps: int,
    before: float,
    started: float,
    curve: list[dict[str, Any]],
) -> Checkpoint:
    leaves = tuple(np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(opt_state))
    seconds = before + time.perf_counter() - started
    return Checkpoint(config, to_arrays(net), leaves, done, steps, seconds, tuple(curve))


def _evaluate(
    net: Network,
    config: TrainConfig,
    done: int,
    steps: int,
    seconds: float,
    stage: str,
    say: Report,
) -> list[dict[str, Any]]:
    policy = numpy_policy(net)
    rows = []
    for against in config.baselines:
        result = evaluate(
            policy,
            against,
            config.eval_games,
            players=config.players,
            seed=derived_seed(config.seed, "evaluation"),
            workers=config.eval_workers,
        )
        rows.append(
            {
                "update": done,
                "steps": steps,
                "seconds": round(seconds, 1),
                "stage": stage,
                "against": against,
                "games": result.games,
                "win_rate": round(result.win_rate, 4),
                "low": round(result.low, 4),
                "high": round(result.high, 4),
            }
        )
        say(
            f"update {done} ({stage}): {result.win_rate:.1%} ({result.low:.1%} to"
            f" {result.high:.1%}) of {result.games} games against {config.players - 1} {against}"
        )
    return rows


def curve_csv(curve: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str:
    """The curve's rows as CSV text, :data:`CURVE_FIELDS` the header."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, CURVE_FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(curve)
    return buffer.getvalue()


def curve_svg(curve: tuple[dict[str, Any], ...] | list[dict[str, Any]], players: int) -> str:
    """The curve drawn: win rate against each fixed bot over the decisions played."""
    points = [(r["against"], float(r["steps"]), r["win_rate"], r["low"], r["high"]) for r in curve]
    return curve_chart(points, par=1 / players, x_label="decisions played by the learning seats")


def _write_all(out: Path, checkpoint: Checkpoint) -> None:
    save(out / "checkpoint.npz", checkpoint)
    export(out / "learned.npz", checkpoint)
    (out / "curve.csv").write_text(curve_csv(checkpoint.curve), encoding="utf-8")
    svg = curve_svg(checkpoint.curve, checkpoint.config.players)
    (out / "curve.svg").write_text(svg, encoding="utf-8")
