"""A table in the browser: people play Modern Art against bots over HTTP.

Install the ``web`` extra and serve it::

    pip install -e '.[web]'      # from a clone; once published: pip install 'modern-art[web]'
    modern-art serve     # http://127.0.0.1:8000/; games kept in modern-art-web.sqlite3

The server keeps every game (:mod:`modern_art.web.tables`,
:mod:`modern_art.web.registry`) in SQLite (:mod:`modern_art.web.store`), speaks
the library's JSON (:mod:`modern_art.web.app`), pushes news to the page
(:mod:`modern_art.web.push`) and guards itself (:mod:`modern_art.web.guard`);
the page is plain HTML, CSS and JavaScript served from ``static/`` (package
data, in the wheel), with no build step. :mod:`modern_art.web.serve` is the
command. The names below load on first use, so ``modern-art serve --help``
works without the extra.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from modern_art.web.app import create_app
    from modern_art.web.clocks import Timings
    from modern_art.web.guard import Limits
    from modern_art.web.registry import Registry
    from modern_art.web.seats import Seat
    from modern_art.web.store import Store
    from modern_art.web.tables import GameTable

__all__ = ["GameTable", "Limits", "Registry", "Seat", "Store", "Timings", "create_app"]

_HOMES = {
    "GameTable": "tables",
    "Limits": "guard",
    "Registry": "registry",
    "Seat": "seats",
    "Store": "store",
    "Timings": "clocks",
    "create_app": "app",
}


def __getattr__(name: str) -> Any:
    """The public names, each imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'modern_art.web' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"modern_art.web.{home}"), name)
    globals()[name] = value
    return value
