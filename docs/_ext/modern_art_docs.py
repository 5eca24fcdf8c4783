"""Sphinx extension: the small helpers the modern-art pages need.

``.. rules-field:: hidden_tie``
    One :class:`modern_art.Rules` field on the variants page: its name
    (linked to the API reference), its type and its CMON default, read from
    the class itself, followed by the directive's content.
``.. turn-flow::``
    One turn as a picture, from offering a card to the next auctioneer.
``.. board-picture:: gallery.open_auction``
    The board :func:`modern_art.svg.board` draws for the position a
    function returns (a state or a view; a tuple of them side by side);
    the content is the caption.
``.. deck-table:: cmon``
    An edition's deck as a table: each artist's cards by auction symbol.
``.. card-codes::``
    Every preset's card codes in the notation (``Melim/O#25``): each
    artist's code and its cards' ids by auction symbol.
``.. value-table:: three_rounds`` and ``.. value-board:: three_rounds``
    The rounds a module's ``play()`` returns (events, with the module's
    ``RULES``), as a table and as an SVG picture of the value board.
    Option ``:artist:`` picks the artist to follow.

It also refuses (a warning, so ``-W`` fails) a page whose name is one Sphinx
writes itself (``search``, ``genindex``, ...): Sphinx's page would replace it
in the built site without a word.

It also resolves references to ``modern_art.<module>.<Name>`` (how autodoc
writes type hints) to the documented ``modern_art.<Name>``.
"""

from __future__ import annotations

import enum
import importlib
import re
import sys
import types
import typing
from typing import Any, ClassVar

import attrs
import sphinx.ext.napoleon
import sphinx.util.inspect
from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging as sphinx_logging
from sphinx.util.docutils import SphinxDirective

import modern_art as ma
from modern_art import svg
from modern_art.text.notation import LETTERS, card_text


def svg_figure(directive: SphinxDirective, picture: str, css_class: str) -> nodes.figure:
    """An inline SVG figure; the directive's content, if any, is its caption."""
    figure = nodes.figure(classes=[css_class])
    figure += nodes.raw("", picture, format="html")
    if directive.content:
        caption = nodes.caption()
        text_nodes, _ = directive.state.inline_text("\n".join(directive.content), directive.lineno)
        caption.extend(text_nodes)
        figure += caption
    return figure


def _default_text(value: object) -> str:
    if isinstance(value, ma.Edition):
        return f"ma.{value.name.upper()}"
    if isinstance(value, attrs.Factory):  # type: ignore[arg-type]
        return "(computed)"
    return repr(value)


def _type_text(annotation: object) -> str:
    if isinstance(annotation, str):
        return annotation
    return getattr(annotation, "__name__", repr(annotation))


class RulesField(SphinxDirective):
    """One ``Rules`` field: name, type, CMON default, then the page's words."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        fields = {f.name: f for f in attrs.fields(ma.Rules)}
        if name not in fields:
            raise self.error(f"Rules has no field {name!r}; its fields: {sorted(fields)}")
        field = fields[name]
        section_id = f"rules-field-{name.replace('_', '-')}"
        container = nodes.container(classes=["rules-field"])
        container["names"].append(section_id)
        self.state.document.note_explicit_target(container)  # :ref:`text <rules-field-x>`
        head = nodes.paragraph(classes=["rules-field-head"])
        ref = addnodes.pending_xref(
            "",
            refdomain="py",
            reftype="attr",
            reftarget=f"modern_art.Rules.{name}",
            refexplicit=True,
            refwarn=False,
        )
        ref += nodes.literal(name, name)
        head += ref
        head += nodes.Text(", a ")
        head += nodes.literal("", _type_text(field.type))
        head += nodes.Text(". CMON default: ")
        head += nodes.literal("", _default_text(field.default))
        container += head
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


class _ExampleDirective(SphinxDirective):
    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"artist": directives.unchanged}

    def example(self) -> tuple[tuple[svg.BoardAfterRound, ...], str | None]:
        try:
            module = importlib.import_module(self.arguments[0])
        except ImportError as exc:
            raise self.error(f"cannot import the example {self.arguments[0]!r}: {exc}") from None
        if module.__file__:
            self.env.note_dependency(module.__file__)
        rules: ma.Rules = module.RULES
        artist = self.options.get("artist")
        if artist is not None and artist not in rules.artists:
            raise self.error(f"{artist!r} is not an artist of the example's rules")
        return svg.value_rounds(module.play(), rules), artist


class ValueTable(_ExampleDirective):
    """The rounds of an example as a table a newcomer reads at a glance."""

    def run(self) -> list[nodes.Node]:
        rounds, artist = self.example()
        followed = artist or rounds[0].artists[0]
        short = followed.split()[-1]
        column = rounds[0].artists.index(followed)
        headers = [
            "Round",
            "Paintings offered",
            "Ranking and tiles won",
            f"{short}'s tiles on the board",
            f"One {short} painting pays",
        ]
        rows = []
        for board in rounds:
            offered = ", ".join(
                f"{a.split()[-1]} {c}"
                for a, c in zip(board.artists, board.counts, strict=True)
                if c
            )
            ranking = ", ".join(
                f"{a.split()[-1]} {board.new_tiles[board.artists.index(a)]}" for a in board.ranking
            )
            pile = board.tiles[column]
            tiles = " + ".join(map(str, pile)) or "none"
            ranked = board.new_tiles[column] is not None
            pays = str(board.values[column]) + ("" if ranked else f" ({short} is not ranked)")
            rows.append([str(board.round), offered, ranking, tiles, pays])
        return [_table(headers, rows, ["value-table"])]


class ValueBoard(_ExampleDirective):
    """The rounds of an example as a picture of the value board (inline SVG)."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        rounds, artist = self.example()
        return [svg_figure(self, svg.value_board(rounds, artist), "value-board")]


class TurnFlow(SphinxDirective):
    """One turn as a picture (inline SVG); the content is the caption."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        return [svg_figure(self, svg.turn_flow(), "turn-flow")]


class BoardPicture(SphinxDirective):
    """Boards drawn by the library for a ``module.function`` position; content is the caption."""

    required_arguments = 1
    has_content = True

    def run(self) -> list[nodes.Node]:
        module_name, _, function = self.arguments[0].rpartition(".")
        try:
            module = importlib.import_module(module_name)
            position = getattr(module, function)()
        except (ImportError, AttributeError) as exc:
            raise self.error(f"cannot draw {self.arguments[0]!r}: {exc}") from None
        if module.__file__:
            self.env.note_dependency(module.__file__)
        subjects = position if isinstance(position, tuple) else (position,)
        pictures = "".join(f'<div class="board">{svg.board(s)}</div>' for s in subjects)
        return [svg_figure(self, f'<div class="boards">{pictures}</div>', "board-picture")]


class DeckTable(SphinxDirective):
    """An edition's deck: per artist in board order, its cards by auction symbol."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0] if self.arguments else "cmon"
        try:
            edition = ma.preset(name).edition
        except ValueError as exc:
            raise self.error(str(exc)) from None
        symbols = list(ma.Auction)
        headers = ["Artist (board order)", "Cards", *(s.label for s in symbols)]
        rows = []
        for artist in edition.artists:
            cards = [c for c in edition.deck if c.artist == artist]
            rows.append(
                [artist, str(len(cards))]
                + [str(sum(c.auction is s for c in cards)) for s in symbols]
            )
        rows.append(
            ["All", str(len(edition.deck))]
            + [str(sum(c.auction is s for c in edition.deck)) for s in symbols]
        )
        return [_table(headers, rows, ["deck-table"])]


class CardCodes(SphinxDirective):
    """Every preset's card codes in the notation: each artist's code, its cards' ids by symbol."""

    def run(self) -> list[nodes.Node]:
        symbols = list(ma.Auction)
        headers = ["Preset", "Artist", "Code", *(f"{s.label} ({LETTERS[s]})" for s in symbols)]
        rows = []
        for name, rules in ma.presets().items():
            for artist in rules.artists:
                cards = [c for c in rules.deck if c.artist == artist]
                code = card_text(cards[0]).split("/")[0]
                ids = [
                    " ".join(str(c.id) for c in cards if c.auction is s) or "-" for s in symbols
                ]
                rows.append([name, artist, code, *ids])
        return [_table(headers, rows, ["card-codes"])]


def _table(headers: list[str], rows: list[list[str]], classes: list[str]) -> nodes.table:
    table = nodes.table(classes=classes)
    group = nodes.tgroup(cols=len(headers))
    table += group
    for _ in headers:
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in headers:
        row += nodes.entry("", nodes.paragraph("", text))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for text in cells:
            row += nodes.entry("", nodes.paragraph("", text))
        body += row
    return table


def _documented_name(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve ``modern_art.data.cards.Card`` to ``modern_art.Card`` when that is documented."""
    target = node.get("reftarget", "")
    if node.get("refdomain") != "py" or not target.startswith("modern_art."):
        return None
    parts = target.split(".")
    domain = env.domains["py"]
    for cut in range(2, len(parts)):
        short = ".".join(["modern_art", *parts[cut:]])
        if short in domain.objects:  # type: ignore[attr-defined]
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], short, node, contnode
            )
    return None


def _napoleon_skips_attributes(app: Sphinx) -> None:
    """Let napoleon read function and class docstrings only.

    Napoleon reads the first line of an attribute's docstring as
    ``type: description`` and so turns "The whole deck in canonical order:
    artist by artist" into a type. Our attributes take their types from
    their annotations, so their docstrings are left as written.
    """
    app.setup_extension("sphinx.ext.napoleon")
    _process_docstring = getattr(sphinx.ext.napoleon, "_process_docstring", None)
    if _process_docstring is None:  # pragma: no cover - another Sphinx: leave napoleon be
        return

    for listener in list(app.events.listeners["autodoc-process-docstring"]):
        if listener.handler is _process_docstring:
            app.disconnect(listener.id)

            def only_callables(
                app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
            ) -> None:
                if what not in {"attribute", "data", "property"}:
                    _process_docstring(app, what, name, obj, options, lines)

            app.connect("autodoc-process-docstring", only_callables, priority=listener.priority)


def _defining_module_doc(name: str) -> list[str] | None:
    """The docstring under ``name = ...`` in the submodule that defines it."""
    short = name.rsplit(".", 1)[-1]
    value = getattr(ma, short, None)
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("modern_art.") or getattr(module, short, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except PycodeError:
            continue
        if ("", short) in docs:
            return list(docs[("", short)])
    return None


def _public_data_docs(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Give ``modern_art.X`` data the docstring written where ``X`` is defined.

    Autodoc looks for the docstring of ``modern_art.CMON`` in
    ``modern_art/__init__.py``, finds none there, and falls back to the
    docstring of the value's class (``Edition``'s, or ``UnionType``'s for a
    type alias). The docstring under the definition in the submodule is the
    right one. A type alias also lists its members.
    """
    if what != "data" or not name.startswith("modern_art.") or name.count(".") != 1:
        return
    doc = _defining_module_doc(name)
    if doc is not None:
        lines[:] = doc
    if isinstance(obj, types.UnionType):
        members = [
            f":class:`~modern_art.{t.__name__}`"
            if t.__name__ in ma.__all__
            else f"``{getattr(t, '__name__', t)!s}``"
            for t in typing.get_args(obj)
            if isinstance(t, type) and not isinstance(t, types.GenericAlias)
        ]
        others = [
            "``" + re.sub(r"modern_art\.\w+\.", "", str(t)) + "``"
            for t in typing.get_args(obj)
            if isinstance(t, types.GenericAlias)
        ]
        lines += ["", "One of " + ", ".join(members + others) + "."]


def _shorter_signatures(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """No ``(value)`` for enums; ``CMON`` instead of the edition's long repr."""
    if what == "class" and isinstance(obj, type) and issubclass(obj, enum.Enum):
        return "", return_annotation
    if signature:
        for edition in (ma.CMON, ma.ORIGINAL):
            signature = signature.replace(repr(edition), edition.name.upper())
        return signature, return_annotation
    return None


def _alias_names_in_generics() -> None:
    """Show a type alias inside a generic as its name, such as ``Sequence[Action]``.

    With ``autodoc_type_aliases`` Sphinx writes ``Action`` inside a generic
    as ``TypeAliasForwardRef('modern_art.Action')`` (its repr); this makes
    the repr the name, which then links to the alias's entry.
    """
    forward_ref = getattr(sphinx.util.inspect, "TypeAliasForwardRef", None)
    if forward_ref is None:  # pragma: no cover - another Sphinx version
        return
    forward_ref.__repr__ = lambda self: str(self.name)  # type: ignore[method-assign]


SPHINX_PAGES = frozenset(
    {"search", "genindex", "py-modindex", "modindex", "searchindex", "objects"}
)
"""The pages the HTML builder writes itself: no source page may take one of these names."""


def _no_page_takes_a_sphinx_name(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """Warn for each source page named as a page Sphinx writes (its page would win)."""
    for docname in sorted(env.found_docs & SPHINX_PAGES):
        sphinx_logging.getLogger(__name__).warning(
            "docs/%s: Sphinx writes its own %s.html, which would replace this page; rename it",
            docname,
            docname,
            location=docname,
        )


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives and the reference resolver."""
    _alias_names_in_generics()
    _napoleon_skips_attributes(app)
    app.connect("autodoc-process-docstring", _public_data_docs)
    app.connect("autodoc-process-signature", _shorter_signatures)
    app.add_directive("rules-field", RulesField)
    app.add_directive("value-table", ValueTable)
    app.add_directive("value-board", ValueBoard)
    app.add_directive("deck-table", DeckTable)
    app.add_directive("card-codes", CardCodes)
    app.add_directive("turn-flow", TurnFlow)
    app.add_directive("board-picture", BoardPicture)
    app.connect("missing-reference", _documented_name)
    app.connect("env-before-read-docs", _no_page_takes_a_sphinx_name)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
