"""The read path's position sets and lookups give numpy's own answers (session 15, lane
speed: the same selections, found with fewer passes): ``position_sets`` against
``np.union1d`` / ``np.unique``, the read cache's id table against a binary search, and the
gathered rows taken in ``clip`` mode against a plain product."""

from __future__ import annotations

import numpy as np
import pytest

from souvenir.ground.blas import dot_rows, gathered_dot
from souvenir.candidates.position_sets import union, unique
from souvenir.store.readcache import _LOOKUP_FROM, _Block


@pytest.mark.parametrize("seed", range(6))
def test_union_and_unique_are_numpys(seed):
    rng = np.random.default_rng(seed)
    for size in (0, 1, 2, 17, 2_000):
        a = rng.integers(-50, 100_000, size)
        b = np.sort(rng.choice(100_000, min(size, 1_000), replace=False))
        got, want = union(a, b), np.union1d(a, b)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
        got, want = unique(a), np.unique(a)
        assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
    two_d = rng.integers(0, 5, (3, 4))
    assert unique(two_d).tolist() == np.unique(two_d).tolist()
    assert union(np.array([3, 1], np.int32), np.array([2], np.int32)).dtype == np.int32


def test_gathered_rows_are_the_plain_products_bit_for_bit():
    rng = np.random.default_rng(1)
    matrix = rng.standard_normal((3_000, 96)).astype(np.float32)
    query = rng.standard_normal(96).astype(np.float32)
    whole = dot_rows(matrix, query)
    for rows in (
        np.sort(rng.choice(3_000, 1_900, replace=False)),
        rng.integers(0, 3_000, 700),
        np.arange(2_999, -1, -1),
    ):
        assert gathered_dot(matrix, rows, query).tobytes() == whole[rows].tobytes()
    negative = np.arange(-600, 0)  # counted from the end, as numpy's take counts them
    assert gathered_dot(matrix, negative, query).tobytes() == whole[negative].tobytes()
    for wrong in (np.arange(1, 601) * 5, np.arange(-3_001, -2_401)):  # beyond the rows
        with pytest.raises(IndexError):
            gathered_dot(matrix, wrong, query)


def _block(ids: list[int], rng) -> tuple[_Block, dict[int, np.ndarray]]:
    vectors = rng.standard_normal((len(ids), 8)).astype(np.float32)
    return _Block(ids, [v.tobytes() for v in vectors]), dict(zip(ids, vectors))


@pytest.mark.parametrize("spread", [1, 2, 10])
def test_subset_by_table_or_search_finds_what_the_ids_say(spread):
    """Ids close together (the table) and spread (a binary search), rows freed and
    rewritten in between: each asked id held is scored by its own row, the others left
    out, sorted, once each."""
    rng = np.random.default_rng(spread)
    ids = (np.arange(_LOOKUP_FROM + 500) * spread + 1_000).tolist()
    block, vectors = _block(ids, rng)
    query = rng.standard_normal(8).astype(np.float32)
    gone = ids[5::97]
    fresh = rng.standard_normal((3, 8)).astype(np.float32)
    assert block.update(gone + ids[:3], [(i, v.tobytes()) for i, v in zip(ids[:3], fresh)])
    vectors.update(zip(ids[:3], fresh))
    for i in gone:
        del vectors[i]
    for _ in range(3):  # the table is made once and read again
        asked = np.concatenate(
            [rng.choice(ids, 2_000), np.array([-5, 0, 999, ids[-1] + 1, ids[-1] + 10**6, *gone[:5]])]
        )
        got_ids, got = block.scores(query, asked)
        want_ids = np.array(sorted({int(i) for i in asked if int(i) in vectors}), np.int64)
        assert got_ids.tolist() == want_ids.tolist()
        want = dot_rows(np.stack([vectors[int(i)] for i in want_ids]), query)
        assert got.tobytes() == want.tobytes()
    assert (block._table is not None) == (spread <= 4)


def test_scores_rounded_in_place_are_numpys_round():
    from souvenir.index.vectors import _rounded

    rng = np.random.default_rng(4)
    for scale in (1e-8, 1e-3, 0.3, 1.0, 100.0):
        values = (rng.standard_normal(10_000) * scale).astype(np.float32)
        values[:5] = [np.nan, np.inf, -np.inf, -0.0, 0.3199999928]
        assert _rounded(values).tobytes() == np.round(values.astype(np.float64), 6).tobytes()
