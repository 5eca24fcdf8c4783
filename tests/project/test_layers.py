"""The house holds: import contracts a tool checks, short modules, no import cycle.

The contracts are ``[tool.importlinter]`` in pyproject.toml, checked by
``lint-imports`` (import-linter). They hold on the real tree; a contract
that claims what the code does not do fails, so they are real; and every
import they ignore is needed and is a lazy one, made inside a function.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "modern_art"
CONFIG: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
    "tool"
]["importlinter"]
CONTRACTS: list[dict[str, Any]] = CONFIG["contracts"]


# The one ignored import made at module level: the compiled build reads its own
# sources (the reason is beside it in pyproject.toml). Every other is lazy.
EAGER_IGNORES = {"modern_art._speed -> pathlib"}


def _lint_imports(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on this checkout, with the project's contracts or those in ``config``."""
    command = "import sys; from importlinter.cli import lint_imports_command as c; sys.exit(c())"
    args = ["--no-cache", "--no-logo", *([str(config)] if config else [])]
    return subprocess.run(
        [sys.executable, "-c", command, *args],
        cwd=ROOT,  # import-linter puts the working directory first on the path
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _config_file(tmp_path: Path, *contracts: dict[str, Any]) -> Path:
    """A TOML configuration with the project's settings and only ``contracts``."""
    lines = ["[tool.importlinter]"]
    lines += [f"{key} = {_toml(value)}" for key, value in CONFIG.items() if key != "contracts"]
    for contract in contracts:
        lines += ["", "[[tool.importlinter.contracts]]"]
        lines += [f"{key} = {_toml(value)}" for key, value in contract.items()]
    path = tmp_path / "contracts.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    assert isinstance(value, str), value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_the_import_contracts_hold() -> None:
    """``lint-imports`` keeps every contract of pyproject.toml."""
    result = _lint_imports()
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("layers", "broken"),
    [
        (["data", "core"], "modern_art.core"),  # data above core: core may not import data
        (["seeing", "text"], "modern_art.text"),  # the text layer reads views
        (["core", "testing"], "modern_art.testing"),  # the kit plays the engine it checks
    ],
)
def test_a_contract_the_code_breaks_fails(tmp_path: Path, layers: list[str], broken: str) -> None:
    """Layers in the wrong order: ``lint-imports`` fails and names the imports that break them."""
    wrong = {
        "name": "layers upside down",
        "type": "layers",
        "containers": ["modern_art"],
        "layers": layers,
    }
    result = _lint_imports(_config_file(tmp_path, wrong))
    assert result.returncode == 1, result.stdout
    assert "BROKEN" in result.stdout and f"{broken}." in result.stdout


def test_a_forbidden_import_that_is_there_fails(tmp_path: Path) -> None:
    """Forbidding the engine the data layer it is made of fails, naming an import."""
    wrong = {
        "name": "the core knows no cards",
        "type": "forbidden",
        "source_modules": ["modern_art.core"],
        "forbidden_modules": ["modern_art.data.cards"],
    }
    result = _lint_imports(_config_file(tmp_path, wrong))
    assert result.returncode == 1, result.stdout
    assert "-> modern_art.data.cards" in result.stdout


def _ignores() -> Iterator[tuple[int, str]]:
    for number, contract in enumerate(CONTRACTS):
        for ignored in contract.get("ignore_imports", []):
            yield number, ignored


@pytest.mark.parametrize(("number", "ignored"), list(_ignores()))
def test_each_ignored_import_is_needed(tmp_path: Path, number: int, ignored: str) -> None:
    """Without any one of its ignored imports, a contract breaks: none is there for nothing."""
    contract = dict(CONTRACTS[number])
    contract["ignore_imports"] = [
        other for other in contract["ignore_imports"] if other != ignored
    ]
    if not contract["ignore_imports"]:
        del contract["ignore_imports"]
    result = _lint_imports(_config_file(tmp_path, contract))
    assert result.returncode == 1, f"{contract['name']} holds without ignoring {ignored}"


def _module_path(name: str) -> Path:
    path = ROOT.joinpath(*name.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _lazy_imports(importer: str) -> set[str]:
    """The modern_art modules (and top packages) that ``importer`` imports inside functions."""
    found: set[str] = set()
    for function in ast.walk(ast.parse(_module_path(importer).read_text(encoding="utf-8"))):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_every_ignored_import_but_one_is_lazy() -> None:
    """Each ignored import is made inside a function (a value drawing itself, a flag's backend).

    The one exception, ``_speed``'s ``pathlib``, has its reason beside it in pyproject.toml.
    """
    eager = set()
    for _, ignored in _ignores():
        importer, _, imported = ignored.partition(" -> ")
        if imported not in _lazy_imports(importer):
            eager.add(ignored)
    assert eager == EAGER_IGNORES


def test_the_cattrs_contract_names_every_top_level_module_but_wire() -> None:
    """A new folder under modern_art/ cannot slip past "only the wire layer imports cattrs"."""
    (contract,) = [c for c in CONTRACTS if c.get("forbidden_modules") == ["cattrs"]]
    children = {
        f"modern_art.{path.stem if path.is_file() else path.name}"
        for path in PACKAGE.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").exists()
    }
    assert set(contract["source_modules"]) == children - {"modern_art.wire"}


def _modules() -> Iterator[tuple[str, Path]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports a module runs when it is imported: not in functions, not for type checkers."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for other in node.orelse:
                yield from _module_level_imports(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _module_level_imports(node)


def _import_graph() -> dict[str, set[str]]:
    """Each module's module-level imports of modern_art modules (parent packages not implied)."""
    paths = dict(_modules())
    graph: dict[str, set[str]] = {name: set() for name in paths}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _module_level_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                targets = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            graph[name].update(target for target in targets if target in paths)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, or with a self-import."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:  # Tarjan's algorithm; the graph is a few hundred modules
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_at_module_level() -> None:
    """No module imports, through others, one that imports it back, when they are loaded."""
    graph = _import_graph()
    assert graph["modern_art"] >= {"modern_art.data.state", "modern_art.core.transition"}
    assert "modern_art.agents.standings" not in graph["modern_art.svg.charts"]  # TYPE_CHECKING
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The check above would see a cycle: one of three modules, and a module importing itself."""
    ring = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert _cycles(ring) == [["a", "b", "c"], ["d"]]


def _uses_of_random(tree: ast.AST) -> Iterator[tuple[str, bool]]:
    """Every use of the ``random`` module: its text, and whether it is a seeded ``Random``.

    Allowed: ``random.Random`` as a type (a generator handed in) and
    ``random.Random(seed)`` with its one seed; not the module's own generator
    (``random.shuffle``), an unseeded ``Random()`` or ``SystemRandom``.
    """
    calls = {
        id(node.func): node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            names = [alias.name for alias in node.names]
            yield f"from random import {', '.join(names)}", names == ["Random"]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
        ):
            call = calls.get(id(node))
            seeded = call is None or (len(call.args) + len(call.keywords) == 1)
            yield ast.unparse(call or node), node.attr == "Random" and seeded


def test_the_rules_draw_randomness_only_from_a_seeded_random() -> None:
    """data/ and core/ take randomness only from ``random.Random(seed)``: no global generator."""
    uses = {
        f"{path.relative_to(ROOT).as_posix()}: {text}": allowed
        for name, path in _modules()
        if name.startswith(("modern_art.data", "modern_art.core"))
        for text, allowed in _uses_of_random(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert "modern_art/core/transition.py: random.Random(seed)" in uses  # new_game's shuffle
    assert [text for text, allowed in uses.items() if not allowed] == []


def test_the_randomness_check_tells_seeded_from_global() -> None:
    """The check above refuses the module's generator, an unseeded one and other imports."""
    code = """
import random
from random import shuffle
rng: random.Random = random.Random(7)
random.shuffle(cards)
random.Random()
random.SystemRandom(1)
"""
    assert dict(_uses_of_random(ast.parse(code))) == {
        "from random import shuffle": False,
        "random.Random": True,
        "random.Random(7)": True,
        "random.shuffle(cards)": False,
        "random.Random()": False,
        "random.SystemRandom(1)": False,
    }
