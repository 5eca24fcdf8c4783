"""The documentation keeps up with the code: every public name, rule and variant is in it.

These tests read the docs' sources and the docs' own helper modules (in
``docs/_ext``, which import no Sphinx), so they run without Sphinx installed.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import attrs
import pytest

import modern_art as ma
from modern_art import svg
from tests.helpers.docs import DOCS, ROOT, load, rules_md

rule_index = load(DOCS / "_ext" / "rule_index.py")


def _rule_blocks(rst: str) -> dict[str, str]:
    """Each ``.. rule::`` of the rules reference, with its text up to the next rule."""
    parts = re.split(r"(?m)^\.\. rule:: (R\d+\.\d+)[^\n]*$", rst)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


RULES_RST = (DOCS / "rules.rst").read_text(encoding="utf-8")
DOCUMENTED_RULES = _rule_blocks(RULES_RST)


def test_api_reference_documents_exactly_the_public_names() -> None:
    """Each name in ``modern_art.__all__`` has an auto* directive in docs/api.rst; no other."""
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    documented = re.findall(
        r"(?m)^\.\. auto(?:class|function|data|exception|attribute)::\s+(\w+)", text
    )
    assert len(documented) == len(set(documented)), "a name is documented twice"
    missing = sorted(set(ma.__all__) - set(documented))
    extra = sorted(set(documented) - set(ma.__all__))
    assert not missing, f"public names missing from docs/api.rst: {missing}"
    assert not extra, f"docs/api.rst documents names not in __all__: {extra}"


def test_api_reference_documents_every_picture_function() -> None:
    """The ``modern_art.svg`` section lists exactly the names of ``modern_art.svg.__all__``."""
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    found = re.search(r"(?m)^\.\. automodule:: modern_art\.svg\n   :members: (.*)$", text)
    assert found is not None, "docs/api.rst has no automodule for modern_art.svg"
    assert sorted(found.group(1).split(", ")) == sorted(svg.__all__)


def test_rules_reference_holds_every_rule_of_RULES_md() -> None:
    """The rules reference has one entry per numbered rule of RULES.md, and no other."""
    numbers = rule_index.rule_numbers_in_text(rules_md())
    assert numbers, "no rule numbers found in RULES.md"
    assert sorted(DOCUMENTED_RULES) == sorted(numbers)
    assert len(re.findall(r"(?m)^\.\. rule:: ", RULES_RST)) == len(numbers)


def test_every_rule_of_RULES_md_has_a_test() -> None:
    """Each rule of RULES.md is named by at least one test (test_R<major>_<minor>_...)."""
    numbers = rule_index.rule_numbers_in_text(rules_md())
    tested = rule_index.tests_by_rule(rule_index.scan_tests(ROOT / "tests"))
    untested = [number for number in numbers if not tested.get(number)]
    assert not untested, f"{len(untested)} of {len(numbers)} rules have no test: {untested}"


def test_every_rule_a_test_names_exists() -> None:
    """A test named after a rule names one that the rules reference holds (no typos)."""
    tests = rule_index.scan_tests(ROOT / "tests")
    unknown = sorted(
        f"{t.path}::{t.name}" for t in tests for r in t.rules if r not in DOCUMENTED_RULES
    )
    assert not unknown, f"tests name rules that do not exist: {unknown}"


def test_decisions_of_RULES_md_are_marked_in_the_reference() -> None:
    """Every rule that RULES.md marks **(decision)** has a decision box in the reference."""
    text = rules_md().split("\n## Variants", 1)[0]
    parts = re.split(r"(?m)^- \*\*(R\d+\.\d+)", text)
    decided = [
        number
        for number, body in zip(parts[1::2], parts[2::2], strict=True)
        if "(decision)" in body.split("\n## ", 1)[0]
    ]
    assert decided, "RULES.md marks no decision: the parser is out of date"
    unmarked = [n for n in decided if ".. decision::" not in DOCUMENTED_RULES.get(n, "")]
    assert not unmarked, f"decisions not marked in docs/rules.rst: {unmarked}"


def test_variants_page_covers_every_rules_field() -> None:
    """docs/variants.rst has one ``rules-field`` entry per field of ``Rules``."""
    text = (DOCS / "variants.rst").read_text(encoding="utf-8")
    documented = re.findall(r"(?m)^\.\. rules-field:: (\w+)", text)
    assert sorted(documented) == sorted(f.name for f in attrs.fields(ma.Rules))


def test_scan_tests_finds_rule_tests_by_name_without_importing(tmp_path: Path) -> None:
    """The scanner reads names, methods and docstrings with ast and never runs the file."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "test_x.py").write_text(
        "raise RuntimeError('imported!')\n"
        "def test_R4_1_open(): 'Opens. More words.'\n"
        "async def test_R6_3_R6_4_both(): pass\n"
        "def test_helper(): pass\n"
        "def test_R9(): pass\n"
        "class TestFixed:\n"
        "    def test_R4_4_price(self):\n"
        "        '''Names a price.\n\n        Details.'''\n",
        encoding="utf-8",
    )
    (tmp_path / "broken.py").write_text("def test_R1_1_(:\n", encoding="utf-8")
    found = rule_index.scan_tests(tmp_path)
    assert [(t.name, t.rules, t.summary) for t in found] == [
        ("test_R4_1_open", ("R4.1",), "Opens. More words."),
        ("test_R6_3_R6_4_both", ("R6.3", "R6.4"), ""),
        ("TestFixed.test_R4_4_price", ("R4.4",), "Names a price."),
    ]
    assert {t.path for t in found} == {"sub/test_x.py"}
    assert sorted(rule_index.tests_by_rule(found)) == ["R4.1", "R4.4", "R6.3", "R6.4"]


def test_docs_helper_modules_doctests_pass() -> None:
    """The examples in the docs' helper modules are true."""
    result = doctest.testmod(rule_index)
    assert result.attempted > 0
    assert result.failed == 0


def test_changelog_is_markdown_myst_reads_without_a_warning() -> None:
    """CHANGELOG.md, which the docs include through myst-parser, parses without a warning."""
    core = pytest.importorskip("docutils.core")
    myst = pytest.importorskip("myst_parser.parsers.docutils_")
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    warnings: list[str] = []

    class Stream:
        def write(self, text: str) -> None:
            warnings.append(text)

    tree = core.publish_doctree(
        text,
        parser=myst.Parser(),
        settings_overrides={"warning_stream": Stream(), "report_level": 1},
    )
    assert not warnings
    assert tree.astext().startswith("Changelog")


def test_three_rounds_example_wins_loses_and_wins_back_melims_value() -> None:
    """The scoring page's game: a Melim painting pays 20, then 0, then 40 (R6.5)."""
    three_rounds = load(DOCS / "examples" / "three_rounds.py")
    events = three_rounds.play()
    melim = [e for e in events if isinstance(e, ma.PaintingsSold) and e.artist == "Daniel Melim"]
    assert [(e.seat, e.paintings, e.value) for e in melim] == [(1, 1, 20), (1, 1, 0), (1, 1, 40)]
    rounds = [e for e in events if isinstance(e, ma.RoundEnded)]
    assert ["Daniel Melim" in e.ranking for e in rounds] == [True, False, True]
    boards = svg.value_rounds(events, three_rounds.RULES)
    melim_column = three_rounds.RULES.artists.index("Daniel Melim")
    assert [b.values[melim_column] for b in boards] == [20, 0, 40]
    assert [b.tiles[melim_column] for b in boards] == [(20,), (20,), (20, 20)]
