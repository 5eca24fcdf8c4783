"""SVG 1.1 structure checks for the pictures the library draws, shared by the tests.

A picture passes when it is well-formed XML whose root is an SVG ``<svg>``
with a ``viewBox`` and a positive size, and it holds no ``<script>``, no
``<foreignObject>``, no event-handler attribute and no reference outside
itself (every ``href`` and ``url(...)`` points at ``#`` something).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_URL = re.compile(r"url\(\s*['\"]?([^)'\"]*)")
_VIEWBOX = re.compile(r"^0 0 \d+(\.\d+)? \d+(\.\d+)?$")

# SVG 1.1 elements the pictures may use; anything else is a finding.
ALLOWED = {
    "svg", "g", "title", "desc", "rect", "circle", "line", "polyline", "path", "text",
    "tspan", "defs", "marker",
}  # fmt: skip


def problems(picture: str) -> list[str]:
    """Everything wrong with ``picture`` as a self-contained SVG 1.1 picture; ``[]`` if fine."""
    try:
        root = ET.fromstring(picture)
    except ET.ParseError as exc:
        return [f"not well-formed XML: {exc}"]
    found = []
    if root.tag != f"{{{SVG_NS}}}svg":
        found.append(f"root is {root.tag}, not an SVG <svg>")
    if not _VIEWBOX.match(root.get("viewBox", "")):
        found.append(f"viewBox missing or odd: {root.get('viewBox')!r}")
    for size in ("width", "height"):
        value = root.get(size, "")
        if not value.replace(".", "", 1).isdigit() or float(value) <= 0:
            found.append(f"{size} is not a positive number: {value!r}")
    for element in root.iter():
        namespace, _, name = element.tag.rpartition("}")
        if namespace[1:] != SVG_NS or name not in ALLOWED:
            found.append(f"element {element.tag} is not allowed")
        for attribute, value in element.attrib.items():
            local = attribute.rpartition("}")[2]
            if local.lower().startswith("on"):
                found.append(f"event handler {attribute} on {name}")
            if local == "href" and not value.startswith("#"):
                found.append(f"external reference {value!r}")
            for target in _URL.findall(value):
                if not target.startswith("#"):
                    found.append(f"external url({target!r}) in {attribute}")
            if local == "style" and ("@import" in value or "url(" in value):
                found.append(f"style refers outside: {value!r}")
    return found


def texts(picture: str) -> list[str]:
    """The text of each ``<text>`` element, in document order (titles excluded)."""
    root = ET.fromstring(picture)
    return ["".join(t.itertext()) for t in root.iter(f"{{{SVG_NS}}}text")]


def all_text(picture: str) -> str:
    """Every piece of character data in the picture, titles included, joined by newlines."""
    return "\n".join(ET.fromstring(picture).itertext())
