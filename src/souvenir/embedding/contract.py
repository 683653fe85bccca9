"""The embedder contract: texts in, L2-normalised float32 vectors out.

An embedder has a ``name`` (part of the vector index key, with the memory's content hash)
and ``encode(texts) -> ndarray (len(texts), dim)``; ``local = True`` (optional) says the model
loads in this process, so its cold start is waited for rather than counted as a failure. Failures raise
:class:`~souvenir.ground.errors.EmbedderError`. Embedders are not assumed thread-safe: the
:class:`~souvenir.index.vectors.VectorIndex` serialises calls.
"""

from __future__ import annotations

from typing import Protocol, Sequence

import numpy as np


class Embedder(Protocol):
    """Anything that turns texts into unit vectors."""

    name: str

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Return an array of shape (len(texts), dim), float32, each row of norm 1."""
        ...

    def encode_query(self, text: str) -> np.ndarray:
        """Vector of a query (models with query/passage roles differ here), shape (dim,)."""
        ...


def normalise_rows(matrix: np.ndarray) -> np.ndarray:
    """L2-normalise each row (zero rows stay zero), as float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        matrix = matrix[None, :]
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return matrix / norms
