"""Sphinx extension: the map of the package, drawn from the tree at every build.

``.. module-map::``
    Every layer of ``modern_art/`` in order (:data:`module_index.LAYERS`),
    each with the first paragraph of its ``__init__.py`` docstring, and
    under it every module of the layer with the first paragraph of its own
    docstring. The folders are walked and the docstrings read with
    :mod:`ast` (:mod:`module_index`), so a module added, moved or
    described anew shows on the next build and the page cannot drift from
    the tree. Rule numbers in the docstrings link to the rules reference.

Configuration: ``module_map_package`` (default ``"../modern_art"``, relative
to the docs folder) and ``module_map_pages`` (the pages re-read on every
build, since Sphinx does not watch for new modules; default
``["contributing"]``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from module_index import Layer, ModuleEntry, module_map
from rule_reference import link_rule_mentions
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective


class ModuleMapDirective(SphinxDirective):
    """``.. module-map::``: the layers and their modules, as the tree holds them."""

    def run(self) -> list[nodes.Node]:
        package = (Path(self.env.srcdir) / self.config.module_map_package).resolve()
        if not package.is_dir():
            raise self.error(f"module_map_package {str(package)!r} is not a folder")
        for path in sorted(package.rglob("*.py")):
            if "__pycache__" not in path.parts:
                self.env.note_dependency(str(path))
        listing = nodes.definition_list(classes=["module-map"])
        for layer in module_map(package):
            listing += self._layer(layer)
        return [listing]

    def _layer(self, layer: Layer) -> nodes.definition_list_item:
        item = nodes.definition_list_item()
        term = nodes.term()
        term += nodes.literal(layer.path, layer.path)
        if layer.summary:
            term += nodes.Text(": ")
            term += self._inline(layer.summary, f"modern_art.{layer.name}".rstrip("."))
        if not layer.known:
            term += nodes.Text(" (a folder the layer order does not place yet)")
        item += term
        definition = nodes.definition()
        if layer.modules:
            bullets = nodes.bullet_list()
            for module in layer.modules:
                bullets += self._module(module)
            definition += bullets
        item += definition
        return item

    def _module(self, module: ModuleEntry) -> nodes.list_item:
        paragraph = nodes.paragraph()
        paragraph += nodes.literal(module.short, module.short)
        paragraph += nodes.Text(": ")
        if module.summary:
            paragraph += self._inline(module.summary, module.name)
        else:
            paragraph += nodes.emphasis("", "(no docstring)")
        return nodes.list_item("", paragraph)

    def _inline(self, text: str, module: str) -> list[nodes.Node]:
        """A docstring's first paragraph parsed as inline reST, as if in its module.

        Cross-references such as ``:func:`view``` are resolved against the
        module (and then the public name, :func:`_public_name`).
        """
        context = self.env.ref_context
        before = context.get("py:module")
        context["py:module"] = module
        try:
            parsed, messages = self.state.inline_text(link_rule_mentions(text), self.lineno)
        finally:
            if before is None:
                context.pop("py:module", None)
            else:
                context["py:module"] = before
        for node in parsed:
            for xref in node.findall(addnodes.pending_xref):
                xref["module_map"] = True
        return [*parsed, *messages]


def _public_name(
    app: Sphinx, env: BuildEnvironment, node: addnodes.pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a short name in a mapped docstring (``view``) to its documented name.

    Only the map's own references: elsewhere a short name that is not found
    stays a warning's business, not a guess's.
    """
    target = node.get("reftarget", "")
    module = node.get("py:module") or ""
    if not node.get("module_map") or node.get("refdomain") != "py":
        return None
    target = target.lstrip("~.")
    if not target or target.startswith("modern_art."):
        return None
    domain = env.domains["py"]
    # The module, then each package around it (``svg.board`` is documented
    # as ``modern_art.svg.board``), then the public name.
    parts = module.split(".")
    names = [".".join([*parts[:k], target]) for k in range(len(parts), 0, -1)]
    for name in [*names, f"modern_art.{target.rsplit('.', 1)[-1]}"]:
        if name in domain.objects:  # type: ignore[attr-defined]
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], name, node, contnode
            )
    return None


def _always_reread(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    # A new module is no dependency Sphinx knows of: re-read the map's pages.
    return [docname for docname in env.found_docs if docname in app.config.module_map_pages]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, its configuration and the short-name resolver."""
    app.add_config_value("module_map_package", "../modern_art", "env")
    app.add_config_value("module_map_pages", ["contributing"], "env")
    app.add_directive("module-map", ModuleMapDirective)
    app.connect("env-get-outdated", _always_reread)
    app.connect("missing-reference", _public_name)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
