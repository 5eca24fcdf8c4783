"""Helpers for the browser site's tests: the Node tooling and a built site.

``js/node_modules`` (``cd js && npm ci``) brings Pyodide, json-schema-to-typescript
and TypeScript; without it the site's tests skip with the reason (and fail
under CI, which runs ``npm ci``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers.webkit import missing

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
PYODIDE = JS / "node_modules" / "pyodide"
NPM_CI = "(cd js && npm ci)"


def need_node_tooling() -> None:
    """Skip (fail under CI) unless node and ``js/node_modules`` are installed."""
    if shutil.which("node") is None:
        missing("node is not installed (Node 20 or newer runs the site's tooling)")
    if not (JS / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        missing(f"js/node_modules is missing; install the site's Node tooling: {NPM_CI}")
