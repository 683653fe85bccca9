"""Semantic scores computed by PostgreSQL with pgvector (``SOUVENIR_PGVECTOR``).

:class:`PgVectorIndex` is a :class:`~souvenir.index.vectors.VectorIndex` whose :meth:`scores` asks
the database for the cosines (:meth:`~souvenir.store.pgvector_scores.PgVectorMixin.pgvector_scores`)
instead of fetching every vector of the user and multiplying in numpy. Everything else
(indexing, the bounded query embedding) is the parent's; the numpy path stays the
reference, and both give the same scores to the 6th decimal (tests/test_pgvector.py).

Why: the numpy path ships all of a user's vectors to the replica on every turn (2 KB each
for USE's 512 dims), pgvector ships one id and one score per memory. docs/benchmarks.md,
"pgvector: scoring in the database", has the measurement and the verdict.
"""

from __future__ import annotations

import logging

import numpy as np

from souvenir.ground.errors import StoreBusyError, StoreError
from souvenir.index.vectors import VectorIndex
from souvenir.candidates import Scores

log = logging.getLogger(__name__)

#: Values of ``SOUVENIR_PGVECTOR``.
MODES = ("auto", "on", "off")


class PgVectorIndex(VectorIndex):
    """A :class:`VectorIndex` scoring in PostgreSQL (the store must be a
    :class:`~souvenir.store.postgres.PostgresStore` with ``enable_pgvector`` applied).

    When the database query fails for another reason than a busy store (the extension
    dropped, the column gone…), the turn is scored by the numpy path instead; such turns
    are counted in ``fallbacks``.
    """

    def __init__(self, store, embedder, **kwargs) -> None:
        super().__init__(store, embedder, **kwargs)
        self.fallbacks = 0

    def scores(self, user_id: int, query: np.ndarray, ids: np.ndarray | None = None) -> Scores:
        """Cosine of ``query`` to each of the user's embedded active memories, computed by
        pgvector (the same values as :meth:`VectorIndex.scores`); a few ``ids`` only (the
        fused score's shortlist) are read and scored by the numpy path."""
        if ids is not None:
            return super().scores(user_id, query, ids)
        try:
            found = self.store.pgvector_scores(user_id, self.name, query)
            return Scores(list(found), [found[k] for k in found])
        except StoreBusyError:
            raise
        except StoreError as exc:
            self.fallbacks += 1
            log.warning("pgvector scoring failed, numpy path used: %s", exc)
            return super().scores(user_id, query)


def index_class(store, mode: str) -> type[VectorIndex]:
    """The index class for ``store`` under ``SOUVENIR_PGVECTOR=mode``.

    ``off``: numpy always. ``auto`` (default): pgvector when the database already has the
    ``vectors.embedding`` column, numpy otherwise (nothing is created). ``on``: create the
    extension and the column if needed (the first time rewrites the ``vectors`` table, about
    0.3 ms per vector, under the migration lock) and score with pgvector.

    Raises ``ValueError`` for an unknown mode, or for ``on`` when the store is not
    PostgreSQL or the server has no pgvector; :class:`StoreError` when the extension cannot
    be created.
    """
    if mode not in MODES:
        raise ValueError(f"SOUVENIR_PGVECTOR must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "off":
        return VectorIndex
    if not hasattr(store, "enable_pgvector"):
        if mode == "on":
            raise ValueError("SOUVENIR_PGVECTOR=on needs a PostgreSQL store (SOUVENIR_DATABASE_URL)")
        return VectorIndex
    if store.pgvector_enabled():
        return PgVectorIndex
    if mode == "auto":
        return VectorIndex
    if not store.pgvector_available():
        raise ValueError("SOUVENIR_PGVECTOR=on but this PostgreSQL server has no pgvector extension")
    store.enable_pgvector()
    return PgVectorIndex
