"""The code blocks of the docs' pages and of the README, and a reader's run of a page.

A page is read as a reader meets it: each block with its language (from its
directive or its fence), in order. :func:`run_page` runs a page's Python as a
reader copies it into a fresh interpreter: every Python block executed and
every ``>>>`` example checked, one after the other in one namespace that
starts empty, so a block may use what an earlier block of the page made, but
nothing the docs' configuration sets up. ``python -m tests.helpers.codeblocks
PAGE`` does it in a process of its own (the tests start one per page).

It imports only the standard library: the run starts as empty as it can.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
"""The project root."""

PYTHON = frozenset({"python", "python3", "py"})
"""Languages whose blocks are whole Python programs (or a page's next lines of one)."""

SESSION = frozenset({"pycon", "doctest"})
"""Languages of ``>>>`` sessions: each example checked against its printed result."""

SHELL = frozenset({"bash", "sh", "console", "shell"})
"""Shell commands: told apart, not run here (the CLI's tests run the README's commands)."""

SHOWN = frozenset({"text", "ini", "json", "toml", "yaml", "html", "nginx", "none"})
"""Output, configuration and documents: shown, never run."""

OTHER = frozenset({"javascript", "js", "typescript"})
"""Programs in other languages: a file the page includes (its tests run it), or a fragment."""

FRAGMENT = "fragment"
"""The class (``:class: fragment``) that marks a block meant as a part of something, not run."""

BY_HAND = "by-hand"
"""The class (``:class: by-hand``) of a whole program the suite cannot run (a cluster, Dask)."""

UNMARKED = "unmarked"
"""The language of a ``::`` block that is no ``>>>`` session: a page must say what it is."""

FLAGS = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
"""The doctest flags docs/conf.py sets."""


@dataclass(frozen=True)
class Block:
    """One code block: where it starts, its language, its text, and whether it is a fragment."""

    page: str
    line: int
    language: str
    text: str
    fragment: bool = False
    include: str | None = None


_DIRECTIVE = re.compile(
    r"^(\s*)\.\. (code-block|code|sourcecode|doctest|testcode|testsetup|literalinclude)::\s*(.*)$"
)
_FENCE = re.compile(r"^```(\S*)\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _body(lines: list[str], start: int, indent: int) -> tuple[dict[str, str], str, int]:
    """A directive's options and body (dedented) from ``start``; the index after it."""
    options: dict[str, str] = {}
    i = start
    while i < len(lines) and lines[i].strip().startswith(":") and _indent(lines[i]) > indent:
        name, _, value = lines[i].strip()[1:].partition(":")
        options[name.strip()] = value.strip()
        i += 1
    body: list[str] = []
    while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
        body.append(lines[i])
        i += 1
    while body and not body[-1].strip():
        body.pop()
    while body and not body[0].strip():
        body.pop(0)
    depth = min((_indent(b) for b in body if b.strip()), default=0)
    return options, "\n".join(b[depth:] for b in body) + "\n", i


def rst_blocks(path: Path) -> list[Block]:
    """Every code block of an rst page, in order: directives, ``::`` blocks, ``>>>`` paragraphs."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        match = _DIRECTIVE.match(line)
        if match:
            indent, kind, argument = len(match.group(1)), match.group(2), match.group(3).strip()
            options, text, after = _body(lines, i + 1, indent)
            fragment = bool({FRAGMENT, BY_HAND} & set(options.get("class", "").split()))
            if kind == "literalinclude":
                language = options.get("language", Path(argument).suffix.lstrip(".") or "text")
                included = (path.parent / argument).resolve()
                shown = included.read_text(encoding="utf-8")
                if "start-after" in options:
                    shown = shown.split(options["start-after"], 1)[1].lstrip("\n")
                blocks.append(Block(path.name, i + 1, language, shown, fragment, str(included)))
            else:
                language = {
                    "doctest": "pycon",
                    "testcode": "python",
                    "testsetup": "testsetup",
                }.get(kind, argument or "python")
                blocks.append(Block(path.name, i + 1, language, text, fragment))
            i = after
            continue
        if line.rstrip().endswith("::") and not line.lstrip().startswith(".."):
            _, text, after = _body(lines, i + 1, _indent(line))
            language = "pycon" if text.startswith(">>>") else UNMARKED
            blocks.append(Block(path.name, i + 2, language, text))
            i = after
            continue
        if line.lstrip().startswith(">>> "):
            start = i
            while i < len(lines) and lines[i].strip():
                i += 1
            depth = _indent(line)
            text = "\n".join(b[depth:] for b in lines[start:i]) + "\n"
            blocks.append(Block(path.name, start + 1, "pycon", text))
            continue
        i += 1
    return blocks


def rst_block(path: Path, language: str, opening: str) -> str:
    """The text of the one code block of an rst page in ``language`` whose first line is
    ``opening`` (stripped): a configuration a page shows, for a program to run as shown.

    Raises:
        ValueError: no such block, or more than one.
    """
    found = [
        block.text
        for block in rst_blocks(path)
        if block.language == language and block.text.splitlines()[0].strip() == opening
    ]
    if len(found) != 1:
        raise ValueError(f"{path.name}: {len(found)} {language} blocks open {opening!r}")
    return found[0]


def markdown_blocks(path: Path) -> list[Block]:
    """Every fenced block of a Markdown file, in order, with its fence's language."""
    lines = path.read_text(encoding="utf-8").splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match:
            i += 1
            continue
        start = i
        i += 1
        body: list[str] = []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        blocks.append(
            Block(path.name, start + 1, match.group(1) or "text", "\n".join(body) + "\n")
        )
        i += 1
    return blocks


def blocks_of(path: Path) -> list[Block]:
    """The page's blocks, whether it is rst or Markdown."""
    return markdown_blocks(path) if path.suffix == ".md" else rst_blocks(path)


def runs(block: Block) -> bool:
    """Whether a reader runs the block as Python: not a fragment, not a file the page names."""
    if block.fragment or block.language not in PYTHON | SESSION:
        return False
    # A file shown whole (examples/*.py, a source excerpt) is run as a file, by
    # tests/project/test_examples.py, or is the library's own source; only the
    # docs' own examples (docs/examples/) are meant to be copied into the session.
    return block.include is None or Path(block.include).parent == ROOT / "docs" / "examples"


def run_page(path: Path) -> list[str]:
    """Run the page's Python blocks in order in one empty namespace; each failure, in words."""
    namespace: dict[str, object] = {"__name__": "__main__"}
    failures: list[str] = []
    parser = doctest.DocTestParser()
    for block in blocks_of(path):
        if not runs(block):
            continue
        where = f"{block.page}:{block.line}"
        if block.language in PYTHON:
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    exec(compile(block.text, where, "exec"), namespace)
            except BaseException as exc:
                failures.append(f"{where}: {type(exc).__name__}: {exc}")
            continue
        test = parser.get_doctest(block.text, namespace, where, str(path), block.line - 1)
        test.globs = namespace  # the page's one namespace, not the copy DocTest makes
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=FLAGS, verbose=False)
        runner.run(test, out=out.write, clear_globs=False)
        if runner.failures:
            failures.append(out.getvalue())
    return failures


def main() -> None:
    """``python -m tests.helpers.codeblocks PAGE``: run the page; exit 1 with the failures."""
    failures = run_page(Path(sys.argv[1]))
    for failure in failures:
        print(failure, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
