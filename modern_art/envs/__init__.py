"""Adapters for the game-AI frameworks: PettingZoo, Gymnasium and OpenSpiel.

This package needs numpy, which the ``rl`` extra brings
(``pip install -e '.[rl]'`` from a clone, ``pip install 'modern-art[rl]'``
once published); each framework's adapter is its own module, imported only
on request:

- :mod:`modern_art.envs.pettingzoo`: ``env()`` and ``raw_env()``, an AEC env;
- :mod:`modern_art.envs.gymnasium`: ``SeatEnv``, registered as ``"modern_art/Seat-v0"``;
- :mod:`modern_art.envs.vector`: ``SeatVectorEnv``, a Gymnasium ``VectorEnv`` of N tables;
- :mod:`modern_art.envs.openspiel`: registers the game ``"python_modern_art"``
  (``pip install -e '.[openspiel]'``, or ``pip install 'modern-art[openspiel]'``).

They share one action codec (:class:`ActionCodec`) and one observation
(:func:`observe`); :class:`PolicyAgent` plays a policy over them as an
ordinary :class:`~modern_art.Agent`. ``import modern_art`` imports none of this.
"""

from modern_art.data.extras import install_hint

try:
    import numpy  # noqa: F401
except ImportError as err:  # pragma: no cover - the rl extra is missing
    raise ImportError(f"modern_art.envs needs numpy: {install_hint('rl')}") from err

from modern_art.envs.codec import ActionCodec, Context, Mask, default_max_amount
from modern_art.envs.observation import (
    Observation,
    observation_size,
    observation_slices,
    observe,
)
from modern_art.envs.policy import Policy, PolicyAgent

__all__ = [
    "ActionCodec",
    "Context",
    "Mask",
    "Observation",
    "Policy",
    "PolicyAgent",
    "default_max_amount",
    "observation_size",
    "observation_slices",
    "observe",
]
