"""The map of the house cannot drift: it covers the whole tree, in the layers' order.

docs/contributing.rst draws "where each idea lives" from the tree
(``.. module-map::``, ``docs/_ext/module_map.py``), and the rules reference
lists each rule's refusals in the code (``docs/_ext/rule_index.py``). These
tests hold the tree to what the map can show, and the scan of refusals to
what the code says, without Sphinx.
"""

from __future__ import annotations

import ast
import configparser
import doctest
import re
import tomllib
from pathlib import Path

import pytest

from tests.helpers.docs import DOCS, ROOT, load, rules_md

module_index = load(DOCS / "_ext" / "module_index.py")
rule_index = load(DOCS / "_ext" / "rule_index.py")

PACKAGE = ROOT / "modern_art"
MAP = module_index.module_map(PACKAGE)
ORDER = module_index.ORDER


def _tree() -> set[str]:
    """Every module file of the package, found without the docs' helper."""
    return {
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def _mapped() -> list[str]:
    """Every file the map shows: each layer's own file, then its modules."""
    shown: list[str] = []
    for layer in MAP:
        shown.append(layer.path if layer.path.endswith(".py") else layer.path + "__init__.py")
        shown += [module.path for module in layer.modules]
    return shown


def test_the_map_shows_every_module_of_the_tree_once() -> None:
    """Each ``*.py`` under modern_art/ is on the map exactly once, and nothing else is."""
    shown = _mapped()
    assert len(shown) == len(set(shown))
    assert set(shown) == _tree()


def test_every_folder_is_a_layer_and_the_top_keeps_only_the_package_own_modules() -> None:
    """Each folder under modern_art/ is a layer the order places; a public top module is one too.

    The top of the package keeps ``__init__``, ``__main__`` and private
    modules such as ``_speed``: a new public module belongs in a layer.
    """
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    assert folders == set(module_index.LAYERS)
    assert all(layer.known for layer in MAP)
    top = [p.stem for p in PACKAGE.glob("*.py")]
    assert all(name.startswith("_") or name in module_index.MODULE_LAYERS for name in top), top
    assert len([name for name in top if name.startswith("_")]) <= 5
    assert [layer.name for layer in MAP] == ["", *ORDER]


def test_every_module_and_layer_says_what_it_holds() -> None:
    """Every module (and layer) has a docstring whose first paragraph the map shows."""
    silent = [m.path for m in module_index.scan_modules(PACKAGE) if not m.summary]
    assert silent == []
    for layer in MAP:
        assert layer.summary, layer.path


def test_the_layer_docstrings_name_their_layer_and_hand_nothing_on() -> None:
    """Each lower layer's ``__init__.py`` says which layer it is, and hands nothing on."""
    for name in ("data", "core", "seeing", "text", "wire"):
        init = PACKAGE / name / "__init__.py"
        text = init.read_text(encoding="utf-8")
        assert next(layer for layer in MAP if layer.name == name).summary.startswith(
            f"The {name} layer: "
        )
        assert "It hands nothing on" in text
        imports = [
            node
            for node in ast.parse(text).body
            if isinstance(node, ast.Import)
            or (isinstance(node, ast.ImportFrom) and node.module != "__future__")
        ]
        assert imports == [], f"{init} imports something"


def test_the_contributing_page_draws_the_map_and_names_the_layers_as_the_folders_do() -> None:
    """contributing.rst holds ``.. module-map::``, conf.py loads it, the prose names each layer."""
    page = (DOCS / "contributing.rst").read_text(encoding="utf-8")
    section = page.split("Where each idea lives\n", 1)[1].split("\nBefore you ask", 1)[0]
    assert "\n.. module-map::\n" in section
    assert '"module_map"' in (DOCS / "conf.py").read_text(encoding="utf-8")
    prose = section.split(".. module-map::", 1)[0]
    assert [name for name in ORDER if f"``{name}``" not in prose] == []
    # No hand-written list of modules beside the generated one.
    assert ".. list-table::" not in section


def test_the_contributing_page_names_every_test_folder_and_shared_helper() -> None:
    """ "Where each test lives" names each folder of tests/ and each module of tests/helpers/."""
    page = (DOCS / "contributing.rst").read_text(encoding="utf-8")
    section = page.split("Where each test lives\n", 1)[1].split("\nBefore you ask", 1)[0]
    tests = ROOT / "tests"
    folders = sorted(p.name for p in tests.iterdir() if (p / "__init__.py").is_file())
    named = set(re.findall(r"``tests/(\w+)/?``", section))
    assert [f for f in folders if f not in named] == []
    helpers = sorted(p.stem for p in (tests / "helpers").glob("*.py") if p.stem != "__init__")
    prose = section.split("Shared helpers", 1)[1]
    assert [h for h in helpers if f"``{h}``" not in prose] == []


def _contract_layers() -> list[list[str]] | None:
    """The import-linter layers contract of the package, highest layer first, if any."""
    contracts: list[dict[str, object]] = []
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts += pyproject.get("tool", {}).get("importlinter", {}).get("contracts", [])
    for name in (".importlinter", "setup.cfg"):
        path = ROOT / name
        if path.is_file():
            parser = configparser.ConfigParser()
            parser.read(path, encoding="utf-8")
            for section in parser.sections():
                if section.startswith("importlinter:contract"):
                    entry: dict[str, object] = dict(parser[section])
                    entry["layers"] = [
                        line.strip()
                        for line in parser[section].get("layers", "").splitlines()
                        if line.strip()
                    ]
                    contracts.append(entry)
    for contract in contracts:
        layers = contract.get("layers")
        if contract.get("type") != "layers" or not isinstance(layers, list):
            continue
        levels = [
            [
                part.strip().removeprefix("modern_art.")
                for part in re.split(r"[|:]", str(level))
                if part.strip()
            ]
            for level in layers
        ]
        if {"data", "core"} <= {name for level in levels for name in level}:
            return levels
    return None


def test_the_map_orders_the_layers_as_the_import_contract_does() -> None:
    """No layer of the map comes before one the import-linter contract puts below it."""
    levels = _contract_layers()
    if levels is None:
        pytest.skip("no import-linter layers contract for modern_art in the repository")
    height = {name: len(levels) - i for i, level in enumerate(levels) for name in level}
    placed = [name for name in ORDER if name in height]
    assert [height[name] for name in placed] == sorted(height[name] for name in placed)


def test_module_index_doctests_pass() -> None:
    """The examples in the map's helper module are true."""
    result = doctest.testmod(module_index)
    assert result.attempted > 0
    assert result.failed == 0


REFUSALS = rule_index.scan_refusals(PACKAGE)


def test_every_refusal_in_the_code_names_a_rule_of_RULES_md() -> None:
    """Each ``refuse("R..."`` or ``IllegalAction("R..."`` site cites a rule that exists."""
    numbers = set(rule_index.rule_numbers_in_text(rules_md()))
    named = [r for r in REFUSALS if r.rule is not None]
    assert len(named) >= 20  # the auctions, offering and transition refuse by rule
    assert [r.place for r in named if r.rule not in numbers] == []


def test_each_refusal_is_found_at_the_line_that_names_its_rule() -> None:
    """The place a refusal is listed at holds its rule number, or the module's name for it
    (a phase's ``RULE``), in the file the map shows."""
    for refusal in REFUSALS:
        text = (ROOT / refusal.path).read_text(encoding="utf-8")
        line = text.splitlines()[refusal.line - 1]
        if refusal.rule is not None and f'"{refusal.rule}"' not in line:
            names = re.findall(rf'(?m)^(\w+)(?::[^=]*)? = "{re.escape(refusal.rule)}"$', text)
            assert any(re.search(rf"\b{name}\b", line) for name in names), refusal.place
    assert {r.path for r in REFUSALS} <= {m.path for m in module_index.scan_modules(PACKAGE)}


def test_scan_refusals_finds_named_forwarded_and_computed_rules(tmp_path: Path) -> None:
    """Literal rules, rules handed on through a helper's parameter and computed rules differ."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "rules.py").write_text(
        "def refuse(rule, reason, action):\n"
        "    raise IllegalAction(rule, reason, action)\n"
        "\n"
        "def take(state, rule, action):\n"
        "    refuse(rule, 'not in hand', action)\n"
        "\n"
        "def offer(state, action):\n"
        "    if action:\n"
        "        refuse('R2.1', 'no', action)\n"
        "    take(state, 'R5.1', action)\n"
        "    refuse(rule_of(state), 'wrong kind', action)\n"
        "\n"
        "class Table:\n"
        "    def bid(self, action):\n"
        "        raise IllegalAction(rule='R4.1', reason='low', action=action)\n",
        encoding="utf-8",
    )
    (package / "broken.py").write_text("def refuse(:\n", encoding="utf-8")
    # A phase's room: its rule as a constant, handed to another module's forwarding helper.
    (package / "room.py").write_text(
        'RULE: Final = "R4.4"\n\ndef play(state, action):\n    take(state, RULE, action)\n',
        encoding="utf-8",
    )
    found = [(r.rule, r.place, r.function) for r in rule_index.scan_refusals(package)]
    assert found == [
        ("R4.4", "pkg/room.py:4", "play"),
        ("R2.1", "pkg/rules.py:9", "offer"),
        ("R5.1", "pkg/rules.py:10", "offer"),
        (None, "pkg/rules.py:11", "offer"),
        ("R4.1", "pkg/rules.py:15", "Table.bid"),
    ]
    grouped = rule_index.refusals_by_rule(rule_index.scan_refusals(package))
    assert sorted(grouped) == ["R2.1", "R4.1", "R4.4", "R5.1"]
