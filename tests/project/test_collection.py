"""The README's test run works without the optional extras: nothing is collected that needs one.

``pytest`` collects the doctests of every module under ``tests/`` too
(``--doctest-modules``), helpers included. A helper that imports an extra
at its top would stop a run without that extra with an ImportError at
collection, before any test could skip and say why.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import conftest
import pytest

from tests.helpers import site
from tests.helpers.site import APT_NODE, NPM_CI

ROOT = Path(__file__).resolve().parents[2]

# What only the extras install (rl, openspiel, ray, web, test-web).
EXTRAS = {
    "numpy",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "ray",
    "starlette",
    "uvicorn",
    "httpx",
    "httpx2",
    "playwright",
}


def _top_level_imports(path: Path) -> set[str]:
    """The top-level packages ``path`` imports outside any function, class or ``try``."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            names.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.partition(".")[0])
    return names


def test_helpers_that_import_an_extra_are_left_out_of_collection() -> None:
    """Each helper module of tests/ importing an extra at its top is in ``collect_ignore``."""
    helpers = [p for p in (ROOT / "tests").rglob("*.py") if not p.name.startswith("test_")]
    needing = {p.relative_to(ROOT).as_posix() for p in helpers if _top_level_imports(p) & EXTRAS}
    assert needing  # the check sees the web helpers, so it can fail
    assert needing <= set(conftest.collect_ignore)


def test_the_check_reads_imports_as_python_does(tmp_path: Path) -> None:
    """``import a.b``, ``from a.b import c`` count; relative and nested imports do not."""
    module = tmp_path / "m.py"
    module.write_text(
        "import numpy.linalg\nfrom starlette.testclient import TestClient\n"
        "from . import sibling\ndef f():\n    import ray\n",
        encoding="utf-8",
    )
    assert _top_level_imports(module) == {"numpy", "starlette"}


OPTIONAL = sorted(EXTRAS | {"openskill", "sphinx", "furo"})
"""Every package an optional part needs, hidden at once (a user with the test extra alone)."""

INSTALL = re.compile(r"pip install -e '\.\[([\w,-]+)\]'")

TOOLING = (NPM_CI, APT_NODE, "apt-get install -y chromium")
"""The commands that bring what no extra installs: the site's Node tooling, Node, Chromium."""


def _commands_in(line: str) -> list[str]:
    """The install commands a skip's reason names: pip's extras, or a tool's own command."""
    return [f"pip install -e '.[{extras}]'" for extras in INSTALL.findall(line)] + [
        command for command in TOOLING if command in line
    ]


def _collect_hiding(names: list[str]) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key != "CI"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [
            *(sys.executable, "-m", "tests.helpers.hide_extras", ",".join(names)),
            *("--collect-only", "-q", "-rs", "-p", "no:cacheprovider", "tests"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=600,
        check=False,
    )


@pytest.mark.parametrize(
    "hidden",
    [OPTIONAL, ["httpx", "httpx2", "playwright"]],
    ids=["only-the-test-extra", "web-without-test-web"],
)
def test_each_optional_module_skips_with_the_one_command_that_brings_it(hidden: list[str]) -> None:
    """Without the extras collection ends without an error; each skip names its extra's install."""
    done = _collect_hiding(hidden)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    skips = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert skips
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    for line in skips:
        named = _commands_in(line)
        assert len(named) == 1, line
        for extra in INSTALL.findall(line):
            assert all(name in extras for name in extra.split(",")), line


def test_without_the_site_s_node_tooling_the_skip_names_the_one_command_that_brings_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37, item 8: a fresh clone has no js/node_modules; its skip names ``npm ci``.

    The check above failed on such a clone (a skip naming no ``pip install``);
    CI, which runs ``npm ci``, never met it. Here the folder is made missing.
    """
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(site, "JS", tmp_path / "js")
    with pytest.raises(pytest.skip.Exception) as skipped:
        site.need_node_tooling()
    assert _commands_in(str(skipped.value)) == [NPM_CI]
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(pytest.skip.Exception) as skipped:
        site.need_node_tooling()
    assert _commands_in(str(skipped.value)) == [APT_NODE]
