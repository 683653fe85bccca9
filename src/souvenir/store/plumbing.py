"""What each part of :class:`~souvenir.store.base.SQLStore` needs from its backend, declared
once for the type checker: a backend (:class:`~souvenir.store.sqlite.SQLiteStore`,
:class:`~souvenir.store.postgres.PostgresStore`) supplies ``transaction()`` (a connection
whose ``execute``/``executemany`` take the dialect-neutral SQL) and ``_query()`` (rows of a
read, outside any write transaction unless inside this thread's own)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

__all__ = ["Plumbing"]


class Plumbing:
    """Base of the store's mixins; at run time only :meth:`_erasing`."""

    def _erasing(self, conn: Any) -> int | None:
        """Called inside each erasure's transaction ``conn`` (a memory forgotten, a user's
        texts or the user erased, a turn emptied): the store counts it
        (:mod:`souvenir.store.erasure_clock`) and returns its number (``None``: not counted);
        the SQLite store then wipes its write-ahead log once it commits."""
        return None

    if TYPE_CHECKING:  # pragma: no cover

        def transaction(self) -> AbstractContextManager[Any]:
            raise NotImplementedError

        def read_snapshot(self) -> AbstractContextManager[Any]:
            raise NotImplementedError

        def _query(self, sql: str, params: Any = ()) -> list[Any]:
            raise NotImplementedError

        def lock_user(self, user_id: int) -> None:
            raise NotImplementedError

        def close(self) -> None:
            raise NotImplementedError

        def _lock_migrations(self, conn: Any) -> None:
            raise NotImplementedError
