"""Adversarial inputs for the large-user read path (the shortlist, the sample, ``ids=``).

The oracle for the scorer: with a shortlist and a sample that cover every memory, the
large-user path reads every value exactly and takes its statistics from every memory, so it
must give the exact score; any difference is a fault of the path itself.
"""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.shortlist import stratified_sample
from souvenir.store import SQLiteStore
from tests.test_shortlist import NOW, _user

E = "e"
WHEN = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


def _exact_and_covering(memories, dense, window, message="dentist", **config):
    n = len(memories)
    exact = Scorer(ScoringConfig(shortlist_from=0, **config)).scores(1, memories, message, NOW, dense, window)
    covering = Scorer(ScoringConfig(shortlist_from=1, shortlist_size=n, sample_per_group=n, **config)).scores(
        1, memories, message, NOW, dense, window
    )
    return exact, covering


def _matrix(side: DenseInput, ids) -> np.ndarray:
    """The side's vectors back, row i = memory ``ids[i]`` (each row is the cosines of the
    basis vectors: the matrix times the identity)."""
    dim = side.query.shape[0]
    columns = [side.cosines(np.eye(dim, dtype=np.float32)[k]) for k in range(dim)]
    return np.array([[c[i] for c in columns] for i in ids], dtype=np.float32)


def test_a_covering_shortlist_is_the_exact_score():
    memories, (dense, window) = _user(600)
    exact, covering = _exact_and_covering(memories, dense, window)
    assert covering.array.tolist() == exact.array.tolist()


@pytest.mark.parametrize("fault", ["missing", "nan", "inf"])
def test_a_shortlisted_memory_without_a_use_value_has_none_as_in_the_exact_score(fault):
    """A memory on the shortlist whose USE vector is absent (not embedded yet, deleted
    between the two reads) or not finite had an estimate from its e5 cosine instead: it
    then ranked as if it had a USE value."""
    memories, (dense, window) = _user(600)
    ids = [m.id for m in memories]
    exact, _ = _exact_and_covering(memories, dense, window)
    top = np.argsort(-exact.array, kind="stable")[:2]  # the two best
    U = _matrix(dense, ids)
    if fault == "missing":
        keep = [i for k, i in enumerate(ids) if k not in set(top.tolist())]
        broken = DenseInput.from_matrix(dense.query, keep, U[[i - 1 for i in keep]])
    else:
        U[top] = np.nan if fault == "nan" else np.inf
        broken = DenseInput.from_matrix(dense.query, ids, U)
    with np.errstate(invalid="ignore"):
        exact, covering = _exact_and_covering(memories, broken, window)
    assert np.isfinite(covering.array).all()
    assert covering.array.tolist() == exact.array.tolist()


@pytest.mark.parametrize("per_group", [0, 1])
def test_a_sample_too_small_for_a_line_gives_the_exact_score(per_group):
    """``sample_per_group`` 0 raised ZeroDivisionError; 1 (two languages: two points) drew
    no line, so every estimate was NaN, and took the mean and deviation from two values."""
    assert stratified_sample(np.array([0, 0, 1]), per_group).size == (0 if per_group == 0 else 2)
    memories, (dense, window) = _user(600)
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "garden", NOW, dense, window)
    small = Scorer(ScoringConfig(shortlist_from=100, shortlist_size=50, sample_per_group=per_group)).scores(
        1, memories, "garden", NOW, dense, window
    )
    assert small.array.tolist() == exact.array.tolist()


def test_a_use_index_far_behind_gives_the_exact_score():
    """USE embedded for a few shortlisted memories only, none in the sample: no line and no
    statistics can be read, so every other memory's USE value was NaN and the shortlist's
    exact values were z-scored to 0 (the dense signal gone). The exact score keeps them."""
    memories, (dense, window) = _user(600)
    ids = [m.id for m in memories]
    config = dict(shortlist_from=100, shortlist_size=50, sample_per_group=20)
    sample = set(
        (np.asarray(stratified_sample(Scorer(ScoringConfig())._static(1, memories).languages, 20)) + 1).tolist()
    )
    few = [i for i in ids if "dentist" in memories[i - 1].text and i not in sample][:12]
    behind = DenseInput.from_matrix(dense.query, few, _matrix(dense, few))
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "dentist", NOW, behind, window)
    fast = Scorer(ScoringConfig(**config)).scores(1, memories, "dentist", NOW, behind, window)
    assert fast.array.tolist() == exact.array.tolist()


# -- the store's ``ids=`` path ---------------------------------------------------------------


def _fill(store, n: int = 40):
    store.migrate()
    user = store.ensure_user("t", "u", WHEN)
    other = store.ensure_user("t", "v", WHEN)
    mine = [store.insert_memory(user, f"memory {i}", "fact", "global", None, 0.9, False, None, WHEN) for i in range(n)]
    theirs = [
        store.insert_memory(other, f"theirs {i}", "fact", "global", None, 0.9, False, None, WHEN) for i in range(3)
    ]
    _embed(store)
    return user, mine, theirs


def _embed(store, seed: int = 0):
    rng = np.random.default_rng(seed)
    store.put_vectors(
        E, [(m, h, rng.standard_normal(4).astype(np.float32)) for m, h, _ in store.stale_vectors(E, 10**6)]
    )


def _subset_is_right(store, user, wanted):
    query = np.arange(1, 5, dtype=np.float32)
    got_ids, got = store.vector_scores(user, E, query, np.asarray(wanted, np.int64))  # first read
    all_ids, every = store.vector_scores(user, E, query)
    every = dict(zip(all_ids.tolist(), every.tolist()))
    want = sorted({int(m) for m in wanted} & set(every))
    assert got_ids.tolist() == want
    assert got.tolist() == [every[m] for m in want]


def test_a_subset_read_first_after_a_write_is_that_subset(tmp_path):
    """The read cache's block named its slot ids ``ids`` while ordering them, over the
    caller's ``ids``: the first subset read after any write (each turn that stores a memory)
    scored every memory of the user instead, the whole product the shortlist avoids."""
    store = SQLiteStore(tmp_path / "a.db")
    user, mine, theirs = _fill(store)
    _subset_is_right(store, user, mine[5:9])  # the block's first read
    store.delete_memory(mine[6], WHEN)  # a freed slot: the order is a gather now
    store.insert_memory(user, "a new one", "fact", "global", None, 0.9, False, None, WHEN)
    _embed(store, 1)
    _subset_is_right(store, user, [mine[9], mine[6], mine[5], mine[5], theirs[0], 10**9])
    store.close()


def test_the_postgresql_subset_path(pg_url):
    """No read cache: ``ids`` are read by id; repeated, unsorted, deleted, another user's."""
    from souvenir.store.postgres import PostgresStore

    store = PostgresStore(pg_url)
    try:
        user, mine, theirs = _fill(store)
        store.delete_memory(mine[3], WHEN)
        _subset_is_right(store, user, [mine[7], mine[3], mine[1], mine[1], theirs[0], -1])
        _subset_is_right(store, user, [])
    finally:
        store.close()
