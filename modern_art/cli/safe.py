"""Making strings from users and files safe to print on a terminal.

Names, edition and artist names, record fields and error messages that echo
input may hold anything. Printed as they are, they can do harm twice over:

- as **Rich markup**: ``[/]`` crashes the print, ``[blink red on white]``
  styles everything after it;
- as **control characters**: ``ESC [2J`` clears the screen,
  ``ESC ] 0 ; ... BEL`` sets the window title, a bidirectional override
  reverses the text after it.

Every string that did not come from this program goes through one of the
two functions here before it is printed:

- :func:`markup_safe` for text printed with Rich markup on (``console.print``,
  table cells, everything the narrator returns);
- :func:`visible` for text printed without markup (``print`` to stderr,
  ``markup=False``).

Control characters are *shown*, not dropped, as the escape Python would
write (``\\x1b``), so a reader sees that a name holds something odd.

>>> markup_safe("[blink red on white]Ann\\x1b[2J")
'\\\\[blink red on white]Ann\\\\x1b[2J'
>>> visible("Bo\\u202eoB")
'Bo\\\\u202eoB'
"""

from __future__ import annotations

import re

from rich.markup import escape

__all__ = ["markup_safe", "visible"]

# C0 and C1 controls and DEL (ESC starts every terminal escape sequence), the
# line and paragraph separators, and the bidirectional embeddings, overrides
# and isolates that reorder the text around them ("Trojan Source").
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _shown(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written out as its escape (``\\x1b``).

    For text printed without Rich markup. Linear in the length of ``text``.
    """
    return _UNSAFE.sub(_shown, text)


def markup_safe(text: str) -> str:
    """``text`` ready to print with Rich markup on: controls shown, markup escaped.

    Use it for every string from a user or a file that goes into
    ``console.print``, a table cell or a narrator line.
    """
    return escape(visible(text))
