"""``modern-art site DIR`` without a browser: the files, the wheels, the refusals, the types.

Needs the site's Node tooling (``cd js && npm ci``: Pyodide's npm package,
json-schema-to-typescript, TypeScript) and, once, PyPI for the wheels of
attrs and cattrs (then cached); skipped with the reason without them, failed
under CI.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import modern_art as ma
from modern_art.data.errors import SiteError
from modern_art.site.build import (
    PALETTE,
    PYODIDE_FILES,
    SHARED_FILES,
    SITE_FILES,
    site_page,
    write_site,
)
from modern_art.site.wheels import dependency_wheels, write_own_wheel
from modern_art.svg import palette_css
from tests.helpers.site import JS, PYODIDE, ROOT, need_node_tooling

need_node_tooling()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site written by the command, as a user runs it."""
    out = tmp_path_factory.mktemp("site") / "site"
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "site", str(out), "--pyodide", str(PYODIDE)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "python -m http.server" in done.stdout
    return out


def test_the_site_holds_pyodide_the_wheels_and_the_page(site: Path) -> None:
    """Every file the page loads is in DIR; the manifest lists them and the wheels."""
    manifest = json.loads((site / "site.json").read_text())
    assert manifest["version"] == ma.__version__
    for name in PYODIDE_FILES:
        assert (site / "pyodide" / name).is_file(), name
    for name in (*SITE_FILES, *SHARED_FILES):
        assert (site / name).is_file(), name
    wheels = manifest["wheels"]
    assert wheels[0] == f"modern_art-{ma.__version__}-py3-none-any.whl"
    assert {w.split("-")[0] for w in wheels} >= {"modern_art", "attrs", "cattrs"}
    assert all(w.endswith("-py3-none-any.whl") and (site / "wheels" / w).is_file() for w in wheels)
    assert (
        sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())
        == manifest["files"]
    )


def test_the_look_is_the_web_tables_own_stylesheet_renderer_and_palette(site: Path) -> None:
    """style.css and render.js are the service's own, copied in; palette.css is the service's."""
    for name in SHARED_FILES:
        shared = ROOT / "modern_art" / "web" / "static" / name
        assert (site / name).read_bytes() == shared.read_bytes(), name
        assert not (ROOT / "modern_art" / "site" / "static" / name).exists(), name
    assert (site / PALETTE).read_text() == palette_css()
    page = (site / "index.html").read_text()
    assert 'href="palette.css"' in page and '<script src="render.js">' in page
    assert "<!-- part" not in page and '<table id="board-table">' in page


def test_the_site_page_takes_its_parts_from_the_services_page() -> None:
    """Each part of the template is the service's page's; a part it lacks is an error."""
    service = (ROOT / "modern_art" / "web" / "static" / "index.html").read_text()
    template = (ROOT / "modern_art" / "site" / "static" / "index.html").read_text()
    page = site_page(template, service)
    for part in (
        '<section id="board" class="panel">',
        '<div id="hand-cards" class="cards"></div>',
    ):
        assert part in service and part in page and part not in template
    with pytest.raises(SiteError, match="no part 'nothing'"):
        site_page("<!-- part nothing -->\n", service)


def test_no_file_points_outside_the_folder(site: Path) -> None:
    """No page file names a CDN or any other host: every URL in them is relative."""
    for name in ("index.html", "page.js", "modern-art.js", "site.css", *SHARED_FILES, PALETTE):
        text = (site / name).read_text()
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name


def test_the_own_wheel_is_pure_and_reproducible(tmp_path: Path) -> None:
    """The wheel holds the package's sources and metadata, no extension; same bytes twice."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = write_own_wheel(tmp_path / "a")
    assert first.read_bytes() == write_own_wheel(tmp_path / "b").read_bytes()
    names = zipfile.ZipFile(first).namelist()
    assert "modern_art/site/bridge.py" in names and "modern_art/core/transition.py" in names
    assert not any(n.endswith((".so", ".pyd", ".pyc")) or "__pycache__" in n for n in names)
    info = f"modern_art-{ma.__version__}.dist-info"
    metadata = zipfile.ZipFile(first).read(f"{info}/METADATA").decode()
    assert "Requires-Dist: attrs" in metadata and "Requires-Dist: cattrs" in metadata
    assert names[-1] == f"{info}/RECORD"


def test_the_unpacked_wheel_plays(tmp_path: Path) -> None:
    """Unpacked alone (what Pyodide does), the wheel imports and plays a game."""
    wheel = write_own_wheel(tmp_path)
    zipfile.ZipFile(wheel).extractall(tmp_path / "lib")
    code = "import modern_art as ma; print(ma.playout(ma.new_game(3, seed=1), seed=2).is_over)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, check=False, timeout=120,
        cwd=tmp_path, env={"PYTHONPATH": str(tmp_path / "lib")},
    )  # fmt: skip
    assert done.stdout.strip() == "True", done.stderr


def test_offline_without_a_cache_says_what_to_fetch(tmp_path: Path) -> None:
    """--offline with an empty cache: an error naming the pip command, nothing written."""
    with pytest.raises(SiteError, match="pip download"):
        dependency_wheels(tmp_path / "empty", offline=True)
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "site", str(tmp_path / "out"), "--offline",
         "--cache", str(tmp_path / "empty"), "--pyodide", str(PYODIDE)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1 and "--offline" in done.stderr
    assert not (tmp_path / "out").exists()


def test_offline_with_the_cache_writes_the_site(site: Path, tmp_path: Path) -> None:
    """Once the wheels are cached, --offline writes the same site with no network."""
    out = write_site(tmp_path / "again", pyodide=PYODIDE, offline=True)
    assert (out.directory / "site.json").read_bytes() == (site / "site.json").read_bytes()


def test_a_wrong_pyodide_or_a_file_as_dir_is_refused(tmp_path: Path) -> None:
    """--pyodide at a folder that is not the pinned npm package, or DIR a file: exit 1, told."""
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "site", str(tmp_path / "out"),
         "--pyodide", str(tmp_path)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1 and "npm install pyodide@" in done.stderr
    (tmp_path / "file").write_text("x")
    with pytest.raises(SiteError, match="not a folder"):
        write_site(tmp_path / "file", pyodide=PYODIDE)


def test_modern_art_d_ts_is_up_to_date_with_the_schema() -> None:
    """tools/site_types.py --check: the committed types are what ma.json_schema gives now."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site_types.py"), "--check"],
        capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_types_name_every_document_and_the_js_api() -> None:
    """modern-art.d.ts declares a type per kind of document, and load, Game, ModernArtError."""
    from modern_art.wire.converter import KINDS

    text = (ROOT / "modern_art" / "site" / "static" / "modern-art.d.ts").read_text()
    for kind in KINDS:
        assert f"export type {kind.capitalize()}Document" in text or (
            f"export interface {kind.capitalize()}Document" in text
        ), kind
    for name in ("function load", "class Game", "class ModernArtError"):
        assert name in text
    assert (JS / "package-lock.json").is_file()


def test_pyodide_is_pinned_alike_in_the_command_and_the_lockfile() -> None:
    """js/package.json, js/package-lock.json and the command name the same Pyodide."""
    from modern_art.site.build import PYODIDE_VERSION

    assert (
        json.loads((JS / "package.json").read_text())["dependencies"]["pyodide"] == PYODIDE_VERSION
    )
    lock = json.loads((JS / "package-lock.json").read_text())
    assert lock["packages"]["node_modules/pyodide"]["version"] == PYODIDE_VERSION
    assert json.loads((PYODIDE / "package.json").read_text())["version"] == PYODIDE_VERSION


def test_the_command_is_listed_and_has_its_help() -> None:
    """modern-art --help lists site; modern-art site --help tells what it needs."""
    listed = subprocess.run(
        [sys.executable, "-m", "modern_art", "--help"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert listed.returncode == 0 and "site" in listed.stdout
    helped = subprocess.run(
        [sys.executable, "-m", "modern_art", "site", "--help"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert helped.returncode == 0
    assert "--offline" in helped.stdout and "pyodide@" in helped.stdout


def test_an_error_message_shows_control_characters_as_escapes(tmp_path: Path) -> None:
    """A path with a terminal escape in it is written out, never sent raw to the terminal."""
    bad = tmp_path / "a\x1b[2Jb"
    done = subprocess.run(
        [sys.executable, "-m", "modern_art", "site", str(tmp_path / "out"), "--pyodide", str(bad)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    assert "\x1b" not in done.stderr and "\\x1b[2J" in done.stderr
