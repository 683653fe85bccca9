"""The store's contract, written once in dialect-neutral SQL (``?`` placeholders, ``IS ?``
for a nullable match): users, stories, turns, memories, the derived vector index,
profile key/values and events, plus the memory-history, outbox, user-data, diagnostics,
story-layer and erasure mixins. A backend (:class:`~souvenir.store.sqlite.SQLiteStore`,
:class:`~souvenir.store.postgres.PostgresStore`) supplies the plumbing: ``transaction()``
(yielding a connection whose ``execute``/``executemany`` take this SQL), ``_query()``,
``applied()``, ``close()``, ``dialect`` and ``_lock_migrations()``.

Timestamps are ISO 8601 text (:func:`souvenir.ground.timeutil.to_text`) on every backend, so both
return identical values and text order is time order.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime


from souvenir.ground.errors import StoreBusyError, TextError
from souvenir.ground.limits import lookalike
from souvenir.privacy.scrub import scrub
from souvenir.candidates import Pool
from souvenir.store import migrations
from souvenir.store.apikeys import ApiKeysMixin
from souvenir.store.counters import CountersMixin
from souvenir.store.deadline import left
from souvenir.store.diagnostic_reads import DiagnosticsMixin
from souvenir.store.erased_texts import ErasedTextsMixin
from souvenir.store.erasure import ErasureMixin
from souvenir.store.erasure_clock import ErasureWatch, tick_erasure_clock
from souvenir.ground.hashing import content_hash
from souvenir.store.indexclaims import IndexClaimsMixin
from souvenir.store.memory_history import MemoryHistoryMixin
from souvenir.store.memory_rows import MEMORY_COLUMNS, memory_from_row
from souvenir.store.outbox import OutboxMixin
from souvenir.store.plumbing import Plumbing
from souvenir.store.readcache import ReadCache
from souvenir.store.storylayer import StoryMixin
from souvenir.store.turn_before import TurnBeforeMixin
from souvenir.store.userdata import UserDataMixin, acted_mark, erasure_key, kept_source
from souvenir.store.vector_rows import VectorRowsMixin
from souvenir.lexical.text_cache import forget_all
from souvenir.ground.timeutil import offset_minutes, to_text, utcnow
from souvenir.ground.types import Memory


class SQLStore(
    VectorRowsMixin,
    MemoryHistoryMixin,
    OutboxMixin,
    UserDataMixin,
    DiagnosticsMixin,
    StoryMixin,
    TurnBeforeMixin,
    ApiKeysMixin,
    ErasureMixin,
    ErasedTextsMixin,
    IndexClaimsMixin,
    CountersMixin,
    Plumbing,
):
    """The public contract shared by every backend (see the module docstring)."""

    dialect = ""
    #: The read path's cache (:class:`~souvenir.store.readcache.ReadCache`), where the
    #: backend keeps one.
    _read_cache: ReadCache | None = None
    _owner: int | None = None
    #: This instance's view of the store's erasures (:mod:`souvenir.store.erasure_clock`),
    #: once the store is migrated to it.
    erasure_watch: ErasureWatch | None = None

    #: Writes refused because the store stayed locked or unreachable past the bound (a
    #: counter for /metrics), and when the last one was (``time.monotonic()``; /health).
    busy_count = 0
    last_busy = 0.0
    busy_timeout_s = 5.0

    def _note_busy(self) -> None:
        self.busy_count += 1
        self.last_busy = time.monotonic()

    @contextmanager
    def _writer_slot(self) -> Iterator[float]:
        """This process's write lock (``self._lock``), waited for at most ``busy_timeout_s``
        or what is left of the operation's deadline (:mod:`souvenir.store.deadline`);
        yields the deadline of the whole write. Raises :class:`StoreBusyError` past it."""
        wait = left(self.busy_timeout_s)
        deadline = time.monotonic() + wait
        if not self._lock.acquire(timeout=wait):  # type: ignore[attr-defined]
            self._note_busy()
            raise StoreBusyError(f"the store stayed busy for {wait:.3g} s (another write held it); nothing written")
        try:
            yield deadline
        finally:
            self._lock.release()  # type: ignore[attr-defined]

    def _in_own_transaction(self) -> bool:
        """This thread is inside a write transaction (its reads may see uncommitted rows)."""
        return self._owner == threading.get_ident()

    # -- migrations -------------------------------------------------------------------------
    def applied(self) -> list[int]:  # pragma: no cover - each backend has its own
        raise NotImplementedError

    def _lock_migrations(self, conn) -> None:
        """Serialize migrating processes (a no-op where the write transaction already does)."""

    @contextmanager
    def _migration_session(self, migration: migrations.Migration) -> Iterator[None]:
        """Around one migration's transaction (SQLite: foreign keys off for a rebuild)."""
        yield

    def _check_migration(self, conn, migration: migrations.Migration) -> None:
        """Inside the migration's transaction, before its commit (SQLite: foreign keys)."""

    def pending(self) -> list[migrations.Migration]:
        """Migrations not applied yet (read-only)."""
        done = set(self.applied())
        return [m for m in migrations.load(self.dialect) if m.version not in done]

    def migrate(self, stop_before: int | None = None) -> list[int]:
        """Apply pending migrations, each in one transaction with its version row.

        Returns the versions applied now (empty on a re-run). A failing migration rolls
        back and stays pending; its error is raised as :class:`StoreError`.
        """
        done: list[int] = []
        for migration in self.pending():
            if stop_before is not None and migration.version >= stop_before:
                break
            with self._migration_session(migration), self.transaction() as conn:
                self._lock_migrations(conn)
                if conn.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)).fetchone():
                    continue  # another process applied it meanwhile
                for statement in migration.statements:
                    conn.execute(statement)
                self._check_migration(conn, migration)
                conn.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, to_text(utcnow())),
                )
            done.append(migration.version)
        self._watch_erasures()
        return done

    def _watch_erasures(self) -> None:
        """Once the store counts its erasures (migration 0026): this instance's watch, started
        at the store's number now."""
        if self.erasure_watch is None and self._query("SELECT 1 FROM schema_migrations WHERE version = 26", ()):
            watch = ErasureWatch(forget_all)
            watch.start(self._query("SELECT n FROM erasure_clock WHERE id = 1", ())[0][0])
            self.erasure_watch = watch

    def _erasing(self, conn) -> int | None:
        """Inside an erasure's transaction: the store's erasure number moved on; returns it
        (``None`` before migration 0026)."""
        if self.erasure_watch is not None:
            return tick_erasure_clock(conn, self.erasure_watch.instance)
        return None

    def erasure_number(self) -> int | None:
        """The store's erasure number now (:mod:`souvenir.store.erasure_clock`: every erasure
        numbered up to it is committed), ``None`` before migration 0026: read before reading
        what a write made later depends on, and passed to :meth:`erased_since`."""
        if self.erasure_watch is None:
            return None
        rows = self._query("SELECT n FROM erasure_clock WHERE id = 1", ())
        return int(rows[0][0]) if rows else None

    def _erasures_since(self, after: int, upto: int) -> list[tuple[int, str]]:
        return [
            (int(n), str(who))
            for n, who in self._query("SELECT n, instance FROM erasure_log WHERE n > ? AND n <= ?", (after, upto))
        ]

    # -- several processes on one store ------------------------------------------------------
    #: True where several replicas may run workers on the store at once (PostgreSQL): a
    #: ``running`` outbox job may then belong to a live process elsewhere.
    shared_by_replicas = False
    #: Appended to the outbox claim's SELECT (PostgreSQL: ``FOR UPDATE OF o SKIP LOCKED``).
    _claim_lock = ""
    #: Appended to a SELECT of rows a write depends on (PostgreSQL: ``FOR SHARE``, so that a
    #: concurrent erasure waits for it and then sees what it wrote).
    _row_share_lock = ""

    def lock_user(self, user_id: int) -> None:
        """Serialize the user's read-modify-write (admission, profile, outbox order) across
        processes until the current transaction ends; call it inside ``transaction()``.
        SQLite: nothing to do, ``BEGIN IMMEDIATE`` already admits one writer at a time."""

    # -- users, stories, turns --------------------------------------------------------------
    def find_user(self, channel: str, external_id: str) -> int | None:
        rows = self._query("SELECT id FROM users WHERE channel = ? AND external_id = ?", (channel, external_id))
        return rows[0][0] if rows else None

    def user_channels(self, external_id: str, limit: int = 10) -> list[str]:
        """The channels that have a user ``external_id`` (at most ``limit``, sorted): the
        CLI's hint when a user is unknown in the channel asked for."""
        return [
            r[0]
            for r in self._query(
                "SELECT channel FROM users WHERE external_id = ? ORDER BY channel LIMIT ?", (external_id, int(limit))
            )
        ]

    def ensure_user(self, channel: str, external_id: str, now: datetime) -> int:
        """The row id of user ``channel:external_id``, created at ``now`` when new. Raises
        :class:`~souvenir.ground.errors.TextError` for a *new* id that would look like another
        (:func:`souvenir.ground.limits.lookalike`: blanks around it, not NFC, mixed scripts); an id
        already stored is found as it is."""
        odd_user, odd_channel = lookalike(external_id), lookalike(channel)
        if (odd_user or odd_channel) and self.find_user(channel, external_id) is None:
            if odd_user:
                raise TextError(f"user id {odd_user}")
            if not self._query("SELECT 1 FROM users WHERE channel = ? LIMIT 1", (channel,)):
                raise TextError(f"channel {odd_channel}")
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO users (channel, external_id, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (channel, external_id) DO NOTHING",
                (channel, external_id, to_text(now)),
            )
            return conn.execute(
                "SELECT id FROM users WHERE channel = ? AND external_id = ?", (channel, external_id)
            ).fetchone()[0]

    def find_user_story(self, channel: str, external_id: str, story: str | None) -> tuple[int | None, int | None]:
        """(user id, story id): :meth:`find_user_story_clock` without the erasure number."""
        user_id, story_id, _ = self.find_user_story_clock(channel, external_id, story, unknown=False)
        return user_id, story_id

    def find_user_story_clock(
        self, channel: str, external_id: str, story: str | None, *, unknown: bool = True
    ) -> tuple[int | None, int | None, int | None]:
        """(user id, story id, the store's erasure number) in one round trip, ``None`` for what
        does not exist (the story id is ``None`` without ``story``; the number before migration
        0026); inside :meth:`read_turn`, the user's read-cache tick is read with them (the
        turn's reads then need no other round trip for it). The erasure number is read before
        any of the user's data (this is a turn's first read): an exchange recording late what
        it read passes it back (``unless_erased_since``) and is refused when an erasure of the
        user numbered above it committed since (:meth:`erased_since`); another replica's
        erasure empties this process's caches of texts' readings
        (:mod:`souvenir.store.erasure_clock`). An unknown user: the number alone, a second read
        (``unknown=False``: not read, ``None``)."""
        watch = self.erasure_watch
        clock = ", (SELECT n FROM erasure_clock WHERE id = 1)" if watch is not None else ", NULL"
        rows = self._query(
            f"SELECT u.id, s.id, r.read_tick, r.reload_tick{clock} FROM users u "
            "LEFT JOIN stories s ON s.user_id = u.id AND s.name = ? "
            "LEFT JOIN read_ticks r ON r.user_id = u.id WHERE u.channel = ? AND u.external_id = ?",
            (story or "", channel, external_id),
        )
        if not rows:
            return None, None, self.erasure_number() if unknown else None
        user_id, story_id, tick, reload_tick, erasures = rows[0]
        if watch is not None and not self._in_own_transaction():
            watch.observe(erasures, self._erasures_since)  # another replica's erasure: caches emptied
        if self._read_cache is not None and not self._in_own_transaction():
            self._read_cache.prime(user_id, [(tick, reload_tick)] if tick is not None else [])
        return user_id, story_id if story else None, None if erasures is None else int(erasures)

    def find_story(self, user_id: int, name: str) -> int | None:
        rows = self._query("SELECT id FROM stories WHERE user_id = ? AND name = ?", (user_id, name))
        return rows[0][0] if rows else None

    def ensure_story(self, user_id: int, name: str, now: datetime) -> int:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO stories (user_id, name, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id, name) DO NOTHING",
                (user_id, name, to_text(now)),
            )
            return conn.execute("SELECT id FROM stories WHERE user_id = ? AND name = ?", (user_id, name)).fetchone()[0]

    def set_story_summary(self, story_id: int, summary: str) -> None:
        with self.transaction() as conn:
            conn.execute("UPDATE stories SET summary = ? WHERE id = ?", (scrub(summary), story_id))

    def story_summary(self, story_id: int) -> str:
        rows = self._query("SELECT summary FROM stories WHERE id = ?", (story_id,))
        return rows[0][0] if rows else ""

    def add_turn(
        self,
        user_id: int,
        story_id: int | None,
        message: str,
        reply: str | None,
        time: datetime,
        source: str | None = None,
    ) -> int:
        """Store one exchange; ``time``'s own UTC offset is kept beside it (the user's local
        day when it was said, read back by the outbox claim)."""
        with self.transaction() as conn:
            source = kept_source(conn, source)  # scrubbed, told apart (store/kept_source.py)
            cur = conn.execute(
                "INSERT INTO turns (user_id, story_id, message, reply, time, source, utc_offset) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (user_id, story_id, scrub(message), scrub(reply), to_text(time), source, offset_minutes(time)),
            )
            return int(cur.lastrowid)

    def drop_held(self, user_id: int) -> None:
        """The read cache holds nothing of the user any more (after an erasure)."""
        if self._read_cache is not None:
            self._read_cache.drop(user_id)

    def clear_turn(self, turn_id: int) -> None:
        """Empty turn ``turn_id``'s message and reply (a request to forget: its text names what
        it asked to forget); the row stays, left out of :meth:`recent_turns` as an erased turn.
        The proxy's retry key (a SHA-256 of the request: it would confirm a guessed request)
        becomes its keyed mark (:func:`~souvenir.store.userdata.acted_mark`): a client's retry
        of the request is still recorded once, and not acted on again."""
        with self.transaction() as conn:
            row = conn.execute("SELECT source FROM turns WHERE id = ?", (turn_id,)).fetchone()
            source = row[0] if row is not None else None
            mark = acted_mark(erasure_key(conn), source) if (source or "").startswith("proxy:") else source
            self._erasing(conn)
            conn.execute("UPDATE turns SET message = '', reply = NULL, source = ? WHERE id = ?", (mark, turn_id))

    def has_turn(self, user_id: int, source: str, since: datetime, *, client_retry: bool = False) -> bool:
        """Whether the user has a turn from ``source`` said at ``since`` or later (the proxy
        records a client's retry of one request once), or a request acted on and erased since
        (its keyed mark: :meth:`was_acted`)."""
        found = self._query(
            "SELECT 1 FROM turns WHERE user_id = ? AND source = ? AND time >= ? LIMIT 1",
            (user_id, kept_source(self, source), to_text(since)),
        )
        return bool(found) or self.was_acted(user_id, source, since, client_retry=client_retry)

    def was_acted(self, user_id: int, source: str, since: datetime, *, client_retry: bool = False) -> bool:
        """Whether the user's turn from ``source`` said at ``since`` or later was a request acted
        on and erased since (its keyed mark: :func:`~souvenir.store.userdata.acted_mark`), and
        is still the user's latest turn: a client's retry of a request acted on ("forget
        everything about me") reads nothing and is not recorded. Once the conversation moved on
        (a turn of the user recorded after it), the same request again is the user saying it
        again — a stateless client sends the same request for the same words — and acts.
        So does it when a memory of the user was written since the request (through another
        face: the API, MCP, an import), unless the client marks the request as its retry
        (``client_retry``: OpenAI's SDKs send ``x-stainless-retry-count``): a request to forget
        said twice is not taken for a retry while there is something to forget."""
        mark = self._acted(source)
        written = (
            ""
            if client_retry
            else "AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.user_id = t.user_id "
            "AND m.status = 'active' AND m.created_at >= t.time) "
        )
        return mark is not None and bool(
            self._query(
                "SELECT 1 FROM turns t WHERE t.user_id = ? AND t.source = ? AND t.time >= ? "
                "AND NOT EXISTS (SELECT 1 FROM turns n WHERE n.user_id = t.user_id AND n.id > t.id) "
                + written
                + "LIMIT 1",
                (user_id, mark, to_text(since)),
            )
        )

    def _acted(self, source: str) -> str | None:
        key = self._query("SELECT value FROM store_secrets WHERE name = 'erasure_key'", ())
        return acted_mark(key[0][0] if key else None, source)

    def recent_turns(self, user_id: int, story_id: int | None, limit: int) -> list[dict]:
        """The last ``limit`` turns of the user's conversation (this story, or story-less),
        oldest first; a turn a forgotten memory cleared (its message ``''``) is left out."""
        rows = self._query(
            "SELECT message, reply, time FROM turns WHERE user_id = ? AND story_id IS ? AND message <> '' "
            "ORDER BY time DESC, id DESC LIMIT ?",
            (user_id, story_id, limit),
        )
        return [{"message": r[0], "reply": r[1], "time": r[2]} for r in reversed(rows)]

    # -- memories ---------------------------------------------------------------------------
    def get_memory(self, memory_id: int) -> Memory | None:
        rows = self._query(f"SELECT {MEMORY_COLUMNS} FROM memories WHERE id = ?", (memory_id,))
        return memory_from_row(rows[0]) if rows else None

    @contextmanager
    def read_turn(self) -> Iterator[None]:
        """Around one turn's reads in this thread: the read cache reads each user's tick once
        (:meth:`~souvenir.store.readcache.ReadCache.turn`); a no-op without a cache."""
        if self._read_cache is None:
            yield
            return
        with self._read_cache.turn():
            yield

    def candidates(self, user_id: int, story_id: int | None) -> Pool:
        """Active memories a turn may select: the user's global ones and the story's own, by
        id. From the read cache where the backend has one (outside a write transaction):
        their forgetting counters may then be behind (see :mod:`souvenir.store.readcache`)."""
        if self._read_cache is not None and not self._in_own_transaction():
            pool = self._read_cache.candidates(self, user_id, story_id)
            if pool is not None:
                return pool
        return Pool(
            memory_from_row(r)
            for r in self._query(
                f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = ? AND status = 'active' "
                "AND (scope = 'global' OR story_id IS ?) ORDER BY id",
                (user_id, story_id),
            )
        )

    def memories(
        self, user_id: int, status: str | None = "active", after: int | None = None, limit: int | None = None
    ) -> list[Memory]:
        """The user's memories with ``status`` (``None`` = all), oldest first; a page: those
        with an id above ``after``, at most ``limit``."""
        sql = f"SELECT {MEMORY_COLUMNS} FROM memories WHERE user_id = ?"
        params: list = [user_id]
        if status is not None:
            sql += " AND status = ?"
            params.append(status)
        if after is not None:
            sql += " AND id > ?"
            params.append(after)
        sql += " ORDER BY id"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [memory_from_row(r) for r in self._query(sql, params)]

    def insert_memory(
        self,
        user_id: int,
        text: str,
        kind: str,
        scope: str,
        story_id: int | None,
        confidence: float,
        pinned: bool,
        source: str | None,
        said_at: datetime,
        speaker: str | None = None,
        session: str | None = None,
    ) -> int:
        text, source = scrub(text), kept_source(self, source)  # secrets never kept, whoever wrote them
        with self.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO memories (user_id, kind, scope, story_id, text, confidence, pinned, "
                "created_at, updated_at, source, content_hash, speaker, session) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    user_id,
                    kind,
                    scope,
                    story_id,
                    text,
                    confidence,
                    int(pinned),
                    to_text(said_at),
                    to_text(said_at),
                    source,
                    content_hash(text),
                    speaker,
                    session,
                ),
            )
            return int(cur.lastrowid)

    # -- episode windows (the window embedder's texts) --------------------------------------
    # The memory just before / just after a given one in its session (id order), active only.
    _NEIGHBOUR = (
        "SELECT id, text FROM memories WHERE user_id = ? AND session = ? "
        "AND status = 'active' AND id {} ? ORDER BY id {} LIMIT 1"
    )
    _PREVIOUS = _NEIGHBOUR.format("<", "DESC")
    _NEXT = _NEIGHBOUR.format(">", "ASC")

    def windows(self, memory_ids: Sequence[int]) -> dict[int, str]:
        """Per memory: the texts of the previous memory of its session, itself and the next
        one, joined by newlines (the text alone for a memory without a session)."""
        out: dict[int, str] = {}
        for mid in memory_ids:
            rows = self._query("SELECT user_id, session, text FROM memories WHERE id = ?", (mid,))
            if not rows:
                continue
            user_id, session, text = rows[0]
            if session is None:
                out[mid] = text
                continue
            parts = [r[1] for r in self._query(self._PREVIOUS, (user_id, session, mid))]
            parts.append(text)
            parts += [r[1] for r in self._query(self._NEXT, (user_id, session, mid))]
            out[mid] = "\n".join(parts)
        return out

    def drop_neighbour_vectors(self, memory_id: int, embedder: str, after: bool = True) -> int:
        """Delete ``embedder``'s vectors of the memories just before (and, with ``after``,
        just after) ``memory_id`` in its session, active ones only: their windows changed (a
        memory arrived, changed or left), so the indexer re-embeds them; a claim of theirs
        ends too (a window embedded now is the old one: its write is fenced off and the
        memory stays queued). Returns the rows deleted."""
        with self.transaction() as conn:
            row = conn.execute("SELECT user_id, session FROM memories WHERE id = ?", (memory_id,)).fetchone()
            if row is None or row[1] is None:
                return 0
            sides = [self._PREVIOUS]
            if after:
                sides.append(self._NEXT)
            deleted = 0
            for sql in sides:
                near = conn.execute(sql, (row[0], row[1], memory_id)).fetchone()
                if near is not None:
                    deleted += conn.execute(
                        "DELETE FROM vectors WHERE memory_id = ? AND embedder = ?", (near[0], embedder)
                    ).rowcount
                    # a window being embedded now holds the old neighbours: its claim ends, so
                    # its write is fenced off (put_claimed_vectors) and the memory stays queued
                    conn.execute("DELETE FROM vector_claims WHERE memory_id = ? AND embedder = ?", (near[0], embedder))
            return deleted

    def set_pinned(self, memory_id: int, pinned: bool) -> bool:
        with self.transaction() as conn:
            cur = conn.execute("UPDATE memories SET pinned = ? WHERE id = ?", (int(pinned), memory_id))
            return cur.rowcount > 0

    def delete_memory(self, memory_id: int, now: datetime, why: str | None = None) -> bool:
        """Explicit deletion only: the memory is forgotten (:meth:`erase_memory`): a textless
        tombstone stays for counts, nothing of its text anywhere (``why``: its history's one
        ``erased`` entry). ``False`` for no such id."""
        return self.erase_memory(memory_id, now, why) is not None

    # -- profile key/value (seed 001) ---------------------------------------------------------
    def kv_set(self, user_id: int, key: str, value: str, now: datetime) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO user_kv (user_id, key, value, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (user_id, scrub(key), scrub(value), to_text(now)),
            )

    def kv_get(self, user_id: int, key: str) -> str | None:
        rows = self._query("SELECT value FROM user_kv WHERE user_id = ? AND key = ?", (user_id, key))
        return rows[0][0] if rows else None

    def kv_all(self, user_id: int) -> dict[str, str]:
        return dict(self._query("SELECT key, value FROM user_kv WHERE user_id = ?", (user_id,)))

    # -- events (degradations) --------------------------------------------------------------
    def record_event(self, user_id: int | None, kind: str, detail: str, now: datetime) -> None:
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO events (user_id, kind, detail, time) VALUES (?, ?, ?, ?)",
                (user_id, kind, scrub(detail), to_text(now)),
            )

    def count_events(self, kind: str) -> int:
        return self._query("SELECT COUNT(*) FROM events WHERE kind = ?", (kind,))[0][0]
