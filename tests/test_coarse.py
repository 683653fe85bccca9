"""A large user's coarse path: e5 ranked on a few directions, both embedders exact on the
shortlist (souvenir.read.scoring.shortlist, issue #18's selection at 100,000 memories)."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np

from souvenir.ground.blas import BLOCK, coarse_query, dot_rows, leading_directions, project_rows
from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.fusion import zscore
from souvenir.read.scoring.shortlist import zscore_sampled
from tests.test_shortlist import topic_user

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def test_a_projected_row_gets_the_same_bits_wherever_it_sits():
    rng = np.random.default_rng(0)
    matrix = rng.standard_normal((700, 384)).astype(np.float32)
    basis = np.linalg.qr(rng.standard_normal((384, 64)))[0].astype(np.float32)
    whole = project_rows(matrix, basis)
    assert np.allclose(whole, matrix.astype(np.float64) @ basis.astype(np.float64), atol=1e-4)
    for n in (1, 2, 7, BLOCK - 1, BLOCK, BLOCK + 1, 333):
        for offset in (0, 1, 17):
            assert project_rows(matrix[offset : offset + n], basis).tobytes() == whole[offset : offset + n].tobytes()
    picked = np.sort(rng.choice(700, 200, replace=False))
    assert project_rows(matrix[picked], basis).tobytes() == whole[picked].tobytes()


def test_with_every_direction_the_coarse_cosine_is_the_cosine():
    rng = np.random.default_rng(1)
    matrix = rng.standard_normal((500, 48)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    query = matrix[3] + 0.1 * rng.standard_normal(48).astype(np.float32)
    full = np.linalg.qr(rng.standard_normal((48, 48)))[0].astype(np.float32)
    coarse = dot_rows(project_rows(matrix, full), coarse_query(query, full))
    assert np.abs(coarse - dot_rows(matrix, query)).max() < 1e-5


def test_leading_directions_are_orthonormal_and_hold_the_rows():
    rng = np.random.default_rng(3)
    centres = rng.standard_normal((6, 64))
    rows = centres[rng.integers(0, 6, 3000)] + 0.05 * rng.standard_normal((3000, 64))
    rows = (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)
    basis = leading_directions(rows, 6)
    assert basis.shape == (64, 6) and basis.dtype == np.float32
    assert np.abs(basis.T @ basis - np.eye(6)).max() < 1e-5
    kept = np.linalg.norm(rows @ basis, axis=1)  # six directions hold six topics
    assert kept.min() > 0.99
    assert leading_directions(rows, 6, max_rows=500).shape == (64, 6)  # read on a sixth of them
    assert leading_directions(rows, 6).tobytes() == basis.tobytes()


def test_zscore_within_languages_on_a_sample():
    rng = np.random.default_rng(2)
    labels = np.repeat([0, 1, 2], [300, 200, 1])
    x = np.where(labels == 0, 5 + rng.standard_normal(501), -3 + 2 * rng.standard_normal(501))
    x[7] = np.nan
    positions = [np.flatnonzero(labels == g) for g in range(3)]
    everything = np.arange(501)
    assert np.allclose(zscore_sampled(x, positions, labels, everything), zscore(x, positions), atol=1e-9)
    sample = everything[::5]
    got = zscore_sampled(x, positions, labels, sample)
    for g in (0, 1):
        s = sample[(labels[sample] == g) & np.isfinite(x[sample])]
        want = (x[positions[g]] - x[s].mean()) / x[s].std()
        ok = np.isfinite(want)
        assert np.allclose(got[positions[g]][ok], want[ok])
    assert got[7] == 0 and got[500] == 0  # no value; a language of one


def _user(n: int, seed: int = 0):
    """:func:`tests.test_shortlist.topic_user` with 96-d e5 vectors, and e5's basis: its 40
    leading directions (where the topics lie)."""
    memories, U, E, qu, qe = topic_user(n, seed, e5_dim=96)
    basis = np.linalg.svd(E.astype(np.float64), full_matrices=False)[2][:40].T.astype(np.float32)
    return memories, U, E, qu, qe, basis


class Spy:
    """A dense input whose exact cosines say which memories they were asked for."""

    def __init__(self, side: DenseInput) -> None:
        self.side = side
        self.asked: list[np.ndarray | None] = []
        self.query = side.query

    def cosines(self, vector, wanted=None):
        self.asked.append(None if wanted is None else np.asarray(wanted))
        return self.side.cosines(vector, wanted)

    def input(self) -> DenseInput:
        return DenseInput(self.query, self.cosines, coarse=self.side.coarse)


def test_the_coarse_path_reads_both_embedders_exactly_on_the_shortlist_only():
    memories, U, E, qu, qe, basis = _user(6000)
    ids = [m.id for m in memories]
    use = Spy(DenseInput.from_matrix(qu, ids, U))
    e5 = Spy(DenseInput.from_matrix(qe, ids, E, basis))
    config = ScoringConfig(shortlist_from=1000, shortlist_size=300, sample_per_group=150)
    parts: dict = {}
    fast = Scorer(config).scores(1, memories, "dentist", NOW, use.input(), e5.input(), parts)
    assert len(e5.asked) == 1 and len(use.asked) == 1  # no product over every memory
    shortlist = e5.asked[0]
    assert shortlist is not None and use.asked[0] is not None
    assert shortlist.tolist() == use.asked[0].tolist()
    assert 300 <= len(shortlist) <= 300 + 2 * 150
    assert len(fast.array) == len(ids)  # read whole: the complete score, its parts filled
    assert len(e5.asked) == 1 and len(use.asked) == 1  # ... from the same exact values
    # where it claims exact values, they are: the e5 term's order on the shortlist is the
    # order of the exact e5 cosines (within each language, z-scoring keeps the order)
    pos = np.searchsorted(np.array(ids), shortlist)
    exact_e5 = E[pos] @ qe
    lang = np.array([m.text.startswith("the user") for m in memories])[pos]
    for same in (lang, ~lang):
        order = np.argsort(exact_e5[same], kind="stable")
        assert (np.diff(parts["e5"][pos][same][order]) >= -1e-12).all()
    # and the top 24 is the exact score's
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "dentist", NOW, use.side, e5.side)
    top = lambda s: set(np.argsort(-s.array, kind="stable")[:24].tolist())  # noqa: E731
    assert len(top(exact) & top(fast)) >= 22


def test_the_best_memories_by_the_exact_score_are_on_the_shortlist():
    memories, U, E, qu, qe, basis = _user(8000, seed=4)
    ids = np.array([m.id for m in memories])
    e5 = Spy(DenseInput.from_matrix(qe, ids.tolist(), E, basis))
    use = DenseInput.from_matrix(qu, ids.tolist(), U)
    config = ScoringConfig(shortlist_from=1000, shortlist_size=400, sample_per_group=100)
    Scorer(config).scores(1, memories, "train", NOW, use, e5.input())
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "train", NOW, use, e5.side)
    best = exact.ids[np.argsort(-exact.array, kind="stable")[:50]]
    assert np.isin(best, e5.asked[0]).all()


def test_without_a_basis_the_window_embedder_is_exact_on_every_memory():
    memories, U, E, qu, qe, _ = _user(3000)
    ids = [m.id for m in memories]
    e5 = Spy(DenseInput.from_matrix(qe, ids, E))  # no basis: no coarse cosines
    config = ScoringConfig(shortlist_from=1000, shortlist_size=100, sample_per_group=50)
    Scorer(config).scores(1, memories, "garden", NOW, DenseInput.from_matrix(qu, ids, U), e5.input())
    assert e5.asked == [None]
    off = Spy(DenseInput.from_matrix(qe, ids, E, np.eye(96, 8, dtype=np.float32)))
    Scorer(ScoringConfig(shortlist_from=1000, shortlist_size=100, sample_per_group=50, coarse_dims=0)).scores(
        1, memories, "garden", NOW, DenseInput.from_matrix(qu, ids, U), off.input()
    )
    assert off.asked == [None]


def test_a_window_index_behind_falls_back_to_the_exact_window_signal():
    memories, U, E, qu, qe, basis = _user(3000)
    ids = [m.id for m in memories]
    behind = DenseInput.from_matrix(qe, ids[:1000], E[:1000], basis)  # a third embedded
    config = ScoringConfig(shortlist_from=1000, shortlist_size=100, sample_per_group=50)
    use = DenseInput.from_matrix(qu, ids, U)
    fast = Scorer(config).scores(1, memories, "garden", NOW, use, behind)
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "garden", NOW, use, behind)
    assert fast.array.tolist() == exact.array.tolist()


def test_a_covering_shortlist_on_the_coarse_path_is_the_exact_score():
    """The oracle of tests/test_break_shortlist.py for the coarse path: a shortlist and a
    sample covering every memory read every value exactly, whatever the directions."""
    memories, U, E, qu, qe, basis = _user(900, seed=6)
    ids = [m.id for m in memories]
    use, e5 = DenseInput.from_matrix(qu, ids, U), DenseInput.from_matrix(qe, ids, E, basis[:, :5])
    exact = Scorer(ScoringConfig(shortlist_from=0)).scores(1, memories, "sister", NOW, use, e5)
    covering = Scorer(ScoringConfig(shortlist_from=1, shortlist_size=900, sample_per_group=900)).scores(
        1, memories, "sister", NOW, use, e5
    )
    assert covering.array.tolist() == exact.array.tolist()


def test_the_best_shortlisted_memories_session_neighbours_are_read_exactly():
    """The neighbour term adds the best neighbour's first-stage score: on the coarse path
    the neighbours of the shortlist's best are exact too, never estimated (LoCoMo inside
    100,000 other memories lost 0.01 on two conversations when they were)."""
    from dataclasses import replace as copy

    memories, U, E, qu, qe, basis = _user(4000, seed=8)
    memories = [copy(m, session=f"s{m.id // 10}") for m in memories]  # sessions of ten
    ids = np.array([m.id for m in memories])
    e5 = Spy(DenseInput.from_matrix(qe, ids.tolist(), E, basis))
    config = ScoringConfig(shortlist_from=1000, shortlist_size=100, sample_per_group=50, coarse_neighbours=20)
    parts: dict = {}
    scores = Scorer(config).scores(
        1, memories, "dentist", NOW, DenseInput.from_matrix(qu, ids.tolist(), U), e5.input(), parts
    )
    assert len(scores.array) == len(ids)  # read whole: its parts filled
    read = set(e5.asked[0].tolist())
    first = parts["use"] + parts["e5"] + parts["bm25"]
    best = ids[np.argsort(-first, kind="stable")[:5]]  # the best are shortlisted, so are their neighbours
    for mid in best.tolist():
        session = [m.id for m in memories if m.session == memories[mid - 1].session]
        k = session.index(mid)
        reach = config.neighbour_reach
        assert set(session[max(0, k - reach) : k + reach + 1]) <= read
    off = Spy(DenseInput.from_matrix(qe, ids.tolist(), E, basis))
    Scorer(copy(config, coarse_neighbours=0)).scores(
        1, memories, "dentist", NOW, DenseInput.from_matrix(qu, ids.tolist(), U), off.input()
    )
    assert len(off.asked[0]) < len(read)
