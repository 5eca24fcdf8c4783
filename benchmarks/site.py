"""The browser site: its size, the time to the first legal move, µs per apply in the page.

    (cd js && npm ci)
    python benchmarks/site.py                 # 5 loads, 20 games
    python benchmarks/site.py --loads 2 --games 5   # a quick look

Writes the site (``modern-art site``) into a temporary folder, serves it with
``python -m http.server`` on 127.0.0.1 and drives Debian's Chromium with
Playwright (the tests' flags). It prints:

- the site's size: every file, by part (Pyodide, the wheels, the page), as
  written and gzip-compressed (what a static host that compresses sends);
- the time to the first legal move: from the navigation's start until
  ``load()`` has resolved and a new game's ``legalActions()`` answered,
  measured in the page (``performance.now()``): a cold load (a fresh browser
  profile, nothing cached) and a warm one (reloaded, the browser's cache
  kept), the median of ``--loads`` each;
- µs per apply for the same seeded random games, the actions chosen
  beforehand: ``ma.apply`` in Pyodide (a Python loop, timed inside) and
  through the JS API (``game.apply`` with the notation, JSON both ways),
  against the same two in CPython here (``ma.apply``, and the bridge the JS
  API calls, ``modern_art.site.bridge``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import modern_art as ma  # noqa: E402
from modern_art.site import bridge  # noqa: E402
from modern_art.site.build import write_site  # noqa: E402
from tests.helpers.webkit import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def games(count: int, seed: int) -> list[tuple[int, list[str]]]:
    """``count`` seeded random games: (deal seed, every action in the notation)."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        state = ma.new_game(4, seed=g)
        texts = []
        while not state.is_over:
            legal = ma.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            texts.append(ma.format_action(action))
            state = ma.apply(state, action).state
        out.append((g, texts))
    return out


TIMED_PYTHON = """
import time, modern_art as ma
def timed(games):
    total = 0.0
    count = 0
    for seed, texts in games:
        state = ma.new_game(4, seed=seed)
        actions = []
        for text in texts:
            action = ma.parse_action(text, state)
            actions.append(action)
            state = ma.apply(state, action).state
        state = ma.new_game(4, seed=seed)
        start = time.perf_counter()
        for action in actions:
            state = ma.apply(state, action).state
        total += time.perf_counter() - start
        count += len(actions)
    return total / count * 1e6
"""

TIMED_JS = """(games) => {
  let total = 0, count = 0;
  for (const [seed, texts] of games) {
    const g = window.modernArt.newGame({players: 4, seed});
    const start = performance.now();
    for (const t of texts) g.apply(t);
    total += performance.now() - start;
    count += texts.length;
    g.close();
  }
  return total / count * 1000;
}"""


def cpython_figures(played: list[tuple[int, list[str]]]) -> tuple[float, float]:
    """µs per ma.apply and per bridge apply, in this CPython."""
    scope: dict[str, object] = {}
    exec(TIMED_PYTHON, scope)
    core = scope["timed"](played)  # type: ignore[operator]
    total = 0.0
    count = 0
    for seed, texts in played:
        game = bridge.new_game(json.dumps({"players": 4, "seed": seed}))
        arguments = [json.dumps(t) for t in texts]
        start = time.perf_counter()
        for a in arguments:
            game.apply(a)
        total += time.perf_counter() - start
        count += len(texts)
    return float(core), total / count * 1e6  # type: ignore[arg-type]


def sizes(directory: Path) -> dict[str, tuple[int, int]]:
    """Bytes by part, as written and gzipped."""
    parts: dict[str, tuple[int, int]] = {}
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        rel = path.relative_to(directory)
        part = rel.parts[0] if len(rel.parts) > 1 else "page"
        data = path.read_bytes()
        raw, packed = parts.get(part, (0, 0))
        parts[part] = (raw + len(data), packed + len(gzip.compress(data, 6)))
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads of each kind (default 5)")
    parser.add_argument("--games", type=int, default=20, help="random games timed (default 20)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch) / "site"
        write_site(directory, pyodide=ROOT / "js" / "node_modules" / "pyodide")
        parts = sizes(directory)
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "http.server",
                "-b",
                "127.0.0.1",
                "-d",
                str(directory),
                str(port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(1.0)
            url = f"http://127.0.0.1:{port}/index.html"
            first_move = FIRST_MOVE
            played = games(args.games, 1)
            with sync_playwright() as p:
                cold, warm = [], []
                for _ in range(args.loads):
                    browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                    page = browser.new_page()
                    page.goto(url)
                    cold.append(page.evaluate(first_move))
                    page.reload()
                    warm.append(page.evaluate(first_move))
                    if len(cold) == args.loads:
                        page.evaluate("() => 0")
                        page.evaluate(TIMED_PYTHON_IN_PAGE, TIMED_PYTHON)
                        in_pyodide = page.evaluate("(games) => window.timedPython(games)", played)
                        through_js = page.evaluate(TIMED_JS, played)
                    browser.close()
        finally:
            server.terminate()
            server.wait()
    core, bridged = cpython_figures(played)
    actions = sum(len(t) for _, t in played)
    total_raw = sum(r for r, _ in parts.values())
    total_gz = sum(g for _, g in parts.values())
    print(
        f"modern-art {ma.__version__}; Chromium {CHROMIUM}; Python {sys.version.split()[0]} here"
    )
    print("\n| part | bytes | gzipped |\n| --- | ---: | ---: |")
    for part, (raw, packed) in parts.items():
        print(f"| {part} | {raw:,} | {packed:,} |")
    print(f"| total | {total_raw:,} | {total_gz:,} |")
    each = f"{', '.join(f'{c:.0f}' for c in cold)} / {', '.join(f'{w:.0f}' for w in warm)}"
    print(
        f"\ntime to the first legal move (median of {args.loads}):"
        f" cold {statistics.median(cold):,.0f} ms, warm {statistics.median(warm):,.0f} ms"
        f" (each, cold / warm: {each})"
    )
    print(f"\nµs per apply, {args.games} seeded random games ({actions:,} actions):")
    print("\n| where | ma.apply | the JS API's apply (bridge) |\n| --- | ---: | ---: |")
    print(f"| Pyodide in Chromium | {in_pyodide:,.1f} | {through_js:,.1f} |")
    print(f"| CPython {sys.version.split()[0]} | {core:,.1f} | {bridged:,.1f} |")
    print(f"| ratio | {in_pyodide / core:.2f}x | {through_js / bridged:.2f}x |")


FIRST_MOVE = """async () => {
  await new Promise((r) => { const w = () => (window.modernArt ? r() : setTimeout(w, 5)); w(); });
  const g = window.modernArt.newGame({players: 4, seed: 1});
  g.legalActions(0);
  return performance.now();
}"""

TIMED_PYTHON_IN_PAGE = """(code) => {
  const py = window.modernArt.pyodide;
  py.runPython(code);
  const timed = py.globals.get("timed");
  window.timedPython = (games) => {
    const arg = py.toPy(games);
    try { return timed(arg); } finally { arg.destroy(); }
  };
}"""

if __name__ == "__main__":
    main()
