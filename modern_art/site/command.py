"""``modern-art site DIR``: write the static site that plays in the browser with no server."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from modern_art.data.errors import SiteError
from modern_art.site.build import PYODIDE_VERSION, write_site

__all__ = ["build_parser", "main"]


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    r"""``text`` with each control character written as its escape (a path reaches a terminal).

    >>> visible("bad\x1b[2Jname")
    'bad\\x1b[2Jname'
    """
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)


def build_parser() -> argparse.ArgumentParser:
    """The ``modern-art site`` options."""
    parser = argparse.ArgumentParser(
        prog="modern-art site",
        description="Writes a static site into DIR that plays Modern Art in the browser with no"
        " server: the library itself runs in Pyodide. Serve DIR with any static file server"
        " (python -m http.server -d DIR) and open index.html. Needs Pyodide's npm package"
        f" (npm install pyodide@{PYODIDE_VERSION}, or fetched with npm) and the pure wheels"
        " of attrs and cattrs (downloaded from PyPI with pip once, then kept in the cache).",
    )
    parser.add_argument("directory", metavar="DIR", help="the folder to write the site into")
    parser.add_argument(
        "--pyodide",
        metavar="PATH",
        help="the folder of Pyodide's npm package (default: node_modules/pyodide here or above,"
        " $MODERN_ART_PYODIDE, or the cache)",
    )
    parser.add_argument(
        "--cache",
        metavar="PATH",
        help="where downloaded wheels and Pyodide are kept (default ~/.cache/modern-art)",
    )
    parser.add_argument(
        "--offline", action="store_true", help="never reach the network: use only the cache"
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``modern-art site`` with ``argv``; the exit code (1 with a message on stderr)."""
    args = build_parser().parse_args(argv)
    try:
        site = write_site(
            Path(args.directory),
            pyodide=Path(args.pyodide) if args.pyodide else None,
            cache=Path(args.cache) / "site-wheels" if args.cache else None,
            offline=args.offline,
        )
    except (SiteError, OSError) as err:
        print(f"modern-art site: {visible(str(err))}", file=sys.stderr)
        return 1
    print(
        visible(
            f"wrote {len(site.files) + 1} files ({site.size / 1e6:.1f} MB) into"
            f" {site.directory}; serve it with:"
            f" python -m http.server -b 127.0.0.1 -d {site.directory}"
        )
    )
    return 0
