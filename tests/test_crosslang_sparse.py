"""Session 7's cross-language tools: the sparse latent-terms signal of the fused score
(``ScoringConfig.w_sparse``) and the cross-validated choice between two sets of e5
vectors (``bench/cv_levers.py --e5-compare``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import numpy as np
import pytest

from bench import cv_evaluator, cv_inputs, cv_levers, e5_sparse
from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.fusion import fuse, zscore
from souvenir.ground.types import Memory
from tests.scoring_support import fuse_inputs, memory

NOW = datetime(2024, 1, 1, tzinfo=timezone.utc)


def test_sparse_term_is_its_weighted_z_over_all_or_within_languages():
    kw = fuse_inputs(seed=5)
    sparse = np.array([0.0, 3.0, 1.0, np.nan, 0.5, 0.0, 2.0, 0.0])
    base = ScoringConfig(neighbour_alpha=0.0)
    plain = fuse(base, **kw)
    assert np.allclose(fuse(base, **kw, sparse=sparse), plain)  # off by default: unchanged
    parts: dict = {}
    on = fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=0.5), **kw, sparse=sparse, parts=parts)
    assert np.allclose(parts["sparse"], 0.5 * zscore(sparse))
    assert parts["sparse"][3] == 0.0  # no code: the mean
    assert np.allclose(on, plain + 0.5 * zscore(sparse))
    within = fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0, sparse_lang=1.0), **kw, sparse=sparse)
    assert np.allclose(within, plain + zscore(sparse, kw["languages"]))
    half = fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0, sparse_lang=0.5), **kw, sparse=sparse)
    assert np.allclose(half, plain + 0.5 * zscore(sparse) + 0.5 * zscore(sparse, kw["languages"]))
    one = dict(kw, languages=np.zeros(8, dtype=np.int64))  # one language: z over all
    assert np.allclose(
        fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0, sparse_lang=1.0), **one, sparse=sparse),
        fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0), **one, sparse=sparse),
    )


def _mem(i: int, text: str) -> Memory:
    return memory(i, text, kind="fact")


def test_scorer_lifts_the_memory_the_sparse_codes_match():
    # The message shares no word with any memory; only the sparse codes tell memory 3.
    mems = [
        _mem(1, "Pengguna suka kopi"),
        _mem(2, "The user likes tea"),
        _mem(3, "Sempena ulang tahun perkahwinan ke-25"),
        _mem(4, "Le chat dort"),
    ]
    codes = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 2], [0, 0, 0]], dtype=np.float32)
    query = np.array([0, 0, 1], dtype=np.float32)
    sparse = DenseInput.from_matrix(query, [1, 2, 3, 4], codes)
    plain = ScoringConfig(length_prior=0.0, dated_bonus=0.0)  # no length or date to tell them apart
    off = Scorer(plain).scores(1, mems, "nos noces d'argent", NOW, sparse=sparse)
    assert len({off[k] for k in off}) == 1  # nothing else tells them apart
    on = Scorer(replace(plain, w_sparse=1.0)).scores(1, mems, "nos noces d'argent", NOW, sparse=sparse)
    assert max(on, key=on.get) == 3
    assert len(Scorer(ScoringConfig(w_sparse=1.0)).scores(1, mems, "nos noces d'argent", NOW)) == 4


def test_sparse_rows_products_and_top_entries(tmp_path):
    codes = [
        (np.array([5, 1], np.int32), np.array([3.0, 1.0], np.float32)),
        (np.array([], np.int32), np.array([], np.float32)),
        (np.array([1, 2, 5], np.int32), np.array([4.0, 2.0, 1.0], np.float32)),
    ]
    csr = e5_sparse.rows(codes)
    assert csr["indptr"].tolist() == [0, 2, 2, 5]
    q = e5_sparse.rows([(np.array([5, 2], np.int32), np.array([1.0, 1.0], np.float32))])
    np.savez(
        tmp_path / "x.npz",
        **{f"m_{k}": v for k, v in csr.items()},
        **{f"q_{k}": v for k, v in q.items()},
        dim=np.array(8),
    )

    class DS:  # what with_sparse reads of a dataset
        name, extra = "x", {}

    ds = DS()
    cv_inputs.with_sparse([ds], tmp_path)
    products = cv_inputs.sparse_products(ds.extra["sparse"], ds.extra["q_sparse"])
    assert products["dot"].tolist() == [[3.0, 0.0, 3.0]]
    assert products["cosine"][0, 1] == 0.0  # an empty code: 0, not NaN
    assert products["cosine"][0, 0] == pytest.approx(3.0 / (np.sqrt(2) * np.sqrt(10)), abs=1e-6)
    top = DS()
    top.extra = {}
    cv_inputs.with_sparse([top], tmp_path, top=1)  # each text's largest entry only
    assert cv_inputs.sparse_products(top.extra["sparse"], top.extra["q_sparse"])["dot"].tolist() == [[3.0, 0.0, 0.0]]


def _result(final_j: float, fold_j: dict[str, float]) -> dict:
    return {
        "in_sample": [{"J": 0.0}, {"J": final_j}],
        "folds": {k: {"steps": [{"J": 0.0}, {"J": v}]} for k, v in fold_j.items()},
    }


def test_choose_sets_reads_each_fold_on_its_training_folds_only():
    results = {
        "prefix": _result(0.90, {"a": 0.91, "b": 0.80, "c": 0.85}),
        "noprefix": _result(0.91, {"a": 0.90, "b": 0.81, "c": 0.85}),
    }
    chosen = cv_levers.choose_sets(results)
    assert chosen["in_sample"] == "noprefix"
    assert chosen["folds"] == {"a": "prefix", "b": "noprefix", "c": "prefix"}  # a tie: the first


def test_sparse_cross_scores_other_language_memories_only_within_their_language():
    kw = fuse_inputs(seed=5)
    sparse = np.array([0.0, 3.0, 1.0, 2.0, 0.5, 0.0, 2.0, 0.0])
    cross = np.arange(8) >= 4
    base = ScoringConfig(neighbour_alpha=0.0)
    parts: dict = {}
    fuse(
        ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0, sparse_cross=True),
        **kw,
        sparse=sparse,
        cross=cross,
        parts=parts,
    )
    assert np.allclose(parts["sparse"], np.where(cross, zscore(sparse, kw["languages"]), 0.0))
    one = fuse(ScoringConfig(neighbour_alpha=0.0, w_sparse=1.0, sparse_cross=True), **kw, sparse=sparse)
    assert np.allclose(one, fuse(base, **kw))  # no language told: nothing is across


def _suite(use: np.ndarray, q_use: np.ndarray, texts: list[str], questions: list[str]):
    from types import SimpleNamespace

    return SimpleNamespace(
        name="s",
        use=use,
        e5=use,
        q_use=q_use,
        q_e5=q_use,
        memories=[SimpleNamespace(text=t) for t in texts],
        queries=[SimpleNamespace(text=t) for t in questions],
    )


def test_language_subspace_and_question_centring_of_the_bench():
    from types import SimpleNamespace

    # two languages whose vectors differ by one direction (axis 0), meaning on axes 1, 2
    use = np.array([[1, 1, 0], [1, 0, 1], [-1, 1, 0], [-1, 0, 1]], dtype=np.float64)
    texts = ["the user likes tea", "the user has a cat", "用户喜欢喝茶", "用户有一只猫"]
    ds = _suite(use, np.array([[1.0, 1.0, 0.0]]), texts, ["what does the user like to drink?"])
    ev = SimpleNamespace(_pulls={})
    pull = cv_evaluator.Evaluator._language_subspace(ev, ds, "use")
    cosine = ds.q_use @ use.T
    # the language axis projected out: "tea" in either language scores alike
    assert np.allclose((cosine - pull)[0], [1.0, 0.0, 1.0, 0.0])
    one = _suite(use[:2], np.array([[1.0, 1.0, 0.0]]), texts[:2], ["what does the user like to drink?"])
    assert not cv_evaluator.Evaluator._language_subspace(SimpleNamespace(_pulls={}), one, "use").any()
    centred = cv_evaluator.Evaluator._language_pull(SimpleNamespace(_pulls={}), ds, "use")
    # the English mean (1, 0.5, 0.5) against each memory
    assert np.allclose(centred[0], use @ np.array([1.0, 0.5, 0.5]))
