"""Mutation testing for the rule modules: plant small bugs, see whether the tests notice.

Run it on demand (it takes minutes), not in every CI run::

    nox -s mutation                                # the same, through nox, with the 97% floor
    python tools/mutation.py                       # 30 mutants per rule module, seed 1
    python tools/mutation.py --per-module 0        # every mutant (slow)
    python tools/mutation.py --modules core/scoring --per-module 0 --workers 2

Each mutant changes one thing in one module of ``modern_art``
(``tools/mutants.py`` plants it): a comparison (``<`` to ``<=``, ``==`` to
``!=``, ``in`` to ``not in`` ...), an arithmetic or boolean operator, an
integer or boolean constant, a ``not`` dropped, or a statement that refuses
or raises (``refuse(...)``, ``raise``) or records an event
(``events.append(...)``) removed. Mutants are sampled evenly per module
with a seeded generator, so two runs with the same seed try the same mutants.

A module is named by its path under ``modern_art/`` without ``.py``
(``core/phases/open_auction``, ``data/state``), as the report and
``tools/mutation_equivalent.txt`` name it; ``--modules`` also takes the
dotted name (``core.phases.open_auction``) or a bare name that only one module has
(``open_auction``).

Strings are never mutated: messages, reprs and docstrings say things, and a
test pinning every word would be a worse test. Functions named ``__repr__``
and ``__str__`` are skipped for the same reason.

For each mutant, a private copy of the project gets the mutated module and
runs the rule tests (``--tests``) with ``pytest -x``; a failing run kills the
mutant. The report prints the kill rate per module and every survivor.
Survivors known to be *equivalent* (no test could tell them apart from the
original) are listed in ``tools/mutation_equivalent.txt`` with the reason,
and are left out of the kill rate.
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from mutants import Site, mutate, sites

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = Path(__file__).with_name("mutation_equivalent.txt")

PACKAGE = ROOT / "modern_art"

# The modules that hold the rules, by path under modern_art/ (the order fixes the sample).
RULE_MODULES = (
    "core/phases/open_auction",
    "core/phases/one_offer_auction",
    "core/phases/hidden_auction",
    "core/phases/fixed_price_auction",
    "core/seats",
    "data/editions",
    "core/scoring",
    "core/phases/offering",
    "core/phases/double_offer",
    "core/hands",
    "core/refusals",
    "core/round_flow",
    "core/legal",
    "core/legal_sequence",
    "core/phase_table",
    "core/transition",
    "data/state",
    "data/rules",
    "data/cards",
)

# The tests that check the rules directly and run in seconds.
RULE_TESTS = (
    "tests/core/test_setup.py",
    "tests/core/test_turns.py",
    "tests/core/test_bids.py",
    "tests/core/test_auctions.py",
    "tests/core/test_doubles.py",
    "tests/core/test_round_end.py",
    "tests/core/test_game_end.py",
    "tests/seeing/test_information.py",
    "tests/core/test_illegal.py",
    "tests/core/test_structure.py",
    "tests/data/test_rules_config.py",
    "tests/core/test_order.py",
    "tests/core/test_large_tables.py",
    "tests/core/test_smoke.py",
    "tests/core/test_golden.py",
    "tests/core/test_determinism.py",
    "tests/core/test_immutability.py",
    "tests/core/test_found_by_properties.py",
)


@dataclass(frozen=True)
class Mutant:
    """One planted bug."""

    module: str
    site: Site
    key: str
    source: str


@dataclass(frozen=True)
class Outcome:
    """What the tests said of a mutant."""

    mutant: Mutant
    killed: bool
    seconds: float


def module_file(module: str, package: Path = PACKAGE) -> Path:
    """The file of ``module`` (``"core/phases/open_auction"``) under ``package``."""
    return package.joinpath(*module.split("/")).with_suffix(".py")


def resolve_module(name: str, package: Path = PACKAGE) -> str:
    """The path name (``"core/phases/open_auction"``) of a module named by path, dotted or bare.

    Raises:
        ValueError: no module of ``package`` has that name, or several do.
    """
    path = name.strip().removeprefix("modern_art/").removesuffix(".py").replace(".", "/")
    if module_file(path, package).is_file():
        return path
    if "/" not in path:
        found = sorted(
            f.relative_to(package).with_suffix("").as_posix()
            for f in package.rglob(f"{path}.py")
            if "__pycache__" not in f.parts
        )
        if len(found) == 1:
            return found[0]
        if found:
            raise ValueError(f"{name!r} names several modules: {', '.join(found)}")
    raise ValueError(f"no module {name!r} under {package}")


def mutants(module: str, per_module: int, rng: random.Random) -> list[Mutant]:
    """A sample of ``per_module`` mutants of ``module`` (all of them if 0)."""
    source = module_file(module).read_text(encoding="utf-8")
    lines = source.splitlines()
    original = ast.unparse(ast.parse(source))
    chosen = sites(ast.parse(source))
    # Two mutants of the same kind on one line differ by their ordinal (#2, #3 ...).
    seen: Counter[str] = Counter()
    keys = {}
    for site in chosen:
        line = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
        key = site.key(module, line)
        seen[key] += 1
        keys[site] = key if seen[key] == 1 else f"{key} #{seen[key]}"
    if per_module:
        chosen = rng.sample(chosen, min(per_module, len(chosen)))
        chosen.sort(key=lambda s: (s.index, s.kind))
    found = []
    for site in chosen:
        text = mutate(source, site)
        if text != original:
            found.append(Mutant(module, site, keys[site], text))
    return found


def _copy_project(into: Path) -> None:
    for name in ("modern_art", "tests", "pyproject.toml"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, into / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, into / name)


def run_mutant(mutant: Mutant, workdir: Path, tests: list[str], timeout: float) -> Outcome:
    """Run ``tests`` against ``mutant`` in ``workdir`` (a project copy); restore after."""
    target = module_file(mutant.module, workdir / "modern_art")
    original = target.read_bytes()
    target.write_text(mutant.source, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(workdir), HYPOTHESIS_PROFILE="ci")
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    command += ["-o", "addopts=", "--no-header", *tests]
    start = time.perf_counter()
    try:
        result = subprocess.run(
            command, cwd=workdir, env=env, capture_output=True, timeout=timeout, check=False
        )
        killed = result.returncode != 0
    except subprocess.TimeoutExpired:
        killed = True  # an endless loop is a bug the tests noticed
    finally:
        target.write_bytes(original)
    return Outcome(mutant, killed, time.perf_counter() - start)


def equivalent() -> dict[str, str]:
    """Known equivalent survivors: key -> reason, from ``mutation_equivalent.txt``."""
    known: dict[str, str] = {}
    if EQUIVALENT.exists():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                key, _, reason = line.partition(" || ")
                known[key.strip()] = reason.strip()
    return known


def report(outcomes: list[Outcome], known: dict[str, str]) -> float:
    """Print the kill rate per module and each survivor; return the overall rate."""
    by_module: dict[str, Counter[str]] = {}
    survivors = [o for o in outcomes if not o.killed]
    for outcome in outcomes:
        tally = by_module.setdefault(outcome.mutant.module, Counter())
        tally["total"] += 1
        if outcome.killed:
            tally["killed"] += 1
        elif outcome.mutant.key in known:
            tally["equivalent"] += 1
    width = max([len("module"), *map(len, by_module)])
    print(f"{'module':<{width}} {'mutants':>7} {'killed':>6} {'equiv':>5} {'rate':>7}")
    total = Counter[str]()
    for module, tally in by_module.items():
        total.update(tally)
        print(
            f"{module:<{width}} {tally['total']:>7} {tally['killed']:>6} {tally['equivalent']:>5}"
            f" {_rate(tally):>6.1f}%"
        )
    print(
        f"{'all':<{width}} {total['total']:>7} {total['killed']:>6} {total['equivalent']:>5}"
        f" {_rate(total):>6.1f}%"
    )
    for outcome in survivors:
        m = outcome.mutant
        note = known.get(m.key)
        print(f"\nsurvived: {m.key}  (line {m.site.line})")
        print(f"  equivalent: {note}" if note else "  NOT KNOWN EQUIVALENT: add a test")
    return _rate(total)


def _rate(tally: Counter[str]) -> float:
    judged = tally["total"] - tally["equivalent"]
    return 100.0 * tally["killed"] / judged if judged else 100.0


def main(argv: list[str] | None = None) -> int:
    """The command line: sample, run, report; exit 1 below ``--floor``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--modules",
        default=",".join(RULE_MODULES),
        help="comma-separated, by path under modern_art/ (core/auctions) or a unique name",
    )
    parser.add_argument("--per-module", type=int, default=30, help="0: every mutant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--tests", nargs="*", default=list(RULE_TESTS))
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--floor", type=float, default=0.0, help="exit 1 below this rate")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    args = parser.parse_args(argv)
    try:
        modules = [resolve_module(name) for name in args.modules.split(",") if name.strip()]
    except ValueError as exc:
        parser.error(str(exc))
    rng = random.Random(args.seed)
    chosen = [m for mod in modules for m in mutants(mod, args.per_module, rng)]
    if args.list:
        for m in chosen:
            print(f"{m.key}  (line {m.site.line})")
        return 0
    print(f"{len(chosen)} mutants, {args.workers} workers, tests: {len(args.tests)} files")
    with tempfile.TemporaryDirectory(prefix="mutation-") as tmp:
        workdirs = [Path(tmp) / f"w{i}" for i in range(args.workers)]
        for workdir in workdirs:
            _copy_project(workdir)
        free = list(workdirs)

        def work(mutant: Mutant) -> Outcome:
            workdir = free.pop()
            try:
                return run_mutant(mutant, workdir, args.tests, args.timeout)
            finally:
                free.append(workdir)

        start = time.perf_counter()
        with ThreadPoolExecutor(args.workers) as pool:
            outcomes = []
            for n, outcome in enumerate(pool.map(work, chosen), 1):
                outcomes.append(outcome)
                mark = "killed" if outcome.killed else "SURVIVED"
                line = f"[{n}/{len(chosen)}] {mark:<8} {outcome.seconds:5.1f}s"
                print(f"{line} {outcome.mutant.key}", flush=True)
    print(f"\n{len(chosen)} mutants in {time.perf_counter() - start:.0f} s\n")
    rate = report(outcomes, equivalent())
    return 1 if rate < args.floor else 0


if __name__ == "__main__":
    raise SystemExit(main())
