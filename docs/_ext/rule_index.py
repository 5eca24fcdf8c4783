"""Find which tests check which rule, by name alone, without importing anything.

A rule test is a function whose name starts ``test_R<major>_<minor>_``, such
as ``test_R5_7_second_card_is_fifth`` for rule R5.7; a test that checks
several rules chains them (``test_R6_3_R6_4_...``). This module reads test
files with :mod:`ast`, so neither the Sphinx build nor the docs' own test
ever imports (or runs) a test module.

It has no Sphinx import, so ``tests/project/test_docs.py`` uses it too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "RuleTest",
    "rule_numbers_in_text",
    "rules_of_test_name",
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
