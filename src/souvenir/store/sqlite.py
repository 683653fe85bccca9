"""The SQLite store: the only truth (WAL mode). Vectors are a derived, rebuildable index.

One connection per store, guarded by a re-entrant lock (the API serves requests from a
thread pool); other processes share the file through WAL. ``sqlite3`` errors are wrapped
here: a locked or unreachable file raises :class:`~souvenir.ground.errors.StoreBusyError`, any
other failure :class:`~souvenir.ground.errors.StoreError`.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from souvenir.ground.errors import StoreBusyError, StoreError
from souvenir.store.base import SQLStore
from souvenir.ground.hashing import content_hash
from souvenir.store.readcache import DEFAULT_MAX_MEMORIES, ReadCache
from souvenir.store.rebuild import add_autoincrement

log = logging.getLogger("souvenir.store")

#: How long the log's truncation after an erasure waits for a reader on an older snapshot (ms):
#: a read is milliseconds; past it the truncation is tried after the next write instead.
WIPE_WAIT_MS = 250


def _create_private(path: str) -> None:
    """Create the store's file readable and writable by its owner only (0600) when it does
    not exist yet: it holds every user's memories and messages and the keys' hashes, and
    SQLite makes its WAL and shared-memory files with the database's mode. An existing file
    keeps the mode its operator gave it; a ``file:`` URI or a missing directory is left to
    :func:`sqlite3.connect` (which says why)."""
    if path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        pass
    except OSError:  # no such directory, read-only file system…: connect() names the problem
        pass


class SQLiteStore(SQLStore):
    """Store on one SQLite file (``":memory:"`` for a throwaway store).

    Raises :class:`StoreBusyError` when the file is locked past ``busy_timeout_s``,
    :class:`StoreError` when it cannot be opened (its directory does not exist, it is not a
    database…) and on other database failures.
    """

    dialect = "sqlite"

    def __init__(
        self, path: str | Path, busy_timeout_s: float = 5.0, cache_memories: int = DEFAULT_MAX_MEMORIES
    ) -> None:
        # a leading ~ is the home folder, as a shell would read it: an MCP host's JSON "args"
        # or a .env pass "~/memories.db" unexpanded ("its directory ~ does not exist: create it")
        self.path = os.path.expanduser(str(path))
        self.busy_timeout_s = busy_timeout_s
        self._lock = threading.RLock()
        self._memory = self.path == ":memory:"
        if not self._memory:
            _create_private(self.path)
        try:
            self._conn = sqlite3.connect(
                self.path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
            )
            self._conn.execute("PRAGMA foreign_keys = ON")
            if not self._memory:
                self._conn.execute("PRAGMA journal_mode = WAL")
            self._conn.execute("PRAGMA synchronous = NORMAL")
            # a deleted or rewritten row's bytes are overwritten, whatever the build's default
            # (Debian's SQLite has it on, python.org's and Homebrew's off): "forget" means it
            self._conn.execute("PRAGMA secure_delete = ON")
            self._conn.create_function("content_hash", 1, content_hash, deterministic=True)
        except sqlite3.Error as exc:
            folder = Path(self.path).parent
            if not self._memory and not folder.is_dir():  # no retry will help: a StoreError
                raise StoreError(
                    f"cannot open SQLite store {self.path}: its directory {folder} does not "
                    "exist: create it, or give another path"
                ) from exc
            error = StoreBusyError if "locked" in str(exc) or "busy" in str(exc) else StoreError
            raise error(f"cannot open SQLite store {self.path}: {exc}") from exc
        self._depth = 0
        self._owner: int | None = None
        self._wipe_wal = False  # an erasure committed: its text is still in the log's frames
        # Reads outside a write transaction use one connection per thread (WAL readers never
        # wait for the writer), so a write lock held elsewhere does not hold up reads.
        self._local = threading.local()
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()
        # The read path's cache, keyed on migration 0006's ticks (0 = no cache).
        self._read_cache = ReadCache(cache_memories) if cache_memories > 0 else None

    # -- plumbing ---------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock, self._readers_lock:
            for reader in self._readers:
                reader.close()
            self._conn.close()
        if self._read_cache is not None:  # a closed store holds no memory (a later gc.freeze would pin them)
            self._read_cache.clear()

    def _reader(self) -> sqlite3.Connection:
        reader = getattr(self._local, "conn", None)
        if reader is None:
            # mode=rw: a read never re-creates a deleted file (writes would then go to an empty one)
            reader = sqlite3.connect(
                f"file:{quote(os.path.abspath(self.path))}?mode=rw",
                uri=True,
                timeout=self.busy_timeout_s,
                isolation_level=None,
                check_same_thread=False,
            )
            reader.create_function("content_hash", 1, content_hash, deterministic=True)
            self._local.conn = reader
            with self._readers_lock:  # not the write lock: a waiting writer must not block reads
                self._readers.append(reader)
        return reader

    def _check_file(self) -> None:
        """A file deleted under a running store would swallow writes: refuse them instead."""
        if not self._memory and not os.path.exists(self.path):
            raise StoreBusyError(f"the SQLite file {self.path} is gone; nothing written")

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``). A nested call is a savepoint inside the
        outer one: its failure undoes its own writes only (as on PostgreSQL).

        One bounded wait per write: this process's other writers and another process's
        write lock are waited for ``busy_timeout_s`` in all, then :class:`StoreBusyError`
        (counted in ``busy_count``)."""
        with self._writer_slot() as deadline:
            outer = self._depth == 0
            savepoint = f"sp{self._depth}"
            try:
                if outer:
                    self._check_file()
                    left_ms = max(1, int((deadline - time.monotonic()) * 1000))
                    self._conn.execute(f"PRAGMA busy_timeout = {left_ms}")
                    self._conn.execute("BEGIN IMMEDIATE")
                    self._owner = threading.get_ident()
                else:
                    self._conn.execute(f"SAVEPOINT {savepoint}")
                self._depth += 1
                try:
                    yield self._conn
                except BaseException:
                    if not outer and self._conn.in_transaction:
                        self._conn.execute(f"ROLLBACK TO {savepoint}")
                        self._conn.execute(f"RELEASE {savepoint}")
                    raise
                finally:
                    self._depth -= 1
                if outer:
                    self._conn.execute("COMMIT")
                    self._owner = None
                    if self._wipe_wal:
                        self._wipe_log()
                else:
                    self._conn.execute(f"RELEASE {savepoint}")
            except BaseException as exc:
                if outer:
                    self._owner = None
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError):
                    raise self._wrap(exc) from exc
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"SQLite error: {exc}") from exc
                raise

    def _erasing(self, conn) -> int | None:
        n = super()._erasing(conn)
        self._wipe_wal = not self._memory
        return n

    def _wipe_log(self) -> None:
        """After an erasure commits: copy the write-ahead log into the database and truncate it
        to zero bytes. The log keeps the pages as they were written before — the forgotten
        text with them — until later writes happen to overwrite its frames (a quiet store: for
        ever). A reader in the middle of a read holds the log: then it is tried again after the
        next write's commit (``_wipe_wal`` stays set); never raised (the erasure is done)."""
        try:
            self._conn.execute(f"PRAGMA busy_timeout = {WIPE_WAIT_MS}")  # set again by the next BEGIN
            busy = self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            self._wipe_wal = bool(busy and busy[0])
        except sqlite3.Error as exc:
            log.warning("the write-ahead log was not truncated after an erasure: %s", exc)

    @contextmanager
    def read_snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read-only transaction on this thread's reader (WAL: one consistent snapshot that
        never waits on a writer); inside this thread's write transaction, that one."""
        if self._memory or self._owner == threading.get_ident():
            with self.transaction() as conn:
                yield conn
            return
        reader = self._reader()
        try:
            reader.execute("BEGIN")
            try:
                yield reader
            finally:
                reader.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            raise self._wrap(exc) from exc
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite error: {exc}") from exc

    def _query(self, sql: str, params: Sequence | dict = ()) -> list[tuple]:
        """A read: on the write connection inside this thread's transaction (to see its own
        writes) or for ``:memory:``; on this thread's reader connection otherwise."""
        try:
            if self._memory or self._owner == threading.get_ident():
                with self._lock:
                    return self._conn.execute(sql, params).fetchall()
            return self._reader().execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            raise self._wrap(exc) from exc
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite error: {exc}") from exc

    def _wrap(self, exc: sqlite3.OperationalError) -> StoreError:
        text = str(exc).lower()
        if "locked" in text or "busy" in text or "unable to open" in text:
            self._note_busy()
            return StoreBusyError(f"SQLite store is busy or unavailable: {exc}")
        if "readonly" in text or "read-only" in text:
            self._note_busy()
            return StoreBusyError(f"SQLite store is read-only: {exc}")
        return StoreError(f"SQLite error: {exc}")

    # -- migrations -------------------------------------------------------------------------
    @contextmanager
    def _migration_session(self, migration) -> Iterator[None]:
        """A table rebuild runs with foreign keys off (a dropped parent table must not
        cascade); the pragma only changes outside a transaction."""
        if not migration.foreign_keys_off:
            yield
            return
        with self._lock:
            self._conn.execute("PRAGMA foreign_keys = OFF")
            self._conn.execute("PRAGMA legacy_alter_table = ON")
            try:
                yield
            finally:
                self._conn.execute("PRAGMA legacy_alter_table = OFF")
                self._conn.execute("PRAGMA foreign_keys = ON")

    def _check_migration(self, conn, migration) -> None:
        for table in migration.autoincrement:
            add_autoincrement(conn, table)
        if migration.foreign_keys_off:
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise StoreError(f"migration {migration.version} broke foreign keys: {broken[:5]}")

    def applied(self) -> list[int]:
        """Versions already applied (read-only)."""
        with self._lock:
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations "
                "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
            )
            return [r[0] for r in self._conn.execute("SELECT version FROM schema_migrations")]
