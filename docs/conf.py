"""Sphinx configuration for the modern-art documentation.

Build (warnings are errors, as in CI)::

    sphinx-build -W --keep-going -b html docs docs/_build/html
    sphinx-build -W --keep-going -b doctest docs docs/_build/doctest

The build needs no network: see ``_ext/offline_inventories.py``.
"""

from __future__ import annotations

import doctest
import importlib.util
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE / "_ext"), str(HERE / "examples")]

from offline_inventories import mapping  # noqa: E402

import modern_art  # noqa: E402

project = "modern-art"
author = "The modern-art developers"
copyright = "the modern-art developers"
release = modern_art.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "rule_reference",
    "module_map",
    "modern_art_docs",
    "records_docs",
]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []
nitpicky = False

# The framework adapters and the training (docs/rl.rst) need the rl, openspiel
# and train extras. Without
# them the build still works: autodoc mocks the frameworks, and that page's
# examples are skipped (CI installs the extras, and tests/project/test_docs.py runs
# the page's examples there).
FRAMEWORKS = (
    "numpy",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "jax",
    "optax",
    "equinox",
)
MISSING_EXTRAS = [name for name in FRAMEWORKS if importlib.util.find_spec(name) is None]
autodoc_mock_imports = MISSING_EXTRAS

# Autodoc: members in the order the source gives them; Google-style docstrings.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
autodoc_typehints = "signature"
autodoc_type_aliases = {
    name: f"modern_art.{name}" for name in ("Action", "Event", "Phase", "AuctionPhase", "CardSpec")
}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False

# Intersphinx with inventories written here, so the build works offline.
intersphinx_mapping = mapping(HERE / "_build" / "inventories")
intersphinx_timeout = 1

# Doctest: every ``>>>`` example runs, on the pages and in the docstrings the
# API reference shows (pytest runs the docstrings too, in their modules). The
# docstrings use the public names unqualified, as their modules do.
# The pages themselves import what they use (tests/project/test_docs_blocks.py runs
# each page in a fresh interpreter); this setup is for the API reference's
# docstrings, and gives the scoring page the game it shows whole with
# literalinclude (a reader pastes it; Sphinx cannot run an included file).
doctest_global_setup = (
    "import modern_art as ma\nfrom modern_art import *\nfrom three_rounds import play\n"
    f"MISSING_EXTRAS = {bool(MISSING_EXTRAS)!r}"
)
doctest_test_doctest_blocks = "default"
# Exception messages are checked too (Sphinx ignores their detail by default).
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1

# Markdown (CHANGELOG.md is included by changelog.rst) is read by MyST.
myst_heading_anchors = 3

# Copy buttons on code blocks leave the prompts behind.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True

# HTML
html_theme = "furo"
html_title = f"modern-art {release}"
html_static_path = ["_static"]
html_css_files = ["modern_art.css"]
html_theme_options = {"navigation_with_keys": True}


def _without_examples(
    app: object, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    """Drop the ``>>>`` examples of the adapters' docstrings when their extras are missing."""
    needs_extras = ("modern_art.envs", "modern_art.train", "modern_art.agents.learned")
    if not MISSING_EXTRAS or not name.startswith(needs_extras):
        return
    kept: list[str] = []
    in_example = False
    for line in lines:
        if line.lstrip().startswith(">>>"):
            in_example = True
        elif not line.strip():
            in_example = False
        if not in_example:
            kept.append(line)
    lines[:] = kept


def setup(app: Any) -> None:
    """Connect this configuration's own hook."""
    app.connect("autodoc-process-docstring", _without_examples)
