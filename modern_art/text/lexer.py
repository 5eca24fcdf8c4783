"""Words of a line of text, with JSON-quoted strings: the shared lexer of the text formats.

Names (of players, of a made-up edition) are written as JSON strings,
ASCII only, so any name fits on one line and nothing in it can act as a
terminal control sequence. Everything else is a word without spaces.
Reading is linear in the text's length: a quote that does not close stops
the reader at once.
"""

from __future__ import annotations

import json
import re
from typing import Final

from modern_art.data.errors import NotationError

__all__ = ["quote", "unquote", "words"]

_PLAIN: Final = re.compile(r"[ !#-\[\]-~]*+")
_TOKEN: Final = re.compile(r'\s++|"(?:[^"\\\n]++|\\.)*+"|[^\s"]++|(?P<bad>.)', re.DOTALL)


def quote(text: str) -> str:
    """``text`` as a JSON string, ASCII only.

    >>> quote('Ann "the bold"')
    '"Ann \\\\"the bold\\\\""'
    """
    if _PLAIN.fullmatch(text):  # most names: nothing to escape
        return f'"{text}"'
    return json.dumps(text, ensure_ascii=True)


def unquote(word: str) -> str:
    """The string a quoted word holds.

    Raises:
        NotationError: ``word`` is not a JSON string.
    """
    try:
        value = json.loads(word)
    except ValueError:
        value = None
    if not isinstance(value, str):
        raise NotationError(f"{word[:40]!r} is not a quoted name")
    return value


def words(line: str) -> list[str]:
    """The words of ``line``; a quoted string is one word, quotes included.

    Raises:
        NotationError: a quote that does not close on the line.

    >>> words('seat 0 "Ann Lee" money 5')
    ['seat', '0', '"Ann Lee"', 'money', '5']
    """
    if '"' not in line:  # the common case: plain words
        return line.split()
    out = []
    for match in _TOKEN.finditer(line):
        if match["bad"] is not None:
            raise NotationError(f"a quote opened at character {match.start() + 1} does not close")
        token = match.group()
        if not token[0].isspace():
            out.append(token)
    return out
