"""The warm start: the network imitates the heuristic bot before PPO (``--imitate GAMES``).

PPO from a random network first spends its games learning what any rule
of thumb knows (a bid above what a painting pays loses money). Imitating
:class:`~modern_art.HeuristicAgent` first skips that: tables of heuristic
bots play ``games`` games, every decision of every seat is recorded as the
seat's features, mask and the codec index of the bot's action, and the
network learns to give that index the most probability (cross-entropy of
the masked softmax), its value head the seat's final reward. PPO then
starts from a policy close to the heuristic bot's and improves on it by
self-play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from modern_art.agents.heuristic import HeuristicAgent
from modern_art.agents.play import play_game
from modern_art.agents.runner.seating import derived_seed
from modern_art.data.actions import Action
from modern_art.data.events import Event
from modern_art.data.rules import Rules
from modern_art.envs.codec import ActionCodec
from modern_art.envs.learned import features
from modern_art.envs.policy import PolicyAgent
from modern_art.envs.rewards import final_rewards
from modern_art.seeing.views import OwnView

__all__ = ["Recorder", "teacher_games"]


class Recorder:
    """A heuristic bot whose every decision is written down as (features, mask, index)."""

    name = "heuristic"

    def __init__(self, seed: int, codec: ActionCodec, rows: list[tuple[Any, Any, int]]) -> None:
        self.teacher = HeuristicAgent(seed)
        self.codec = codec
        self.rows = rows
        self._agent = PolicyAgent(self._label, codec, name="heuristic")
        self._action: Action | None = None
        self._table: tuple[Rules, int, int] | None = None

    def _label(self, observation: Any, mask: Any) -> int:
        assert self._action is not None and self._table is not None
        try:
            index = self.codec.encode(self._action)
        except ValueError:  # an amount above the codec's cap: not a lesson
            return int(np.flatnonzero(mask)[-1])
        self.rows.append((features(observation, *self._table), mask != 0, index))
        return index

    def act(self, view: OwnView, events: Sequence[Event]) -> Action:
        """The heuristic bot's action, recorded."""
        assert view.seat is not None
        self._table = (view.rules, view.num_players, view.seat)
        self._action = self.teacher.act(view, events)
        return self._agent.act(view, events)


def teacher_games(
    games: int, players: int, seed: int, rules: Rules | None = None
) -> tuple[np.ndarray[Any, Any], ...]:
    """The lessons of ``games`` games of heuristic bots: features, masks, indices, rewards."""
    rules = rules if rules is not None else Rules()
    codec = ActionCodec(rules)
    xs: list[Any] = []
    masks: list[Any] = []
    labels: list[int] = []
    rewards: list[float] = []
    for g in range(games):
        per_seat: list[list[tuple[Any, Any, int]]] = [[] for _ in range(players)]
        agents = [
            Recorder(derived_seed(seed, "teacher", g, s), codec, per_seat[s])
            for s in range(players)
        ]
        record = play_game(agents, rules=rules, seed=derived_seed(seed, "deal", g))
        assert record.money is not None
        final = final_rewards(record.money, "rank", rules)
        for s, rows in enumerate(per_seat):
            for x, mask, index in rows:
                xs.append(x)
                masks.append(mask)
                labels.append(index)
                rewards.append(final[s])
    return (
        np.array(xs, np.float32),
        np.array(masks, np.bool_),
        np.array(labels, np.int64),
        np.array(rewards, np.float32),
    )


def imitate(
    net: Any,
    lessons: tuple[np.ndarray[Any, Any], ...],
    epochs: int,
    rng: np.random.Generator,
    learning_rate: float = 1e-3,
    batch: int = 512,
) -> tuple[Any, float]:
    """``net`` trained on ``lessons`` for ``epochs`` passes; the last pass's mean accuracy."""
    import equinox as eqx  # noqa: PLC0415 (the train extra; this module's lessons need none)
    import jax  # noqa: PLC0415
    import jax.numpy as jnp  # noqa: PLC0415
    import optax  # noqa: PLC0415

    from modern_art.train.network import masked_log_softmax  # noqa: PLC0415

    optimizer = optax.adam(learning_rate)
    opt_state = optimizer.init(eqx.filter(net, eqx.is_array))

    def loss(model: Any, x: Any, mask: Any, label: Any, reward: Any) -> tuple[Any, Any]:
        logits, value = jax.vmap(model)(x)
        logp = masked_log_softmax(logits, mask)
        chosen = jnp.take_along_axis(logp, label[:, None], axis=1)[:, 0]
        hit = (jnp.argmax(jnp.where(mask, logits, -jnp.inf), axis=1) == label).mean()
        return -chosen.mean() + 0.5 * ((value - reward) ** 2).mean(), hit

    @eqx.filter_jit
    def step(model: Any, state: Any, *data: Any) -> tuple[Any, Any, Any]:
        gradient: Any = eqx.filter_grad(loss, has_aux=True)
        grads, hit = gradient(model, *data)
        updates, state = optimizer.update(grads, state, eqx.filter(model, eqx.is_array))
        return eqx.apply_updates(model, updates), state, hit

    count = len(lessons[0])
    accuracy = 0.0
    for _ in range(epochs):
        order = rng.permutation(count)
        hits = []
        for start in range(0, count - batch + 1, batch):
            part = order[start : start + batch]
            net, opt_state, hit = step(net, opt_state, *(jnp.asarray(a[part]) for a in lessons))
            hits.append(float(hit))
        accuracy = float(np.mean(hits)) if hits else 0.0
    return net, accuracy
