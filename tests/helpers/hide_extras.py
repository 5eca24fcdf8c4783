"""Run pytest as on a machine without some packages.

``python -m tests.helpers.hide_extras A,B ARGS`` runs pytest with ARGS.

The named top-level packages cannot be imported (``ModuleNotFoundError``) and
:func:`importlib.util.find_spec` does not find them, as if they were not
installed, though this environment has them. Plugins are not loaded
automatically (another package's plugin may import a hidden one); Hypothesis's
is loaded by name.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType


class Hidden(importlib.abc.MetaPathFinder):
    """A finder first on ``sys.meta_path`` that refuses the hidden packages."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """Refuse a hidden package and its modules; leave every other name to the next finder."""
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


def main() -> None:
    """Hide the packages of ``argv[1]``, then run pytest with the rest of the arguments."""
    names = set(sys.argv[1].split(","))
    finder = Hidden(names)
    sys.meta_path.insert(0, finder)
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> importlib.machinery.ModuleSpec | None:
        if name.partition(".")[0] in names:
            return None
        return real_find_spec(name, package)

    importlib.util.find_spec = find_spec
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    import pytest

    sys.exit(pytest.main(["-p", "_hypothesis_pytestplugin", *sys.argv[2:]]))


if __name__ == "__main__":
    main()
