"""The README's and the docs' positions could arise: each setup they call is run and checked.

The examples of README.md (its Python blocks) and of the pages that build
positions (their doctests) are run with :func:`modern_art.setup` wrapped so
that every state it returns is recorded; each must have no
:func:`~modern_art.position_problems`, except the one "what if" the docs
build on purpose with ``check=False``.
"""

from __future__ import annotations

import doctest
import importlib
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import modern_art as ma

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def _recording(built: list[tuple[ma.GameState, bool]]) -> Iterator[None]:
    real = ma.setup

    def setup(*args: Any, **kwargs: Any) -> ma.GameState:
        state = real(*args, **kwargs)
        built.append((state, kwargs.get("check", True)))
        return state

    ma.setup = setup
    try:
        yield
    finally:
        ma.setup = real


def _readme_blocks() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [block for block in re.findall(r"```python\n(.*?)```", text, re.S) if "setup(" in block]


def test_R1_the_readme_s_setup_example_could_arise(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's "settle a question" example runs, and its position has no problem."""
    built: list[tuple[ma.GameState, bool]] = []
    blocks = _readme_blocks()
    assert blocks
    with _recording(built):
        for block in blocks:
            exec(compile(block, "README.md", "exec"), {})
    assert built and all(ma.position_problems(state) == () for state, _ in built)
    assert "at 50 each" in capsys.readouterr().out


@pytest.mark.parametrize("page", ["text.rst", "edge-cases.rst"])
def test_R1_the_docs_setup_examples_could_arise(page: str) -> None:
    """Every position a page's doctests build with setup has no problem (but its what-if)."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(text, {"ma": ma}, page, page, 0)
    built: list[tuple[ma.GameState, bool]] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with _recording(built):
        runner.run(test, out=lambda _: None)
    assert built
    for state, check in built:
        assert (ma.position_problems(state) == ()) == check, (page, state.round)


def _modules_with_setup_examples() -> list[str]:
    """The package's modules whose docstrings build a position with setup (the API pages)."""
    found = []
    for path in sorted((ROOT / "modern_art").rglob("*.py")):
        if re.search(r"^\s*(>>>|\.\.\.) .*\bsetup\(", path.read_text(encoding="utf-8"), re.M):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


@pytest.mark.parametrize("module", _modules_with_setup_examples())
def test_R1_the_api_docstrings_setup_examples_could_arise(module: str) -> None:
    """Every position a docstring example builds with setup (as the API pages show them) has
    no problem, unless built on purpose with check=False."""
    imported = importlib.import_module(module)
    built: list[tuple[ma.GameState, bool]] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    with _recording(built):
        for test in doctest.DocTestFinder().find(imported, globs={"ma": ma}):
            runner.run(test, out=lambda _: None)
    assert built, module
    for state, check in built:
        assert (ma.position_problems(state) == ()) == check, (module, state.round)
