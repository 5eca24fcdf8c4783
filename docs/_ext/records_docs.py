"""Sphinx extension: the records store's tables, queries and real examples, from the library.

``.. records-evidence::``
    The table of :data:`modern_art.records.EVIDENCE` (each event kind and the
    rules it evidences) and of :data:`modern_art.records.DECISIONS`.
``.. records-queries::``
    Every named query of :data:`modern_art.records.QUERIES`: its name, what
    it answers and its SQL.
``.. records-examples::``
    One real example for each rule of :data:`modern_art.records.CITED_RULES`,
    drawn from a store this build makes (:data:`STORE_GAMES`, seeded, so every
    build shows the same moments): the game, the step, the position and the
    sentences, as ``modern-art records examples RULE --limit 1`` prints them.
    A rule no game of the store evidences says so.

The store is made once per build, in a temporary folder, and removed at its end.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from modern_art import records
from modern_art.text.rules_line import parse_rules, rules_text

STORE_GAMES = (
    ("cmon", 2500, 0),
    ("cmon hidden_tie=clockwise_from_left", 500, 100_000),
)
"""The docs' store: (rules, games, first seed) of each run of ``playout`` self-play games."""

_STORE: dict[str, Any] = {}


def docs_store() -> records.RecordStore:
    """The build's store, made on first use (a few seconds)."""
    if "store" not in _STORE:
        folder = Path(tempfile.mkdtemp(prefix="modern-art-docs-records-"))
        store = records.RecordStore(folder / "store")
        for rules, games, seed in STORE_GAMES:
            records.generate(store, games, rules=parse_rules(rules), seed=seed, chunk=games)
        _STORE["folder"] = folder
        _STORE["store"] = records.RecordStore(store.path)
    return _STORE["store"]


def _table(header: list[str], rows: list[list[str]], literal: int = 0) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(header))
    table += group
    for _ in header:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    body = nodes.tbody()
    group += body
    for part, cells in ((head, [header]), (body, rows)):
        for cells_row in cells:
            row = nodes.row()
            for index, text in enumerate(cells_row):
                entry = nodes.entry()
                paragraph = nodes.paragraph()
                if index < literal and part is body:
                    paragraph += nodes.literal(text, text)
                else:
                    paragraph += nodes.Text(text)
                entry += paragraph
                row += entry
            part.append(row)
    return table


class EvidenceDirective(SphinxDirective):
    """``.. records-evidence::``: which rule each event kind and each decision evidences."""

    def run(self) -> list[nodes.Node]:
        kinds = _table(
            ["event kind", "rules evidenced"],
            [[kind, rules] for kind, rules in records.EVIDENCE.items()],
            literal=1,
        )
        decisions = _table(
            ["decision", "rule", "what happened"],
            [[tag, rule, what] for tag, (rule, what) in records.DECISIONS.items()],
            literal=1,
        )
        return [kinds, decisions]


class QueriesDirective(SphinxDirective):
    """``.. records-queries::``: every named query with its SQL."""

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for name, query in records.QUERIES.items():
            paragraph = nodes.paragraph()
            paragraph += nodes.literal(name, name)
            paragraph += nodes.Text(f": {query.title}.")
            block = nodes.literal_block(query.sql, query.sql)
            block["language"] = "sql"
            out += [paragraph, block]
        return out


class ExamplesDirective(SphinxDirective):
    """``.. records-examples::``: one real example for each rule, from the docs' store."""

    def run(self) -> list[nodes.Node]:
        store = docs_store()
        out: list[nodes.Node] = []
        for rule in records.CITED_RULES:
            section = nodes.section(ids=[f"records-example-{rule.replace('.', '-').lower()}"])
            section += nodes.title(rule, rule)
            found = records.examples(store, rule, limit=1)
            if not found:
                section += nodes.paragraph(
                    text=f"None of the {len(store):,} games of the docs' store shows {rule}."
                )
            else:
                (example,) = found
                tags = ", ".join(example.decisions) or "no decision tag"
                section += nodes.paragraph(
                    text=f"Game {example.game}, step {example.step} ({tags}), under the rules"
                    f" {_rules_of(store, example.game)}:"
                )
                text = example.text()
                section += nodes.literal_block(text, text)
            out.append(section)
        return out


def _rules_of(store: records.RecordStore, game: int) -> str:
    return str(rules_text(store.game(game).record.rules))


def _cleanup(app: Sphinx, exception: BaseException | None) -> None:
    folder = _STORE.pop("folder", None)
    _STORE.clear()
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the three directives, and the store's removal at the build's end."""
    app.add_directive("records-evidence", EvidenceDirective)
    app.add_directive("records-queries", QueriesDirective)
    app.add_directive("records-examples", ExamplesDirective)
    app.connect("build-finished", _cleanup)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
