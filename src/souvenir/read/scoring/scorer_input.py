"""One embedder's side of a query for the fused score (:class:`DenseInput`), and the
alignment of an index's answer on the candidates (:func:`aligned`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from souvenir.candidates.score_map import Scores

__all__ = ["DenseInput", "aligned"]


@dataclass(frozen=True, slots=True)
class DenseInput:
    """One embedder's side of a query.

    ``query``: the query's unit vector (d,); ``cosines(vector, ids=None)``: its dot product
    with each of the user's embedded memories (only ``ids``, an int64 array, when given), as
    a mapping memory id → value (a :class:`~souvenir.read.selection.Scores` from the vector
    index, or a dict).
    """

    query: np.ndarray
    cosines: Callable[..., Mapping[int, float]]
    #: ``coarse()``: the query's coarse cosine with each embedded memory (both projected on
    #: the leading directions of the user's vectors, :func:`souvenir.ground.blas.leading_directions`),
    #: as ``cosines`` answers; ``None`` where the index has none (then the large user's
    #: path computes this embedder exactly for every memory).
    coarse: Callable[[], Mapping[int, float]] | None = None

    @classmethod
    def from_matrix(
        cls, query: np.ndarray, ids: Sequence[int], matrix: np.ndarray | None, basis: np.ndarray | None = None
    ) -> DenseInput:
        """From vectors in memory (``matrix`` n×d, row i = memory ``ids[i]``): tests, benches.
        ``basis`` (d×k, orthonormal columns): also the coarse cosines on it."""
        ids = list(ids)
        pos = {mid: i for i, mid in enumerate(ids)}
        dim = query.shape[0]

        def cosines(vector: np.ndarray, wanted: np.ndarray | None = None) -> Mapping[int, float]:
            if matrix is None or matrix.shape[1] != dim:
                return {}
            if wanted is None:
                return dict(zip(ids, (matrix @ vector.astype(np.float32)).tolist()))
            keep = [int(m) for m in wanted if int(m) in pos]
            return dict(zip(keep, (matrix[[pos[m] for m in keep]] @ vector.astype(np.float32)).tolist()))

        def coarse() -> Mapping[int, float]:
            if matrix is None or basis is None or matrix.shape[1] != dim:
                return {}
            b = basis.astype(np.float32)
            return dict(zip(ids, ((matrix @ b) @ (query.astype(np.float32) @ b)).tolist()))

        return cls(query, cosines, coarse if basis is not None else None)


def aligned(ids: np.ndarray, found: Mapping[int, float]) -> np.ndarray | None:
    """Values of ``found`` for ``ids`` (float64, NaN where missing); ``None`` when empty."""
    if not found:
        return None
    if isinstance(found, Scores):
        return found.lookup(ids, copy=False)  # float64, read only here
    return np.array([found.get(int(i), np.nan) for i in ids], dtype=np.float64)
