"""The read path's numeric kernels: how many threads BLAS may use, and the scores' dot product.

**Threads.** numpy's BLAS (OpenBLAS) may use one thread by default in a Souvenir process.

A BLAS call split over two threads waits for whichever core is busy. Measured on the
project's 2-core machine with other work running (load average about 8; docs/benchmarks.md,
"Latency"): the scores of 3,000 memories (a 3,000 × 512 float32 matrix-vector product) p50
0.09 / p95 0.47 ms on one thread, 0.06 / 23.6 ms on two; one USE query embedding p50 6 ms on
one thread, 77 ms on two; USE indexing 408-440 texts/s on one thread, 75-94 on two. A turn
is one short message and one product: one thread serves it best. ``SOUVENIR_BLAS_THREADS=0``
leaves BLAS as the process found it (all cores).

The limit is process-wide (threadpoolctl sets OpenBLAS's own thread count) and is set once,
when a runtime opens; the USE embedder applies the same count around each of its encodes.

**Scores.** :func:`dot_rows` computes a query's dot product with every row of the vector
matrix. BLAS's matrix-vector product computes a matrix's last rows (its size modulo the
kernel's block) by another path, so a memory's score moved by an ulp when another memory was
added (98 of 9,661 values in a test of slices of one 1,000 × 512 matrix at six offsets and a
gather). :func:`dot_rows` gives BLAS only whole blocks of 32 rows — the rows beyond the last
whole block are copied into a zero-padded block of their own — so a row gets the same bits
wherever it sits (0 of 9,661, bases shifted by 4-32 bytes too; ``tests/test_blas.py``), which
lets the read cache keep its matrix in reusable slots and still agree bit for bit with a plain
read. Measured against ``einsum`` (session 2's kernel, also position-independent) on a quiet
machine, one thread, p50: 100,000 × 512 13.7 ms against 20.2; × 384 9.7 against 14.5;
30,000 × 512 2.2 against 2.5; 3,000 × 512 0.22 against 0.25 (docs/benchmarks.md, "Latency").
"""

from __future__ import annotations

import logging

import numpy as np

log = logging.getLogger(__name__)


#: Rows per block given to BLAS (see the module docstring).
BLOCK = 32
#: Rows per chunk of :func:`project_rows` (a multiple of BLOCK; 1,024 × 512 float32 = 2 MB).
_PROJECT_ROWS = 32 * BLOCK


def dot_rows(matrix: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``matrix @ query`` for a float32 matrix (n, dim) and vector (dim,), float32 (n,); each
    value depends only on its row and the query (see the module docstring)."""
    query = np.asarray(query, dtype=np.float32)
    n = matrix.shape[0]
    whole = n - n % BLOCK
    out = np.empty(n, np.float32)
    if whole:
        np.matmul(matrix[:whole], query, out=out[:whole])
    if n > whole:
        tail = np.zeros((BLOCK, matrix.shape[1]), np.float32)
        tail[: n - whole] = matrix[whole:]
        out[whole:] = (tail @ query)[: n - whole]
    return out


#: Rows gathered at a time by :func:`gathered_dot` (a multiple of BLOCK; 256 × 512 float32
#: = 512 KB, within a core's L2 here).
_GATHER_ROWS = 8 * BLOCK


def gathered_dot(matrix: np.ndarray, rows: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``dot_rows(matrix[rows], query)`` with the same bits (a row's value depends only on
    the row), gathered ``_GATHER_ROWS`` rows at a time into one small buffer: the read
    path's shortlist (about 1,800 of 100,000 rows) took 3.9 ms gathered whole, the copy
    written out to memory and read back, against 0.4 ms so (one thread, docs/journal.md,
    "Speed at 100,000, issue #28 (lane speed, session 11)").

    The rows are checked in range once, then taken with ``mode="clip"``: numpy's default
    ``mode="raise"`` copies every chunk once more into a buffer of its own before writing
    ``out`` (its documented behaviour), 3.9 against 1.3 ms for both embedders' ~1,950
    shortlisted rows at 100,000 (docs/journal.md, "Session 15, lane speed"). Raises
    ``IndexError`` for a row out of range, as a plain take does."""
    n = rows.shape[0]
    if n <= _GATHER_ROWS:
        return dot_rows(matrix[rows], query)
    if int(rows.min()) < -matrix.shape[0] or int(rows.max()) >= matrix.shape[0]:
        raise IndexError(f"rows out of range for {matrix.shape[0]} rows")
    if int(rows.min()) < 0:
        rows = np.where(rows < 0, rows + matrix.shape[0], rows)
    query = np.asarray(query, dtype=np.float32)
    out = np.empty(n, np.float32)
    buffer = np.empty((_GATHER_ROWS, matrix.shape[1]), np.float32)
    for start in range(0, n, _GATHER_ROWS):
        part = rows[start : start + _GATHER_ROWS]
        np.take(matrix, part, axis=0, out=buffer[: part.shape[0]], mode="clip")
        out[start : start + part.shape[0]] = dot_rows(buffer[: part.shape[0]], query)
    return out


def dot_columns(columns: np.ndarray, query: np.ndarray) -> np.ndarray:
    """``query @ columns`` for a float32 matrix ``columns`` (k, n) — one memory a column,
    possibly a slice of a wider array — and vector (k,): float32 (n,), each value depending
    only on its column and the query (BLAS gets whole blocks of ``BLOCK`` columns; the
    columns beyond the last are copied into a zero-padded block, as :func:`dot_rows` does
    with rows: without it 281 of 23,958 values of slices at 11 offsets moved by an ulp here;
    ``tests/test_blas.py``). The large user's coarse cosines: their projected rows are
    short (96 values), and BLAS's product over a transposed (k, n) matrix streams it once
    where :func:`dot_rows` computes 100,000 short dot products — 100,000 × 96 float32, one
    thread, 1.79 against 2.65 ms here (docs/journal.md, "Session 25, lane speed2"). The
    bits are not :func:`dot_rows`' (another order of the sums). A matrix whose columns are
    not adjacent in memory (a fancy-indexed one is Fortran-ordered) is copied first: BLAS
    would take another kernel, with other bits."""
    query = np.asarray(query, dtype=np.float32)
    if columns.shape[1] > 1 and columns.strides[1] != columns.itemsize:
        columns = np.ascontiguousarray(columns, dtype=np.float32)
    n = columns.shape[1]
    whole = n - n % BLOCK
    out = np.empty(n, np.float32)
    if whole:
        np.matmul(query, columns[:, :whole], out=out[:whole])
    if n > whole:
        tail = np.zeros((columns.shape[0], BLOCK), np.float32)
        tail[:, : n - whole] = columns[:, whole:]
        out[whole:] = (query @ tail)[: n - whole]
    return out


def project_columns(matrix: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """``(matrix @ basis).T`` for float32 ``matrix`` (n, dim) and ``basis`` (dim, k): float32
    (k, n) C-contiguous, each column depending only on its own row, so that a row projected
    alone when its vector changes gets the bits it gets in bulk. One :func:`dot_rows` per
    column: BLAS's matrix product is not position-independent even on whole blocks of rows
    (40 of 41 slices of a 1,000 × 384 matrix moved by an ulp here), its matrix-vector
    product is. The form :func:`dot_columns` reads."""
    n, k = matrix.shape[0], basis.shape[1]
    columns = [np.ascontiguousarray(basis[:, j], dtype=np.float32) for j in range(k)]
    out = np.empty((k, n), np.float32)
    # Rows a chunk at a time (a multiple of BLOCK: the same bits as one pass), so that the
    # k products read the chunk from the cache and the matrix from memory once.
    for start in range(0, n, _PROJECT_ROWS):
        part = matrix[start : start + _PROJECT_ROWS]
        for j in range(k):
            out[j, start : start + len(part)] = dot_rows(part, columns[j])
    return out


def project_rows(matrix: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """``matrix @ basis`` (n, k) float32, each row depending only on its own row: the
    transpose of :func:`project_columns`."""
    return np.ascontiguousarray(project_columns(matrix, basis).T)


#: Rows read at most for the leading directions (evenly spaced): 20,000 × 384 costs
#: about 30 ms here, the basis does not move much beyond that.
DIRECTION_ROWS = 20_000


def leading_directions(matrix: np.ndarray, k: int, max_rows: int = DIRECTION_ROWS) -> np.ndarray:
    """The ``k`` leading directions of the rows of ``matrix`` (n, dim): the eigenvectors of
    the uncentred second moment ``MᵀM`` with the largest eigenvalues, read on at most
    ``max_rows`` evenly spaced rows (zero rows count for nothing), as float32 columns
    (dim, k), orthonormal, each with its largest coordinate positive. The coarse cosine of
    two unit vectors is the product of their projections on them: the large user's
    shortlist is drawn on it (:mod:`souvenir.read.scoring.shortlist`). Uncentred because a
    cosine is: the common direction of an embedder's vectors is kept, not subtracted
    (measured on LoCoMo windows: docs/journal.md, "Selection at 100,000, issue #18")."""
    step = max(1, -(-matrix.shape[0] // max_rows))
    rows = np.asarray(matrix[::step], dtype=np.float32)
    moment = (rows.T @ rows).astype(np.float64)
    values, vectors = np.linalg.eigh(moment)
    basis = vectors[:, np.argsort(values)[::-1][:k]]
    flip = basis[np.argmax(np.abs(basis), axis=0), np.arange(basis.shape[1])] < 0
    basis[:, flip] *= -1
    return np.ascontiguousarray(basis, dtype=np.float32)


def coarse_query(query: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """The query projected on ``basis`` (dim, k): float32 (k,), one :func:`dot_rows` of the
    basis's transpose (the projected rows' products then read only k values a memory)."""
    return dot_rows(np.ascontiguousarray(basis.T, dtype=np.float32), query)


def limit_blas_threads(threads: int) -> bool:
    """Let BLAS use at most ``threads`` threads from now on (0 = leave it alone).

    Returns whether a limit was set (``False`` without threadpoolctl or a BLAS it knows).
    """
    if threads <= 0:
        return False
    # numpy is imported above: threadpoolctl finds only the BLAS libraries already loaded.
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:  # pragma: no cover - a core dependency
        log.warning("threadpoolctl is not installed: BLAS keeps its own thread count")
        return False
    limiter = threadpool_limits(limits=threads, user_api="blas")
    return bool(limiter.get_original_num_threads().get("blas"))
