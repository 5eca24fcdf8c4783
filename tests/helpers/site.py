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
"""The one command that brings the site's Node tooling into ``js/node_modules``."""

APT_NODE = "apt-get install -y nodejs"
"""The one command that brings Node on Debian (Node 20 or newer runs the site's tooling)."""


def need_node_tooling() -> None:
    """Skip (fail under CI) unless node and ``js/node_modules`` are installed."""
    if shutil.which("node") is None:
        missing(f"node is not installed (Node 20 or newer runs the site's tooling): {APT_NODE}")
    if not (JS / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        missing(f"js/node_modules is missing; install the site's Node tooling: {NPM_CI}")
