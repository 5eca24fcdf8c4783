"""Ready to publish: one version, a release workflow that builds and checks every artefact.

The workflow (.github/workflows/release.yml) is read here: its jobs and
steps exist and say what docs/installation.rst promises. ``.ci/run`` builds
the sdist and the pure wheel the same way and checks them with the same
script (tools/check_dist.py); the compiled build it makes is the one
cibuildwheel makes, ``MODERN_ART_COMPILE=1`` through hatch_build.py.
"""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW: dict[Any, Any] = yaml.safe_load(
    (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
)
JOBS: dict[str, Any] = WORKFLOW["jobs"]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _runs(job: str) -> str:
    """Every shell line of ``job``'s steps, as one text."""
    return "\n".join(str(step.get("run", "")) for step in JOBS[job]["steps"])


def _uses(job: str) -> list[str]:
    return [str(step["uses"]) for step in JOBS[job]["steps"] if "uses" in step]


def test_the_version_lives_in_one_place() -> None:
    """pyproject.toml reads it from modern_art/__init__.py; no other file spells it."""
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "modern_art/__init__.py"
    init = (ROOT / "modern_art" / "__init__.py").read_text(encoding="utf-8")
    (version,) = re.findall(r'^__version__ = "([^"]+)"$', init, re.MULTILINE)
    assert "modern_art.__version__" in (ROOT / "docs" / "conf.py").read_text(encoding="utf-8")
    spelled = [
        path
        for folder in ("modern_art", "docs", "tools", ".github")
        for path in (ROOT / folder).rglob("*")
        if path.suffix in (".py", ".toml", ".yml", ".yaml", ".cfg", ".rst")
        and path.name != "__init__.py"
        and f'"{version}"' in path.read_text(encoding="utf-8")
    ]
    assert spelled == []


def test_the_release_runs_on_a_version_tag_and_by_hand() -> None:
    """Pushing a tag v* releases; workflow_dispatch builds and checks without publishing."""
    trigger = WORKFLOW["on" if "on" in WORKFLOW else True]  # YAML 1.1 reads a bare on as true
    assert trigger["push"]["tags"] == ["v*"]
    assert "workflow_dispatch" in trigger
    assert WORKFLOW["permissions"] == {"contents": "read"}


def test_the_sdist_and_the_pure_wheel_are_built_and_checked() -> None:
    """python -m build; the sdist's own test run in a fresh venv; the wheel's, installed."""
    runs = _runs("sdist_and_pure_wheel")
    assert "python -m build --outdir dist ." in runs
    assert "tar xzf dist/*.tar.gz" in runs and "python -m venv" in runs
    assert re.search(r"check_dist\.py unpacked/modern_art-\*/$", runs, re.MULTILINE)
    assert "check_dist.py unpacked/modern_art-*/ --installed --pure" in runs
    assert '"$GITHUB_REF_NAME"' in runs  # the tag must be the version


def test_compiled_wheels_are_built_for_linux_macos_and_windows_and_checked() -> None:
    """cibuildwheel with MODERN_ART_COMPILE=1 for every Python the classifiers name."""
    job = JOBS["compiled_wheels"]
    assert set(job["strategy"]["matrix"]["os"]) == {
        "ubuntu-latest",
        "macos-latest",
        "windows-latest",
    }
    (build,) = [s for s in job["steps"] if str(s.get("uses", "")).startswith("pypa/cibuildwheel")]
    env = build["env"]
    assert env["CIBW_ENVIRONMENT"] == "MODERN_ART_COMPILE=1"
    assert env["CIBW_TEST_EXTRAS"] == "test"
    assert "check_dist.py {project} --installed --compiled" in env["CIBW_TEST_COMMAND"]
    pythons = {
        c.rsplit(" ", 1)[1].replace(".", "")
        for c in PYPROJECT["project"]["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    }
    assert {f"cp{p}-*" for p in pythons} == set(env["CIBW_BUILD"].split())


def test_publishing_uses_trusted_publishing_on_a_tag_only() -> None:
    """After both builds, on a tag, with an OIDC token and no password or API token."""
    job = JOBS["publish"]
    assert job["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(job["needs"]) == {"sdist_and_pure_wheel", "compiled_wheels"}
    assert job["permissions"] == {"id-token": "write"}
    assert job["environment"]["name"] == "pypi"
    assert "pypa/gh-action-pypi-publish@release/v1" in _uses("publish")
    text = yaml.safe_dump(job)
    assert "password" not in text and "secrets." not in text
    uploaded = {
        str(s["with"]["name"]).split("$")[0]
        for name in ("sdist_and_pure_wheel", "compiled_wheels")
        for s in JOBS[name]["steps"]
        if str(s.get("uses", "")).startswith("actions/upload-artifact")
    }
    (download,) = [s for s in job["steps"] if "download-artifact" in str(s.get("uses"))]
    assert all(name.startswith(download["with"]["pattern"].rstrip("*")) for name in uploaded)


def test_every_file_the_release_names_exists() -> None:
    """The checker script and every test file it runs on an installed wheel."""
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    for path in set(re.findall(r"\btools/[\w./-]+\.py", text)):
        assert (ROOT / path).is_file(), path
    wheel_tests = runpy.run_path(str(ROOT / "tools" / "check_dist.py"))["WHEEL_TESTS"]
    for test in wheel_tests:
        assert (ROOT / test).is_file(), test
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "tools/check_dist.py" in run and "python -m build" in run


def test_the_checker_refuses_a_build_that_is_the_checkout_itself() -> None:
    """check_dist --installed, with the checkout first on the path: exit 1, saying so."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_dist.py"), str(ROOT), "--installed"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert "not the build" in result.stderr


def test_read_the_docs_builds_from_the_docs_extra_and_fails_on_warnings() -> None:
    """.readthedocs.yaml: docs/conf.py, warnings as errors, pip install .[docs]."""
    config = yaml.safe_load((ROOT / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert config["sphinx"] == {"configuration": "docs/conf.py", "fail_on_warning": True}
    (install,) = config["python"]["install"]
    assert install == {"method": "pip", "path": ".", "extra_requirements": ["docs"]}
