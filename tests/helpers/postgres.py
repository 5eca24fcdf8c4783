"""A real PostgreSQL server for the web tests: Debian's ``postgresql``, never a mock.

:func:`start_cluster` makes a new cluster in a temporary folder with
``initdb`` and starts it with ``pg_ctl`` as an unprivileged user (``nobody``
when the tests run as root, as CI does: PostgreSQL refuses to run as root),
listening on a free loopback port only, with its socket in that folder.
:func:`stop_cluster` stops it (``pg_ctl stop -m immediate``) and deletes the
folder, so nothing is left behind. Without PostgreSQL's programs the tests
that need it skip, saying what to install (under CI they fail instead).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import attrs

INSTALL_POSTGRES = (
    "install Debian's postgresql (apt-get install -y postgresql) and the web-postgres"
    " extra (pip install -e '.[web-postgres]')"
)
"""What a machine without PostgreSQL needs, for the skip's reason."""

_SEARCHED = (
    "/usr/lib/postgresql/17/bin",
    "/usr/lib/postgresql/16/bin",
    "/usr/lib/postgresql/15/bin",
    "/usr/lib/postgresql/14/bin",
)


def programs() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (Debian keeps them off ``PATH``), if any."""
    found = shutil.which("initdb")
    if found is not None:
        return Path(os.path.realpath(found)).parent
    for folder in _SEARCHED:
        if Path(folder, "initdb").exists():
            return Path(folder)
    return None


@attrs.frozen
class Cluster:
    """A running server: where it lives and how to reach it."""

    folder: Path
    port: int
    bin: Path
    user: str | None
    """The user it runs as (``None``: this process's own)."""

    def url(self, database: str = "postgres") -> str:
        """A ``postgresql://`` URL of ``database`` on this server."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as(user: str | None, command: list[str]) -> list[str]:
    return command if user is None else ["runuser", "-u", user, "--", *command]


def start_cluster() -> Cluster:
    """A new cluster, started and answering; stop it with :func:`stop_cluster`.

    Raises:
        RuntimeError: PostgreSQL's programs are missing, or the server does not start.
    """
    folder_of_bins = programs()
    if folder_of_bins is None:
        raise RuntimeError(f"PostgreSQL's initdb is not on this machine: {INSTALL_POSTGRES}")
    user = "nobody" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="modern-art-pg-"))
    data = folder / "data"
    data.mkdir()
    if user is not None:
        shutil.chown(folder, user)
        shutil.chown(data, user)
    port = _free_port()
    try:
        subprocess.run(
            _as(
                user,
                [
                    str(folder_of_bins / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "postgres",
                    "--auth=trust",  # loopback and a private socket only, for a test
                    "--no-sync",
                    "-E",
                    "UTF8",
                ],
            ),
            check=True,
            capture_output=True,
            text=True,
            cwd="/",
        )
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={folder}"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
            " -c max_connections=200 -c shared_buffers=32MB"
        )
        subprocess.run(
            _as(
                user,
                [
                    str(folder_of_bins / "pg_ctl"),
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-l",
                    str(folder / "server.log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                ],
            ),
            check=True,
            capture_output=True,
            text=True,
            cwd="/",
        )
    except subprocess.CalledProcessError as err:
        log = (folder / "server.log").read_text() if (folder / "server.log").exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(
            f"PostgreSQL did not start: {err.stderr or err.stdout}\n{log[-2000:]}"
        ) from None
    return Cluster(folder, port, folder_of_bins, user)


def stop_cluster(cluster: Cluster) -> None:
    """Stop the server at once and delete its folder."""
    with contextlib.suppress(subprocess.CalledProcessError, FileNotFoundError):
        subprocess.run(
            _as(
                cluster.user,
                [
                    str(cluster.bin / "pg_ctl"),
                    "-D",
                    str(cluster.folder / "data"),
                    "-m",
                    "immediate",
                    "-w",
                    "stop",
                ],
            ),
            check=True,
            capture_output=True,
            cwd="/",
        )
    shutil.rmtree(cluster.folder, ignore_errors=True)


def fresh_database(cluster: Cluster, name: str) -> str:
    """A new, empty database ``name`` on ``cluster`` (dropped first if there); its URL."""
    import psycopg  # the web-postgres extra: imported only where a test needs it

    with psycopg.connect(cluster.url(), autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    return cluster.url(name)
