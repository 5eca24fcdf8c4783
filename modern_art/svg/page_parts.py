"""The parts pages share, written once: a page's marked parts fill another page's slots.

A page marks a part with a ``<!-- part NAME -->`` line and ends it with an
``<!-- end of part -->`` line; a template asks for it with a lone ``<!--
part NAME -->`` line. The service's help page takes its head from the
service's table page (:mod:`modern_art.web.app`), and the static site's page
takes its head and the table from it too (:func:`modern_art.site.build.site_page`).

>>> page = "<b>\\n  <!-- part log -->\\n  <ol></ol>\\n  <!-- end of part -->\\n</b>\\n"
>>> fill_parts("<i>\\n <!-- part log -->\\n</i>\\n", page_parts(page))
'<i>\\n  <ol></ol>\\n</i>\\n'
"""

from __future__ import annotations

import re
from collections.abc import Mapping

__all__ = ["fill_parts", "page_parts"]

_PART = re.compile(
    r"^[ \t]*<!-- part ([a-z ]+) -->\n(.*?)^[ \t]*<!-- end of part -->\n", re.M | re.S
)
_SLOT = re.compile(r"^[ \t]*<!-- part ([a-z ]+) -->\n", re.MULTILINE)


def page_parts(page: str) -> dict[str, str]:
    """Each part ``page`` marks, by name: the lines between its two marker lines."""
    return {m[1]: m[2] for m in _PART.finditer(page)}


def fill_parts(template: str, parts: Mapping[str, str]) -> str:
    """``template`` with each ``<!-- part NAME -->`` line replaced by ``parts[NAME]``.

    Raises:
        KeyError: the template asks for a part not in ``parts`` (the part's name).
    """
    return _SLOT.sub(lambda slot: parts[slot[1]], template)
