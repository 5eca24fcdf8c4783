"""A table in the browser: people play Modern Art against bots over HTTP.

Run it from a clone of the repository::

    pip install -e '.[web]'
    python -m examples.web     # http://127.0.0.1:8000/; games kept in modern-art-web.sqlite3

The server keeps every game (:mod:`examples.web.tables`,
:mod:`examples.web.registry`) in SQLite (:mod:`examples.web.store`), speaks
the library's JSON (:mod:`examples.web.app`), pushes news to the page
(:mod:`examples.web.push`) and guards itself (:mod:`examples.web.guard`);
the page is plain HTML, CSS and JavaScript served from ``static/``, with no
build step.
"""

from examples.web.app import create_app
from examples.web.clocks import Timings
from examples.web.guard import Limits
from examples.web.registry import Registry
from examples.web.seats import Seat
from examples.web.store import Store
from examples.web.tables import GameTable

__all__ = ["GameTable", "Limits", "Registry", "Seat", "Store", "Timings", "create_app"]
