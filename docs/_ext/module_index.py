"""The map of the package, read from the tree: each layer folder, its modules, their docstrings.

The layers are the folders (and the one module, ``scale``) under
``modern_art/``; :data:`LAYERS` gives their order, each importing only
those before it. Every ``*.py`` file is found by walking the tree, and each
is described by the first paragraph of its own docstring, read with
:mod:`ast` (nothing is imported). So the map changes when the tree does,
and a module without a docstring shows.

It has no Sphinx import, so ``tests/project/test_module_map.py`` uses it too.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "LAYERS",
    "ORDER",
    "Layer",
    "ModuleEntry",
    "first_paragraph",
    "module_map",
    "scan_modules",
]

LAYERS = (
    "data",
    "core",
    "seeing",
    "text",
    "wire",
    "svg",
    "agents",
    "testing",
    "cli",
    "envs",
    "web",
    "site",
    "records",
    "train",
)
"""The layer folders in order, each importing only those before it; then ``scale``."""

MODULE_LAYERS = ("scale",)
"""Layers that are one module at the top of the package, beside the faces."""

ORDER = (
    *LAYERS[: LAYERS.index("site") + 1],
    *MODULE_LAYERS,
    *LAYERS[LAYERS.index("site") + 1 :],
)
"""Every layer in the map's order: the folders up to the faces, ``scale`` beside them,
then ``train``, which builds on ``envs``."""


@dataclass(frozen=True)
class ModuleEntry:
    """One module of the package."""

    path: str
    """Its file, from the package's parent, with ``/``: ``"modern_art/core/auctions.py"``."""
    name: str
    """Its dotted name: ``"modern_art.core.auctions"`` (a package's, for an ``__init__.py``)."""
    layer: str
    """The layer folder (or layer module) it is in, ``""`` for the package's own modules."""
    summary: str
    """The first paragraph of its docstring on one line, ``""`` without a docstring."""

    @property
    def short(self) -> str:
        """Its path within its layer: ``"auctions.py"``, ``"problems/"`` for a sub-package."""
        parts = self.path.split("/")[2 if self.layer and self.layer not in MODULE_LAYERS else 1 :]
        if parts[-1] == "__init__.py" and len(parts) > 1:
            return "/".join(parts[:-1]) + "/"
        return "/".join(parts)


@dataclass(frozen=True)
class Layer:
    """One layer: its folder (or module), what its docstring says, and its modules."""

    name: str
    """The folder or module name (``"core"``), ``""`` for the package's own modules."""
    path: str
    """``"modern_art/core/"``, ``"modern_art/scale.py"`` or ``"modern_art/"``."""
    summary: str
    """The first paragraph of the layer's docstring (its ``__init__.py``'s)."""
    modules: tuple[ModuleEntry, ...]
    """Its modules in path order, the ``__init__.py`` of a folder left out."""
    known: bool = True
    """Whether :data:`LAYERS` places it; a new folder is mapped anyway, last."""


def first_paragraph(doc: str | None) -> str:
    """A docstring's first paragraph, on one line.

    >>> first_paragraph("Cards and symbols.\\n\\nMore words.")
    'Cards and symbols.'
    >>> first_paragraph("What happens between actions: the next\\n  turn, a round's end.")
    "What happens between actions: the next turn, a round's end."
    >>> first_paragraph(None)
    ''
    """
    if not doc:
        return ""
    return " ".join(doc.strip().split("\n\n", 1)[0].split())


def _docstring(path: Path) -> str | None:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError):
        return None  # the test run reports a module that does not parse
    return ast.get_docstring(tree)


def _layer_of(relative: tuple[str, ...]) -> str:
    """The layer of a file, from its parts below the package folder."""
    if len(relative) > 1:
        return relative[0]
    stem = relative[0].removesuffix(".py")
    return stem if stem in MODULE_LAYERS else ""


def scan_modules(package: Path) -> tuple[ModuleEntry, ...]:
    """Every module under ``package`` (a folder such as ``modern_art/``), in path order."""
    found: list[ModuleEntry] = []
    for path in package.rglob("*.py"):
        relative = path.relative_to(package).parts
        if "__pycache__" in relative:
            continue
        dotted = [package.name, *relative[:-1]]
        if relative[-1] != "__init__.py":
            dotted.append(relative[-1].removesuffix(".py"))
        found.append(
            ModuleEntry(
                path="/".join((package.name, *relative)),
                name=".".join(dotted),
                layer=_layer_of(relative),
                summary=first_paragraph(_docstring(path)),
            )
        )
    return tuple(sorted(found, key=lambda m: _sort_key(m.path)))


def _sort_key(path: str) -> tuple[str, ...]:
    # A folder's __init__.py first, then its modules, sub-packages in place.
    parts = path.split("/")
    return (*parts[:-1], "" if parts[-1] == "__init__.py" else parts[-1])


def module_map(package: Path) -> tuple[Layer, ...]:
    """The package's own modules, then each layer in :data:`LAYERS` order, then unknown folders.

    A folder's ``__init__.py`` (the package's own included) describes its
    layer and is not listed among the layer's modules; a sub-package's is
    (``seeing/problems/``).
    """
    modules = scan_modules(package)
    by_layer: dict[str, list[ModuleEntry]] = {}
    for module in modules:
        by_layer.setdefault(module.layer, []).append(module)
    top = package.name
    order = ["", *ORDER]
    names = order + sorted(set(by_layer) - set(order))
    layers: list[Layer] = []
    for name in names:
        members = by_layer.get(name, [])
        if not members:
            continue
        if name in MODULE_LAYERS:
            layers.append(Layer(name, f"{top}/{name}.py", members[0].summary, (), True))
            continue
        init = f"{top}/{name}/__init__.py" if name else f"{top}/__init__.py"
        head = next((m for m in members if m.path == init), None)
        layers.append(
            Layer(
                name,
                f"{top}/{name}/" if name else f"{top}/",
                head.summary if head else "",
                tuple(m for m in members if m.path != init),
                name in LAYERS or not name,
            )
        )
    return tuple(layers)
