"""Sphinx extension: the rules reference and the tests beside each rule.

Directives and roles it adds:

``.. rule:: R4.1 Open``
    One rule: its number (a cross-reference target), an optional short
    title, the rule in plain words (the directive's content), then the
    places in the library that refuse an action by the rule
    (``refuse("R4.1", ...)``, shown as ``modern_art/core/auctions.py:53``)
    and a table of the tests whose names cite the rule (``test_R4_1_...``),
    both found by reading ``modern_art/**/*.py`` and ``tests/**/*.py`` with
    :mod:`ast` (nothing is imported).
``.. decision::``
    Inside a rule: marks and explains a decision of ours where the sources
    are silent or disagree.
``.. rule-coverage::``
    Sentences saying how many of the page's rules have a test, and how many
    the code cites in its refusals.
``:rule:`R4.1```
    A link to a rule. Plain mentions such as "(R4.1)" in the docstrings
    that autodoc shows become such links too.

Configuration: ``rule_tests_folder`` (default ``"../tests"``) and
``rule_code_folder`` (default ``"../modern_art"``), relative to the docs folder.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from rule_index import (
    Refusal,
    RuleTest,
    refusals_by_rule,
    scan_refusals,
    scan_tests,
    tests_by_rule,
)
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains.std import GenericObject
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

_NUMBER = re.compile(r"R\d+\.\d+$")


class rule_tests_placeholder(nodes.General, nodes.Element):  # noqa: N801 (docutils style)
    """Where a rule's test table goes; filled once the doctree is read."""


class rule_coverage_placeholder(nodes.General, nodes.Element):  # noqa: N801
    """Where the coverage sentence goes; filled once the doctree is read."""


class RuleDirective(GenericObject):
    """``.. rule:: R4.1 Open``: one numbered rule and the tests that check it."""

    indextemplate = "pair: %s; rule"
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"noindex": directives.flag}

    def handle_signature(self, sig: str, signode: addnodes.desc_signature) -> str:
        number, _, title = sig.strip().partition(" ")
        if not _NUMBER.match(number):
            raise ValueError(f"a rule number looks like R4.1, got {number!r}")
        signode.clear()
        signode += addnodes.desc_name(number, number)
        if title:
            signode += addnodes.desc_annotation(" " + title, " " + title)
        return number

    def transform_content(self, content_node: addnodes.desc_content) -> None:
        number = self.arguments[0].split()[0]
        content_node += rule_tests_placeholder(rule=number)


class DecisionDirective(SphinxDirective):
    """``.. decision::``: a choice of ours where the sources are silent or disagree."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        node = nodes.admonition(classes=["decision"])
        node += nodes.title("", "Decision")
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]


class RuleCoverageDirective(SphinxDirective):
    """``.. rule-coverage::``: how many of this page's rules some test names."""

    def run(self) -> list[nodes.Node]:
        return [rule_coverage_placeholder()]


def _tests(app: Sphinx) -> dict[str, tuple[RuleTest, ...]]:
    cached: dict[str, tuple[RuleTest, ...]] | None = getattr(app, "_rule_tests", None)
    if cached is None:
        folder = (Path(app.srcdir) / app.config.rule_tests_folder).resolve()
        cached = tests_by_rule(scan_tests(folder)) if folder.is_dir() else {}
        app._rule_tests = cached  # type: ignore[attr-defined]
    return cached


def _refusals(app: Sphinx) -> tuple[Refusal, ...]:
    cached: tuple[Refusal, ...] | None = getattr(app, "_rule_refusals", None)
    if cached is None:
        folder = (Path(app.srcdir) / app.config.rule_code_folder).resolve()
        cached = scan_refusals(folder) if folder.is_dir() else ()
        app._rule_refusals = cached  # type: ignore[attr-defined]
    return cached


def _refusals_paragraph(refusals: tuple[Refusal, ...], lead: str) -> nodes.paragraph:
    """``lead by f at path:line, path:line; by g at ...``: where the library cites a rule."""
    by_function: dict[str, list[Refusal]] = {}
    for refusal in refusals:
        by_function.setdefault(refusal.function, []).append(refusal)
    paragraph = nodes.paragraph(classes=["rule-refusals"])
    paragraph += nodes.Text(lead)
    for i, (function, group) in enumerate(by_function.items()):
        paragraph += nodes.Text("; by " if i else " by ")
        paragraph += nodes.literal(function, function)
        paragraph += nodes.Text(" at ")
        for j, refusal in enumerate(group):
            if j:
                paragraph += nodes.Text(", ")
            paragraph += nodes.literal(refusal.place, refusal.place)
    paragraph += nodes.Text(".")
    return paragraph


def _summary_paragraph(text: str) -> nodes.paragraph:
    """A docstring's first paragraph, with ``code`` (or `code`) shown as code.

    Nothing else is parsed, so no docstring can break the build.
    """
    paragraph = nodes.paragraph()
    for i, part in enumerate(re.split(r"``(.+?)``|`([^`]+)`", text)):
        if part is None:
            continue
        if i % 3 == 0:
            paragraph += nodes.Text(part)
        else:
            paragraph += nodes.literal(part, part)
    return paragraph


def _tests_table(tests: tuple[RuleTest, ...]) -> nodes.Node:
    table = nodes.table(classes=["rule-tests"])
    group = nodes.tgroup(cols=2)
    table += group
    group += nodes.colspec(colwidth=45)
    group += nodes.colspec(colwidth=55)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in ("Test", "What it checks"):
        row += nodes.entry("", nodes.paragraph("", text))
    head += row
    body = nodes.tbody()
    group += body
    for test in tests:
        row = nodes.row()
        name = nodes.paragraph()
        name += nodes.literal(test.name, test.name)
        name += nodes.inline("", f" ({test.path})", classes=["rule-test-file"])
        row += nodes.entry("", name)
        row += nodes.entry("", _summary_paragraph(test.summary or "(no docstring)"))
        body += row
    return table


def _fill_placeholders(app: Sphinx, doctree: nodes.document) -> None:
    tests = _tests(app)
    refusals = _refusals(app)
    cited = refusals_by_rule(refusals)
    numbers: list[str] = []
    for node in list(doctree.findall(rule_tests_placeholder)):
        number = node["rule"]
        numbers.append(number)
        found = tests.get(number, ())
        shown: list[nodes.Node] = []
        if cited.get(number):
            shown.append(_refusals_paragraph(cited[number], "Refused in the code"))
        if found:
            shown.append(_tests_table(found))
        else:
            shown.append(
                nodes.paragraph("", "No test names this rule yet.", classes=["rule-untested"])
            )
        node.replace_self(shown)
    for node in list(doctree.findall(rule_coverage_placeholder)):
        tested = sum(1 for number in numbers if tests.get(number))
        refused = sum(1 for number in numbers if cited.get(number))
        computed = [r for r in refusals if r.rule is None]
        shown = [
            nodes.paragraph(
                "",
                f"{tested} of the {len(numbers)} rules on this page are checked by"
                " at least one test named after them.",
            ),
            nodes.paragraph(
                "",
                f"{refused} of them are named by the library's refusals: the"
                f" {len(refusals) - len(computed)} places in the code that raise"
                " IllegalAction with a rule number.",
            ),
        ]
        if computed:
            shown.append(
                _refusals_paragraph(
                    tuple(computed),
                    "Refusals that compute their rule instead of naming it (no rule above"
                    " lists them):",
                )
            )
        node.replace_self(shown)


def _always_reread(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    # The test tables come from files Sphinx does not watch: re-read the pages
    # that hold rules on every build (cheap: one page).
    return [docname for docname in env.found_docs if docname in app.config.rule_pages]


_MENTION = re.compile(r"(?<![\w\"'`.:<])R(\d+)\.(\d+)(?![\w\"'`]|\.\d)")


def link_rule_mentions(text: str) -> str:
    """Turn plain ``R4.1`` mentions in a line of a docstring into ``:rule:`R4.1``` links.

    Mentions inside inline literals, quotes or roles are left alone.

    >>> link_rule_mentions("the high bid (R4.1, R4.2); ``err.rule == 'R3.2'``")
    "the high bid (:rule:`R4.1`, :rule:`R4.2`); ``err.rule == 'R3.2'``"
    """
    out: list[str] = []
    pos = 0
    for match in _MENTION.finditer(text):
        before = text[: match.start()]
        if before.count("``") % 2 or before.count("`") % 2:
            continue  # inside a literal or a role
        out.append(text[pos : match.start()])
        out.append(f":rule:`{match[0]}`")
        pos = match.end()
    out.append(text[pos:])
    return "".join(out)


def _link_rules_in_docstrings(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Link the rule numbers that API docstrings mention to the rules reference."""
    in_example = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith(">>>"):
            in_example = True
        elif not stripped:
            in_example = False
        if not in_example and not stripped.startswith(".."):
            lines[i] = link_rule_mentions(line)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role and the configuration values."""
    app.add_config_value("rule_tests_folder", "../tests", "env")
    app.add_config_value("rule_code_folder", "../modern_art", "env")
    app.add_config_value("rule_pages", ["rules"], "env")
    app.add_node(rule_tests_placeholder)
    app.add_node(rule_coverage_placeholder)
    app.add_object_type("rule", "rule", ref_nodeclass=nodes.inline, objname="rule")
    app.add_directive_to_domain("std", "rule", RuleDirective, override=True)
    app.add_directive("decision", DecisionDirective)
    app.add_directive("rule-coverage", RuleCoverageDirective)
    app.connect("doctree-read", _fill_placeholders)
    app.connect("env-get-outdated", _always_reread)
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("autodoc-process-docstring", _link_rules_in_docstrings)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
