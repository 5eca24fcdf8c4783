"""Training: a short run improves on its start, the same seed trains the same weights, resume is
exact, a checkpoint round-trips, numpy plays the very network JAX trained."""

from __future__ import annotations

from pathlib import Path

import pytest

import modern_art as ma
from tests.helpers.webkit import need

_INSTALL = "the train extra: pip install -e '.[train]'"
np = need("numpy", _INSTALL)
need("jax", _INSTALL)
need("optax", _INSTALL)
need("equinox", _INSTALL)

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

from modern_art.agents.learned import LearnedAgent  # noqa: E402
from modern_art.envs.codec import ActionCodec  # noqa: E402
from modern_art.envs.learned import (  # noqa: E402
    NumpyPolicy,
    feature_size,
    load_policy,
    policy_meta,
)
from modern_art.train.checkpoint import Checkpoint, export, load, save  # noqa: E402
from modern_art.train.command import main  # noqa: E402
from modern_art.train.config import TrainConfig  # noqa: E402
from modern_art.train.imitation import imitate, teacher_games  # noqa: E402
from modern_art.train.loop import CURVE_FIELDS, train  # noqa: E402
from modern_art.train.network import Network, to_arrays  # noqa: E402

TINY = TrainConfig(
    seed=5,
    updates=2,
    tables=3,
    steps=8,
    players=3,
    opponents="random",
    hidden=(16,),
    epochs=1,
    minibatches=2,
    eval_every=1,
    eval_games=3,
    eval_against="random",
)
"""A run of seconds: three tables of three seats, a network of 16 units."""


def _net(seed: int = 0, hidden: tuple[int, ...] = (32, 32)) -> Network:
    rules = ma.Rules()
    meta = policy_meta(rules)
    return Network(
        feature_size(rules),
        hidden,
        ActionCodec(rules).size,
        jax.random.PRNGKey(seed),
        amount_start=meta["amount_start"],
        amount_scale=meta["amount_scale"],
    )


def _same(a: Checkpoint, b: Checkpoint) -> None:
    assert a.weights.keys() == b.weights.keys()
    for name in a.weights:
        assert a.weights[name].dtype == b.weights[name].dtype
        assert np.array_equal(a.weights[name], b.weights[name]), name
    assert len(a.optimizer) == len(b.optimizer)
    for x, y in zip(a.optimizer, b.optimizer, strict=True):
        assert x.dtype == y.dtype and np.array_equal(x, y)
    assert (a.config, a.update, a.steps) == (b.config, b.update, b.steps)


def test_a_short_run_improves_on_its_starting_policy_beyond_its_interval(tmp_path: Path) -> None:
    """The CI run, about a minute: the warm start and PPO against heuristic bots, at 3 seats.

    The untrained network wins no game against three heuristic bots; the
    trained one's 95% interval lies wholly above the untrained one's.
    """
    config = TrainConfig(
        seed=1,
        updates=2,
        tables=6,
        steps=32,
        players=3,
        opponents="heuristic,self",
        hidden=(128, 128),
        imitate=200,
        imitate_epochs=10,
        eval_every=2,
        eval_games=40,
        eval_against="heuristic",
    )
    checkpoint = train(config, tmp_path)
    start = next(r for r in checkpoint.curve if r["stage"] == "start")
    last = checkpoint.curve[-1]
    assert (last["update"], last["stage"], last["games"]) == (2, "ppo", 40)
    print(f"start {start}, last {last}")  # the margin, for pytest -s
    assert last["low"] > start["high"], (start, last)


def test_the_same_seed_trains_the_same_weights_and_a_resumed_run_matches(tmp_path: Path) -> None:
    """Two runs of one seed agree bit for bit; stopped after update 1 and resumed, too."""
    whole = train(TINY, tmp_path / "whole")
    again = train(TINY, tmp_path / "again")
    _same(whole, again)
    train(TrainConfig.from_json(TINY.to_json() | {"updates": 1}), tmp_path / "stopped")
    resumed = train(TINY, tmp_path / "stopped", resume=True)
    _same(whole, resumed)
    assert [r["update"] for r in resumed.curve] == [r["update"] for r in whole.curve]
    other = train(TrainConfig.from_json(TINY.to_json() | {"seed": 6}), tmp_path / "other")
    assert not np.array_equal(other.weights["w0"], whole.weights["w0"])


def test_a_saved_checkpoint_round_trips_exactly(tmp_path: Path) -> None:
    """Every array bit for bit, the options, the counters and the curve."""
    checkpoint = train(TINY, tmp_path)
    path = tmp_path / "copy.npz"
    save(path, checkpoint)
    back = load(path)
    _same(checkpoint, back)
    assert back.curve == checkpoint.curve and back.seconds == checkpoint.seconds
    save(tmp_path / "again.npz", back)
    _same(back, load(tmp_path / "again.npz"))


def test_a_checkpoint_and_its_export_play_as_the_learned_bot(tmp_path: Path) -> None:
    """The bot reads a checkpoint as it is, and the exported weights, to the same decisions."""
    checkpoint = train(TINY, tmp_path)
    export(tmp_path / "weights.npz", checkpoint)
    with np.load(tmp_path / "weights.npz") as data:
        assert not any(n.startswith("opt/") for n in data.files)
    state = ma.new_game(4, seed=2)
    view = ma.view(state, 0)  # the first auctioneer's (R2.1)
    a = LearnedAgent(weights=tmp_path / "checkpoint.npz").act(view, ())
    b = LearnedAgent(weights=tmp_path / "weights.npz").act(view, ())
    assert a == b and a in view.legal_actions


def test_numpy_plays_the_very_network_jax_trained() -> None:
    """The numpy policy's logits and values are JAX's, to float32 rounding."""
    net = _net(3)
    policy = NumpyPolicy(to_arrays(net), policy_meta(ma.Rules()))
    rng = np.random.default_rng(0)
    x = rng.normal(size=(5, feature_size(ma.Rules()))).astype(np.float32)
    mask = rng.random((5, ActionCodec(ma.Rules()).size)) < 0.3
    logits, values = jax.vmap(net)(jnp.asarray(x))
    ours = policy.logits(x, mask)
    assert np.allclose(ours[mask], np.asarray(logits)[mask], atol=1e-5)
    assert np.all(np.isneginf(ours[~mask]))
    assert np.allclose(policy.value(x), np.asarray(values), atol=1e-5)


def test_imitation_learns_the_heuristic_bots_choices() -> None:
    """The warm start's lessons are legal indices, and fitting them raises the accuracy."""
    lessons = teacher_games(2, 3, seed=1)
    x, mask, label, reward = lessons
    assert len(x) == len(label) > 50 and mask[np.arange(len(label)), label].all()
    assert set(np.unique(reward)) <= {-1.0, -0.5, 0.0, 0.5, 1.0}
    net = _net(1)
    _, before = imitate(net, lessons, 1, np.random.default_rng(0), learning_rate=0.0, batch=64)
    _, after = imitate(net, lessons, 8, np.random.default_rng(0), batch=64)
    assert after > before + 0.2


def test_the_command_trains_writes_the_curve_and_refuses_what_does_not_fit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """modern-art train: checkpoint, weights, curve.csv and curve.svg; clear refusals."""
    out = tmp_path / "run"
    options = [
        "--out", str(out), "--seed", "5", "--updates", "1", "--tables", "3", "--steps", "8",
        "--players", "3", "--opponents", "random", "--hidden", "16", "--epochs", "1",
        "--minibatches", "2", "--eval-games", "3", "--eval-against", "random",
    ]  # fmt: skip
    assert main(options) == 0
    for name in ("checkpoint.npz", "learned.npz", "curve.csv", "curve.svg"):
        assert (out / name).is_file(), name
    header, *rows = (out / "curve.csv").read_text(encoding="utf-8").splitlines()
    assert header.split(",") == list(CURVE_FIELDS) and len(rows) == 2
    assert (out / "curve.svg").read_text(encoding="utf-8").startswith("<svg")
    assert load_policy(out / "learned.npz").hidden == (16,)
    assert "1 updates" in capsys.readouterr().out
    assert main([*options, "--updates", "2", "--resume"]) == 0
    assert load(out / "checkpoint.npz").update == 2
    assert main([*options, "--updates", "3", "--resume", "--seed", "6"]) == 2
    assert "other options" in capsys.readouterr().err
    assert main(["--out", str(tmp_path / "none"), "--resume"]) == 2
    other = [*options[2:], "--out", str(tmp_path / "other"), "--init", str(out / "learned.npz")]
    assert main(other) == 0
    assert "starting from the network of" in capsys.readouterr().out
    assert main([*other, "--resume"]) == 2  # resume continues its own checkpoint
    assert main([*other, "--hidden", "8", "--out", str(tmp_path / "third")]) == 2
    assert "want shape" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--tables", "5"])  # not a multiple of the seats times the opponents
    assert "multiple of" in capsys.readouterr().err
