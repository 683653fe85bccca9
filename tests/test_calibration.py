"""Calibrated z-scores (issue #28): small stores rank by relevance, large ones do not move."""

from __future__ import annotations

import numpy as np

from souvenir.read.scoring.calibration import Calibration, Prior, calibrated_z, calibration_for, read_prior
from souvenir.read.scoring.fusion import zscore


def test_without_a_prior_it_is_the_plain_z_score():
    x = np.array([0.3, 0.1, np.nan, 0.2, 0.25])
    assert np.allclose(calibrated_z(x, None), zscore(x))
    assert np.allclose(calibrated_z(x, Prior(0.1, 0.05, 0.0)), zscore(x))
    groups = [np.array([0, 1]), np.array([2, 3, 4])]
    assert np.allclose(calibrated_z(x, None, groups, [None, None]), zscore(x, groups))


def test_a_small_store_is_placed_against_the_irrelevant_pairs():
    prior = Prior(0.10, 0.05, 20.0)
    x = np.array([0.40, 0.12, 0.08])  # one relevant memory among three
    plain, shrunk = zscore(x), calibrated_z(x, prior)
    assert plain[0] < np.sqrt(2) + 1e-9  # bounded by √(N − 1)
    assert shrunk[0] > 3.0 > plain[0]  # as far out as in a large store
    assert abs(shrunk[1]) < 1.0 and abs(shrunk[2]) < 1.0  # the others look irrelevant


def test_a_large_store_barely_moves():
    rng = np.random.default_rng(0)
    x = rng.normal(0.1, 0.05, 3000)
    assert np.allclose(calibrated_z(x, Prior(0.2, 0.1, 10.0)), zscore(x), rtol=0.02, atol=0.01)


def test_groups_each_take_their_prior_and_nan_is_the_mean():
    x = np.array([0.9, 0.8, 0.2, np.nan])
    out = calibrated_z(x, None, [np.array([0, 1]), np.array([2, 3])], [Prior(0.8, 0.02, 50.0), Prior(0.1, 0.05, 50.0)])
    assert out[0] > 3 and abs(out[1]) < 1 and out[2] > 1.5 and out[3] == 0.0


def test_read_prior_is_empirical_bayes():
    rng = np.random.default_rng(1)
    per_query = [rng.normal(mu, 0.05, 400) for mu in rng.normal(0.1, 0.02, 300)]
    p = read_prior(per_query)
    assert abs(p.mean - 0.1) < 0.005 and abs(p.sd - 0.05) < 0.003
    assert 4.0 < p.weight < 9.0  # σ² / τ² = 0.0025 / 0.0004 = 6.25
    assert read_prior([np.array([1.0, 2.0])]) is None


def test_an_embedder_nobody_read_keeps_its_plain_z():
    table = {"use-m3": (Prior(0.1, 0.05, 5.0),), "e5-small": (Prior(0.8, 0.02, 9.0), Prior(0.75, 0.02, 9.0))}
    assert calibration_for("openai:stub", None, table) == Calibration()
    cal = calibration_for("use-m3", "e5-small", table)
    assert cal.dense == table["use-m3"][0] and cal.window_cross == table["e5-small"][1]


def _mem(i, text):
    from tests.scoring_support import memory

    return memory(i, text, kind="fact")


def test_the_scorer_reads_its_calibration_only_when_the_config_says_so():
    from datetime import datetime, timezone

    from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig

    now = datetime(2025, 1, 1, tzinfo=timezone.utc)
    mems = [_mem(1, "I am allergic to peanuts"), _mem(2, "I adopted a cat"), _mem(3, "I work in Lyon")]
    matrix = np.array([[1.0, 0.0], [0.6, 0.8], [0.5, 0.866]], dtype=np.float32)
    dense = DenseInput.from_matrix(np.array([0.8, 0.6], dtype=np.float32), [1, 2, 3], matrix)
    cal = Calibration(dense=Prior(0.2, 0.1, 1.0, 12.0))
    plain, calibrated = ({}, {})
    Scorer(ScoringConfig(calibrated=False, length_prior=0, event_bonus=0, ask_penalty=0), calibration=cal).scores(
        1, mems, "what can't I eat", now, dense=dense, parts=plain
    )
    Scorer(ScoringConfig(length_prior=0, event_bonus=0, ask_penalty=0), calibration=cal).scores(
        1, mems, "what can't I eat", now, dense=dense, parts=calibrated
    )
    assert abs(plain["use"]).max() <= np.sqrt(2) + 1e-9  # bounded by √(N − 1)
    assert calibrated["use"][0] > plain["use"][0] + 1.0  # measured in the irrelevant pairs' spread


def test_a_context_turn_adds_its_words_at_its_weight():
    from datetime import datetime, timezone

    from souvenir.read.scoring import Scorer

    now = datetime(2025, 1, 1, tzinfo=timezone.utc)
    mems = [
        _mem(1, "My sister Aisyah lives in Penang"),
        _mem(2, "I bake sourdough bread"),
        _mem(3, "I adopted a cat named Kopi"),
    ]
    alone = Scorer().scores(1, mems, "I really want to visit her", now)
    told = Scorer().scores(
        1, mems, "I really want to visit her", now, context=[("We talked about my sister Aisyah yesterday", 0.5)]
    )
    assert told[1] > alone[1] and max(told, key=told.get) == 1
