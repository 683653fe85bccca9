"""A throwaway PostgreSQL database per test (127.0.0.1:5432, user postgres, trust auth).

``SOUVENIR_TEST_PG_ADMIN`` overrides the admin URL. Tests skip with the reason when psycopg
is not installed or the server is not reachable. :func:`through_pgbouncer` gives the same
database through PgBouncer in transaction pooling mode.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ADMIN_URL = os.environ.get("SOUVENIR_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")


def _with_db(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


@contextmanager
def fresh_database() -> Iterator[str]:
    """Create ``souvenir_test_<random>``, yield its URL, drop it afterwards."""
    try:
        import psycopg
    except ImportError:
        pytest.skip("psycopg is not installed: pip install 'psycopg[binary,pool]' to test PostgreSQL")
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is not reachable at {ADMIN_URL}: {exc}")
    name = f"souvenir_test_{secrets.token_hex(6)}"
    try:
        admin.execute(f'CREATE DATABASE "{name}"')
        yield _with_db(ADMIN_URL, name)
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


#: PgBouncer in transaction pooling mode in front of the same server (``.ci/pgbouncer``
#: starts it); ``SOUVENIR_TEST_PGBOUNCER`` overrides its URL (any database name in the path
#: is replaced by the throwaway one).
PGBOUNCER_URL = os.environ.get("SOUVENIR_TEST_PGBOUNCER", "postgresql://postgres@127.0.0.1:6432/postgres")
_STARTER = Path(__file__).resolve().parent.parent / ".ci" / "pgbouncer"


def _listening(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6432), timeout=1):
            return True
    except OSError:
        return False


def through_pgbouncer(url: str) -> str:
    """``url``'s database through PgBouncer (transaction pooling). Starts PgBouncer with
    ``.ci/pgbouncer`` when its binary is installed but nothing listens; skips the calling
    test with the reason when it cannot be reached."""
    if not _listening(PGBOUNCER_URL):
        if shutil.which("pgbouncer") is None and not Path("/usr/sbin/pgbouncer").exists():
            pytest.skip("pgbouncer is not installed (apt-get install pgbouncer; .ci/run installs it)")
        port = str(urlsplit(PGBOUNCER_URL).port or 6432)
        started = subprocess.run(
            [str(_STARTER)],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
            env={
                **os.environ,
                "SOUVENIR_PGBOUNCER_PORT": port,
                "SOUVENIR_PGBOUNCER_DIR": f"/tmp/souvenir-pgbouncer-{port}"
                if port != "6432"
                else "/tmp/souvenir-pgbouncer",
            },
        )
        if started.returncode != 0 or not _listening(PGBOUNCER_URL):
            pytest.skip(f"pgbouncer could not be started by .ci/pgbouncer: {started.stderr.strip()}")
    name = urlsplit(url).path.lstrip("/")
    bounced = _with_db(PGBOUNCER_URL, name)
    try:
        import psycopg

        with psycopg.connect(bounced, connect_timeout=3, prepare_threshold=None) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any failure: say why and skip
        pytest.skip(f"PgBouncer at {PGBOUNCER_URL} does not reach {name}: {exc}")
    return bounced
