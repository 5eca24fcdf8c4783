"""Collection for the whole repository: doctests of optional parts need their extras.

``pytest`` collects the doctests of every module under ``modern_art``
(``--doctest-modules``). The framework adapters import numpy, PettingZoo,
Gymnasium or OpenSpiel, which only the ``rl`` and ``openspiel`` extras
install, and the web table imports Starlette (the ``web`` extra); without them
those modules are left out here, and the tests in ``tests/envs/``,
``tests/web/test_web_*.py`` and ``tests/records/`` say what is missing (and
fail when ``CI`` is set); the records store needs the ``records`` extra, the shared
store the ``web-postgres`` extra and training the ``train`` extra.
"""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "modern_art/envs/*.py": ("numpy",),
    "modern_art/envs/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    "modern_art/envs/gymnasium.py": ("numpy", "gymnasium"),
    "modern_art/envs/openspiel.py": ("numpy", "pyspiel"),
    # The learned bot plays its network with numpy (the rl extra).
    "modern_art/agents/learned.py": ("numpy",),
    # The web table (the web extra): its modules' doctests need Starlette and uvicorn.
    "modern_art/web/*.py": ("starlette", "uvicorn"),
    # The records store (the records extra): pyarrow and DuckDB.
    "modern_art/records/*.py": ("pyarrow", "duckdb"),
    # Several server processes on PostgreSQL (the web-postgres extra): psycopg and its pool.
    "modern_art/web/postgres.py": ("psycopg", "psycopg_pool"),
    "modern_art/web/shared_limits.py": ("psycopg",),
    # Self-play training (the train extra): JAX, optax and equinox.
    "modern_art/train/*.py": ("jax", "optax", "equinox"),
}

# The web table's test helpers import Starlette's test client at the top, and
# hold no doctests: without the test-web extra their tests skip, saying why,
# and collecting the module itself would stop the run with an ImportError.
collect_ignore = ["tests/helpers/webclient.py"]

collect_ignore_glob = [
    pattern
    for pattern, modules in _NEEDS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
