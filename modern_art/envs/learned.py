"""A trained policy's inference in numpy: the seat-relative features, the network, the weights.

:mod:`modern_art.train` trains the network (JAX, the ``train`` extra); this
module plays it with numpy alone, so the registry's bot ``learned``
(:class:`~modern_art.agents.learned.LearnedAgent`) needs only the ``rl``
extra's numpy, never JAX.

The network sees :func:`features` of the seat's observation vector
(:func:`~modern_art.envs.observe`), and nothing else:

- every per-seat part rotated so that the observing seat comes first and
  the others follow in turn order, padded to the rules' most seats, and the
  table size one-hot, so one network plays every table size and every seat;
- what a painting of each artist pays if the round ended now (its rank by
  paintings offered, ties to the artist first on the board, R6.1, plus its
  tiles so far, R6.4) and at best (the top tile), what the lot pays so, and
  that less the high bid: arithmetic on the vector, which the network
  would otherwise spend many games learning.

It is a multilayer perceptron (``tanh`` hidden layers) with three heads:
logits over the :class:`~modern_art.envs.ActionCodec` indices, two
coefficients that add a quadratic in the amount to every amount's logit
(so a bid's distribution is a bump the network moves and narrows, not 241
separate guesses), and the value of the position. The logits are masked
by the legal indices before the softmax. :class:`NumpyPolicy` plays the
most likely legal index: the same observation and mask always give the
same index, so two seats with the same view decide alike.

>>> import modern_art as ma
>>> from modern_art.envs.learned import load_policy, shipped_weights
>>> policy = load_policy()
>>> policy.hidden, shipped_weights().name
((256, 256), 'learned.npz')
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from modern_art.data.rules import Rules
from modern_art.envs.observation import Observation, observation_slices

__all__ = [
    "FEATURES_VERSION",
    "SEAT_PARTS",
    "NumpyPolicy",
    "feature_size",
    "features",
    "load_policy",
    "policy_meta",
    "read_npz",
    "seat_gather",
    "shipped_weights",
]

FEATURES_VERSION = 2
"""The version of :func:`features` a weights file was trained on (stored in its metadata)."""

SEAT_PARTS = (
    "hand_sizes",
    "money",
    "museums",
    "to_act",
    "auctioneer",
    "double_player",
    "high_bidder",
    "passed_or_sealed",
    "winners",
)
"""The observation's parts with one entry (or one row, ``museums``) per seat, rotated by
:func:`features`; ``me`` is left out (the observing seat is always first)."""

_SCALES = {"deck_size": 0.1}
"""Parts scaled down to the others' range (the deck holds up to 70 cards)."""

_Floats = npt.NDArray[np.float32]


@functools.lru_cache(maxsize=64)
def seat_gather(rules: Rules, players: int, seat: int) -> tuple[npt.NDArray[np.intp], _Floats]:
    """Where each feature comes from in the observation vector of ``seat``, and its scale.

    Index ``-1`` is a padding zero (the observation gets a zero appended);
    the scales are 1 but for :data:`_SCALES` and the table size's one-hot
    (which has no source: index ``-2``, a one).
    """
    if not 0 <= seat < players:
        raise ValueError(f"seat must be from 0 to {players - 1}, got {seat!r}")
    most = rules.max_players
    order = [(seat + k) % players for k in range(players)]
    index: list[int] = []
    scale: list[float] = []
    for name, part, _ in observation_slices(rules, players):
        if name == "me":
            continue
        if name in SEAT_PARTS:
            width = (part.stop - part.start) // players
            for k in range(most):
                for j in range(width):
                    index.append(part.start + order[k] * width + j if k < players else -1)
                    scale.append(1.0)
        else:
            index.extend(range(part.start, part.stop))
            scale.extend([_SCALES.get(name, 1.0)] * (part.stop - part.start))
    for n in range(rules.min_players, most + 1):
        index.append(-2 if n == players else -1)
        scale.append(1.0)
    return np.array(index, np.intp), np.array(scale, np.float32)


def feature_size(rules: Rules) -> int:
    """How many features :func:`features` gives under ``rules`` (the same for every table size)."""
    return len(seat_gather(rules, rules.min_players, 0)[0]) + 2 * len(rules.artists) + 4


def features(
    observations: Observation, rules: Rules, players: int, seat: int
) -> npt.NDArray[np.float32]:
    """The network's input for observations of ``seat`` at a table of ``players``.

    ``observations`` is one vector or a batch (rows); the result has the same
    leading shape and :func:`feature_size` features.

    >>> import modern_art as ma
    >>> from modern_art.envs import observe
    >>> from modern_art.envs.learned import feature_size, features
    >>> state = ma.new_game(3, seed=1)
    >>> x = features(observe(ma.view(state, 1), events=()), state.rules, 3, 1)
    >>> x.shape == (feature_size(state.rules),)
    True
    """
    index, scale = seat_gather(rules, players, seat)
    batch = np.asarray(observations, np.float32)
    pad = np.zeros((*batch.shape[:-1], 2), np.float32)
    pad[..., 1] = 1.0  # index -1: zero; index -2: one
    seen = np.concatenate([batch, pad], axis=-1)[..., index] * scale
    out: npt.NDArray[np.float32] = np.concatenate([seen, _values(batch, rules, players)], axis=-1)
    return out


@functools.lru_cache(maxsize=16)
def _parts(rules: Rules, players: int) -> dict[str, slice]:
    return {name: part for name, part, _ in observation_slices(rules, players)}


def _values(batch: _Floats, rules: Rules, players: int) -> _Floats:
    """What each artist's painting and the lot pay now and at best (money / starting money)."""
    parts = _parts(rules, players)
    counts = batch[..., parts["counts"]]
    tiles = batch[..., parts["tiles"]]
    lot = batch[..., parts["lot"]]
    high = batch[..., parts["high_bid"]]
    artists = counts.shape[-1]
    scale = 1.0 / (rules.starting_money or 1)
    # Rank by paintings offered, ties to the artist first on the board (R6.1).
    key = -counts * (artists + 1) + np.arange(artists, dtype=np.float32)
    rank = np.argsort(np.argsort(key, axis=-1, kind="stable"), axis=-1, kind="stable")
    top = np.array([*rules.value_tiles, 0.0][: artists + 1], np.float32) * scale
    top = np.concatenate([top, np.zeros(max(0, artists + 1 - len(top)), np.float32)])
    ranked = (rank < len(rules.value_tiles)) & (counts > 0)
    now = np.where(ranked, top[np.minimum(rank, len(top) - 1)] + tiles, 0.0)
    best = tiles + (rules.value_tiles[0] * scale if rules.value_tiles else 0.0)
    per_kind = lot.reshape(*lot.shape[:-1], artists, -1).sum(axis=-1)
    lot_now = (per_kind * now).sum(axis=-1, keepdims=True)
    lot_best = (per_kind * best).sum(axis=-1, keepdims=True)
    return np.concatenate(
        [now, best, lot_now, lot_best, lot_now - high, lot_best - high], axis=-1
    ).astype(np.float32)


class NumpyPolicy:
    """A trained network played with numpy: ``policy(features, mask) -> index``.

    Args:
        weights: the arrays ``w0, b0, w1, b1, ...`` of the hidden layers, and
            ``wp, bp`` (the policy head), ``wa, ba`` (the amounts' two
            coefficients), ``wv, bv`` (the value head).
        meta: what the weights were trained on: ``features_version``,
            ``amount_start`` (the codec's first amount index) and
            ``amount_scale`` (money a unit of the amounts' quadratic).

    Raises:
        ValueError: weights of another features version, or layers that do not chain.
    """

    def __init__(self, weights: Mapping[str, npt.NDArray[Any]], meta: Mapping[str, Any]) -> None:
        version = meta.get("features_version")
        if version != FEATURES_VERSION:
            raise ValueError(
                f"these weights were trained on features version {version!r};"
                f" this library reads version {FEATURES_VERSION}"
            )
        layers: list[tuple[_Floats, _Floats]] = []
        while f"w{len(layers)}" in weights:
            k = len(layers)
            layers.append(
                (
                    np.asarray(weights[f"w{k}"], np.float32),
                    np.asarray(weights[f"b{k}"], np.float32),
                )
            )
        self.layers = tuple(layers)
        self.head = (np.asarray(weights["wp"], np.float32), np.asarray(weights["bp"], np.float32))
        self.value_head = (
            np.asarray(weights["wv"], np.float32),
            np.asarray(weights["bv"], np.float32),
        )
        self.amount_head = (
            np.asarray(weights["wa"], np.float32),
            np.asarray(weights["ba"], np.float32),
        )
        start, amount_scale = int(meta["amount_start"]), float(meta["amount_scale"])
        amounts = self.head[1].shape[0] - start
        if not 0 <= start < self.head[1].shape[0] or amount_scale <= 0:
            raise ValueError(f"amount_start {start} or amount_scale {amount_scale} out of range")
        self.amount_start = start
        steps = np.arange(amounts, dtype=np.float32) / np.float32(amount_scale)
        self._amounts = (steps, steps * steps)
        width = self.layers[0][0].shape[0] if self.layers else self.head[0].shape[0]
        for w, b in self.layers:
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError("the layers' shapes do not chain")
            width = w.shape[1]
        for (w, b), outputs in ((self.head, None), (self.value_head, 1), (self.amount_head, 2)):
            if w.ndim != 2 or w.shape[0] != width or b.shape != (w.shape[1],):
                raise ValueError("the heads' shapes do not fit the last hidden layer")
            if outputs is not None and w.shape[1] != outputs:
                raise ValueError(f"a head has {w.shape[1]} outputs, not {outputs}")
        self.meta = dict(meta)

    @property
    def hidden(self) -> tuple[int, ...]:
        """The hidden layers' widths."""
        return tuple(int(w.shape[1]) for w, _ in self.layers)

    @property
    def inputs(self) -> int:
        """How many features the network reads."""
        return int((self.layers[0][0] if self.layers else self.head[0]).shape[0])

    def hidden_state(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The last hidden layer's activations for features ``x`` (one row or a batch)."""
        for w, b in self.layers:
            x = np.tanh(x @ w + b)
        return x

    def logits(
        self, x: npt.NDArray[np.float32], mask: npt.NDArray[Any]
    ) -> npt.NDArray[np.float32]:
        """The masked logits: ``-inf`` where the mask forbids."""
        return self.logits_of(self.hidden_state(x), mask)

    def logits_of(
        self, hidden: npt.NDArray[np.float32], mask: npt.NDArray[Any]
    ) -> npt.NDArray[np.float32]:
        """The masked logits from the last hidden layer's activations."""
        w, b = self.head
        raw = hidden @ w + b
        wa, ba = self.amount_head
        shape = hidden @ wa + ba
        linear, square = self._amounts
        slope = shape[..., :1]
        bend = -np.logaddexp(0.0, shape[..., 1:2])  # -softplus: the bump opens downwards
        raw[..., self.amount_start :] += slope * linear + bend * square
        out: npt.NDArray[np.float32] = np.where(np.asarray(mask) != 0, raw, -np.inf).astype(
            np.float32
        )
        return out

    def value(self, x: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The value head: the reward the network expects from here."""
        w, b = self.value_head
        out: npt.NDArray[np.float32] = (self.hidden_state(x) @ w + b)[..., 0]
        return out

    def __call__(self, x: npt.NDArray[np.float32], mask: npt.NDArray[Any]) -> int:
        """The most likely legal index for features ``x`` (one row) and ``mask``.

        Raises:
            ValueError: the mask allows nothing.
        """
        if not np.any(mask):
            raise ValueError("the mask allows no index")
        return int(np.argmax(self.logits(x, mask)))

    def arrays(self) -> dict[str, npt.NDArray[np.float32]]:
        """The weights by name, as :func:`load_policy` reads them."""
        out: dict[str, npt.NDArray[np.float32]] = {}
        for k, (w, b) in enumerate(self.layers):
            out[f"w{k}"], out[f"b{k}"] = w, b
        out["wp"], out["bp"] = self.head
        out["wv"], out["bv"] = self.value_head
        out["wa"], out["ba"] = self.amount_head
        return out


def policy_meta(rules: Rules) -> dict[str, Any]:
    """The ``meta`` a network trained under ``rules`` carries: what :class:`NumpyPolicy` needs.

    >>> import modern_art as ma
    >>> from modern_art.envs.learned import policy_meta
    >>> policy_meta(ma.Rules())
    {'features_version': 2, 'amount_start': 27, 'amount_scale': 100.0}
    """
    from modern_art.envs.codec import ActionCodec  # noqa: PLC0415 (a sibling, loaded already)

    codec = ActionCodec(rules)
    return {
        "features_version": FEATURES_VERSION,
        "amount_start": codec.size - codec.max_amount - 1,
        "amount_scale": float(rules.starting_money or 1),
    }


def shipped_weights() -> Path:
    """The shipped policy's weights file (package data, ``modern_art/envs/learned.npz``)."""
    return Path(__file__).with_name("learned.npz")


def read_npz(path: str | Path) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
    """The arrays of a weights or checkpoint file, and its ``meta`` (a JSON object).

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a weights file (no ``meta`` entry, or an unreadable one).
    """
    file = Path(path)
    if not file.is_file():
        raise FileNotFoundError(f"no weights file {str(file)!r}")
    try:
        with np.load(file, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except (OSError, ValueError) as err:
        raise ValueError(f"{str(file)!r} is not a weights file (.npz): {err}") from None
    if "meta" not in arrays:
        raise ValueError(f"{str(file)!r} is not a weights file: it has no 'meta' entry")
    meta = json.loads(str(arrays.pop("meta")))
    if not isinstance(meta, dict):
        raise ValueError(f"{str(file)!r}: its 'meta' entry is not a JSON object")
    return arrays, meta


@functools.lru_cache(maxsize=8)
def _load(path: str, stamp: float) -> NumpyPolicy:
    arrays, meta = read_npz(path)
    weights = {k: v for k, v in arrays.items() if not k.startswith("opt/")}
    return NumpyPolicy(weights, meta)


def load_policy(path: str | Path | None = None) -> NumpyPolicy:
    """The policy of a weights file or a :mod:`modern_art.train` checkpoint (``None``: shipped).

    Loaded once per file (and again if the file changes), so seating many
    bots reads it once.

    Raises:
        FileNotFoundError: no such file.
        ValueError: not a weights file, or weights this library cannot read.
    """
    file = Path(path) if path is not None else shipped_weights()
    if not file.is_file():
        raise FileNotFoundError(f"no weights file {str(file)!r}")
    return _load(str(file.resolve()), file.stat().st_mtime)
