"""The network in equinox, and its arrays: what :mod:`modern_art.envs.learned` plays.

A multilayer perceptron over :func:`~modern_art.envs.learned.features`:
``tanh`` hidden layers, a policy head (one logit per codec index, masked
to the legal ones before the softmax), the amounts' head (a quadratic in
the amount added to the amounts' logits) and a value head. :func:`to_arrays`
gives its weights under the names :mod:`modern_art.envs.learned` reads
(``w0, b0, ..., wp, bp, wa, ba, wv, bv``; each ``w`` is inputs by outputs), and
:func:`from_arrays` puts them back, exactly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

__all__ = ["FORBIDDEN", "Network", "from_arrays", "masked_log_softmax", "to_arrays"]


class Network(eqx.Module):
    """The policy and value network (one position: vmap it over a batch)."""

    layers: tuple[eqx.nn.Linear, ...]
    head: eqx.nn.Linear
    amount: eqx.nn.Linear
    value: eqx.nn.Linear
    amount_start: int = eqx.field(static=True)
    amount_scale: float = eqx.field(static=True)

    def __init__(
        self,
        inputs: int,
        hidden: Sequence[int],
        actions: int,
        key: Any,
        *,
        amount_start: int,
        amount_scale: float,
    ) -> None:
        keys = jax.random.split(key, len(hidden) + 3)
        widths = [inputs, *hidden]
        self.layers = tuple(
            eqx.nn.Linear(a, b, key=k) for a, b, k in zip(widths, widths[1:], keys, strict=False)
        )
        head = eqx.nn.Linear(widths[-1], actions, key=keys[-2])
        # A near-uniform first policy: the head starts a hundred times smaller.
        self.head = eqx.tree_at(lambda h: h.weight, head, head.weight * 0.01)
        self.value = eqx.nn.Linear(widths[-1], 1, key=keys[-1])
        amount = eqx.nn.Linear(widths[-1], 2, key=keys[-3])
        self.amount = eqx.tree_at(lambda h: h.weight, amount, amount.weight * 0.01)
        self.amount_start = amount_start
        self.amount_scale = float(amount_scale)

    def __call__(self, x: jax.Array) -> tuple[jax.Array, jax.Array]:
        """The logits (unmasked) and the value of one position's features.

        Each amount's logit gets ``slope * a - softplus(bend) * a * a`` added,
        ``a`` the amount over :attr:`amount_scale` (as
        :meth:`~modern_art.envs.learned.NumpyPolicy.logits_of` does).
        """
        for layer in self.layers:
            x = jnp.tanh(layer(x))
        logits = self.head(x)
        slope, bend = self.amount(x)
        count = logits.shape[0] - self.amount_start
        a = jnp.arange(count, dtype=jnp.float32) / self.amount_scale
        shaped = logits[self.amount_start :] + slope * a - jax.nn.softplus(bend) * a * a
        return logits.at[self.amount_start :].set(shaped), self.value(x)[0]


FORBIDDEN = -1e9
"""The logit a forbidden index gets in training: its probability is exactly 0, and
(unlike ``-inf``) ``0 * log p`` is 0, so the entropy's gradient stays finite."""


def masked_log_softmax(logits: jax.Array, mask: jax.Array) -> jax.Array:
    """Log-probabilities over the indices ``mask`` allows (:data:`FORBIDDEN` elsewhere)."""
    masked = jnp.where(mask, logits, FORBIDDEN)
    return masked - jax.scipy.special.logsumexp(masked, axis=-1, keepdims=True)


def to_arrays(net: Network) -> dict[str, np.ndarray[Any, Any]]:
    """The weights as numpy arrays, by the names :class:`~modern_art.envs.learned.NumpyPolicy`
    reads."""
    out: dict[str, np.ndarray[Any, Any]] = {}
    for k, layer in enumerate(net.layers):
        out[f"w{k}"] = np.asarray(layer.weight).T.copy()
        assert layer.bias is not None
        out[f"b{k}"] = np.asarray(layer.bias).copy()
    for name, layer in (("p", net.head), ("v", net.value), ("a", net.amount)):
        out[f"w{name}"] = np.asarray(layer.weight).T.copy()
        assert layer.bias is not None
        out[f"b{name}"] = np.asarray(layer.bias).copy()
    return out


def from_arrays(template: Network, arrays: Mapping[str, np.ndarray[Any, Any]]) -> Network:
    """``template`` with the weights of ``arrays`` (as :func:`to_arrays` wrote them).

    Raises:
        ValueError: an array missing or of another shape than the template's.
    """
    net = template
    for k in range(len(template.layers)):
        net = _put(net, lambda n, k=k: n.layers[k], arrays, f"w{k}", f"b{k}")
    net = _put(net, lambda n: n.head, arrays, "wp", "bp")
    net = _put(net, lambda n: n.amount, arrays, "wa", "ba")
    return _put(net, lambda n: n.value, arrays, "wv", "bv")


def _put(net: Network, where: Any, arrays: Mapping[str, Any], w: str, b: str) -> Network:
    layer = where(net)
    for name, want in ((w, layer.weight.T.shape), (b, layer.bias.shape)):
        if name not in arrays or tuple(arrays[name].shape) != tuple(want):
            got = None if name not in arrays else tuple(arrays[name].shape)
            raise ValueError(f"weights {name!r}: want shape {tuple(want)}, got {got}")
    out: Network = eqx.tree_at(
        lambda n: (where(n).weight, where(n).bias),
        net,
        (jnp.asarray(arrays[w].T, jnp.float32), jnp.asarray(arrays[b], jnp.float32)),
    )
    return out
