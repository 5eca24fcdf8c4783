"""A quick ``import modern_art``: the heavy layers load on first use, under the same names.

The players layer (bots, the tournament runner, its process pools) and the
wire layer (cattrs, the converter it builds) load when one of their names
is first looked up (``modern_art.__getattr__``). Each check runs in a fresh
interpreter, since this one has long imported everything.
``benchmarks/import_time.py`` measures the time.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import modern_art as ma

ROOT = Path(__file__).resolve().parents[2]

NOT_LOADED = (
    "multiprocessing",
    "concurrent.futures",
    "modern_art.agents",
    "modern_art.agents.tournament",
    "modern_art.wire",
    "modern_art.wire.converter",
    "cattrs",
    "modern_art.svg",
    "modern_art.cli",
    "modern_art.envs",
    "modern_art.scale",
    "starlette",
    "uvicorn",
    "modern_art.train",
    "jax",
    "optax",
    "equinox",
    "numpy",
)
"""What ``import modern_art`` alone leaves unloaded."""


def _fresh(code: str) -> object:
    """What ``code`` prints as JSON, run after ``import modern_art as ma`` in a new interpreter.

    Without coverage's start-up hook (``COVERAGE_PROCESS_START``, as ``.ci/run``
    sets it): coverage itself imports multiprocessing in every process it measures.
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE_PROCESS_")}
    result = subprocess.run(
        [sys.executable, "-c", f"import sys, json\nimport modern_art as ma\n{code}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(result.stdout)


def _loaded(names: tuple[str, ...] = NOT_LOADED) -> str:
    return f"print(json.dumps([m for m in {names!r} if m in sys.modules]))"


def test_import_modern_art_loads_no_process_pool_tournament_or_converter() -> None:
    """After ``import modern_art``: no multiprocessing, concurrent.futures, tournament, cattrs."""
    assert _fresh(_loaded()) == []


def test_a_bot_loads_no_process_pool_and_no_json() -> None:
    """Making a bot and playing a game load neither multiprocessing nor cattrs."""
    code = "ma.play_game([ma.HeuristicAgent(), ma.RandomAgent(), ma.RandomAgent()], seed=1)\n"
    code += "ma.tournament([ma.RandomAgent, ma.RandomAgent, ma.RandomAgent], 3)\n"
    assert _fresh(code + _loaded(("multiprocessing", "cattrs"))) == []


def test_the_first_json_document_builds_the_converter_then_reads_it_back() -> None:
    """``ma.to_json`` and ``ma.from_json`` work on first use, in a process that had neither."""
    code = "text = ma.to_json(ma.Bid(1, 30))\n"
    code += (
        "print(json.dumps([text, repr(ma.from_json(text, 'action')), 'cattrs' in sys.modules]))"
    )
    assert _fresh(code) == [
        '{"amount":30,"format":"modern-art/1","seat":1,"type":"Bid"}',
        "Bid(seat=1, amount=30)",
        True,
    ]


def test_every_public_name_is_there_from_the_first_lookup() -> None:
    """Each name of ``__all__`` resolves in a fresh process, and ``dir`` lists them all."""
    code = "names = [n for n in ma.__all__ if getattr(ma, n, None) is None]\n"
    code += "print(json.dumps([names, sorted(set(ma.__all__) - set(dir(ma)))]))"
    assert _fresh(code) == [[], []]


def test_star_import_and_the_folders_that_used_to_load_still_work() -> None:
    """``from modern_art import *`` binds every public name; ``ma.agents`` and ``ma.wire`` load."""
    code = "ns = {}\nexec('from modern_art import *', ns)\n"
    code += "print(json.dumps([sorted(set(ma.__all__) - set(ns)), ma.agents.__name__,"
    code += " ma.wire.__name__]))"
    assert _fresh(code) == [[], "modern_art.agents", "modern_art.wire"]


def test_a_name_loaded_on_first_use_is_the_one_its_module_defines() -> None:
    """``ma.tournament`` is ``modern_art.agents.tournament``'s own, kept once looked up."""
    from modern_art.agents.tournament import tournament
    from modern_art.wire.documents import from_json

    assert ma.tournament is tournament and ma.from_json is from_json
    assert vars(ma)["tournament"] is tournament  # kept: the next lookup is a plain one


def test_an_unknown_name_is_an_attribute_error() -> None:
    """A misspelt name fails as for any module (and ``hasattr`` says no)."""
    try:
        ma.tournamnet  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert str(error) == "module 'modern_art' has no attribute 'tournamnet'"
    else:  # pragma: no cover
        raise AssertionError("no AttributeError")
    assert not hasattr(ma, "svg_board")


def _first_use_table() -> dict[str, tuple[str, ...]]:
    """The names imported for type checkers in modern_art/__init__.py, by module."""
    tree = ast.parse(Path(str(ma.__file__)).read_text(encoding="utf-8"))
    (block,) = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "_typing.TYPE_CHECKING"
    ]
    return {
        node.module: tuple(alias.name for alias in node.names)
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module
    }


def test_the_first_use_table_matches_the_imports_for_type_checkers() -> None:
    """What the type checkers are told and what ``__getattr__`` loads cannot drift apart."""
    table = vars(ma)["_ON_FIRST_USE"]
    assert {module: tuple(names) for module, names in table.items()} == _first_use_table()
    lazy = {name for names in table.values() for name in names}
    assert lazy <= set(ma.__all__)


def test_the_bot_registry_loads_no_numpy_and_the_learned_bot_no_jax() -> None:
    """The registry names ``learned`` without numpy; playing it loads numpy, never JAX."""
    code = "from modern_art.agents.registry import BOTS\n"
    code += "print(json.dumps([m for m in ('numpy', 'jax') if m in sys.modules]))"
    assert _fresh(code) == []
    try:
        import numpy  # noqa: F401
    except ImportError:  # the rl extra is missing: the registry part above still holds
        return
    code = "from modern_art.agents.registry import make_bot\n"
    code += "ma.play_game([make_bot('learned'), ma.RandomAgent(1), ma.RandomAgent(2)], seed=1)\n"
    code += _loaded(("numpy", "jax", "optax", "equinox", "modern_art.train"))
    assert _fresh(code) == ["numpy"]
