"""The indexer's queue and claims (a mixin of :class:`~souvenir.store.base.SQLStore`):
replicas embed side by side, each a batch of memories no other replica holds, none twice,
and an idle pass costs one indexed read, not a scan of the store.

**The queue** (migration 0022): ``vector_queue`` holds (memory id, embedder) for every
active memory whose vector of a kept embedder (``vector_embedders``) is missing or stale or
whose text no longer matches its hash. Triggers write it in the same transaction as the
change, whoever makes it — a memory inserted, its text or hash changed, or reactivated; a
vector deleted (``clear_vectors``, a window's neighbours) or written stale — so a text
edited by hand-written SQL is queued too, and no pass has to scan the store to find it.
A memory that stops being active leaves the queue (trigger; a deleted one by the foreign
key's cascade). An embedder is kept from its first claim on
(:meth:`IndexClaimsMixin.ensure_vector_queue`): the store's stale memories are enqueued for
it once, with the writers of memories and vectors held off meanwhile (PostgreSQL: a
``SHARE`` lock on both tables, taken ``NOWAIT`` and tried again, so it never deadlocks with
a writer; SQLite: ``BEGIN IMMEDIATE``), so none slips between the scan and the triggers. A queue row is a hint that is never missing; a claim that finds nothing
to do for a row (the vector is current, the memory gone) drops it. A text edited by hand
keeps its old hash until a claim repairs it (the hash is computed in Python: SQLite's
shell has no ``content_hash`` function), and :meth:`put_vectors` never writes, nor
dequeues, a vector whose memory's text does not match its hash.

**A claim** is one row per memory in ``vector_claims`` (migration 0020) with a random token
and an expiry (the claimer's clock + ``lease_s``). Claiming takes the first queued memories
that have no live claim; on PostgreSQL their queue rows are locked ``FOR UPDATE … SKIP
LOCKED`` for the claim's short transaction, so two replicas claiming at once take different
rows, and the insert only replaces a claim that has expired (``ON CONFLICT … DO UPDATE …
WHERE expires_at < now``), so a claim committed meanwhile is never taken. On SQLite the
claim runs in one ``BEGIN IMMEDIATE`` transaction (one writer at a time): two processes on
one file never embed the same rows either.

Writing the vectors is fenced by the token (:meth:`put_claimed_vectors`): a memory whose
claim expired and was taken over while this replica embedded it is not written by this
replica (the new holder writes it), and is counted as lost. A queue row leaves in the
transaction that writes its current vector, so a replica killed mid-batch leaves its rows
queued (taken over once its lease expires). Every claim is transaction scoped: nothing to
keep on a session, so it works behind PgBouncer's transaction pooling.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

from souvenir.ground.errors import StoreBusyError
from souvenir.ground.hashing import content_hash
from souvenir.store.plumbing import Plumbing
from souvenir.ground.timeutil import as_utc

#: (memory id, content hash, text to embed).
Row = tuple[int, str, str]

#: Active memories whose vector of an embedder (``?``) is missing or stale, or whose text no
#: longer matches its hash (a text edited by hand).
_STALE = (
    "SELECT m.id FROM memories m LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = ? "
    "WHERE m.status = 'active' AND (v.memory_id IS NULL OR v.content_hash != m.content_hash "
    "OR m.content_hash != content_hash(m.text))"
)


def _stamp(value: datetime) -> str:
    """A claim's time as fixed-width ISO text in UTC to the microsecond (text order = time
    order; the store's seconds would cut a short lease by up to a second)."""
    aware = as_utc(value)
    assert aware is not None
    return aware.isoformat(timespec="microseconds")


@dataclass(frozen=True)
class ClaimedWrite:
    """What a claim's write could not write: ``lost`` rows, whose claim another claimer took
    over after the lease expired; ``ended`` rows, whose claim a write ended (a session
    neighbour changed the window; the memory forgotten; its embedder retired). Both stay
    queued, but for a forgotten memory and a retired embedder's rows (its queue went with
    it: a process still using it keeps it again within ``KEPT_RECHECK_S``)."""

    lost: int = 0
    ended: int = 0

    @property
    def unwritten(self) -> int:
        return self.lost + self.ended


@dataclass(frozen=True)
class VectorClaim:
    """A batch claimed for one embedder: ``rows`` to embed, the ``token`` that fences their
    write, and ``taken_over``: how many of them had an expired claim of another (dead or
    stalled) claimer."""

    token: str
    rows: list[Row] = field(default_factory=list)
    taken_over: int = 0


class IndexClaimsMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store."""

    #: Appended to the claim's SELECT (PostgreSQL: skip the queue rows another claimer locks).
    _claim_skip_locked = ""
    #: Appended to the re-reads of the rows a claim is about to drop (PostgreSQL: ``FOR SHARE
    #: SKIP LOCKED``; SQLite: one writer at a time, nothing changed since the claim's read).
    _drop_recheck_lock = ""
    #: Run before an embedder's queue is filled (PostgreSQL: hold off the writers of
    #: memories and vectors until it commits, taken ``NOWAIT`` and tried again until
    #: ``busy_timeout_s``: the filler never waits holding one table while a writer holding
    #: the other waits for it — erasure deletes vectors then updates memories, the write
    #: path the other way round; SQLite: BEGIN IMMEDIATE already does).
    _queue_fill_lock = ""
    busy_timeout_s = 5.0
    #: Appended to a SELECT of rows a write depends on (see ``SQLStore._row_share_lock``).
    _row_share_lock = ""
    _row_update_lock = ""

    #: Claims tried in a row when every candidate found was claimed by another replica
    #: meanwhile (its claim committed between this SELECT's snapshot and its row lock).
    _CLAIM_TRIES = 3
    #: Ids per ``IN (…)`` list.
    _IDS_PER_QUERY = 500

    #: Embedder → when this process last read it kept (``time.monotonic()``).
    _kept_embedders: dict[str, float] | None = None
    #: Seconds a process trusts its reading that an embedder is kept: an embedder retired
    #: (:meth:`retire_embedder`) while this process still embeds with it is kept again, its
    #: stale memories enqueued, within this time (an operator's setting, not a measured one).
    KEPT_RECHECK_S = 60.0

    # -- the queue ---------------------------------------------------------------------------
    def ensure_vector_queue(self, embedder: str) -> int:
        """Keep ``embedder``'s queue from now on: the first time (in this database), enqueue
        every active memory whose vector is missing or stale. Returns the memories enqueued
        now (0 when the queue was kept already). Raises ``StoreBusyError`` when writers hold
        the tables past the store's ``busy_timeout_s`` (PostgreSQL; the next pass tries
        again)."""
        if self._kept_embedders is None:
            self._kept_embedders = {}
        seen = self._kept_embedders.get(embedder)
        if seen is not None and time.monotonic() - seen < self.KEPT_RECHECK_S:
            return 0
        if self._query("SELECT 1 FROM vector_embedders WHERE embedder = ?", (embedder,)):
            self._kept_embedders[embedder] = time.monotonic()
            return 0

        def keep(conn) -> int:
            added = conn.execute(
                "INSERT INTO vector_embedders (embedder) VALUES (?) ON CONFLICT DO NOTHING RETURNING embedder",
                (embedder,),
            ).fetchall()
            return self._enqueue_stale(conn, embedder) if added else 0

        queued = self._holding_writers_off(keep)
        self._kept_embedders[embedder] = time.monotonic()
        return queued

    def kept_embedders(self) -> dict[str, int]:
        """Every embedder whose queue is kept → the queue rows it holds."""
        counts = dict(self._query("SELECT embedder, COUNT(*) FROM vector_queue GROUP BY embedder"))
        return {
            name: int(counts.get(name, 0))
            for (name,) in self._query("SELECT embedder FROM vector_embedders ORDER BY embedder")
        }

    def retire_embedder(self, embedder: str, drop_vectors: bool = False) -> dict[str, int]:
        """Stop keeping ``embedder``'s queue (maintenance, ``souvenir index --retire``):
        after a switch of embedders the triggers would otherwise queue every new or changed
        memory for the old one forever. Deletes its ``vector_embedders`` row, queue rows and
        claims in one transaction, with the writers of memories and vectors held off (no
        trigger queues a row for it meanwhile); its vectors too when ``drop_vectors``
        (otherwise kept: an embedder kept again enqueues whatever went stale). A process
        still embedding with it keeps it again within :attr:`KEPT_RECHECK_S`. Returns the
        rows deleted per table (``embedders`` 0: it was not kept). Raises
        ``StoreBusyError`` as :meth:`ensure_vector_queue`."""

        def retire(conn) -> dict[str, int]:
            gone = {
                "embedders": conn.execute("DELETE FROM vector_embedders WHERE embedder = ?", (embedder,)).rowcount,
                "queue": conn.execute("DELETE FROM vector_queue WHERE embedder = ?", (embedder,)).rowcount,
                "claims": conn.execute("DELETE FROM vector_claims WHERE embedder = ?", (embedder,)).rowcount,
                "vectors": 0,
            }
            if drop_vectors:
                gone["vectors"] = conn.execute("DELETE FROM vectors WHERE embedder = ?", (embedder,)).rowcount
            return gone

        gone = self._holding_writers_off(retire)
        if self._kept_embedders:
            self._kept_embedders.pop(embedder, None)
        return gone

    def _holding_writers_off(self, fn: Callable):
        """``fn(conn)`` in a transaction that holds off the writers of memories and vectors
        (``_queue_fill_lock``), the lock tried again until ``busy_timeout_s``."""
        deadline = time.monotonic() + self.busy_timeout_s
        while True:
            try:
                with self.transaction() as conn:
                    if self._queue_fill_lock:
                        conn.execute(self._queue_fill_lock)
                    return fn(conn)
            except StoreBusyError:  # a writer holds one of the tables: never wait holding the other
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    @staticmethod
    def _enqueue_stale(conn, embedder: str) -> int:
        return conn.execute(
            "INSERT INTO vector_queue (memory_id, embedder) SELECT id, CAST(? AS TEXT) FROM ("
            + _STALE
            + ") s WHERE true ON CONFLICT DO NOTHING",
            (embedder, embedder),
        ).rowcount

    def requeue_stale(self, embedder: str) -> int:
        """Maintenance (``souvenir index``): scan the whole store and enqueue every active
        memory whose ``embedder`` vector is missing or stale, in case the triggers were
        bypassed (PostgreSQL ``session_replication_role = replica``, a restore without
        them). Returns the memories enqueued that were not queued already."""
        if self.ensure_vector_queue(embedder):
            return self._query("SELECT COUNT(*) FROM vector_queue WHERE embedder = ?", (embedder,))[0][0]
        with self.transaction() as conn:
            return self._enqueue_stale(conn, embedder)

    def count_stale_vectors(self, embedder: str, user_id: int | None = None) -> int:
        """Active memories whose ``embedder`` vector is missing or stale, or whose text no
        longer matches its hash (one user's, when ``user_id`` is given: an index scan of
        that user's memories). The whole store's count reads the embedder's queue only when
        it is kept (every such memory is queued: the module docstring), the store otherwise."""
        if user_id is not None:
            return self._query("SELECT COUNT(*) FROM (" + _STALE + " AND m.user_id = ?) s", (embedder, user_id))[0][0]
        if self._query("SELECT 1 FROM vector_embedders WHERE embedder = ?", (embedder,)):
            return self._query(
                "SELECT COUNT(*) FROM vector_queue q JOIN memories m ON m.id = q.memory_id "
                "LEFT JOIN vectors v ON v.memory_id = q.memory_id AND v.embedder = q.embedder "
                "WHERE q.embedder = ? AND m.status = 'active' AND (v.memory_id IS NULL "
                "OR v.content_hash != m.content_hash OR m.content_hash != content_hash(m.text))",
                (embedder,),
            )[0][0]
        return self._query("SELECT COUNT(*) FROM (" + _STALE + ") s", (embedder,))[0][0]

    def put_vectors(self, embedder: str, rows: Sequence[tuple[int, str, np.ndarray]]) -> None:
        """Upsert (memory id, content hash, float32 vector) rows for ``embedder`` and take
        the written memories out of its queue. A row whose memory is no longer active with
        that hash (forgotten, reworded or its user deleted while it was embedded), or whose
        text no longer matches that hash (edited by hand), is skipped and stays queued: no
        vector of an erased text comes back, none of an old wording is kept."""
        with self.transaction() as conn:
            ids = list(dict.fromkeys(int(mid) for mid, _, _ in rows))
            current: dict[int, str] = {}
            users: set[int] = set()
            for start in range(0, len(ids), self._IDS_PER_QUERY):
                part = ids[start : start + self._IDS_PER_QUERY]
                for mid, hash_, user, text in conn.execute(
                    f"SELECT id, content_hash, user_id, text FROM memories WHERE id IN ({','.join('?' * len(part))}) "
                    "AND status = 'active'" + self._row_share_lock,
                    part,
                ).fetchall():
                    if content_hash(text) == hash_:
                        current[mid] = hash_
                    users.add(user)
            if self._row_update_lock and len(users) > 1:
                # PostgreSQL: the users' read ticks (migration 0019) locked in one order, before
                # the triggers take them row by row: two replicas' batches never deadlock
                order = sorted(users)
                conn.execute(
                    f"SELECT user_id FROM read_ticks WHERE user_id IN ({','.join('?' * len(order))}) "
                    "ORDER BY user_id" + self._row_update_lock,
                    order,
                )
            rows = [(mid, h, v) for mid, h, v in rows if current.get(int(mid)) == h]
            conn.executemany(
                "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (memory_id, embedder) DO UPDATE SET "
                "content_hash = excluded.content_hash, dim = excluded.dim, vector = excluded.vector",
                [(mid, embedder, h, int(v.shape[0]), np.asarray(v, dtype=np.float32).tobytes()) for mid, h, v in rows],
            )
            done = sorted({int(mid) for mid, _, _ in rows})
            for start in range(0, len(done), self._IDS_PER_QUERY):
                part = done[start : start + self._IDS_PER_QUERY]
                conn.execute(
                    f"DELETE FROM vector_queue WHERE embedder = ? AND memory_id IN ({','.join('?' * len(part))})",
                    (embedder, *part),
                )

    # -- claims ------------------------------------------------------------------------------
    def claim_stale_vectors(
        self,
        embedder: str,
        limit: int,
        lease_s: float,
        now: datetime,
        prepare: Callable[[list[Row]], list[Row]] | None = None,
    ) -> VectorClaim:
        """Claim up to ``limit`` active memories whose ``embedder`` vector is missing or
        stale and that no live claim holds, for ``lease_s`` seconds from ``now``, from the
        embedder's queue (kept from this call on: :meth:`ensure_vector_queue`). An empty
        claim means nothing is left to claim (not a race lost to another replica: that one
        is tried again; nor queue rows found with nothing to do: they are dropped and the
        next ones read).

        ``prepare`` maps the candidates (queue order) to the rows to embed, inside the
        claim's transaction: it may cut the list (a bound on characters per batch) or change
        the texts (an episode's window); only the rows it returns are claimed."""
        self.ensure_vector_queue(embedder)
        claim = VectorClaim(secrets.token_hex(8))
        tries = 0
        while tries < self._CLAIM_TRIES:
            claim, found, dropped = self._claim_once(embedder, limit, lease_s, now, prepare)
            if claim.rows or not found:
                break
            if not dropped:  # every candidate lost to another claimer: a race
                tries += 1
        return claim

    def _claim_once(
        self, embedder: str, limit: int, lease_s: float, now: datetime, prepare: Callable[[list[Row]], list[Row]] | None
    ) -> tuple[VectorClaim, int, int]:
        """One claim transaction: the claim, how many queue rows it found and how many of
        them it dropped (nothing to do)."""
        token = secrets.token_hex(8)
        with self.transaction() as conn:
            found = conn.execute(
                "SELECT q.memory_id, m.content_hash, m.text, m.status, v.content_hash, c.memory_id "
                "FROM vector_queue q JOIN memories m ON m.id = q.memory_id "
                "LEFT JOIN vectors v ON v.memory_id = q.memory_id AND v.embedder = q.embedder "
                "LEFT JOIN vector_claims c ON c.memory_id = q.memory_id AND c.embedder = q.embedder "
                "WHERE q.embedder = ? AND (c.memory_id IS NULL OR c.expires_at < ?) "
                "ORDER BY q.memory_id LIMIT ?" + self._claim_skip_locked,
                (embedder, _stamp(now), int(limit)),
            ).fetchall()
            expired = {r[0] for r in found if r[5] is not None}
            rows: list[Row] = []
            drop: list[int] = []
            for mid, hash_, text, status, vector_hash, _ in found:
                if status != "active":
                    drop.append(mid)
                    continue
                actual = content_hash(text)
                if actual != hash_:  # the text was edited by hand: the store is the truth
                    # only the text read (a wording written since keeps its own hash: left
                    # queued, the next claim reads it)
                    if not conn.execute(
                        "UPDATE memories SET content_hash = ? WHERE id = ? AND text = ?", (actual, mid, text)
                    ).rowcount:
                        continue
                    hash_ = actual
                if vector_hash == hash_:
                    drop.append(mid)
                else:
                    rows.append((mid, hash_, text))
            if drop and self._drop_recheck_lock:
                drop = self._still_nothing_to_do(conn, embedder, drop)
            if drop:
                conn.execute(
                    f"DELETE FROM vector_queue WHERE embedder = ? AND memory_id IN ({','.join('?' * len(drop))})",
                    (embedder, *drop),
                )
            if prepare is not None and rows:
                rows = prepare(rows)
            if not rows:
                return VectorClaim(token), len(found), len(drop)
            until = _stamp(now + timedelta(seconds=lease_s))
            params: list = []
            for mid, _, _ in rows:
                params += [mid, embedder, token, until]
            got = {
                r[0]
                for r in conn.execute(
                    "INSERT INTO vector_claims (memory_id, embedder, token, expires_at) VALUES "
                    + ",".join(["(?, ?, ?, ?)"] * len(rows))
                    + " ON CONFLICT (memory_id, embedder) DO UPDATE SET token = excluded.token, "
                    "expires_at = excluded.expires_at WHERE vector_claims.expires_at < ? "
                    "RETURNING memory_id",
                    (*params, _stamp(now)),
                ).fetchall()
            }
        kept = [row for row in rows if row[0] in got]
        return VectorClaim(token, kept, sum(1 for row in kept if row[0] in expired)), len(found), len(drop)

    def _still_nothing_to_do(self, conn, embedder: str, drop: list[int]) -> list[int]:
        """The rows of ``drop`` that still have nothing to do, read again with their memory
        and vector locked (PostgreSQL). The claim's read is a snapshot: a text edited or a
        vector deleted and committed since then found the queue row still there (its
        trigger's ``ON CONFLICT DO NOTHING``), so dropping the row on the snapshot's word
        would leave the memory stale with no row. Locked, the latest committed rows are
        read, and a writer that comes later waits for this claim's commit (its trigger then
        queues the memory again); a row a writer holds now is skipped, so kept."""
        marks = ",".join("?" * len(drop))
        memories = {
            mid: (status, hash_, text)
            for mid, status, hash_, text in conn.execute(
                f"SELECT id, status, content_hash, text FROM memories WHERE id IN ({marks})" + self._drop_recheck_lock,
                drop,
            ).fetchall()
        }
        vectors = dict(
            conn.execute(
                f"SELECT memory_id, content_hash FROM vectors WHERE embedder = ? AND memory_id IN ({marks})"
                + self._drop_recheck_lock,
                (embedder, *drop),
            ).fetchall()
        )
        still = []
        for mid in drop:
            if mid not in memories:
                continue  # deleted (its queue rows went with it) or held by a writer: kept queued
            status, hash_, text = memories[mid]
            if status != "active" or (content_hash(text) == hash_ and vectors.get(mid) == hash_):
                still.append(mid)
        return still

    def put_claimed_vectors(
        self, embedder: str, token: str, rows: Sequence[tuple[int, str, np.ndarray]]
    ) -> ClaimedWrite:
        """Write the vectors of a claim and end it. Rows whose claim is no longer ``token``'s
        are not written, and stay queued: ``lost`` — it expired and another claimer took it
        over — and ``ended`` — a write ended it (a session neighbour changed the window:
        ``drop_neighbour_vectors``), the normal course of a conversation. A memory forgotten
        or reworded meanwhile is skipped as by :meth:`put_vectors` (and stays queued while it
        is active)."""
        with self.transaction() as conn:
            held = {
                r[0]
                for r in conn.execute(
                    "DELETE FROM vector_claims WHERE embedder = ? AND token = ? RETURNING memory_id", (embedder, token)
                ).fetchall()
            }
            kept = [row for row in rows if int(row[0]) in held]
            if kept:
                self.put_vectors(embedder, kept)
            missing = sorted({int(row[0]) for row in rows} - held)
            taken = 0
            for start in range(0, len(missing), self._IDS_PER_QUERY):
                part = missing[start : start + self._IDS_PER_QUERY]
                # taken over: another claimer holds it, or has written its current vector since
                taken += conn.execute(
                    "SELECT COUNT(*) FROM memories m WHERE m.id IN (" + ",".join("?" * len(part)) + ") AND ("
                    "EXISTS (SELECT 1 FROM vector_claims c WHERE c.memory_id = m.id AND c.embedder = ?) OR "
                    "EXISTS (SELECT 1 FROM vectors v WHERE v.memory_id = m.id AND v.embedder = ? "
                    "AND v.content_hash = m.content_hash))",
                    (*part, embedder, embedder),
                ).fetchone()[0]
        return ClaimedWrite(lost=taken, ended=len(rows) - len(kept) - taken)

    def release_vector_claims(self, embedder: str, token: str) -> int:
        """End a claim without writing (the embedder failed): its memories can be claimed
        again at once instead of after the lease. Returns how many claims were released."""
        with self.transaction() as conn:
            return conn.execute(
                "DELETE FROM vector_claims WHERE embedder = ? AND token = ?", (embedder, token)
            ).rowcount
