"""A large user's scores from a shortlist agree with the exact fused score where it matters."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.fusion import zscore
from souvenir.read.scoring.shortlist import fill_by_fit, shortlist, stratified_sample
from souvenir.ground.types import Memory

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def test_stratified_sample_takes_each_language_evenly_and_small_ones_whole():
    labels = np.array([0] * 1000 + [1] * 30 + [2] * 400)
    sample = stratified_sample(labels, 100)
    counts = np.bincount(labels[sample])
    assert counts[0] == 100 and counts[1] == 30 and 100 <= counts[2] <= 134
    assert (np.diff(sample) > 0).all()


def test_shortlist_is_the_best_and_the_sample():
    score = np.array([0.1, 5.0, np.nan, 3.0, -1.0, 4.0])
    assert shortlist(score, 2, np.array([0, 4])).tolist() == [0, 1, 4, 5]
    assert shortlist(score, 10, np.array([], np.int64)).tolist() == [0, 1, 2, 3, 4, 5]


def test_fill_by_fit_keeps_exact_values_and_draws_each_language_s_line():
    rng = np.random.default_rng(0)
    predictor = rng.random(200)
    labels = np.repeat([0, 1], 100)
    truth = np.where(labels == 0, 2 * predictor + 1, -predictor)
    where = np.arange(0, 200, 4)
    got = fill_by_fit(200, where, truth[where], predictor, where, labels)
    assert np.allclose(got, truth)
    assert (got[where] == truth[where]).all()
    predictor[7] = np.nan
    assert np.isnan(fill_by_fit(200, where, truth[where], predictor, where, labels)[7])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=2, max_size=40), st.integers(0, 3))
def test_zscore_read_on_every_position_is_the_plain_zscore(values, groups):
    x = np.array(values)
    labels = np.arange(len(x)) % (groups + 1)
    everything = np.arange(len(x))
    assert np.allclose(zscore(x, labels, everything), zscore(x, labels), atol=1e-9)
    assert np.allclose(zscore(x, None, everything), zscore(x), atol=1e-9)
    x[::3] = np.nan  # positions per group (the scorer's form) = labels, missing values too
    positions = [np.flatnonzero(labels == g) for g in range(groups + 1)]
    assert np.allclose(zscore(x, positions), zscore(x, labels), atol=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-1, 1), min_size=2, max_size=60), st.integers(0, 40), st.integers(1, 5))
def test_zscore_on_a_sample_has_the_general_path_s_bits(values, seed, step):
    x = np.array(values)
    rng = np.random.default_rng(seed)
    x[rng.random(len(x)) < 0.2] = np.nan
    sample = np.arange(0, len(x), step)
    general = zscore(x, np.zeros(len(x), np.int64), sample)  # the bincount path
    fast = zscore(x, None, sample)
    assert np.array_equal(fast, general)


def topic_user(n: int, seed: int = 0, e5_dim: int = 48):
    """``n`` memories in 40 topics (their vectors near the topic's direction, in two
    languages), an English word per topic; the query is about topic 3. Returns the
    memories, USE's (n×64) and e5's (n×``e5_dim``) float32 matrices and their queries."""
    rng = np.random.default_rng(seed)
    topic = rng.integers(0, 40, n)
    centres_u = rng.standard_normal((40, 64))
    centres_e = rng.standard_normal((40, e5_dim))

    def vectors(centres, noise):
        v = centres[topic] + noise * rng.standard_normal((n, centres.shape[1]))
        return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)

    U, E = vectors(centres_u, 1.6), vectors(centres_e, 1.2)
    words = ["garden", "sister", "train", "dentist"] + [f"word{t}" for t in range(4, 40)]
    memories = [
        Memory(
            id=i + 1,
            user_id=1,
            text=(f"the user {words[topic[i]]} note {i}" if i % 2 else f"l'utilisateur {words[topic[i]]} note {i}"),
            kind="fact",
            scope="global",
            story_id=None,
            confidence=1.0,
            pinned=False,
            status="active",
            source=None,
            created_at=NOW,
            updated_at=NOW,
            content_hash=str(i),
        )
        for i in range(n)
    ]
    qu = (centres_u[3] / np.linalg.norm(centres_u[3])).astype(np.float32)
    qe = (centres_e[3] / np.linalg.norm(centres_e[3])).astype(np.float32)
    return memories, U, E, qu, qe


def _user(n: int, seed: int = 0, with_window_matrix: bool = False):
    """:func:`topic_user` as the scorer's two dense inputs (and e5's matrix if asked)."""
    memories, U, E, qu, qe = topic_user(n, seed)
    ids = [m.id for m in memories]
    sides = (DenseInput.from_matrix(qu, ids, U), DenseInput.from_matrix(qe, ids, E))
    return (memories, sides, E) if with_window_matrix else (memories, sides)


def test_a_large_user_s_shortlist_keeps_the_exact_top_24():
    memories, (dense, window) = _user(6000)
    topic = np.array(["dentist" in m.text for m in memories])
    top = lambda s: np.argsort(-s.array, kind="stable")[:24]  # noqa: E731
    # About 150 memories are on the topic, their scores near-ties: the estimates and the
    # sampled statistics move them little, and the same 24 come first.
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "dentist", NOW, dense, window)
    fast = Scorer(ScoringConfig(shortlist_from=1000, shortlist_size=300, sample_per_group=150)).scores(
        1, memories, "dentist", NOW, dense, window
    )
    assert len(set(top(exact)) & set(top(fast))) >= 22
    assert topic[top(fast)].all()
    assert np.corrcoef(exact.array[topic], fast.array[topic])[0, 1] > 0.99


def test_below_the_threshold_the_score_is_exact():
    memories, (dense, window) = _user(800)
    a = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "train", NOW, dense, window)
    b = Scorer(replace(ScoringConfig(), shortlist_from=800)).scores(1, memories, "train", NOW, dense, window)
    assert a.array.tolist() == b.array.tolist()


def test_a_window_index_behind_leaves_use_exact_for_every_memory():
    memories, (dense, window), E = _user(3000, with_window_matrix=True)
    ids = [m.id for m in memories]
    behind = DenseInput.from_matrix(window.query, ids[:1000], E[:1000])  # a third embedded
    config = ScoringConfig(shortlist_from=1000, shortlist_size=100, sample_per_group=50)
    fast = Scorer(config).scores(1, memories, "garden", NOW, dense, behind)
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "garden", NOW, dense, behind)
    assert fast.array.tolist() == exact.array.tolist()
