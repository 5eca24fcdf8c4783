"""Developer sessions: ``nox -l`` lists them, ``nox -s lint`` runs one.

- ``tests-3.11``, ``tests-3.12``, ``tests-3.13``: the test suite on each Python
  the package supports (a Python nox cannot find is skipped with a message).
- ``coverage``: the suite under coverage, subprocesses included, with the floor
  CI holds.
- ``lint``, ``types``, ``imports``, ``docs``: ruff, ``mypy --strict``, the
  house's import contracts (``lint-imports``, ``[tool.importlinter]`` in
  pyproject.toml), and the Sphinx build and doctests with warnings as errors.
- ``mutation``: plant small bugs in the rule modules and report how many the
  tests notice (on demand: it takes minutes; not in the default sessions).

Arguments after ``--`` go to pytest: ``nox -s tests-3.13 -- tests/testing/test_digest.py``.
CI runs ``.ci/run``, which checks the same things in one environment.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "lint", "types", "imports", "docs"]
nox.options.reuse_existing_virtualenvs = True

PYTHONS = ["3.11", "3.12", "3.13"]
COVERAGE_FLOOR = "95"
"""The least total coverage CI accepts, in percent (see ``.ci/run``)."""
MUTATION_FLOOR = "97"
"""The least kill rate of non-equivalent mutants the mutation session accepts, in percent."""


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The test suite (derandomized ``ci`` Hypothesis profile)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"})


@nox.session
def coverage(session: nox.Session) -> None:
    """The test suite under coverage, subprocesses included; fails below the floor."""
    session.install("-e", ".[test]", "coverage[toml]>=7.10")
    session.run("coverage", "erase")
    session.run(
        "coverage", "run", "-m", "pytest", *session.posargs, env={"HYPOTHESIS_PROFILE": "ci"}
    )
    session.run("coverage", "combine", "--quiet")
    session.run("coverage", "report", f"--fail-under={COVERAGE_FLOOR}")


@nox.session
def mutation(session: nox.Session) -> None:
    """Mutation testing of the rule modules: kill rate per module and every survivor.

    Arguments after ``--`` go to ``tools/mutation.py``, e.g. ``-- --per-module 0``.
    """
    session.install("-e", ".[test]")
    session.run("python", "tools/mutation.py", "--floor", MUTATION_FLOOR, *session.posargs)


@nox.session
def lint(session: nox.Session) -> None:
    """ruff: the lint rules and the formatting."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def types(session: nox.Session) -> None:
    """mypy --strict over the library, the tests and the examples."""
    session.install("-e", ".[dev]")
    session.run("mypy", "--strict", "modern_art", "tests", "examples")


@nox.session
def imports(session: nox.Session) -> None:
    """The import contracts: the layers in order, and what each may not import."""
    session.install("-e", ".", "import-linter>=2.1")
    session.run("lint-imports")


@nox.session
def docs(session: nox.Session) -> None:
    """The documentation: HTML and every doctest, warnings as errors."""
    session.install("-e", ".[docs]")
    for builder in ("html", "doctest"):
        session.run(
            "sphinx-build", "-W", "--keep-going", "-q", "-b", builder, "docs",
            f"docs/_build/{builder}",
        )  # fmt: skip
