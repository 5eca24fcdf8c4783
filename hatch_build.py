"""The build hook behind the compiled build: ``MODERN_ART_COMPILE=1 pip install .``.

Without that variable the hook does nothing and the wheel is pure Python.
With it, the hook compiles the core modules (:data:`COMPILED_MODULES`) with
mypyc into C extensions and puts them in the wheel beside the ``.py`` files
(the interpreter imports an extension before a source file of the same
name). mypyc compiles a copy of the package in which each hot value has the
native ``__init__`` that its fields imply (``modern_art._speed.native_source``);
the wheel ships the sources as they are. It needs a C compiler and the Python
headers; ``pip`` brings mypy and setuptools into the build environment only
when the variable is set.

A hook of our own rather than the ``hatch-mypyc`` plugin: that plugin's last
release is from 2023, it is switched on by Hatch's own variables rather than
by ours, and it would make every build, pure ones included, install mypy.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "MODERN_ART_COMPILE"
"""The environment variable that asks for the compiled build (``1``)."""

MYPY = "mypy>=1.18"
"""The mypy (and so mypyc) that compiles the core: native ``attr.s`` classes, read-only finals."""

COMPILED_MODULES = (
    "_speed",
    "data/cards",
    "data/actions",
    "data/events",
    "data/phases",
    "data/state",
    "core/refusals",
    "core/scoring",
    "core/round_flow",
    "core/hands",
    "core/legal_sequence",
    "core/draws",
    "core/phase_row",
    "core/phases/offering",
    "core/phases/double_offer",
    "core/phases/open_auction",
    "core/phases/one_offer_auction",
    "core/phases/hidden_auction",
    "core/phases/fixed_price_auction",
    "core/phases/game_over",
    "core/phase_table",
    "core/dispatch",
    "core/transition",
    "core/legal",
    "core/seats",
    "core/playout",
    "seeing/viewing",
    "seeing/indices",
    "seeing/encoding",
    "wire/parsing",
    "wire/state_reader",
    "wire/quick_writer",
    "seeing/payout",
    "seeing/problems/position",
    "seeing/problems/history",
    "seeing/problems/money",
    "seeing/problems/phase",
    "seeing/problems/secrets",
    "seeing/problems/steps",
    "seeing/problems/tiles",
    "seeing/problems/turns",
    "agents/knowledge",
    "agents/heuristic",
    "agents/search/candidates",
    "agents/search/rollout",
)
"""The core, compiled: the data layer and the rules (not ``data/rules.py``, whose ``DealSchedule``
mypyc cannot compile), a view's values with :func:`~modern_art.view` (``seeing/viewing``), the
framework adapters' masks, decoding and observations (``seeing/indices``, ``seeing/encoding``),
the quick reading of a state's JSON and writing of a state's or a view's (``wire/parsing``,
``wire/state_reader``, ``wire/quick_writer``) and the position checks every state or view
read goes through (``seeing/problems``), and what the bots' play-outs run: the payout
helpers, the heuristic and its knowledge, and the search's candidates and play-outs
(``agents/search``)."""

_SETUP = """
import sys
from mypyc.build import mypycify
from setuptools.dist import Distribution

lib, temp, *paths = sys.argv[1:]
extensions = mypycify(
    paths, opt_level="3", group_name="modern_art", target_dir=temp, multi_file=True
)
# A Distribution made by hand reads no pyproject.toml: only build_ext runs.
dist = Distribution({"name": "modern-art-core", "ext_modules": extensions})
dist.script_args = ["build_ext", "--build-lib", lib, "--build-temp", temp, "--parallel", "2"]
dist.parse_command_line()
dist.run_commands()
"""
"""Run in a subprocess from the copy's root, whose ``pyproject.toml`` configures mypy."""


def wanted() -> bool:
    """Whether this build is asked to compile (``MODERN_ART_COMPILE=1``)."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes"}


class CompileHook(BuildHookInterface):
    """Compiles the core with mypyc when ``MODERN_ART_COMPILE=1``."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """mypy and setuptools, only for a compiled build."""
        return [MYPY, "setuptools>=69", *self.metadata.core.dependencies] if wanted() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile into a temporary folder and add the extensions to the wheel."""
        if not wanted() or self.target_name != "wheel":
            return
        if version == "editable":
            raise RuntimeError(
                f"{SWITCH}=1 makes a compiled wheel; an editable install cannot hold it:"
                " use 'pip install .' (not -e)"
            )
        paths = [f"modern_art/{name}.py" for name in COMPILED_MODULES]
        out = Path(tempfile.mkdtemp(prefix="modern-art-mypyc-"))
        source, lib, temp = out / "source", out / "lib", out / "temp"
        native_copy(Path(self.root), source)
        # The same relative paths as the sources', which the extensions' tracebacks name.
        subprocess.run(
            [sys.executable, "-c", _SETUP, str(lib), str(temp), *paths],
            cwd=source,
            check=True,
        )
        for built in sorted(lib.rglob("*")):
            if built.is_file():
                build_data["force_include"][str(built)] = built.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True


def native_copy(root: Path, target: Path) -> None:
    """Copy the package and its mypy configuration, each hot value with its native ``__init__``.

    The compiled modules go through ``modern_art._speed.native_source``, which
    keeps each line's number. ``_speed.py`` is loaded from its file: the
    package itself is not imported while it is being built.
    """
    shutil.copytree(
        root / "modern_art",
        target / "modern_art",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"),
    )
    shutil.copy2(root / "pyproject.toml", target / "pyproject.toml")
    spec = importlib.util.spec_from_file_location(
        "_modern_art_speed", root / "modern_art/_speed.py"
    )
    assert spec is not None and spec.loader is not None
    speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(speed)
    for name in COMPILED_MODULES:
        path = target / "modern_art" / f"{name}.py"
        path.write_text(speed.native_source(path.read_text(encoding="utf-8")), encoding="utf-8")
