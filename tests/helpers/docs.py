"""The docs' own helper modules and the numbered rules, for the tests that check the docs.

The Sphinx extensions keep their logic in modules of ``docs/_ext`` that
import no Sphinx (``rule_index``, ``module_index``); the tests load them by
file path, so they run without Sphinx installed and without touching
``sys.path``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The project root."""

DOCS = ROOT / "docs"
"""The documentation's sources."""


def load(path: Path) -> ModuleType:
    """Import a module of the docs by file path (once), without touching ``sys.path``."""
    name = f"_docs_{path.stem}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def rules_md() -> str:
    """RULES.md, the numbered rules: beside the repository, or in the shared folder.

    ``MODERN_ART_RULES`` names another copy; without any, the test skips.
    """
    candidates = [ROOT.parent / "shared" / "RULES.md", Path("/work/shared/RULES.md")]
    if os.environ.get("MODERN_ART_RULES"):
        candidates.insert(0, Path(os.environ["MODERN_ART_RULES"]))
    for path in candidates:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    pytest.skip("RULES.md is not beside the repository nor in /work/shared")
