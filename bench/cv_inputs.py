"""Extra signals of the cross-validated lever search's datasets (``bench/cv_data.py``),
read from folders other benches write: e5 vectors of another build
(``bench/e5_prefixes.py``), sparse latent terms (``bench/e5_sparse.py``) and each
question's e5 vector in the passage role (``bench/e5_passages.py``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import Dataset  # noqa: E402


def with_e5(datasets: list[Dataset], folder: Path) -> list[Dataset]:
    """Copies of ``datasets`` whose e5 vectors are those of ``folder/NAME.npz``
    (``bench/e5_prefixes.py``); datasets without a file are left out."""
    import copy

    out = []
    for ds in datasets:
        path = folder / f"{ds.name}.npz"
        if path.exists():
            data = np.load(path)
            new = copy.copy(ds)
            new.e5, new.q_e5 = data["memories"], data["queries"]
            out.append(new)
    return out


def _dense_rows(rows: tuple, start: int, stop: int) -> np.ndarray:
    """Rows ``start:stop`` of a CSR triple ``(data, indices, indptr, dim)`` as a dense
    float64 array."""
    data, cols, ptr, dim = rows
    out = np.zeros((stop - start, dim), dtype=np.float64)
    a, b = ptr[start], ptr[stop]
    row = np.repeat(np.arange(stop - start), np.diff(ptr[start : stop + 1]))
    out[row, cols[a:b]] = data[a:b]
    return out


def sparse_products(memories: tuple, queries: tuple, chunk: int = 256) -> dict[str, np.ndarray]:
    """The questions' sparse codes against the memories' (CSR triples ``(data, indices,
    indptr, dim)``, rows in each one's order): ``"dot"`` (q × n, float64, rounded as the
    cosines are) and ``"cosine"`` (the same over both norms; a text without a code: 0)."""
    nq, nm = len(queries[2]) - 1, len(memories[2]) - 1
    q = _dense_rows(queries, 0, nq)
    dot = np.zeros((nq, nm), dtype=np.float64)
    mn = np.zeros(nm, dtype=np.float64)
    for a in range(0, nm, chunk):
        b = min(nm, a + chunk)
        block = _dense_rows(memories, a, b)
        dot[:, a:b] = q @ block.T
        mn[a:b] = np.sqrt((block * block).sum(axis=1))
    qn = np.sqrt((q * q).sum(axis=1))
    norms = qn[:, None] * mn[None, :]
    cosine = np.divide(dot, norms, out=np.zeros_like(dot), where=norms > 0)
    return {"dot": np.round(dot, 6), "cosine": np.round(cosine, 6)}


def with_sparse(datasets: list[Dataset], folder: Path, top: int = 0) -> None:
    """Adds ``extra["sparse"]`` / ``extra["q_sparse"]`` (CSR triples ``(data, indices,
    indptr, dim)`` of the memories' and the questions' sparse latent terms,
    ``bench/e5_sparse.py``) to the datasets that have ``folder/NAME.npz``; ``top`` > 0
    keeps each text's ``top`` largest entries only."""

    def matrix(data, prefix: str, dim: int) -> tuple:
        values, cols, ptr = data[f"{prefix}_data"], data[f"{prefix}_indices"], data[f"{prefix}_indptr"]
        if top > 0:  # each row's entries are stored largest first
            counts = np.minimum(np.diff(ptr), top)
            keep = np.concatenate(
                [np.arange(a, a + c) for a, c in zip(ptr[:-1], counts)] or [np.zeros(0, np.int64)]
            ).astype(np.int64)
            values, cols = values[keep], cols[keep]
            ptr = np.r_[0, np.cumsum(counts)]
        return (values.astype(np.float64), cols.astype(np.int64), np.asarray(ptr, dtype=np.int64), dim)

    for ds in datasets:
        path = folder / f"{ds.name}.npz"
        if path.exists():
            data = np.load(path)
            dim = int(data["dim"])
            ds.extra["sparse"], ds.extra["q_sparse"] = matrix(data, "m", dim), matrix(data, "q", dim)


def with_passages(datasets: list[Dataset], folder: Path) -> None:
    """Adds ``extra["q_e5_passage"]`` (each question's e5 vector in the passage role) to
    the datasets that have ``folder/e5p-NAME.npy``."""
    for ds in datasets:
        path = folder / f"e5p-{ds.name}.npy"
        if path.exists():
            ds.extra["q_e5_passage"] = np.load(path)
