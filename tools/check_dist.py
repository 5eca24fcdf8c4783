"""Check a build of modern-art as a user gets it: its tests, then check_game.

Usage, with the Python the build is installed in::

    python tools/check_dist.py SOURCE [--collect-only]
    python tools/check_dist.py SOURCE --installed [--compiled | --pure]

``SOURCE`` is an unpacked sdist (or a checkout). Without ``--installed``
the README's test command runs in it, ``pytest``, with ``-p no:cacheprovider``
as a distribution's packaging runs it (``--collect-only``: only the
collection, CI's check of the sdist). With ``--installed`` (a wheel, pure or
compiled) the tests in :data:`WHEEL_TESTS` (the rules, the golden games, the
pinned digest, values, JSON, views) run from a copy of ``SOURCE``'s
``tests/`` in a temporary directory, so that ``import modern_art`` finds the
installed build and not ``SOURCE``'s sources; ``--compiled`` and ``--pure``
also check which build that is. Then :func:`modern_art.testing.check_game`
plays 10 random games, checking every invariant after every step. The
release workflow (.github/workflows/release.yml) runs it on the sdist, the
pure wheel and each compiled wheel, and ``.ci/run`` on the sdist and wheel
it builds locally. Exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

COPIED = ("tests", "conftest.py", "pyproject.toml")
"""What of the source the wheel's tests need beside the installed package."""

WHEEL_TESTS = (
    "tests/core/test_auctions.py",
    "tests/core/test_bids.py",
    "tests/core/test_doubles.py",
    "tests/core/test_turns.py",
    "tests/core/test_round_end.py",
    "tests/core/test_game_end.py",
    "tests/core/test_illegal.py",
    "tests/core/test_golden.py",
    "tests/testing/test_digest.py",
    "tests/core/test_immutability.py",
    "tests/wire/test_serialize.py",
    "tests/wire/test_json_fuzz.py",
    "tests/seeing/test_views.py",
    "tests/core/test_determinism.py",
    "tests/core/test_structure.py",
    "tests/data/test_hashing.py",
    "tests/core/test_setup.py",
)
"""The tests an installed wheel runs: they need ``tests/`` only, not the source tree."""


def _copy(source: Path, work: Path) -> bool:
    for name in COPIED:
        path = source / name
        if path.is_dir():
            shutil.copytree(path, work / name)
        elif path.is_file():
            shutil.copy2(path, work / name)
        else:
            print(f"check_dist: {path} is missing", file=sys.stderr)
            return False
    return True


def _installed(work: Path, source: Path, compiled: bool, pure: bool) -> bool:
    """Whether the build ``import modern_art`` finds from ``work`` is installed, as asked."""
    where = subprocess.run(
        [sys.executable, "-c", "import modern_art as ma; print(ma.__file__, ma.COMPILED)"],
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    if where.returncode != 0:
        print(f"check_dist: modern_art does not import:\n{where.stderr}", file=sys.stderr)
        return False
    location, flag = where.stdout.split()
    if Path(location).resolve().is_relative_to(source):
        print(f"check_dist: modern_art came from {location}, not the build", file=sys.stderr)
        return False
    if (compiled and flag != "True") or (pure and flag != "False"):
        print(f"check_dist: the installed build has COMPILED={flag}", file=sys.stderr)
        return False
    print(f"check_dist: modern_art from {location} (compiled: {flag})")
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the checks; the exit code."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("source", type=Path, help="an unpacked sdist or a checkout")
    parser.add_argument("--collect-only", action="store_true", help="only collect the tests")
    parser.add_argument(
        "--installed", action="store_true", help="test the installed build (a wheel)"
    )
    build = parser.add_mutually_exclusive_group()
    build.add_argument("--compiled", action="store_true", help="the build must be compiled")
    build.add_argument("--pure", action="store_true", help="the build must be pure Python")
    args = parser.parse_args(argv)
    source = args.source.resolve()
    with tempfile.TemporaryDirectory(prefix="modern-art-dist-") as temporary:
        work = Path(temporary)
        pytest = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"]
        if args.collect_only:
            pytest += ["--collect-only", "-q"]  # -qq: a count per file, not every test
        if args.installed:
            if not (_copy(source, work) and _installed(work, source, args.compiled, args.pure)):
                return 1
            tests = subprocess.run([*pytest, *WHEEL_TESTS], cwd=work, check=False)
        else:
            tests = subprocess.run(pytest, cwd=source, check=False)
        if tests.returncode != 0:
            return tests.returncode
        check = (
            "import modern_art.testing as t; r = t.check_game(games=10, seed=1);"
            " print(f'check_game: {r.games} games, {r.steps} steps, every invariant held')"
        )
        return subprocess.run([sys.executable, "-c", check], cwd=work, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
