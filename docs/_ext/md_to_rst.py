"""Turn the small Markdown of ``CHANGELOG.md`` into reStructuredText.

Enough Markdown for a changelog in the Keep a Changelog style: ATX headings,
paragraphs, bullet and numbered lists (nested by indentation, items wrapped
over several lines), fenced code, inline code, links, bold and emphasis.
Link reference definitions (``[1.0.0]: https://...``) are dropped; the
heading text stays. No Sphinx import: ``tests/test_docs.py`` tests it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["convert", "inline"]

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$")
_FENCE = re.compile(r"^(\s*)(```|~~~)\s*([\w+-]*)\s*$")
_LINK_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*\S+")
_UNDERLINES = "=-~^\"'"

# Inline tokens: code spans, links, bold, emphasis, in that priority.
_INLINE = re.compile(
    r"(?P<code>`+)(?P<code_text>.+?)(?P=code)(?!`)"
    r"|\[(?P<link_text>[^\]]+)\]\((?P<url>[^)\s]+)\)"
    r"|\*\*(?P<bold>[^*]+?)\*\*"
    r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?![\w*])"
    r"|(?<!\w)_(?P<em2>[^_\s][^_]*?)_(?!\w)"
)


def _escape(text: str) -> str:
    """Plain text with the characters reStructuredText would read as markup escaped."""
    text = text.replace("\\", "\\\\")
    text = re.sub(r"([*`|])", r"\\\1", text)
    # A word ending in "_" (or "__") would be a reference.
    return re.sub(r"(\w)(_+)(?=\W|$)", lambda m: m[1] + "\\_" * len(m[2]), text)


def inline(text: str) -> str:
    """One block of Markdown inline text as reStructuredText inline text.

    >>> inline("`apply` returns a [Step](https://example.org/step)s, *fast*")
    '``apply`` returns a `Step <https://example.org/step>`__\\\\ s, *fast*'
    """
    out: list[str] = []
    pos = 0
    for match in _INLINE.finditer(text):
        out.append(_escape(text[pos : match.start()]))
        if match["code"]:
            body = match["code_text"].strip() or match["code_text"]
            markup = f"``{body}``"
        elif match["url"]:
            label = re.sub(r"`+([^`]*)`+", r"\1", match["link_text"])
            markup = f"`{_escape(label)} <{match['url']}>`__"
        elif match["bold"]:
            markup = f"**{_escape(match['bold'])}**"
        else:
            markup = f"*{_escape(match['em'] or match['em2'])}*"
        # Inline markup must be set off from letters and digits around it.
        if out and out[-1] and (out[-1][-1].isalnum() or out[-1][-1] in "`*"):
            markup = "\\ " + markup
        after = text[match.end() : match.end() + 1]
        if after and (after.isalnum() or after in "`*"):
            markup += "\\ "
        out.append(markup)
        pos = match.end()
    out.append(_escape(text[pos:]))
    return "".join(out)


def _heading_text(text: str) -> str:
    # "[1.0.0] - 2024-01-01" -> "1.0.0 - 2024-01-01"
    return re.sub(r"^\[([^\]]+)\](?!\()", r"\1", text)


def _blocks(lines: list[str]) -> Iterator[tuple[str, int, str, str]]:
    """Yield (kind, indent, marker, text) for each heading, item, paragraph, code block."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or _LINK_DEFINITION.match(line):
            i += 1
            continue
        if fence := _FENCE.match(line):
            indent, mark, language = len(fence[1]), fence[2], fence[3]
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith(mark):
                body.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i])
                i += 1
            i += 1
            yield "code", indent, language, "\n".join(body)
            continue
        if heading := _HEADING.match(line):
            yield "heading", len(heading[1]), "", _heading_text(heading[2])
            i += 1
            continue
        item = _ITEM.match(line)
        text = [item[3] if item else line.strip()]
        indent = len(item[1]) if item else len(line) - len(line.lstrip())
        i += 1
        while i < len(lines):
            nxt = lines[i]
            if not nxt.strip() or any(
                pattern.match(nxt) for pattern in (_ITEM, _HEADING, _FENCE, _LINK_DEFINITION)
            ):
                break
            text.append(nxt.strip())
            i += 1
        yield ("item" if item else "paragraph"), indent, (item[2] if item else ""), " ".join(text)


def convert(markdown: str) -> str:
    """A whole Markdown document as reStructuredText.

    >>> print(convert("# Log\\n\\n## [1.0]\\n\\n- one\\n  line\\n  - nested"))
    Log
    ===
    <BLANKLINE>
    1.0
    ---
    <BLANKLINE>
    - one line
    <BLANKLINE>
      - nested
    <BLANKLINE>
    """
    out: list[str] = []
    levels: list[int] = []  # heading levels seen, in order of first use
    stack: list[int] = []  # Markdown indents of the open list items
    for kind, indent, marker, text in _blocks(markdown.splitlines()):
        if kind == "heading":
            stack.clear()
            if indent not in levels:
                levels.append(indent)
            title = inline(text)
            underline = _UNDERLINES[min(levels.index(indent), len(_UNDERLINES) - 1)]
            out += [title, underline * max(len(title), 3), ""]
            continue
        if kind == "item":
            while stack and indent < stack[-1]:
                stack.pop()
            if not stack or indent > stack[-1]:
                stack.append(indent)
            depth = len(stack) - 1
            bullet = "-" if marker in "-*+" else "#."
            pad = "  " * depth if bullet == "-" else "   " * depth
            out += [f"{pad}{bullet} {inline(text)}", ""]
            continue
        while stack and indent <= stack[-1]:  # a paragraph or code outside the list
            stack.pop()
        pad = "  " * len(stack)
        if kind == "code":
            out += [f"{pad}.. code-block:: {marker or 'text'}", ""]
            out += [f"{pad}   {line}" if line else "" for line in text.splitlines()]
            out.append("")
        else:
            out += [pad + inline(text), ""]
    return "\n".join(out)
