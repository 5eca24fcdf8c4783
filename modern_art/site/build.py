"""Write the static site: Pyodide, the pure wheels, ``modern-art.js`` and the table.

The table is the service's: its stylesheet and its renderer (``style.css``,
``render.js``) are copied in, the artists' palette is written by
:func:`modern_art.svg.palette_css` as the service's is, and the page fills
each ``<!-- part NAME -->`` of its template with that part of the service's
page (:func:`site_page`).

>>> from modern_art.site.build import SITE_FILES
>>> "modern-art.js" in SITE_FILES and "index.html" in SITE_FILES
True
"""

from __future__ import annotations

import importlib.resources
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

import attrs

import modern_art as ma
from modern_art.data.errors import SiteError
from modern_art.site.wheels import default_cache, dependency_wheels, write_own_wheel
from modern_art.svg import palette_css
from modern_art.svg.page_parts import fill_parts, page_parts

__all__ = [
    "PYODIDE_FILES",
    "PYODIDE_VERSION",
    "SHARED_FILES",
    "SITE_FILES",
    "Site",
    "find_pyodide",
    "site_page",
    "write_site",
]

PYODIDE_VERSION = "0.29.5"
"""The Pyodide the site is made with (pinned in ``js/package.json`` too)."""

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""The files of the npm package the page loads (``package.json`` names its version)."""

SITE_FILES = ("index.html", "modern-art.js", "modern-art.d.ts", "page.js", "site.css")
"""The site's own files, package data in ``modern_art/site/static`` (``index.html``
a template that :func:`site_page` fills in)."""

SHARED_FILES = ("style.css", "render.js")
"""The web table's files the site shares (``modern_art/web/static``): the look and the drawing."""

PALETTE = "palette.css"
"""The artists' colours, written by :func:`modern_art.svg.palette_css` (the service's too)."""


@attrs.frozen
class Site:
    """What :func:`write_site` wrote: the folder, its files (relative paths) and their bytes."""

    directory: Path
    files: tuple[str, ...]
    size: int
    pyodide: Path


def _pyodide_version(folder: Path) -> str | None:
    try:
        return str(json.loads((folder / "package.json").read_text())["version"])
    except (OSError, ValueError, KeyError):
        return None


def _usable(folder: Path) -> bool:
    return _pyodide_version(folder) == PYODIDE_VERSION and all(
        (folder / f).is_file() for f in PYODIDE_FILES
    )


def find_pyodide(
    given: Path | None = None, *, cache: Path | None = None, offline: bool = False
) -> Path:
    """The folder of Pyodide's npm package, version :data:`PYODIDE_VERSION`.

    Looked for in order: ``given``; ``$MODERN_ART_PYODIDE``; ``node_modules/pyodide``
    in the working directory or a parent (``npm install pyodide@0.29.5``); the
    cache. Failing those, and unless ``offline``, ``npm pack`` fetches it from
    the npm registry into the cache.

    Raises:
        SiteError: no usable Pyodide, with how to get one.
    """
    wanted = f"pyodide@{PYODIDE_VERSION}"
    if given is not None:
        if not _usable(given):
            raise SiteError(
                f"{given} is not Pyodide {PYODIDE_VERSION}'s npm package (found version"
                f" {_pyodide_version(given)}); npm install {wanted} and give node_modules/pyodide"
            )
        return given
    candidates = [Path(p) for p in [os.environ.get("MODERN_ART_PYODIDE")] if p]
    here = Path.cwd().resolve()
    candidates += [d / "node_modules" / "pyodide" for d in (here, *here.parents)]
    candidates += [d / "js" / "node_modules" / "pyodide" for d in (here, *here.parents)]
    store = (cache or default_cache()).parent / f"pyodide-{PYODIDE_VERSION}"
    candidates.append(store / "package")
    for candidate in candidates:
        if _usable(candidate):
            return candidate
    if offline or shutil.which("npm") is None:
        raise SiteError(
            f"Pyodide {PYODIDE_VERSION} was not found (give --pyodide DIR, the folder of its"
            f" npm package); get it with: npm install {wanted}"
            + (" (--offline is set)" if offline else " (npm is not installed)")
        )
    store.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["npm", "pack", "--silent", wanted, "--pack-destination", str(store)],
        capture_output=True, text=True, check=False, timeout=600,
    )  # fmt: skip
    tarballs = sorted(store.glob("pyodide-*.tgz"))
    if done.returncode != 0 or not tarballs:
        raise SiteError(f"npm could not fetch {wanted}: {done.stderr.strip()[-600:]}")
    with tarfile.open(tarballs[-1]) as archive:
        archive.extractall(store, filter="data")
    tarballs[-1].unlink()
    if not _usable(store / "package"):
        raise SiteError(f"the package npm fetched into {store} is not {wanted}")
    return store / "package"


def _static(package: str) -> importlib.resources.abc.Traversable:
    # Reads the files as package data, importing nothing of that package.
    return importlib.resources.files("modern_art").joinpath(*package.split("/"))


def site_page(template: str, service_page: str) -> str:
    """The site's page: ``template`` with each ``<!-- part NAME -->`` line replaced.

    The parts are the service's page's, each written between ``<!-- part
    NAME -->`` and ``<!-- end of part -->``, so both pages draw the same table.

    >>> service = "<b>\\n  <!-- part log -->\\n  <ol></ol>\\n  <!-- end of part -->\\n</b>\\n"
    >>> site_page("<i>\\n <!-- part log -->\\n</i>\\n", service)
    '<i>\\n  <ol></ol>\\n</i>\\n'

    Raises:
        SiteError: the template asks for a part the service's page lacks.
    """
    try:
        return fill_parts(template, page_parts(service_page))
    except KeyError as missing:
        raise SiteError(f"the service's page has no part {missing.args[0]!r}") from None


def write_site(
    directory: Path,
    *,
    pyodide: Path | None = None,
    cache: Path | None = None,
    offline: bool = False,
) -> Site:
    """Write the static site into ``directory`` (made if missing; files of ours replaced).

    Args:
        directory: where the site goes; serve it with any static file server.
        pyodide: the folder of Pyodide's npm package (see :func:`find_pyodide`).
        cache: where downloaded wheels and Pyodide are kept
            (default ``~/.cache/modern-art``, or ``$MODERN_ART_CACHE``).
        offline: never reach the network: what is not cached is an error.

    Raises:
        SiteError: Pyodide or a wheel is missing, or ``directory`` is a file.
    """
    if directory.exists() and not directory.is_dir():
        raise SiteError(f"{directory} exists and is not a folder")
    source = find_pyodide(pyodide, cache=cache, offline=offline)
    deps = dependency_wheels(cache, offline=offline)
    directory.mkdir(parents=True, exist_ok=True)
    written: list[str] = []

    def put(name: str, data: bytes) -> None:
        target = directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        written.append(name)

    for name in PYODIDE_FILES:
        put(f"pyodide/{name}", (source / name).read_bytes())
    wheels_dir = directory / "wheels"
    if wheels_dir.is_dir():
        for old in wheels_dir.glob("*.whl"):
            old.unlink()
    with tempfile.TemporaryDirectory() as scratch:
        own = write_own_wheel(Path(scratch))
        put(f"wheels/{own.name}", own.read_bytes())
    for wheel in deps:
        put(f"wheels/{wheel.name}", wheel.read_bytes())
    wheels = [n.removeprefix("wheels/") for n in written if n.startswith("wheels/")]
    site, service = _static("site/static"), _static("web/static")
    for name in SITE_FILES:
        if name != "index.html":
            put(name, site.joinpath(name).read_bytes())
    page = site_page(
        site.joinpath("index.html").read_text(encoding="utf-8"),
        service.joinpath("index.html").read_text(encoding="utf-8"),
    )
    put("index.html", page.encode())
    for name in SHARED_FILES:
        put(name, service.joinpath(name).read_bytes())
    put(PALETTE, palette_css().encode())
    manifest = {
        "format": "modern-art-site/1",
        "version": ma.__version__,
        "pyodide": PYODIDE_VERSION,
        "wheels": wheels,
        "files": sorted([*written, "site.json"]),
    }
    put("site.json", (json.dumps(manifest, indent=1) + "\n").encode())
    size = sum((directory / n).stat().st_size for n in written)
    return Site(directory, tuple(sorted(written)), size, source)
