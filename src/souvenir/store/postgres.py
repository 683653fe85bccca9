"""The PostgreSQL store: the same contract as :class:`~souvenir.store.sqlite.SQLiteStore`
(every method comes from :class:`~souvenir.store.base.SQLStore`), for several replicas
sharing one database. Selected by ``SOUVENIR_DATABASE_URL=postgresql://…``.

Plumbing only lives here:

* a psycopg 3 connection pool (``psycopg_pool.ConnectionPool``, autocommit connections);
* ``transaction()`` checks one connection out for the outermost call and runs a real
  transaction on it; a nested call is a savepoint in it (its failure undoes only its own
  writes; an uncaught failure rolls the whole back). Writers of
  one process are serialized by a re-entrant lock, as on SQLite;
* reads outside this thread's transaction take their own pooled connection, so they never
  wait on a write transaction held elsewhere (MVCC);
* the contract's SQL (``?`` placeholders, ``IS ?``) is translated by :func:`to_postgres`,
  and ``cursor.lastrowid`` is emulated with ``RETURNING id``;
* several replicas: :meth:`PostgresStore.lock_user` (a per-user advisory transaction lock
  around a user's read-modify-write), the outbox claim's and the indexer claim's ``FOR
  UPDATE … SKIP LOCKED`` (:mod:`souvenir.store.indexclaims`);
* no session state, so it runs behind PgBouncer in transaction pooling mode: every lock is
  transaction scoped, ``lock_timeout`` and ``TimeZone`` are set for each write transaction
  (``set_config(…, true)``, not startup options; ``lock_timeout`` is what is left of the
  call's bound, :mod:`souvenir.store.deadline`, and a read made under a bound runs in a
  read-only transaction carrying it too), and statements are never prepared
  server side (``prepare_threshold=None``; docs/benchmarks.md, "PgBouncer", has the cost);
* errors: connection refused, pool exhausted past ``busy_timeout_s``, lock timeout,
  serialization failure or deadlock raise :class:`~souvenir.ground.errors.StoreBusyError`; any other
  database failure :class:`~souvenir.ground.errors.StoreError`.

Timestamps are the same ISO 8601 text as on SQLite (``TEXT COLLATE "C"``), so both stores
return identical values; ``content_hash(text)`` is a SQL function created by migration 0001.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache

try:
    import psycopg
    from psycopg_pool import ConnectionPool, PoolTimeout
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError("the PostgreSQL store needs psycopg 3 with its pool: pip install 'psycopg[binary,pool]'") from exc

from souvenir.ground.errors import StoreBusyError, StoreError
from souvenir.store.base import SQLStore
from souvenir.store.deadline import active, left
from souvenir.store.pgvector_scores import PgVectorMixin
from souvenir.store.readcache import DEFAULT_MAX_MEMORIES, ReadCache
from souvenir.ground.urls import url_passwords, without_userinfo

#: Tables whose rows have an ``id`` identity column (``lastrowid`` is emulated for them).
_ID_TABLES = frozenset(
    {
        "users",
        "stories",
        "turns",
        "memories",
        "memory_history",
        "events",
        "outbox",
        "selections",
        "positions",
        "anchors",
    }
)
_INSERT = re.compile(r"^\s*INSERT\s+INTO\s+(\w+)", re.IGNORECASE)
_IS_PARAM = re.compile(r"\bIS\s+\?")
#: Any key will do as long as every Souvenir process uses the same one.
_MIGRATION_LOCK = 0x736F7576656E6972 & 0x7FFFFFFFFFFFFFFF  # "souvenir"
#: First key of the two-int advisory lock of one user's write path (a key space apart from
#: the one-bigint form).
_USER_LOCK = 0x736F7576  # "souv"


def _wait(deadline: float) -> float:
    """Seconds left until ``deadline`` (``time.monotonic()``) for a pool wait: at least a
    hundredth (one try without a real wait)."""
    return max(0.01, deadline - time.monotonic())


def _ms(deadline: float) -> int:
    """Milliseconds left until ``deadline`` for ``lock_timeout``: at least 1 (0 would mean
    no bound at all)."""
    return max(1, int((deadline - time.monotonic()) * 1000))


def _int4(n: int) -> int:
    """``n`` folded into PostgreSQL's int4 (small ids stay themselves; a collision only
    serializes two users a little more)."""
    return (n + 2**31) % 2**32 - 2**31


@lru_cache(maxsize=512)
def to_postgres(sql: str) -> str:
    """The contract's SQL in PostgreSQL's dialect: ``IS ?`` → ``IS NOT DISTINCT FROM %s``,
    ``?`` → ``%s`` (a literal ``%`` doubled). The contract's SQL has no ``?`` inside literals."""
    sql = sql.replace("%", "%%")
    sql = _IS_PARAM.sub("IS NOT DISTINCT FROM ?", sql)
    return sql.replace("?", "%s")


class _Cursor:
    """The part of a DB-API cursor the contract uses, with ``lastrowid``."""

    def __init__(self, cursor: psycopg.Cursor, lastrowid: int | None = None) -> None:
        self._cursor = cursor
        self.lastrowid = lastrowid

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def description(self):
        return self._cursor.description

    def fetchone(self) -> tuple | None:
        return self._cursor.fetchone() if self._cursor.description else None

    def fetchall(self) -> list[tuple]:
        return self._cursor.fetchall() if self._cursor.description else []

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.fetchall())


class _Connection:
    """A psycopg connection that takes the contract's SQL (what ``transaction()`` yields)."""

    def __init__(self, conn: psycopg.Connection) -> None:
        self.raw = conn

    def execute(self, sql: str, params: Sequence = ()) -> _Cursor:
        match = _INSERT.match(sql)
        wants_id = match is not None and match.group(1).lower() in _ID_TABLES and "RETURNING" not in sql.upper()
        if wants_id:
            sql += " RETURNING id"
        cursor = self.raw.cursor()
        if params:
            cursor.execute(to_postgres(sql), tuple(params))
        else:
            cursor.execute(sql)
        if wants_id:
            row = cursor.fetchone()
            return _Cursor(cursor, row[0] if row else None)
        return _Cursor(cursor)

    def executemany(self, sql: str, seq: Sequence[Sequence]) -> _Cursor:
        cursor = self.raw.cursor()
        rows = [tuple(r) for r in seq]
        if rows:
            cursor.executemany(to_postgres(sql), rows)
        return _Cursor(cursor)


#: What a refused connection says when retrying cannot help: the URL or the server's
#: configuration is wrong (a missing database or role, a refused password or host).
_CONFIG_REFUSALS = (
    "does not exist",
    "authentication failed",
    "no pg_hba.conf entry",
    "permission denied",
    "invalid dsn",
    "invalid connection option",
    'missing "="',
)


def _open_error(url: str, exc: Exception) -> StoreError:
    """The error for a store that cannot open, naming the server's own cause: a
    :class:`StoreError` when the configuration is wrong (a database that does not exist…),
    a :class:`StoreBusyError` when the server is down or busy (retrying later may work)."""
    cause = _redact(" ".join(str(exc).split()), url)
    if any(refusal in cause.lower() for refusal in _CONFIG_REFUSALS):
        return StoreError(f"cannot open PostgreSQL store {_redact(url)}: {cause}")
    return StoreBusyError(f"cannot reach PostgreSQL store {_redact(url)}: {cause}")


class PostgresStore(PgVectorMixin, SQLStore):
    """Store on a PostgreSQL database named by a ``postgresql://`` URL (or a libpq conninfo).

    Raises :class:`StoreError` naming the server's cause when the URL names a database or
    role that does not exist or a refused password, :class:`StoreBusyError` when the server
    cannot be reached within ``busy_timeout_s``, when no pooled connection frees up in that time, or when a lock is
    not granted in that time; :class:`StoreError` on other database failures.

    ``prepare_threshold``: psycopg's (executions of a statement before it is prepared on
    the server); ``None``, the default, never prepares, as PgBouncer's transaction pooling
    needs (its 1.18 does not track prepared statements).
    """

    dialect = "postgres"
    shared_by_replicas = True
    #: Replicas claim outbox jobs side by side: a row another replica is claiming is skipped.
    _claim_lock = " FOR UPDATE OF o SKIP LOCKED"
    #: Replicas claim memories to embed side by side (``souvenir.store.indexclaims``).
    _claim_skip_locked = " FOR UPDATE OF q SKIP LOCKED"
    #: A claim's rows with nothing to do are read again, locked, before they are dropped.
    _drop_recheck_lock = " FOR SHARE SKIP LOCKED"
    #: An embedder's queue is filled once with the writers of memories and vectors held off.
    _queue_fill_lock = "LOCK TABLE memories, vectors IN SHARE MODE NOWAIT"
    _row_share_lock = " FOR SHARE"
    #: A user's counted turns are applied one at a time across replicas (store.counters).
    _row_update_lock = " FOR UPDATE"

    def __init__(
        self,
        url: str,
        busy_timeout_s: float = 5.0,
        pool_size: int = 8,
        prepare_threshold: int | None = None,
        cache_memories: int = DEFAULT_MAX_MEMORIES,
    ) -> None:
        self.url = url
        # The read path's cache, keyed on migration 0019's per-user ticks (0 = no cache).
        self._read_cache = ReadCache(cache_memories) if cache_memories > 0 else None
        self.busy_timeout_s = busy_timeout_s
        self._lock = threading.RLock()
        self._depth = 0
        self._owner: int | None = None
        self._tx: _Connection | None = None
        #: The write transaction's start: its settings are scoped to it (no session state:
        #: PgBouncer's transaction pooling hands the next transaction another server
        #: connection), sent with BEGIN as one simple query (no extra round trip).
        self._begin = "BEGIN; SELECT set_config('lock_timeout', '{}ms', true), set_config('TimeZone', 'UTC', true)"
        self._pool = ConnectionPool(
            url,
            min_size=1,
            max_size=max(2, pool_size),
            timeout=busy_timeout_s,
            open=False,
            kwargs={
                "autocommit": True,
                "connect_timeout": max(1, int(busy_timeout_s)),
                "prepare_threshold": prepare_threshold,
            },
            name="souvenir",
        )
        try:  # one direct connection first: the pool would only say "initialization incomplete"
            psycopg.connect(url, autocommit=True, connect_timeout=max(1, int(busy_timeout_s))).close()
        except psycopg.Error as exc:
            raise _open_error(url, exc) from exc
        try:
            self._pool.open(wait=True, timeout=busy_timeout_s)
        except (PoolTimeout, psycopg.Error) as exc:
            self._pool.close()
            raise StoreBusyError(f"cannot reach PostgreSQL store {_redact(url)}: {_redact(str(exc), url)}") from exc

    # -- plumbing ---------------------------------------------------------------------------
    def close(self) -> None:
        self._pool.close()
        if self._read_cache is not None:  # a closed store holds no memory (a later gc.freeze would pin them)
            self._read_cache.clear()

    def _wrap(self, exc: Exception) -> StoreError:
        if isinstance(exc, (PoolTimeout, psycopg.OperationalError)):
            self._note_busy()
            return StoreBusyError(f"PostgreSQL store is busy or unavailable: {exc}")
        return StoreError(f"PostgreSQL error: {exc}")

    @contextmanager
    def transaction(self) -> Iterator[_Connection]:
        """A write transaction on one pooled connection. A nested call is a savepoint inside
        the outer one: its failure undoes its own writes only and leaves the transaction
        usable (PostgreSQL refuses every statement after an error until a rollback).
        This process's other writers are waited for ``busy_timeout_s`` at most."""
        with self._writer_slot() as deadline:
            if self._depth:
                self._depth += 1
                try:
                    with self._tx.raw.transaction():  # type: ignore[union-attr]  # SAVEPOINT
                        yield self._tx  # type: ignore[misc]
                except (psycopg.Error, PoolTimeout) as exc:
                    raise self._wrap(exc) from exc
                finally:
                    self._depth -= 1
                return
            try:
                conn = self._pool.getconn(timeout=_wait(deadline))
            except (PoolTimeout, psycopg.Error) as exc:
                raise self._wrap(exc) from exc
            try:
                # BEGIN and its settings in one round trip; the lock waits get what is left
                conn.execute(self._begin.format(_ms(deadline)))
                self._tx, self._owner, self._depth = _Connection(conn), threading.get_ident(), 1
                try:
                    yield self._tx
                except BaseException:
                    self._tx, self._owner, self._depth = None, None, 0
                    _rollback(conn)
                    raise
                self._tx, self._owner, self._depth = None, None, 0
                conn.execute("COMMIT")
            except (psycopg.Error, PoolTimeout) as exc:
                raise self._wrap(exc) from exc
            finally:
                self._tx, self._owner, self._depth = None, None, 0
                self._pool.putconn(conn)

    @contextmanager
    def read_snapshot(self) -> Iterator[_Connection]:
        """A read-only repeatable-read transaction on a pooled connection (MVCC: never waits
        on a writer, nor on this process's writers); inside this thread's transaction, that one."""
        if self._owner == threading.get_ident() and self._tx is not None:
            yield self._tx
            return
        deadline = time.monotonic() + left(self.busy_timeout_s)
        try:
            with self._pool.connection(timeout=_wait(deadline)) as conn:
                # one round trip (BEGIN then SET TRANSACTION took two); autocommit connection;
                # a table locked by another process is waited for what is left of the bound
                conn.execute(
                    "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY; "
                    f"SELECT set_config('lock_timeout', '{_ms(deadline)}ms', true)"
                )
                try:
                    yield _Connection(conn)
                finally:
                    _rollback(conn)  # read only: nothing to keep
        except (psycopg.Error, PoolTimeout) as exc:
            raise self._wrap(exc) from exc

    def _query(self, sql: str, params: Sequence = ()) -> list[tuple]:
        """A read: on this thread's transaction (to see its own writes) if it has one, on a
        pooled connection otherwise (never waiting for a writer)."""
        try:
            if self._owner == threading.get_ident() and self._tx is not None:
                return self._tx.execute(sql, params).fetchall()
            deadline = time.monotonic() + left(self.busy_timeout_s)
            with self._pool.connection(timeout=_wait(deadline)) as conn:
                if not active():  # a background read: no bound on a lock wait, no round trip more
                    return _Connection(conn).execute(sql, params).fetchall()
                # an operation's read: a table locked elsewhere is waited for what is left
                conn.execute(f"BEGIN READ ONLY; SELECT set_config('lock_timeout', '{_ms(deadline)}ms', true)")
                try:
                    return _Connection(conn).execute(sql, params).fetchall()
                finally:
                    _rollback(conn)
        except (psycopg.Error, PoolTimeout) as exc:
            raise self._wrap(exc) from exc

    # -- several replicas -------------------------------------------------------------------
    def lock_user(self, user_id: int) -> None:
        """A per-user advisory lock until the transaction ends: two replicas never decide
        and apply one user's writes from the same stale read. Raises
        :class:`StoreBusyError` when not granted within ``busy_timeout_s``."""
        with self.transaction() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(?::int4, ?::int4)", (_USER_LOCK, _int4(user_id)))

    # -- migrations -------------------------------------------------------------------------
    def applied(self) -> list[int]:
        """Versions already applied (creates the empty ``schema_migrations`` if missing)."""
        with self.transaction() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            return [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]

    def _lock_migrations(self, conn: _Connection) -> None:
        """Replicas starting together migrate one at a time (released at commit)."""
        conn.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))


def _rollback(conn: psycopg.Connection) -> None:
    """Roll back the write transaction of a failed or abandoned call (a broken connection
    is left to the pool, which discards it)."""
    try:
        conn.execute("ROLLBACK")
    except psycopg.Error:
        pass


def _redact(text: str, url: str = "") -> str:
    """``text`` (the URL itself, or a cause naming it) without the URL's user info nor its
    secret query values (:func:`~souvenir.ground.urls.without_userinfo`), nor any piece of its
    password: libpq cuts a password holding an unescaped ``/`` or ``@`` into a host or a
    database name, and its sentence names them (``database "ss@host/db" does not exist``)."""
    text = without_userinfo(text)
    for secret in url_passwords(url or text):
        for piece in {secret, *re.split(r"[/@:]", secret)}:
            if len(piece) >= 3:
                text = text.replace(piece, "…")
    return text
