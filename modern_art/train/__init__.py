"""Self-play training of the bot ``learned``: PPO with action masks on ``SeatVectorEnv``.

The ``train`` extra (JAX, optax, equinox; CPU wheels from PyPI): ``pip
install -e '.[train]'`` from a clone. ``modern-art train`` and ``python -m
modern_art.train`` run :func:`~modern_art.train.loop.train`; the policy it
writes plays with numpy alone (:mod:`modern_art.envs.learned`), so the bot
never needs JAX. ``import modern_art`` imports none of this.

- :mod:`modern_art.train.config`: :class:`~modern_art.train.config.TrainConfig`, every option;
- :mod:`modern_art.train.network`: the network (equinox) and its arrays;
- :mod:`modern_art.train.ppo`: rollouts' advantages and the clipped PPO update (optax);
- :mod:`modern_art.train.rollout`: the tables, the opponents, self-play;
- :mod:`modern_art.train.imitation`: the warm start, imitating the heuristic bot;
- :mod:`modern_art.train.evaluate`: win rates against fixed bots, with Wilson intervals;
- :mod:`modern_art.train.checkpoint`: checkpoints that round-trip exactly, and resume;
- :mod:`modern_art.train.loop`: the loop, its progress bar and its learning curve;
- :mod:`modern_art.train.command`: the command line.
"""

import os

from modern_art.data.extras import install_hint

# The rollouts multiply a few dozen rows by small matrices, many times a second:
# OpenBLAS's threads only wait on each other there (four times slower on two
# cores). One thread each, unless the caller chose; effective when numpy has
# not been imported yet (a fresh `modern-art train`).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

try:
    import equinox  # noqa: F401
    import jax  # noqa: F401
    import optax  # noqa: F401
except ImportError as err:  # pragma: no cover - the train extra is missing
    raise ImportError(
        f"modern_art.train needs JAX, optax and equinox: {install_hint('train')}"
    ) from err

__all__: list[str] = []
