"""Find which tests check which rule, and which code refuses by it, without importing anything.

A rule test is a function whose name starts ``test_R<major>_<minor>_``, such
as ``test_R5_7_second_card_is_fifth`` for rule R5.7; a test that checks
several rules chains them (``test_R6_3_R6_4_...``). A refusal is a call
``refuse("R4.3", ...)`` or ``IllegalAction("R4.3", ...)`` in the library
(:func:`scan_refusals`). This module reads the files with :mod:`ast`, so
neither the Sphinx build nor the docs' own test ever imports (or runs) a
test module or the library.

It has no Sphinx import, so ``tests/project/test_docs.py`` uses it too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Refusal",
    "RuleTest",
    "refusals_by_rule",
    "rule_numbers_in_text",
    "rules_of_test_name",
    "scan_refusals",
    "scan_tests",
    "tests_by_rule",
]

_RULE_PREFIX = re.compile(r"R(\d+)_(\d+)_")
_RULE_DEFINITION = re.compile(r"\*\*(R\d+\.\d+)\b")


@dataclass(frozen=True)
class RuleTest:
    """One test function that names one or more rules."""

    name: str
    """The test's qualified name within its file (``TestX.test_R4_1_...``)."""
    path: str
    """The file, relative to the folder scanned, with ``/`` separators."""
    line: int
    """The line of the ``def``."""
    summary: str
    """The first sentence of the docstring, or ``""``."""
    rules: tuple[str, ...]
    """The rule numbers in the name, such as ``("R5.7",)``."""


def rules_of_test_name(name: str) -> tuple[str, ...]:
    """The rules a test function's name cites, in order; ``()`` for other names.

    >>> rules_of_test_name("test_R5_7_second_card_is_fifth")
    ('R5.7',)
    >>> rules_of_test_name("test_R6_3_R6_4_ties_and_tiles")
    ('R6.3', 'R6.4')
    >>> rules_of_test_name("test_helper")
    ()
    """
    if not name.startswith("test_"):
        return ()
    rest = name[len("test_") :] + "_"
    found: list[str] = []
    while match := _RULE_PREFIX.match(rest):
        found.append(f"R{int(match[1])}.{int(match[2])}")
        rest = rest[match.end() :]
    return tuple(found)


def _first_sentence(doc: str | None) -> str:
    if not doc:
        return ""
    text = " ".join(doc.strip().split("\n\n", 1)[0].split())
    return text


def _functions(body: Iterable[ast.stmt], prefix: str) -> Iterable[tuple[str, ast.AST]]:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield prefix + node.name, node
        elif isinstance(node, ast.ClassDef):
            yield from _functions(node.body, f"{prefix}{node.name}.")


def scan_tests(folder: Path) -> tuple[RuleTest, ...]:
    """Every rule test under ``folder`` (all ``*.py`` files, recursively), sorted.

    Files that do not parse are skipped: the test run reports them anyway.
    """
    found: list[RuleTest] = []
    for path in sorted(folder.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError):
            continue
        relative = path.relative_to(folder).as_posix()
        for qualname, node in _functions(tree.body, ""):
            rules = rules_of_test_name(qualname.rsplit(".", 1)[-1])
            if rules:
                assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                found.append(
                    RuleTest(
                        qualname,
                        relative,
                        node.lineno,
                        _first_sentence(ast.get_docstring(node)),
                        rules,
                    )
                )
    return tuple(sorted(found, key=lambda t: (t.path, t.line)))


def tests_by_rule(tests: Iterable[RuleTest]) -> dict[str, tuple[RuleTest, ...]]:
    """Group tests by each rule they cite."""
    grouped: dict[str, list[RuleTest]] = {}
    for test in tests:
        for rule in test.rules:
            grouped.setdefault(rule, []).append(test)
    return {rule: tuple(group) for rule, group in grouped.items()}


def rule_numbers_in_text(text: str) -> tuple[str, ...]:
    """The rule numbers a RULES.md text defines (``**R1.1**``), in order, once each.

    >>> rule_numbers_in_text("- **R1.1** 3 to 5 players. - **R4.1 Open.** ... (R1.1)")
    ('R1.1', 'R4.1')
    """
    return tuple(dict.fromkeys(_RULE_DEFINITION.findall(text)))


@dataclass(frozen=True)
class Refusal:
    """One place in the library that refuses an action, citing a rule."""

    rule: str | None
    """The rule number the call names (``"R4.3"``); ``None`` where the code computes it."""
    path: str
    """The file, from the package folder's parent, with ``/``: ``modern_art/core/auctions.py``."""
    line: int
    """The line of the call (of the literal rule number, where the call spans lines)."""
    function: str
    """The function the call is in (``"hidden_auction"``, ``"Host.apply"``), or ``"<module>"``."""

    @property
    def place(self) -> str:
        """``path:line``, as an editor or a traceback names it."""
        return f"{self.path}:{self.line}"


_REFUSERS = {"refuse": 0, "IllegalAction": 0}
"""Calls that refuse an action, with the position of their rule argument."""


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _rule_argument(call: ast.Call, position: int) -> ast.expr | None:
    if len(call.args) > position and not any(
        isinstance(a, ast.Starred) for a in call.args[: position + 1]
    ):
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == "rule"), None)


def _calls_by_function(tree: ast.Module) -> list[tuple[str, list[str], ast.Call]]:
    """Every call of a module with its function's qualified name and parameters."""
    found: list[tuple[str, list[str], ast.Call]] = []

    def visit(node: ast.AST, name: str, params: list[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            prefix = "" if name == "<module>" else name + "."
            name = prefix + node.name
            arguments = node.args
            params = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
            params += [a.arg for a in arguments.kwonlyargs]
        elif isinstance(node, ast.ClassDef):
            name = node.name if name == "<module>" else f"{name}.{node.name}"
        elif isinstance(node, ast.Call):
            found.append((name, params, node))
        for child in ast.iter_child_nodes(node):
            visit(child, name, params)

    visit(tree, "<module>", [])
    return found


def _forwarders(trees: Iterable[ast.Module]) -> dict[str, int]:
    """Every refusing call's name, with the position of its rule argument.

    A function that hands one of its parameters on as the rule refuses too:
    its callers' rule numbers are the sites (``out_of_turn(RULE, ...)``), not
    the forwarding call. Followed across modules, by the function's name, so
    the core's shared refusals count where the phases call them.
    """
    refusers = dict(_REFUSERS)
    calls = [call for tree in trees for call in _calls_by_function(tree)]
    changed = True
    while changed:
        changed = False
        for function, params, call in calls:
            position = refusers.get(_callee(call))
            argument = None if position is None else _rule_argument(call, position)
            if not isinstance(argument, ast.Name) or argument.id not in params:
                continue
            if "." not in function and function not in refusers:
                refusers[function] = params.index(argument.id)
                changed = True
    return refusers


def _string_constants(tree: ast.Module) -> dict[str, tuple[str, int]]:
    """A module's top-level names bound to a string (``RULE: Final = "R4.1"``), with their line."""
    found: dict[str, tuple[str, int]] = {}
    for node in tree.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(node, ast.AnnAssign):
            target, value = node.target, node.value
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        if (
            isinstance(target, ast.Name)
            and isinstance(value, ast.Constant)
            and isinstance(value.value, str)
        ):
            found[target.id] = (value.value, node.lineno)
    return found


def _module_refusals(tree: ast.Module, path: str, refusers: dict[str, int]) -> list[Refusal]:
    constants = _string_constants(tree)
    found: list[Refusal] = []
    for function, params, call in _calls_by_function(tree):
        position = refusers.get(_callee(call))
        if position is None:
            continue
        argument = _rule_argument(call, position)
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            found.append(Refusal(argument.value, path, argument.lineno, function))
        elif isinstance(argument, ast.Name) and argument.id in params:
            continue  # a forwarding call: its callers are the sites
        elif isinstance(argument, ast.Name) and argument.id in constants:
            found.append(Refusal(constants[argument.id][0], path, argument.lineno, function))
        elif argument is not None:
            found.append(Refusal(None, path, call.lineno, function))
    return found


def scan_refusals(package: Path) -> tuple[Refusal, ...]:
    """Every refusal in the modules under ``package`` (such as ``modern_art/``), in file order.

    A refusal is a call of ``refuse`` or ``IllegalAction``, or of a function
    that passes its own parameter on to one of them as the rule; a rule given
    by a module's constant (a phase's ``RULE``) counts as that rule. Files
    that do not parse are skipped.
    """
    trees: dict[str, ast.Module] = {}
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError):
            continue
        trees[path.relative_to(package.parent).as_posix()] = tree
    refusers = _forwarders(trees.values())
    found: list[Refusal] = []
    for relative, tree in trees.items():
        found += _module_refusals(tree, relative, refusers)
    return tuple(sorted(found, key=lambda r: (r.path, r.line)))


def refusals_by_rule(refusals: Iterable[Refusal]) -> dict[str, tuple[Refusal, ...]]:
    """Group the refusals that name their rule by that rule."""
    grouped: dict[str, list[Refusal]] = {}
    for refusal in refusals:
        if refusal.rule is not None:
            grouped.setdefault(refusal.rule, []).append(refusal)
    return {rule: tuple(group) for rule, group in grouped.items()}
