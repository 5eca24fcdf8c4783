"""``import modern_art`` beside ``import attrs, cattrs``: ``python benchmarks/import_time.py``.

Each round starts fresh processes of this interpreter, one per statement,
interleaved (attrs, modern_art, attrs, modern_art ...) so that a busy
machine slows both alike, and times each three ways:

* wall: the whole process, start to exit, as a user waits for it;
* CPU: the whole process's user and system time (``getrusage`` of the
  children), which another process on the machine disturbs less;
* import: the ``import`` statement alone, timed inside the process with
  ``perf_counter`` (the interpreter's own start-up left out).

The processes import from cached bytecode, as an installed package does
(a warm-up round writes it under a temporary ``PYTHONPYCACHEPREFIX``).

Prints the median of each over ``--repeat`` rounds and the ratio of
``import modern_art`` to ``import attrs, cattrs``: the libraries it stands
on, and a floor no import of it can go under by much. ``--root DIR``
imports the ``modern_art`` of another checkout (default: this one), e.g.
the version before a change; ``--max-ratio R`` exits with status 1 if the
whole-process ratio (wall or CPU) is above ``R``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_CHILD = """
import sys, time
sys.path.insert(0, sys.argv[1])
start = time.perf_counter()
{statement}
print(time.perf_counter() - start)
"""

STATEMENTS = {"attrs, cattrs": "import attrs, cattrs", "modern_art": "import modern_art"}
"""What each process imports: the libraries beneath, and this one."""


def child_environment(cache: str) -> dict[str, str]:
    """The environment of the timed processes: bytecode cached under ``cache``.

    An installed package imports from its cached bytecode (``pip`` writes
    it), so the timed processes do too, whatever ``PYTHONDONTWRITEBYTECODE``
    says here: the first round writes the cache, under a directory of its
    own (``PYTHONPYCACHEPREFIX``) rather than in the checkout.
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def run_once(
    python: str, root: str, statement: str, env: dict[str, str]
) -> tuple[float, float, float]:
    """(wall, CPU, import) seconds of one fresh process that runs ``statement``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(
        [python, "-c", _CHILD.format(statement=statement), root],
        cwd="/",  # outside any checkout, so that only ``root`` adds modern_art to the path
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, float(result.stdout)


def where(python: str, root: str) -> str:
    """The file ``import modern_art`` loads from ``root``: a check that the right one is timed."""
    code = "import sys; sys.path.insert(0, sys.argv[1]); import modern_art as m; print(m.__file__)"
    return subprocess.run(
        [python, "-c", code, root], cwd="/", capture_output=True, text=True, check=True
    ).stdout.strip()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the rounds, print the table; 1 if ``--max-ratio`` is exceeded, else 0."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(ROOT), help="the checkout to import modern_art from")
    parser.add_argument("--python", default=sys.executable, help="the interpreter to run")
    parser.add_argument("--repeat", type=int, default=31, help="interleaved rounds (median)")
    parser.add_argument("--max-ratio", type=float, help="fail above this whole-process ratio")
    args = parser.parse_args(argv)
    root = str(Path(args.root).resolve())
    print(f"modern_art from {where(args.python, root)}")
    rounds: dict[str, list[tuple[float, float, float]]] = {name: [] for name in STATEMENTS}
    with tempfile.TemporaryDirectory(prefix="import-time-") as cache:
        env = child_environment(cache)
        for statement in STATEMENTS.values():  # writes the bytecode cache, warms the disk's
            run_once(args.python, root, statement, env)
        for _ in range(args.repeat):
            for name, statement in STATEMENTS.items():
                rounds[name].append(run_once(args.python, root, statement, env))
    medians = {
        name: [statistics.median(r[i] for r in results) for i in range(3)]
        for name, results in rounds.items()
    }
    print(
        f"median of {args.repeat} interleaved rounds, seconds;"
        f" load {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs"
    )
    print()
    print("| import | wall (process) | CPU (process) | import alone |")
    print("| --- | ---: | ---: | ---: |")
    for name, figures in medians.items():
        print(f"| {name} | " + " | ".join(f"{x:.3f}" for x in figures) + " |")
    base, ours = medians["attrs, cattrs"], medians["modern_art"]
    ratios = [o / b for o, b in zip(ours, base, strict=True)]
    print("| ratio | " + " | ".join(f"{x:.2f}x" for x in ratios) + " |")
    if args.max_ratio is not None and max(ratios[:2]) > args.max_ratio:
        print(f"above {args.max_ratio}x", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
