"""A memory's score does not depend on where its row sits in the matrix."""

from __future__ import annotations

import numpy as np

from souvenir.blas import BLOCK, dot_rows, gathered_dot


def test_a_row_gets_the_same_bits_wherever_it_sits():
    rng = np.random.default_rng(0)
    for dim in (384, 512):
        matrix = rng.standard_normal((1000, dim)).astype(np.float32)
        query = rng.standard_normal(dim).astype(np.float32)
        whole = dot_rows(matrix, query)
        assert np.allclose(whole, matrix.astype(np.float64) @ query.astype(np.float64), atol=1e-3)
        for n in (1, 2, 3, 7, BLOCK - 1, BLOCK, BLOCK + 1, 100, 333, 999):
            for offset in (0, 1, 5, 17):
                part = dot_rows(matrix[offset : offset + n], query)
                assert part.tobytes() == whole[offset : offset + len(part)].tobytes()
        picked = np.sort(rng.choice(1000, 300, replace=False))
        assert dot_rows(matrix[picked], query).tobytes() == whole[picked].tobytes()
        raw = np.empty(matrix.nbytes + 64, np.uint8)  # a base that is not 64-byte aligned
        shifted = np.frombuffer(raw[4 : 4 + matrix.nbytes].data, np.float32).reshape(matrix.shape)
        shifted[...] = matrix
        assert dot_rows(shifted, query).tobytes() == whole.tobytes()


def test_empty_and_float64_queries():
    matrix = np.ones((0, 4), np.float32)
    assert dot_rows(matrix, np.ones(4)).shape == (0,)
    assert dot_rows(np.eye(4, dtype=np.float32), np.arange(4.0)).tolist() == [0.0, 1.0, 2.0, 3.0]


def test_a_gathered_row_gets_the_bits_of_the_whole_matrix():
    rng = np.random.default_rng(1)
    matrix = rng.standard_normal((3000, 384)).astype(np.float32)
    query = rng.standard_normal(384).astype(np.float32)
    whole = dot_rows(matrix, query)
    for n in (0, 1, BLOCK + 3, 255, 256, 257, 1000, 2999):
        rows = np.sort(rng.choice(3000, n, replace=False))
        assert gathered_dot(matrix, rows, query).tobytes() == whole[rows].tobytes()
    assert gathered_dot(matrix, np.arange(600)[::-1], np.arange(384.0)).tobytes() == (
        dot_rows(matrix, np.arange(384.0, dtype=np.float32))[:600][::-1].tobytes()
    )
