"""PPO with action masks: advantages (GAE) and the clipped update, in JAX with optax.

The policy's distribution is the softmax over the legal indices only (a
forbidden index's logit is ``-inf`` in the rollout,
:data:`~modern_art.train.network.FORBIDDEN` in the loss), in the rollout, in
the loss and in the entropy bonus, so no probability is ever spent on an illegal action
and the gradient never pushes on one (Huang and Ontañón, "A Closer Look at
Invalid Action Masking in Policy Gradient Algorithms", 2022).
"""

from __future__ import annotations

from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax

from modern_art.train.config import TrainConfig
from modern_art.train.network import Network, masked_log_softmax
from modern_art.train.rollout import Batch

__all__ = ["advantages", "make_optimizer", "make_step", "update"]


def advantages(batch: Batch, gamma: float, lam: float) -> tuple[np.ndarray[Any, Any], ...]:
    """Generalized advantage estimates and the value targets, ``(steps, tables)`` each."""
    steps = len(batch.reward)
    adv = np.zeros_like(batch.reward)
    last = np.zeros(batch.reward.shape[1], np.float32)
    next_value = batch.last_value
    for t in reversed(range(steps)):
        alive = 1.0 - batch.done[t].astype(np.float32)
        delta = batch.reward[t] + gamma * next_value * alive - batch.value[t]
        last = delta + gamma * lam * alive * last
        adv[t] = last
        next_value = batch.value[t]
    return adv, adv + batch.value


def make_optimizer(config: TrainConfig) -> optax.GradientTransformation:
    """Adam, the gradient clipped to :attr:`~TrainConfig.max_grad_norm`."""
    return optax.chain(
        optax.clip_by_global_norm(config.max_grad_norm), optax.adam(config.learning_rate)
    )


def _loss(
    net: Network,
    x: jax.Array,
    mask: jax.Array,
    action: jax.Array,
    old_logp: jax.Array,
    adv: jax.Array,
    target: jax.Array,
    clip: float,
    entropy_weight: float,
    value_weight: float,
) -> tuple[jax.Array, dict[str, jax.Array]]:
    logits, value = jax.vmap(net)(x)
    logp_all = masked_log_softmax(logits, mask)
    logp = jnp.take_along_axis(logp_all, action[:, None], axis=1)[:, 0]
    ratio = jnp.exp(logp - old_logp)
    norm = (adv - adv.mean()) / (adv.std() + 1e-8)
    policy_loss = -jnp.minimum(ratio * norm, jnp.clip(ratio, 1 - clip, 1 + clip) * norm).mean()
    probs = jnp.exp(logp_all)
    entropy = -jnp.where(mask, probs * logp_all, 0.0).sum(axis=1).mean()
    value_loss = ((value - target) ** 2).mean()
    total = policy_loss + value_weight * value_loss - entropy_weight * entropy
    return total, {"policy_loss": policy_loss, "value_loss": value_loss, "entropy": entropy}


def make_step(optimizer: optax.GradientTransformation, config: TrainConfig) -> Any:
    """The jitted minibatch step: ``step(net, opt_state, x, mask, action, logp, adv, target)``."""

    @eqx.filter_jit
    def step(net: Network, opt_state: Any, *data: jax.Array) -> tuple[Network, Any, Any]:
        loss: Any = eqx.filter_grad(_loss, has_aux=True)
        grads, stats = loss(net, *data, config.clip, config.entropy, config.value_weight)
        updates, opt_state = optimizer.update(grads, opt_state, eqx.filter(net, eqx.is_array))
        return eqx.apply_updates(net, updates), opt_state, stats

    return step


def update(
    net: Network,
    opt_state: Any,
    step: Any,
    batch: Batch,
    config: TrainConfig,
    rng: np.random.Generator,
) -> tuple[Network, Any, dict[str, float]]:
    """:attr:`~TrainConfig.epochs` passes of minibatch PPO over ``batch``; the net, its stats."""
    adv, target = advantages(batch, config.gamma, config.gae_lambda)
    flat = [
        batch.x.reshape(-1, batch.x.shape[-1]),
        batch.mask.reshape(-1, batch.mask.shape[-1]),
        batch.action.reshape(-1),
        batch.logp.reshape(-1),
        adv.reshape(-1),
        target.reshape(-1),
    ]
    size = len(flat[0]) // config.minibatches
    stats: dict[str, float] = {}
    for _ in range(config.epochs):
        order = rng.permutation(len(flat[0]))
        for m in range(config.minibatches):
            part = order[m * size : (m + 1) * size]
            net, opt_state, out = step(net, opt_state, *(jnp.asarray(a[part]) for a in flat))
            stats = {k: float(v) for k, v in out.items()}
    return net, opt_state, stats
