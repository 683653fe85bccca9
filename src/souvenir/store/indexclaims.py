"""The indexer's claims (a mixin of :class:`~souvenir.store.base.SQLStore`): replicas embed
side by side, each a batch of memories no other replica holds, none twice.

A claim is one row per memory in ``vector_claims`` (migration 0020) with a random token and
an expiry (the claimer's clock + ``lease_s``). Claiming takes the oldest stale memories that
have no live claim; on PostgreSQL their rows are locked ``FOR NO KEY UPDATE … SKIP LOCKED``
for the claim's short transaction, so two replicas claiming at once take different rows, and
the insert only replaces a claim that has expired (``ON CONFLICT … DO UPDATE … WHERE
expires_at < now``), so a claim committed meanwhile is never taken. On SQLite the claim runs
in one ``BEGIN IMMEDIATE`` transaction (one writer at a time): two processes on one file
never embed the same rows either.

Writing the vectors is fenced by the token (:meth:`put_claimed_vectors`): a memory whose
claim expired and was taken over while this replica embedded it is not written by this
replica (the new holder writes it), and is counted as lost. Every claim is transaction
scoped: nothing to keep on a session, so it works behind PgBouncer's transaction pooling.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

import numpy as np

from souvenir.store.plumbing import Plumbing
from souvenir.timeutil import as_utc

#: (memory id, content hash, text to embed).
Row = tuple[int, str, str]


def _stamp(value: datetime) -> str:
    """A claim's time as fixed-width ISO text in UTC to the microsecond (text order = time
    order; the store's seconds would cut a short lease by up to a second)."""
    aware = as_utc(value)
    assert aware is not None
    return aware.isoformat(timespec="microseconds")


@dataclass(frozen=True)
class VectorClaim:
    """A batch claimed for one embedder: ``rows`` to embed, the ``token`` that fences their
    write, and ``taken_over``: how many of them had an expired claim of another (dead or
    stalled) claimer."""

    token: str
    rows: list[Row] = field(default_factory=list)
    taken_over: int = 0


class IndexClaimsMixin(Plumbing):
    """Needs ``transaction()`` and ``put_vectors()`` from the store."""

    #: Appended to the claim's SELECT (PostgreSQL: skip the rows another claimer is locking).
    _claim_skip_locked = ""

    #: Claims tried in a row when every candidate found was claimed by another replica
    #: meanwhile (its claim committed between this SELECT's snapshot and its row lock).
    _CLAIM_TRIES = 3

    def claim_stale_vectors(self, embedder: str, limit: int, lease_s: float, now: datetime,
                            prepare: Callable[[list[Row]], list[Row]] | None = None) -> VectorClaim:
        """Claim up to ``limit`` active memories whose ``embedder`` vector is missing or
        stale and that no live claim holds, for ``lease_s`` seconds from ``now``. An empty
        claim means nothing is left to claim (not a race lost to another replica: that one
        is tried again).

        ``prepare`` maps the candidates (oldest first) to the rows to embed, inside the
        claim's transaction: it may cut the list (a bound on characters per batch) or change
        the texts (an episode's window); only the rows it returns are claimed."""
        claim = VectorClaim(secrets.token_hex(8))
        for _ in range(self._CLAIM_TRIES):
            claim, found = self._claim_once(embedder, limit, lease_s, now, prepare)
            if claim.rows or not found:
                break
        return claim

    def _claim_once(self, embedder: str, limit: int, lease_s: float, now: datetime,
                    prepare: Callable[[list[Row]], list[Row]] | None) -> tuple[VectorClaim, int]:
        """One claim transaction: the claim and how many candidates it found."""
        token = secrets.token_hex(8)
        with self.transaction() as conn:
            found = conn.execute(
                "SELECT m.id, m.content_hash, m.text, c.memory_id FROM memories m "
                "LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = ? "
                "LEFT JOIN vector_claims c ON c.memory_id = m.id AND c.embedder = ? "
                "WHERE m.status = 'active' AND (v.memory_id IS NULL OR v.content_hash != m.content_hash) "
                "AND (c.memory_id IS NULL OR c.expires_at < ?) ORDER BY m.id LIMIT ?"
                + self._claim_skip_locked,
                (embedder, embedder, _stamp(now), int(limit))).fetchall()
            expired = {r[0] for r in found if r[3] is not None}
            rows = [(r[0], r[1], r[2]) for r in found]
            if prepare is not None and rows:
                rows = prepare(rows)
            if not rows:
                return VectorClaim(token), len(found)
            until = _stamp(now + timedelta(seconds=lease_s))
            params: list = []
            for mid, _, _ in rows:
                params += [mid, embedder, token, until]
            got = {r[0] for r in conn.execute(
                "INSERT INTO vector_claims (memory_id, embedder, token, expires_at) VALUES "
                + ",".join(["(?, ?, ?, ?)"] * len(rows))
                + " ON CONFLICT (memory_id, embedder) DO UPDATE SET token = excluded.token, "
                "expires_at = excluded.expires_at WHERE vector_claims.expires_at < ? "
                "RETURNING memory_id", (*params, _stamp(now))).fetchall()}
        kept = [row for row in rows if row[0] in got]
        return VectorClaim(token, kept, sum(1 for row in kept if row[0] in expired)), len(found)

    def put_claimed_vectors(self, embedder: str, token: str,
                            rows: Sequence[tuple[int, str, np.ndarray]]) -> int:
        """Write the vectors of a claim and end it. Rows whose claim is no longer ``token``'s
        (it expired and another claimer took it over) are not written; returns how many
        (lost to lease expiry). A memory forgotten or reworded meanwhile is skipped as by
        :meth:`put_vectors`."""
        with self.transaction() as conn:
            held = {r[0] for r in conn.execute(
                "DELETE FROM vector_claims WHERE embedder = ? AND token = ? RETURNING memory_id",
                (embedder, token)).fetchall()}
            kept = [row for row in rows if int(row[0]) in held]
            if kept:
                self.put_vectors(embedder, kept)  # type: ignore[attr-defined]
        return len(rows) - len(kept)

    def release_vector_claims(self, embedder: str, token: str) -> int:
        """End a claim without writing (the embedder failed): its memories can be claimed
        again at once instead of after the lease. Returns how many claims were released."""
        with self.transaction() as conn:
            return conn.execute("DELETE FROM vector_claims WHERE embedder = ? AND token = ?",
                                (embedder, token)).rowcount
