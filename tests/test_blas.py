"""A memory's score does not depend on where its row (or column) sits in the matrix."""

from __future__ import annotations

import numpy as np

from souvenir.ground.blas import BLOCK, dot_columns, dot_rows, gathered_dot, project_columns, project_rows


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


def test_a_column_gets_the_same_bits_wherever_it_sits():
    """The coarse cosines' product (``dot_columns``): a memory's value depends on its own
    projected row only — in a slot of the read cache's wider array or a fresh array of
    another length, at any offset (whole blocks and the zero-padded tail alike)."""
    rng = np.random.default_rng(2)
    for k in (96, 64, 7):
        columns = (rng.standard_normal((k, 1200)) / 10).astype(np.float32)
        query = rng.standard_normal(k).astype(np.float32)
        alone = np.array([dot_columns(np.ascontiguousarray(columns[:, j : j + 1]), query)[0] for j in range(1200)])
        assert np.allclose(alone, query.astype(np.float64) @ columns.astype(np.float64), atol=1e-4)
        for offset in (0, 1, 3, 5, 8, 13, 17, 31, 32, 33, 64, 65):
            for n in (1, 2, 7, BLOCK - 1, BLOCK, BLOCK + 1, 100, 333, 1200 - offset):
                part = columns[:, offset : offset + n]
                assert dot_columns(part, query).tobytes() == alone[offset : offset + n].tobytes()
                assert dot_columns(np.ascontiguousarray(part), query).tobytes() == alone[offset : offset + n].tobytes()
        wider = np.zeros((k, 2000), np.float32)  # the read cache's slots: a slice of a wider array
        wider[:, 37:1237] = columns
        assert dot_columns(wider[:, 37:1237], query).tobytes() == alone.tobytes()
        picked = np.sort(rng.choice(1200, 300, replace=False))
        assert dot_columns(columns[:, picked], query).tobytes() == alone[picked].tobytes()
    assert dot_columns(np.ones((4, 0), np.float32), np.ones(4)).shape == (0,)


def test_projected_columns_are_the_projected_rows_transposed():
    rng = np.random.default_rng(3)
    matrix = rng.standard_normal((300, 64)).astype(np.float32)
    basis = np.linalg.qr(rng.standard_normal((64, 16)))[0].astype(np.float32)
    columns = project_columns(matrix, basis)
    assert columns.shape == (16, 300) and columns.flags.c_contiguous
    assert columns.T.tobytes() == project_rows(matrix, basis).tobytes()
