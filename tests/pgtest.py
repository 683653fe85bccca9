"""A throwaway PostgreSQL database per test (127.0.0.1:5432, user postgres, trust auth).

``SOUVENIR_TEST_PG_ADMIN`` overrides the admin URL. Tests skip with the reason when psycopg
is not installed or the server is not reachable.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
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
