"""Stores: the only truth. :func:`open_store` picks the backend from a database URL."""

from __future__ import annotations

from souvenir.store.sqlite import SQLiteStore


def open_store(database_url: str, migrate: bool = True) -> SQLiteStore:
    """Open (and migrate) the store named by ``database_url``.

    ``sqlite:///PATH`` or a bare path opens SQLite; ``sqlite:///:memory:`` a throwaway
    store. Raises ``ValueError`` for a scheme this build does not serve.
    """
    if database_url.startswith("sqlite:///"):
        path = database_url[len("sqlite:///"):]
    elif "://" not in database_url:
        path = database_url
    else:
        raise ValueError(f"unsupported database URL {database_url!r} (sqlite:///PATH is served)")
    store = SQLiteStore(path)
    if migrate:
        store.migrate()
    return store


__all__ = ["SQLiteStore", "open_store"]
