"""Checkpoints: the network, the optimizer's state and the run's counters, in one ``.npz``.

A checkpoint is a numpy ``.npz`` archive (no pickles): the network's
weights under the names :mod:`modern_art.envs.learned` reads (so the bot
``learned`` plays a checkpoint as it is: ``learned:PATH`` in a match), the
optimizer's state as ``opt/0``, ``opt/1``, ... (its leaves in optax's
order), and ``meta``, a JSON object: the features version, the run's
options (:class:`~modern_art.train.config.TrainConfig`), the updates done,
the decisions played, the seconds spent and the learning curve so far.
Loading gives back every array bit for bit and the same options and counters.

:func:`export` writes the weights and ``meta`` alone, the optimizer's
state left out: what ships as ``modern_art/envs/learned.npz``.
"""

from __future__ import annotations

import io
import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
from attrs import frozen

from modern_art.data.rules import Rules
from modern_art.envs.learned import FEATURES_VERSION, policy_meta, read_npz
from modern_art.train.config import TrainConfig

__all__ = ["Checkpoint", "export", "load", "save"]

_OPT = "opt/"


@frozen
class Checkpoint:
    """A run as a checkpoint holds it."""

    config: TrainConfig
    weights: Mapping[str, np.ndarray[Any, Any]]
    """The network's arrays (``w0, b0, ..., wp, bp, wv, bv``)."""
    optimizer: tuple[np.ndarray[Any, Any], ...]
    """The optimizer state's leaves, in order."""
    update: int
    """Updates done."""
    steps: int
    """Decisions of the learning seats played."""
    seconds: float
    """Wall time spent, over every run that led here."""
    curve: tuple[dict[str, Any], ...]
    """The evaluations so far (the rows of ``curve.csv``)."""


def _write(path: Path, arrays: Mapping[str, Any]) -> None:
    """Write ``arrays`` to ``path`` whole or not at all (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    part = path.with_name(path.name + ".part")
    part.write_bytes(buffer.getvalue())
    os.replace(part, path)


def save(path: str | Path, checkpoint: Checkpoint) -> None:
    """Write ``checkpoint`` to ``path`` (an ``.npz``), replacing it atomically."""
    meta = {
        **policy_meta(Rules()),
        "config": checkpoint.config.to_json(),
        "update": checkpoint.update,
        "steps": checkpoint.steps,
        "seconds": checkpoint.seconds,
        "curve": list(checkpoint.curve),
        "optimizer_leaves": len(checkpoint.optimizer),
    }
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta))}
    arrays.update(checkpoint.weights)
    for i, leaf in enumerate(checkpoint.optimizer):
        arrays[f"{_OPT}{i}"] = leaf
    _write(Path(path), arrays)


def load(path: str | Path) -> Checkpoint:
    """The checkpoint :func:`save` wrote at ``path``.

    Raises:
        FileNotFoundError: no such file.
        ValueError: a weights file that is no checkpoint (no optimizer
            state or options), or one of another features version.
    """
    arrays, meta = read_npz(path)
    if meta.get("features_version") != FEATURES_VERSION or "config" not in meta:
        raise ValueError(
            f"{str(path)!r} is not a checkpoint of this library's training"
            f" (features version {meta.get('features_version')!r}, options"
            f" {'present' if 'config' in meta else 'missing'})"
        )
    leaves = int(meta.get("optimizer_leaves", 0))
    optimizer = tuple(arrays.pop(f"{_OPT}{i}") for i in range(leaves))
    return Checkpoint(
        TrainConfig.from_json(meta["config"]),
        arrays,
        optimizer,
        int(meta["update"]),
        int(meta["steps"]),
        float(meta["seconds"]),
        tuple(meta["curve"]),
    )


def export(path: str | Path, checkpoint: Checkpoint) -> None:
    """Write ``checkpoint``'s weights and ``meta``, no optimizer state: a policy to ship."""
    meta = {
        **policy_meta(Rules()),
        "trained": {
            "config": checkpoint.config.to_json(),
            "update": checkpoint.update,
            "steps": checkpoint.steps,
            "seconds": round(checkpoint.seconds, 1),
        },
    }
    _write(Path(path), {"meta": np.array(json.dumps(meta)), **checkpoint.weights})
