"""Every code block of every docs page and of the README, as a reader copies it.

Each page runs in a fresh interpreter with nothing set up beforehand (not
the ``import modern_art as ma`` docs/conf.py gives Sphinx's doctest builder):
its Python blocks and ``>>>`` sessions in order, in one namespace that starts
empty (tests/helpers/codeblocks.py). Every block has a language that says
what it is: Python (run), a session (checked), shell commands or output and
configuration (told apart, not run here), or a file the page includes (run
by its own tests). A block meant as a part of a program says so with
``:class: fragment``, a whole program the suite cannot run (a cluster) with
``:class: by-hand``; nothing is skipped silently.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.codeblocks import (
    OTHER,
    PYTHON,
    ROOT,
    SESSION,
    SHELL,
    SHOWN,
    blocks_of,
    runs,
)
from tests.helpers.webkit import missing

PAGES = [*sorted((ROOT / "docs").glob("*.rst")), ROOT / "README.md"]

PAGE_NEEDS = {
    "rl.rst": (
        ("numpy", "pettingzoo", "gymnasium", "pyspiel"),
        "pip install -e '.[rl,openspiel]'",
    ),
    "scale.rst": (("ray",), "pip install -e '.[ray]'"),
}
"""Pages whose blocks need an optional extra: the modules, and the one command that brings them."""


def _name(path: Path) -> str:
    return path.name


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_block_says_what_it_is(page: Path) -> None:
    """Each block's language is Python, a session, shell, output, or an included program."""
    for block in blocks_of(page):
        where = f"{block.page}:{block.line}"
        assert block.language != "testsetup", f"{where}: a reader never sees a testsetup block"
        assert block.language in PYTHON | SESSION | SHELL | SHOWN | OTHER, (
            f"{where}: a block of language {block.language!r}; give it a code-block directive"
            " naming its language"
        )
        if block.language in OTHER:
            assert block.include or block.fragment, f"{where}: include the program or mark it"


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_block_runs_in_a_fresh_interpreter(page: Path, tmp_path: Path) -> None:
    """The page's Python, copied in order into a fresh interpreter, runs and prints as shown."""
    if not any(runs(block) for block in blocks_of(page)):
        return
    modules, install = PAGE_NEEDS.get(page.name, ((), ""))
    absent = [m for m in modules if importlib.util.find_spec(m) is None]
    if absent:
        missing(f"{page.name} needs {', '.join(absent)}: {install}")
    # A reader in a clone: the examples at hand, what a block writes in a folder of its own.
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "tests.helpers.codeblocks", str(page)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-6000:]
