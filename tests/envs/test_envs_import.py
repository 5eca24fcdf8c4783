"""The core package never loads the optional frameworks (checked without them too)."""

from __future__ import annotations

import subprocess
import sys

FRAMEWORKS = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "ray")


def test_import_modern_art_imports_no_framework() -> None:
    """``import modern_art`` loads neither numpy nor any framework (checked in a fresh process)."""
    code = (
        f"import sys, modern_art\nprint(sorted(m for m in {FRAMEWORKS!r} if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
