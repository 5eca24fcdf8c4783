"""The built documentation holds every page of the toctree, each under its own title.

A page named as one Sphinx writes itself (``search.rst`` beside Sphinx's
``search.html``) vanished from the site without a warning; these tests see
the site a reader gets.
"""

from __future__ import annotations

import html
import importlib.util
import itertools
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.docs import DOCS
from tests.helpers.webkit import missing

TOCTREE = re.compile(r"(?m)^\.\. toctree::\n((?:   .*\n|\s*\n)*)")
"""A toctree directive and its indented body."""


def _toctree_pages() -> list[str]:
    """Every page the toctrees of every source page name, in order."""
    pages: list[str] = []
    for source in sorted(DOCS.glob("*.rst")):
        for body in TOCTREE.findall(source.read_text(encoding="utf-8")):
            for line in body.splitlines():
                entry = line.strip()
                if entry and not entry.startswith(":"):
                    pages.append(entry)
    return pages


def _title(page: str) -> str:
    """The page's title as its source gives it (the changelog's, from CHANGELOG.md)."""
    text = (DOCS / f"{page}.rst").read_text(encoding="utf-8")
    lines = text.splitlines()
    for above, below in itertools.pairwise(lines):
        if (
            above.strip()
            and re.fullmatch(r"([=\-~^\"'#*+])\1+", below)
            and len(below) >= len(above)
        ):
            return above.strip()
    included = re.search(r"\.\. include:: (\S+\.md)", text)
    assert included, f"{page}.rst has no title"
    heading = re.search(r"(?m)^# (.+)$", (DOCS / included.group(1)).read_text(encoding="utf-8"))
    assert heading
    return heading.group(1).strip()


def test_no_page_takes_a_name_sphinx_writes_itself() -> None:
    """No source page is named search, genindex, py-modindex, ... (the build's own pages)."""
    reserved = {"search", "genindex", "py-modindex", "modindex", "searchindex", "objects"}
    names = {p.stem for p in DOCS.glob("*.rst")} | {p.stem for p in DOCS.glob("*.md")}
    assert not names & reserved
    assert not set(_toctree_pages()) & reserved


def test_every_source_page_is_in_a_toctree_once() -> None:
    """Each page but the index is reached from a toctree, and none twice."""
    pages = _toctree_pages()
    assert len(pages) == len(set(pages))
    assert set(pages) == {p.stem for p in DOCS.glob("*.rst")} - {"index"}


def _plain_quotes(text: str) -> str:
    """``text`` with Sphinx's typographic apostrophes put back as plain ones."""
    return text.replace("\u2019", "'").replace("&#8217;", "'")


BUILT = "MODERN_ART_BUILT_DOCS"
"""An HTML build of the docs made beside the suite (.ci/run's docs step builds it once, for
both): the folder, and ``<folder>.status`` holding the build's exit code when it ends."""


def _built_beside(folder: Path) -> Path:
    """The site another process builds into ``folder``, once its build has ended."""
    status = folder.with_name(folder.name + ".status")
    deadline = time.monotonic() + 1200
    while not status.exists():
        assert time.monotonic() < deadline, f"{status} never appeared"
        time.sleep(1)
    code = status.read_text(encoding="utf-8").strip()
    assert code == "0", f"the docs' build beside the suite failed (exit {code}); see its log"
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML site, built as the README builds it (warnings are errors)."""
    if os.environ.get(BUILT):
        return _built_beside(Path(os.environ[BUILT]))
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("furo") is None:
        missing("the docs' build needs Sphinx and its theme: pip install -e '.[docs]'")
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [
            *(sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"),
            *("-d", str(out / ".doctrees"), str(DOCS), str(out / "html")),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return out / "html"


def test_every_toctree_page_is_in_the_built_site_under_its_own_title(site: Path) -> None:
    """Each toctree page is an HTML page whose title is the source's, linked from the index."""
    index = _plain_quotes((site / "index.html").read_text(encoding="utf-8"))
    for page in _toctree_pages():
        title = html.escape(_title(page), quote=False)
        built = _plain_quotes((site / f"{page}.html").read_text(encoding="utf-8"))
        assert f"<title>{title} - modern-art" in built, page
        assert f'href="{page}.html">{title}</a>' in index, page


def test_a_page_named_as_sphinx_s_own_page_fails_the_build(tmp_path: Path) -> None:
    """A tiny project with a search.rst fails under -W, naming the page to rename."""
    if importlib.util.find_spec("sphinx") is None:
        missing("the docs' build needs Sphinx: pip install -e '.[docs]'")
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        f"import sys\nsys.path.insert(0, {str(DOCS / '_ext')!r})\n"
        "extensions = ['modern_art_docs']\n",
        encoding="utf-8",
    )
    (source / "index.rst").write_text(
        "Home\n====\n\n.. toctree::\n\n   search\n", encoding="utf-8"
    )
    (source / "search.rst").write_text("Mine\n====\n\nText.\n", encoding="utf-8")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-W",
            "-q",
            "-b",
            "html",
            str(source),
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode != 0
    assert "Sphinx writes its own search.html" in result.stderr
