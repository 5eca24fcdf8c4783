"""Intersphinx without the network: small inventories written at build time.

The build machines reach no documentation site, so instead of downloading
``objects.inv`` from docs.python.org and www.attrs.org, ``conf.py`` writes
inventories naming just the objects our docs refer to, with their real
addresses. Links in the built pages go to the real sites; nothing is fetched.
Add a name here when a docstring or page refers to another one.
"""

from __future__ import annotations

import zlib
from pathlib import Path

__all__ = ["mapping"]

PYTHON = "https://docs.python.org/3"
ATTRS = "https://www.attrs.org/en/stable"

# (name, domain:role, page relative to the site, anchor or "" for "$" = the name)
_PYTHON_OBJECTS = [
    ("bool", "py:class", "library/functions.html", ""),
    ("int", "py:class", "library/functions.html", ""),
    ("object", "py:class", "library/functions.html", ""),
    ("str", "py:class", "library/stdtypes.html", ""),
    ("tuple", "py:class", "library/stdtypes.html", ""),
    ("list", "py:class", "library/stdtypes.html", ""),
    ("dict", "py:class", "library/stdtypes.html", ""),
    ("frozenset", "py:class", "library/stdtypes.html", ""),
    ("None", "py:data", "library/constants.html", ""),
    ("True", "py:data", "library/constants.html", ""),
    ("False", "py:data", "library/constants.html", ""),
    ("ValueError", "py:exception", "library/exceptions.html", ""),
    ("KeyError", "py:exception", "library/exceptions.html", ""),
    ("IndexError", "py:exception", "library/exceptions.html", ""),
    ("AttributeError", "py:exception", "library/exceptions.html", ""),
    ("collections.abc.Iterable", "py:class", "library/collections.abc.html", ""),
    ("collections.abc.Iterator", "py:class", "library/collections.abc.html", ""),
    ("collections.abc.Sequence", "py:class", "library/collections.abc.html", ""),
    ("collections.abc.Mapping", "py:class", "library/collections.abc.html", ""),
    ("enum.Enum", "py:class", "library/enum.html", ""),
    ("random.Random", "py:class", "library/random.html", ""),
    ("random.choice", "py:function", "library/random.html", ""),
    ("typing.Any", "py:data", "library/typing.html", ""),
    ("typing.TypeAlias", "py:data", "library/typing.html", ""),
    ("ast", "py:module", "library/ast.html", "module-ast"),
    ("doctest", "py:module", "library/doctest.html", "module-doctest"),
]

_ATTRS_OBJECTS = [
    ("attrs.frozen", "py:function", "api.html", ""),
    ("attrs.define", "py:function", "api.html", ""),
    ("attrs.field", "py:function", "api.html", ""),
    ("attrs.evolve", "py:function", "api.html", ""),
    ("attrs.fields", "py:function", "api.html", ""),
    ("attrs.asdict", "py:function", "api.html", ""),
]


def _inventory(project: str, objects: list[tuple[str, str, str, str]]) -> bytes:
    header = (
        "# Sphinx inventory version 2\n"
        f"# Project: {project}\n"
        "# Version: \n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    lines = []
    for name, role, page, anchor in objects:
        uri = f"{page}#{anchor}" if anchor else f"{page}#$"
        lines.append(f"{name} {role} 1 {uri} -\n")
    return header.encode() + zlib.compress("".join(lines).encode())


def mapping(folder: Path) -> dict[str, tuple[str, str]]:
    """Write the inventories into ``folder``; the ``intersphinx_mapping`` that uses them."""
    folder.mkdir(parents=True, exist_ok=True)
    result = {}
    for key, project, site, objects in (
        ("python", "Python", PYTHON, _PYTHON_OBJECTS),
        ("attrs", "attrs", ATTRS, _ATTRS_OBJECTS),
    ):
        path = folder / f"{key}.inv"
        data = _inventory(project, objects)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
        result[key] = (site, str(path))
    return result
