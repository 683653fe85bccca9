"""Cross-language levers of the fused score (souvenir.read.scoring.crosslang and their fields)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.crosslang import centred, floored_by, ranks, reciprocal_rank
from souvenir.read.scoring.fusion import fuse, zscore
from tests.scoring_support import fuse_inputs


def test_ranks_best_first_ties_share_the_best_rank_nan_last():
    x = np.array([0.2, 0.9, 0.2, np.nan, 0.5])
    assert ranks(x).tolist() == [3.0, 1.0, 3.0, 5.0, 2.0]


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-5, 5, allow_nan=False), min_size=1, max_size=30))
def test_ranks_agree_with_counting_the_larger_values(values):
    x = np.array(values)
    assert ranks(x).tolist() == [1.0 + float((x > v).sum()) for v in x]


def test_reciprocal_rank_keeps_a_strong_rank_whatever_the_other_signal():
    use = np.array([0.9, 0.1, 0.5, 0.4])  # memory 0 first by USE
    e5 = np.array([0.0, 0.8, 0.7, 0.6])  # ... and last by e5
    fused = reciprocal_rank([use, e5], k=1.0)
    assert fused.tolist() == pytest.approx([1 / 2 + 1 / 5, 1 / 5 + 1 / 2, 1 / 3 + 1 / 3, 1 / 4 + 1 / 4])
    assert fused[0] > fused[3]
    assert reciprocal_rank([], k=10.0).size == 0
    with pytest.raises(ValueError):
        reciprocal_rank([use], k=0.0)


def test_centred_subtracts_each_group_mean_and_keeps_nan():
    x = np.array([1.0, 3.0, 10.0, np.nan, 14.0])
    out = centred(x, [np.array([0, 1]), np.array([2, 3, 4])])
    assert out[[0, 1, 2, 4]].tolist() == [-1.0, 1.0, -2.0, 2.0]
    assert np.isnan(out[3])


def test_floored_by_only_where_flagged():
    a, b = np.array([-1.0, -1.0, 2.0]), np.array([2.0, 2.0, 0.0])
    assert floored_by(a, b, np.array([True, False, True]), 0.5).tolist() == [1.0, -1.0, 2.0]


def test_levers_off_by_default_leave_the_formula_unchanged():
    kw = fuse_inputs()
    plain = zscore(kw["dense"]) + 2.0 * zscore(kw["window"], kw["languages"]) + zscore(kw["lexical"])
    cfg = ScoringConfig(neighbour_alpha=0.0)
    assert np.allclose(fuse(cfg, **kw, cross=np.arange(8) >= 4), plain)
    within = ScoringConfig(neighbour_alpha=0.0, lexical_lang=1.0)
    swapped = plain - zscore(kw["lexical"]) + zscore(kw["lexical"], kw["languages"])
    assert np.allclose(fuse(within, **kw, cross=np.arange(8) >= 4), swapped)
    one = dict(kw, languages=np.zeros(8, dtype=np.int64))  # one language: the same as over all
    assert np.allclose(fuse(within, **one), fuse(cfg, **one))


def test_bm25_within_languages_takes_the_query_language_head_start_away():
    # The query is French: BM25 can only match French memories (0..3), and a common French
    # word gives all four a score; the other language's memories score 0 except a name (5).
    kw = fuse_inputs()
    kw["lexical"] = np.array([2.0, 2.1, 1.9, 2.0, 0.0, 3.0, 0.0, 0.0])
    kw["dense"] = kw["window"] = np.zeros(8)
    over_all = fuse(ScoringConfig(neighbour_alpha=0.0, lexical_lang=0.0), **kw)
    within = fuse(ScoringConfig(neighbour_alpha=0.0, lexical_lang=1.0), **kw)
    assert (over_all[:4] > over_all[6]).all()  # every French memory above the others
    assert np.allclose(within, zscore(kw["lexical"], kw["languages"]))
    assert within[5] == within.max() and abs(within[:4]).max() < 1.5


def test_use_within_languages_and_centred():
    kw = fuse_inputs()
    kw["window"], kw["lexical"] = np.zeros(8), np.zeros(8)
    kw["dense"] = np.array([0.5, 0.6, 0.4, 0.5, 0.1, 0.2, 0.0, 0.1])  # language 0 higher as a whole
    cfg = ScoringConfig(neighbour_alpha=0.0, w_window=0.0, w_lexical=0.0)
    within = fuse(ScoringConfig(neighbour_alpha=0.0, w_window=0.0, w_lexical=0.0, dense_lang=1.0), **kw)
    assert np.allclose(within, zscore(kw["dense"], kw["languages"]))
    centred_ = fuse(ScoringConfig(neighbour_alpha=0.0, w_window=0.0, w_lexical=0.0, dense_centre=True), **kw)
    assert np.isclose(centred_[1], centred_[5])  # each language's best is level
    assert fuse(cfg, **kw)[1] > fuse(cfg, **kw)[5]


def test_cross_use_max_floors_e5_by_use_for_other_language_memories_only():
    kw = fuse_inputs()
    kw["lexical"] = np.zeros(8)
    cross = np.arange(8) >= 4
    base = ScoringConfig(neighbour_alpha=0.0, w_lexical=0.0)  # BM25 off: lexical_lang moot
    cfg = ScoringConfig(neighbour_alpha=0.0, w_lexical=0.0, cross_use_max=1.0)
    zu, ze = zscore(kw["dense"]), zscore(kw["window"], kw["languages"])
    parts: dict = {}
    fuse(cfg, **kw, cross=cross, parts=parts)
    assert np.allclose(parts["e5"], 2.0 * np.where(cross, np.maximum(ze, zu), ze))
    assert np.allclose(fuse(cfg, **kw, cross=None), fuse(base, **kw))  # one language: nothing
    top = np.zeros(8, dtype=bool)
    top[int(np.argmax(zu))] = True  # use_max_top 1: USE's first memory only
    fuse(
        ScoringConfig(neighbour_alpha=0.0, w_lexical=0.0, cross_use_max=1.0, use_max_top=1),
        **kw,
        cross=cross,
        parts=parts,
    )
    assert np.allclose(parts["e5"], 2.0 * np.where(cross & top, np.maximum(ze, zu), ze))


def test_rank_fusion_adds_the_z_of_reciprocal_ranks():
    kw = fuse_inputs()
    cfg = ScoringConfig(neighbour_alpha=0.0, rank_fusion=1.0, rank_fusion_k=10.0)
    parts: dict = {}
    score = fuse(cfg, **kw, parts=parts)
    rr = reciprocal_rank([zscore(kw["dense"]), zscore(kw["window"], kw["languages"]), kw["lexical"]], 10.0)
    assert np.allclose(parts["rank"], zscore(rr))
    assert np.allclose(score, fuse(ScoringConfig(neighbour_alpha=0.0), **kw) + zscore(rr))
    # the BM25 ranking is the same within languages or over all: ranks read the raw BM25
    only_cross = fuse(
        ScoringConfig(neighbour_alpha=0.0, rank_fusion=1.0, rank_fusion_cross=True),
        **kw,
        cross=np.arange(8) >= 4,
        parts=parts,
    )
    assert (parts["rank"][:4] == 0).all() and np.allclose(
        only_cross[:4], fuse(ScoringConfig(neighbour_alpha=0.0), **kw)[:4]
    )
