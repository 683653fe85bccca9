"""Stores: the only truth. :func:`open_store` picks the backend from a database URL."""

from __future__ import annotations

from souvenir.ground.errors import InputError
from souvenir.store.base import SQLStore
from souvenir.store.sqlite import SQLiteStore
from souvenir.ground.urls import looks_like_conninfo, without_userinfo

_POSTGRES_SCHEMES = ("postgresql://", "postgres://")

#: A libpq key=value string given as the store: refused, never echoed (it holds ``password=``)
#: and never made a SQLite file of that name.
CONNINFO_REFUSED = (
    "the database URL looks like a libpq key=value connection string (host=… dbname=…): "
    "write it as postgresql://USER:PASSWORD@HOST:PORT/DBNAME"
)


def open_store(database_url: str, migrate: bool = True, cache_memories: int | None = None) -> SQLStore:
    """Open (and migrate) the store named by ``database_url``.

    ``sqlite:///PATH`` or a bare path opens SQLite (not a libpq ``key=value`` string: refused) (the default); ``sqlite:///:memory:`` a
    throwaway store; ``postgresql://…`` (or ``postgres://…``) a
    :class:`~souvenir.store.postgres.PostgresStore` (needs ``psycopg[binary,pool]``).
    ``cache_memories``: the read cache's bound (:mod:`souvenir.store.readcache`; ``None``
    its default, 0 none). Raises :class:`InputError` for a scheme this build does not serve,
    :class:`StoreError` (or its :class:`StoreBusyError`) when the store cannot be opened.
    """
    from souvenir.store.readcache import DEFAULT_MAX_MEMORIES

    cache = DEFAULT_MAX_MEMORIES if cache_memories is None else cache_memories
    if looks_like_conninfo(database_url):
        raise InputError(CONNINFO_REFUSED)
    if database_url.startswith(_POSTGRES_SCHEMES):
        from souvenir.store.postgres import PostgresStore  # psycopg only when asked for

        store: SQLStore = PostgresStore(database_url, cache_memories=cache)
    elif database_url.startswith("sqlite:///"):
        store = SQLiteStore(database_url[len("sqlite:///") :], cache_memories=cache)
    elif "://" not in database_url:
        store = SQLiteStore(database_url, cache_memories=cache)
    else:
        raise InputError(  # never its password: stderr goes to a journal
            f"unsupported database URL {without_userinfo(database_url)!r} (sqlite:///PATH or postgresql://… are served)"
        )
    if migrate:
        store.migrate()
    return store


__all__ = ["SQLStore", "SQLiteStore", "open_store"]
