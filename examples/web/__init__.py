"""A table in the browser: people play Modern Art against bots over HTTP.

Run it from a clone of the repository::

    pip install -e '.[web]'
    python -m examples.web            # http://127.0.0.1:8000/

The server keeps every game's state (:mod:`examples.web.registry`,
:mod:`examples.web.tables`) and speaks the library's JSON
(:mod:`examples.web.app`); the page is plain HTML, CSS and JavaScript served
from ``static/``, with no build step.
"""

from examples.web.app import create_app
from examples.web.registry import Registry
from examples.web.tables import Seat, Table, Timings

__all__ = ["Registry", "Seat", "Table", "Timings", "create_app"]
