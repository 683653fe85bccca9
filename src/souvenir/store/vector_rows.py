"""The derived vector index's rows (a mixin of :class:`~souvenir.store.base.SQLStore`):
which memories lack a current vector, the vectors of a user, their dot products with a query
(from the read cache where the backend keeps one) and their coarse cosines. A vector is
current while its ``content_hash`` is its memory's: the store is the truth, vectors are
derived and rebuildable."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from souvenir.ground.blas import coarse_query, dot_columns, dot_rows, leading_directions, project_columns
from souvenir.store.plumbing import Plumbing
from souvenir.store.readcache import ReadCache


class VectorRowsMixin(Plumbing):
    """Needs ``transaction()`` and ``_query()`` from the store, ``_read_cache`` and
    ``_in_own_transaction()`` from :class:`~souvenir.store.base.SQLStore`."""

    _read_cache: ReadCache | None = None

    def _in_own_transaction(self) -> bool:  # pragma: no cover - SQLStore's
        raise NotImplementedError

    def repair_hashes(self, user_id: int | None = None) -> int:
        """Recompute ``content_hash`` where it no longer matches ``text`` (a text edited
        outside Souvenir): the store is the truth, so its vector becomes stale. Returns the
        rows repaired; ``user_id`` given: that user's memories only (an index scan, not
        every memory of the store)."""
        where, params = ("AND user_id = ?", (user_id,)) if user_id is not None else ("", ())
        with self.transaction() as conn:
            return conn.execute(
                "UPDATE memories SET content_hash = content_hash(text) "
                f"WHERE status = 'active' AND content_hash != content_hash(text) {where}",
                params,
            ).rowcount

    def stale_vectors(self, embedder: str, limit: int) -> list[tuple[int, str, str]]:
        """(memory id, content hash, text) of active memories without a current vector."""
        return [
            (r[0], r[1], r[2])
            for r in self._query(
                "SELECT m.id, m.content_hash, m.text FROM memories m LEFT JOIN vectors v "
                "ON v.memory_id = m.id AND v.embedder = ? WHERE m.status = 'active' "
                "AND (v.memory_id IS NULL OR v.content_hash != m.content_hash) "
                "ORDER BY m.id LIMIT ?",
                (embedder, limit),
            )
        ]

    def vectors(self, user_id: int, embedder: str) -> tuple[list[int], np.ndarray | None]:
        """Current vectors of the user's active memories: (ids, matrix n×dim float32)."""
        rows = self._query(
            "SELECT v.memory_id, v.vector FROM vectors v JOIN memories m ON m.id = v.memory_id "
            "WHERE m.user_id = ? AND m.status = 'active' AND v.embedder = ? "
            "AND v.content_hash = m.content_hash ORDER BY v.memory_id",
            (user_id, embedder),
        )
        if not rows:
            return [], None
        ids = [r[0] for r in rows]
        matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32)
        return ids, matrix.reshape(len(rows), -1)

    #: Ids per ``IN (…)`` list when vectors are read by id.
    _IDS_PER_QUERY = 500

    def _vectors_of(self, user_id: int, memory_ids: Sequence[int], embedder: str) -> dict[int, bytes]:
        """Current ``embedder`` vectors of those of ``memory_ids`` that are the user's active
        memories with a vector, by id."""
        ids = list(dict.fromkeys(int(m) for m in memory_ids))
        found: dict[int, bytes] = {}
        for start in range(0, len(ids), self._IDS_PER_QUERY):
            part = ids[start : start + self._IDS_PER_QUERY]
            sql = (
                "SELECT v.memory_id, v.vector FROM vectors v JOIN memories m ON m.id = v.memory_id "
                f"WHERE v.memory_id IN ({','.join('?' * len(part))}) AND v.embedder = ? "
                "AND v.content_hash = m.content_hash AND m.user_id = ? AND m.status = 'active'"
            )
            found.update((mid, bytes(blob)) for mid, blob in self._query(sql, (*part, embedder, user_id)))
        return found

    def vector_scores(
        self, user_id: int, embedder: str, query: np.ndarray, ids: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """Dot products of ``query`` (float32, shape (dim,)) with the user's current vectors
        of ``embedder``: (memory ids int64 ascending, float32 values); both empty when there
        are none or their dimension is not the query's. ``ids``: only those memories (the
        ones without a current vector are left out). From the read cache where the backend
        has one, else :meth:`vectors` then :func:`souvenir.ground.blas.dot_rows` (the same bits
        either way, and a memory's value does not depend on which others are scored)."""
        if self._read_cache is not None and not self._in_own_transaction():
            found = self._read_cache.vector_scores(self, user_id, embedder, query, ids)
            if found is not None:
                return found
        if ids is None:
            keep, matrix = self.vectors(user_id, embedder)
        else:
            blobs = self._vectors_of(user_id, ids.tolist(), embedder)
            keep = sorted(blobs)
            matrix = (
                np.frombuffer(b"".join(blobs[m] for m in keep), np.float32).reshape(len(keep), -1) if keep else None
            )
        if matrix is None or matrix.shape[1] != query.shape[0]:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        return np.asarray(keep, np.int64), dot_rows(matrix, query)

    def coarse_scores(self, user_id: int, embedder: str, query: np.ndarray, dims: int) -> tuple[np.ndarray, np.ndarray]:
        """Coarse cosines of ``query`` (float32, (dim,)) with the user's current vectors of
        ``embedder``, both projected on the ``dims`` leading directions of those vectors
        (:func:`souvenir.ground.blas.leading_directions`): (memory ids ascending, float32); both
        empty when there are none, the dimensions differ or ``dims`` is not in 1..dim. The
        read cache keeps directions and projected rows (:meth:`ReadCache.coarse_scores`)."""
        if self._read_cache is not None and not self._in_own_transaction():
            found = self._read_cache.coarse_scores(self, user_id, embedder, query, dims)
            if found is not None:
                return found
        keep, matrix = self.vectors(user_id, embedder)
        if matrix is None or matrix.shape[1] != query.shape[0] or not 0 < dims <= matrix.shape[1]:
            return np.empty(0, np.int64), np.empty(0, np.float32)
        basis = leading_directions(matrix, dims)
        return np.asarray(keep, np.int64), dot_columns(project_columns(matrix, basis), coarse_query(query, basis))

    def warm_vectors(self, user_id: int, embedder: str, coarse_dims: int = 0) -> None:
        """Read the user's ``embedder`` vectors into the read cache now (with ``coarse_dims``,
        their coarse projection too): the read path's warm-up at start
        (:mod:`souvenir.engine.warm_reads`). Nothing without a read cache."""
        if self._read_cache is not None and not self._in_own_transaction():
            self._read_cache.warm(self, user_id, embedder, coarse_dims)

    def clear_vectors(self, embedder: str | None = None) -> int:
        with self.transaction() as conn:
            if embedder is None:
                return conn.execute("DELETE FROM vectors").rowcount
            return conn.execute("DELETE FROM vectors WHERE embedder = ?", (embedder,)).rowcount
