"""The pure wheels the site installs in Pyodide: modern-art's own, and its dependencies'.

modern-art's wheel is written from the installed package's own ``.py``
files (and its package data): a pure wheel whichever build is installed,
since the compiled build keeps its sources beside its extension modules.
attrs, cattrs and what they need come from PyPI as pure wheels
(``pip download --only-binary=:all:`` for Pyodide's Python), kept in a
cache, so that once cached a site is written offline.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.resources
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import modern_art as ma
from modern_art.data.errors import SiteError

__all__ = ["DEPENDENCIES", "PYODIDE_PYTHON", "SiteError", "dependency_wheels", "write_own_wheel"]

PYODIDE_PYTHON = "3.13"
"""The Python version inside the pinned Pyodide (0.29): the wheels must suit it."""

DEPENDENCIES = ("attrs", "cattrs")
"""The library's dependencies, taken at the versions installed here."""

_SKIP_SUFFIXES = (".so", ".pyd", ".c", ".h", ".pyc")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_own_wheel(directory: Path) -> Path:
    """Write modern-art's pure wheel into ``directory`` from the installed sources; its path.

    The files are stored in a fixed order with a fixed date, so the same
    sources give the same bytes.
    """
    root = importlib.resources.files("modern_art")
    files: list[tuple[str, bytes]] = []

    def walk(node: importlib.resources.abc.Traversable, prefix: str) -> None:
        for child in sorted(node.iterdir(), key=lambda c: c.name):
            name = f"{prefix}/{child.name}"
            if child.is_dir():
                if child.name != "__pycache__":
                    walk(child, name)
            elif not child.name.endswith(_SKIP_SUFFIXES):
                files.append((name, child.read_bytes()))

    walk(root, "modern_art")
    version = ma.__version__
    info = f"modern_art-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\nName: modern-art\n"
        f"Version: {version}\nRequires-Python: >=3.11\n"
        + "".join(f"Requires-Dist: {d}\n" for d in DEPENDENCIES)
    ).encode()
    wheel = (
        b"Wheel-Version: 1.0\nGenerator: modern-art site\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    files += [(f"{info}/METADATA", metadata), (f"{info}/WHEEL", wheel)]
    record = "".join(_record_line(n, d) + "\n" for n, d in files) + f"{info}/RECORD,,\n"
    files.append((f"{info}/RECORD", record.encode()))
    path = directory / f"modern_art-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files:
            entry = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, data)
    return path


def pins() -> list[str]:
    """The dependencies pinned at the installed versions: ``["attrs==…", "cattrs==…"]``."""
    return [f"{d}=={importlib.metadata.version(d)}" for d in DEPENDENCIES]


def default_cache() -> Path:
    """Where downloaded wheels are kept: ``$MODERN_ART_CACHE`` or ``~/.cache/modern-art``."""
    base = os.environ.get("MODERN_ART_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "modern-art"
    )
    return Path(base) / "site-wheels"


def _cached(folder: Path, requirements: list[str]) -> list[Path] | None:
    """The cached wheels for ``requirements``, if every pinned one and a lock file are there."""
    lock = folder / "wheels.txt"
    if not lock.is_file():
        return None
    names = [line for line in lock.read_text().splitlines() if line]
    wheels = [folder / n for n in names]
    if not all(w.is_file() for w in wheels):
        return None
    have = {
        w.name.split("-")[0].lower().replace("_", "-") + "==" + w.name.split("-")[1]
        for w in wheels
    }
    return wheels if all(r.lower() in have for r in requirements) else None


def dependency_wheels(cache: Path | None = None, *, offline: bool = False) -> list[Path]:
    """The pure wheels of attrs, cattrs and their dependencies, from ``cache`` or PyPI.

    Raises:
        SiteError: they are not cached and ``offline`` is set, or pip could not
            download them (no network), with the command that fetches them.
    """
    requirements = pins()
    folder = (cache or default_cache()) / f"py{PYODIDE_PYTHON}-{'-'.join(requirements)}"
    found = _cached(folder, requirements)
    if found is not None:
        return found
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--only-binary=:all:", "--implementation", "py", "--platform", "any", "--abi", "none",
        "--python-version", PYODIDE_PYTHON, "--dest", str(folder), *requirements,
    ]  # fmt: skip
    if offline:
        raise SiteError(
            f"the wheels of {', '.join(requirements)} are not in the cache ({folder}) and"
            f" --offline is set; fetch them once with the network: {' '.join(command)}"
        )
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=600)
    if done.returncode != 0:
        raise SiteError(
            f"pip could not download {', '.join(requirements)} (is PyPI reachable?):"
            f" {done.stderr.strip()[-600:]}"
        )
    wheels = sorted(folder.glob("*.whl"))
    if any(not w.name.endswith("-none-any.whl") for w in wheels):
        raise SiteError(f"a wheel in {folder} is not pure Python: {[w.name for w in wheels]}")
    (folder / "wheels.txt").write_text("".join(w.name + "\n" for w in wheels))
    found = _cached(folder, requirements)
    if found is None:
        raise SiteError(f"pip did not bring every wheel of {requirements} into {folder}")
    return found
