"""Every web test runs against both stores: SQLite and a real PostgreSQL.

The ``web_store`` fixture, used by every test here, is parametrized
``sqlite``/``postgresql``. A registry the test makes without a store gets
that store (a new SQLite file, or a new database on the session's
PostgreSQL server, :mod:`tests.helpers.postgres`), and a server the test
starts as a process (:func:`tests.helpers.webclient.serve`) gets it as
``--db``; what the test made is closed after it. A module about one store
itself (its files, its damage) sets ``ONE_STORE = True``, a test of the kind
is marked ``one_store``, and runs once, as it is written.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import postgres
from tests.helpers.webkit import missing

STORES = ("sqlite", "postgresql")
_names = itertools.count()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``web_store`` over both stores, or none for a module about one store."""
    if "web_store" in metafunc.fixturenames:
        one = getattr(metafunc.module, "ONE_STORE", False)
        one = one or metafunc.definition.get_closest_marker("one_store") is not None
        metafunc.parametrize("web_store", ["as written"] if one else list(STORES), indirect=True)


@pytest.fixture(scope="session")
def cluster() -> Iterator[postgres.Cluster]:
    """One PostgreSQL server for this worker's tests, stopped at the end."""
    try:
        import psycopg  # noqa: F401
    except ImportError as err:
        missing(f"{err}; to install: {postgres.INSTALL_POSTGRES}")
    try:
        running = postgres.start_cluster()
    except RuntimeError as err:
        missing(str(err))
        raise
    yield running
    postgres.stop_cluster(running)


@pytest.fixture(autouse=True)
def web_store(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """The store this run of the test uses: ``sqlite``, ``postgresql`` or ``as written``."""
    kind = getattr(request, "param", "as written")
    if kind == "as written":
        yield kind
        return
    from modern_art.web import registry as registry_module  # the web extra, if it is here
    from modern_art.web.store import open_store
    from tests.helpers import webclient  # imports Starlette's test client: only when it runs

    def new_database() -> str:
        if kind == "postgresql":
            cluster = request.getfixturevalue("cluster")
            worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
            return postgres.fresh_database(cluster, f"t_{worker}_{next(_names)}")
        return str(tmp_path / f"web-{next(_names)}.sqlite3")

    made: list[Any] = []
    original = registry_module.Registry.__init__

    def with_store(self: Any, *args: Any, store: Any = None, **kwargs: Any) -> None:
        if store is None:  # each registry its own database, as each server its own
            # A test's hand-moved clock is the wall too: a shared store keeps wall times.
            kwargs.setdefault("wall", kwargs.get("clock", time.time))
            store = open_store(new_database(), wall=kwargs["wall"])
            made.append(store)
        original(self, *args, store=store, **kwargs)

    monkeypatch.setattr(registry_module.Registry, "__init__", with_store)
    monkeypatch.setattr(webclient, "DB", new_database())
    yield kind
    for opened in made:
        opened.close()
