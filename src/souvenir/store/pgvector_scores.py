"""Optional pgvector scoring on PostgreSQL: the cosines of a user's memories computed in the
database instead of fetching every vector and multiplying in numpy.

The store stays the only truth and ``vectors.vector`` (float32 bytes) the only written
column. :meth:`PgVectorMixin.enable_pgvector` applies ``sql/postgres/optional_pgvector.sql``
(outside the numbered migration history, since not every server has the extension): it adds
``vectors.embedding``, a column *generated* from those bytes bit for bit, so every writer
keeps it current without knowing it exists.

:meth:`PgVectorMixin.pgvector_scores` returns what :meth:`souvenir.index.vectors.VectorIndex.scores`
returns (the numpy path stays the reference): the inner product of the query with each
current vector of the user's active memories (vectors are L2-normalised, so it is the
cosine), rounded to 6 decimals in float64. pgvector sums in float32 in another order than
BLAS, so a score may differ from numpy's by one unit of the 6th decimal.
"""

from __future__ import annotations

from importlib import resources

import numpy as np

from souvenir.store.migrations import split_statements
from souvenir.store.plumbing import Plumbing

#: The optional SQL file applied by :meth:`PgVectorMixin.enable_pgvector`.
SETUP_FILE = "optional_pgvector.sql"


def vector_literal(query: np.ndarray) -> str:
    """pgvector's text form of a float32 vector, exact (shortest repr of each float32)."""
    return "[" + ",".join(repr(float(x)) for x in np.asarray(query, dtype=np.float32)) + "]"


class PgVectorMixin(Plumbing):
    """pgvector methods of :class:`~souvenir.store.postgres.PostgresStore` (needs its
    ``_query``, ``transaction`` and ``_lock_migrations``)."""

    def pgvector_available(self) -> bool:
        """Whether the server can load pgvector (installed or installable by this role)."""
        return bool(self._query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"))

    def pgvector_enabled(self) -> bool:
        """Whether ``vectors.embedding`` exists (``enable_pgvector`` was applied)."""
        return bool(
            self._query(
                "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() "
                "AND table_name = 'vectors' AND column_name = 'embedding'"
            )
        )

    def enable_pgvector(self) -> None:
        """Create the extension and the generated ``vectors.embedding`` column (idempotent;
        rewrites the table once: ~0.3 ms per stored vector). Replicas starting together take
        the migration lock in turn. Raises :class:`~souvenir.ground.errors.StoreError` when the
        extension is missing or this role may not create it."""
        sql = resources.files("souvenir.store").joinpath("sql", "postgres", SETUP_FILE)
        with self.transaction() as conn:
            self._lock_migrations(conn)
            for statement in split_statements(sql.read_text(encoding="utf-8")):
                conn.execute(statement)

    def pgvector_scores(self, user_id: int, embedder: str, query: np.ndarray) -> dict[int, float]:
        """Cosine of ``query`` (shape (dim,), L2-normalised) to each current vector of the
        user's active memories, computed by pgvector: {memory id: score rounded to 6
        decimals}. Vectors of another dimension are left out (numpy's path returns nothing
        when the dimensions differ)."""
        rows = self._query(
            "SELECT v.memory_id, -(v.embedding <#> ?::vector) FROM vectors v "
            "JOIN memories m ON m.id = v.memory_id "
            "WHERE m.user_id = ? AND m.status = 'active' AND v.embedder = ? AND v.dim = ? "
            "AND v.content_hash = m.content_hash AND v.embedding IS NOT NULL",
            (vector_literal(query), user_id, embedder, int(query.shape[0])),
        )
        if not rows:
            return {}
        sims = np.fromiter((r[1] for r in rows), dtype=np.float64, count=len(rows))
        return dict(zip((r[0] for r in rows), np.round(sims, 6).tolist()))
