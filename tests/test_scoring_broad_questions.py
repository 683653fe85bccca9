"""Session 7's multi-hop levers of the fused score (issue #18): directional neighbours,
the broad questions' own priors, the session prior and feedback on BM25 terms (RM3).
Pure: data in, data out."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.fusion import fuse
from souvenir.read.scoring.acts import asks, reports_an_event
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens
from souvenir.read.scoring.calibration import Prior
from souvenir.read.scoring.relevance import relevance_terms
from tests.scoring_support import episode

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


def _fuse(lexical, config, **kw):
    n = len(lexical)
    return fuse(
        config,
        dense=None,
        window=None,
        lexical=np.array(lexical, dtype=float),
        languages=np.array(["en"] * n),
        neighbours=kw.pop("neighbours", None),
        speakers=np.array([None] * n, dtype=object),
        days=np.full(n, -1),
        **kw,
    )


def _quiet(**kw) -> ScoringConfig:
    """The defaults without the acts priors and their relevance gate (so each lever's own
    effect is read)."""
    return ScoringConfig(**({"event_bonus": 0.0, "ask_penalty": 0.0, "priors_gate": 0.0} | kw))


def test_relevance_terms_keep_the_words_the_best_share():
    tokens = [
        bm25_tokens(t)
        for t in (
            "camping in the forest with the kids",
            "the kids loved the forest",
            "pottery class with the kids",
            "tax forms",
            "forest forest forest",
        )
    ]
    score = np.array([3.0, 2.5, 2.0, -1.0, -3.0])
    terms = relevance_terms(tokens, score, top=3, terms=5, exclude=set(bm25_tokens("kids")))
    # "forest" is held by two of the three best; "kid" is excluded; words of one memory are not taken
    assert list(terms) == list(bm25_tokens("forest")) and terms[bm25_tokens("forest")[0]] == pytest.approx(1.0)
    loose = relevance_terms(tokens, score, top=3, terms=3, min_docs=1)
    assert len(loose) == 3 and sum(loose.values()) == pytest.approx(1.0)
    assert bm25_tokens("kids")[0] in loose  # held by all three best
    assert relevance_terms(tokens, score, top=0, terms=5) == {}
    assert relevance_terms([], np.array([]), top=3, terms=5) == {}


def test_weighted_bm25_is_a_weighted_sum_of_the_terms():
    index = LexicalIndex([("forest", "kid"), ("kid",), ("tax",)])
    assert np.allclose(
        index.weighted_scores({"forest": 0.5, "kid": 2.0}), 0.5 * index.scores(["forest"]) + 2.0 * index.scores(["kid"])
    )
    assert np.allclose(index.weighted_scores({"nothing": 1.0}), 0)


def test_feedback_on_terms_lifts_what_the_best_share_for_broad_questions_only():
    mems = [
        episode(1, "Melanie: we went camping in the forest with the kids", "Melanie", "s1"),
        episode(2, "Caroline: wow, sounds great", "Caroline", "s1"),
        episode(3, "Melanie: the forest trail by the lake was lovely", "Melanie", "s2"),
        episode(4, "Melanie: I painted a sunset yesterday", "Melanie", "s3"),
        episode(5, "Caroline: camping again soon?", "Caroline", "s3"),
    ]
    cfg = _quiet(prf_weight=2.0, prf_top=2, prf_terms=5)
    broad = "What activities did Melanie do camping?"
    plain = Scorer(_quiet()).scores(1, mems, broad, NOW)
    fed = Scorer(cfg).scores(1, mems, broad, NOW)
    assert fed[3] - plain[3] > fed[4] - plain[4]  # "forest", shared by the best, lifts memory 3
    narrow = "Did Melanie go camping?"
    assert dict(Scorer(cfg).scores(1, mems, narrow, NOW)) == dict(Scorer(_quiet()).scores(1, mems, narrow, NOW))


def test_relevance_terms_temperature():
    tokens = [("alpha", "beta"), ("alpha", "gamma"), ("gamma", "delta"), ("gamma", "beta")]
    score = np.array([10.0, 0.0, 0.0, 0.0])
    sharp = relevance_terms(tokens, score, top=4, terms=3, min_docs=1, temperature=1.0)
    flat = relevance_terms(tokens, score, top=4, terms=3, min_docs=1, temperature=0.0)
    assert max(sharp, key=sharp.get) in ("alpha", "beta")  # the best memory's words dominate
    assert max(flat, key=flat.get) == "gamma"  # alike: the word most of them hold


@pytest.mark.parametrize(
    "text",
    [
        "Melanie: Hey Caroline, we went camping with my fam two weekends ago",
        "Yesterday I took the kids to the museum.",
        "My husband and I adopted a puppy!",
        "I finally finished that book.",
        "We've visited Spain twice",
        "Hier, j'ai fait de la poterie avec les enfants.",
        "On est allés à la plage dimanche.",
        "Nous avons adopté un chien.",
        "我们上周去了露营。",
        "我去过上海两次",
        "我们过来了",  # 过来 is not the aspect, its 了 is
        "Saya sudah pergi ke Ipoh semalam.",
    ],
)
def test_reports_an_event(text):
    assert reports_an_event(text)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, Caroline! Family time matters to me. What's up with you lately?",
        "I need a break.",
        "I love pottery, it is so calming",
        "She went to Paris.",  # not the speaker's own report
        "The user went to Paris in May.",  # a fact of the write path: not flagged
        "J'aime beaucoup la poterie.",
        "Je suis contente pour toi !",
        "我喜欢画画。",
        "我对花生过敏。",  # 过 of 过敏 (allergic), not the experiential 过
        "我今天很难过。",  # 难过: sad
        "我受不了这么吵。",  # 不了: cannot
        "我过去住在北京。",  # 过去: formerly (a state, not something done)
        "",
    ],
)
def test_does_not_report_an_event(text):
    assert not reports_an_event(text)


def test_asks():
    assert asks("Sounds great! What's up with you lately?")
    assert asks("Tu viens samedi ? ")
    assert asks("你去过上海吗")
    assert asks("周末你去哪儿了？")
    assert asks("Did you like it? [shares a photo: a dog on a beach]")
    assert not asks("I went camping.")
    assert not asks("")


def test_acts_on_the_score():
    mems = [
        episode(1, "Melanie: we went camping with the kids", "Melanie"),
        episode(2, "Melanie: camping with the kids is the best, right?", "Melanie"),
        episode(3, "Melanie: camping with the kids is the best", "Melanie"),
    ]
    q = "Does Melanie like camping?"
    parts: dict = {}
    ungated = ScoringConfig(priors_gate=0.0)  # the defaults: 2.0 and 1.0, every question
    on = Scorer(ungated).scores(1, mems, q, NOW, parts=parts)
    off = Scorer(ScoringConfig(event_bonus=0.0, ask_penalty=0.0, priors_gate=0.0)).scores(1, mems, q, NOW)
    assert [on[i] - off[i] for i in (1, 2, 3)] == pytest.approx([2.0, -1.0, 0.0], abs=1e-5)
    assert parts["acts"].tolist() == [2.0, -1.0, 0.0]
    # broad questions only (acts_broad): a narrow question is not moved
    assert dict(Scorer(ScoringConfig(acts_broad=True, priors_gate=0.0)).scores(1, mems, q, NOW)) == dict(off)
    # in the first stage a neighbour inherits it
    first = ScoringConfig(event_bonus=2.0, acts_broad=False, acts_first=True, priors_gate=0.0)
    mems_s = [episode(i, m.text, m.speaker, "s1") for i, m in zip((1, 2, 3), mems)]
    p1: dict = {}
    Scorer(first).scores(1, mems_s, q, NOW, parts=p1)
    assert "acts" in p1 and p1["neighbours"][1] > 0


def test_the_diagnostics_page_labels_the_acts_part_after_the_length_prior():
    from souvenir.api.diagnostics_page import PART_LABELS, _part_names

    items = [{"parts": {"speaker": 4.0, "acts": 2.0, "length": 0.1, "use": 1.0}}]
    assert _part_names(items) == ["use", "length", "acts", "speaker"]
    assert PART_LABELS["acts"] == "report / question"


def test_the_priors_count_as_far_as_the_memory_is_relevant():
    """The priors' relevance gate (issue #28): a memory whose relevance R (USE + e5 + BM25,
    calibrated z) is at or above 0 takes its priors whole, one at or below −1 none, one
    between a share; the gated parts are the ones shown and summed."""
    n = 4
    relevance = np.array([1.5, 0.0, -0.5, -2.0])
    events = np.ones(n)
    dated = np.ones(n)
    common = dict(
        window=None,
        lexical=None,
        languages=np.zeros(n, dtype=np.int64),
        neighbours=None,
        speakers=np.array([None] * n, dtype=object),
        days=np.full(n, -1),
        events=events,
        dated=dated,
        priors={"dense": Prior(0.0, 1.0, 1e12, 1e12)},  # the z is the value itself
    )
    parts: dict = {}
    gated = fuse(ScoringConfig(w_dense=1.0), dense=relevance, parts=parts, **common)
    ungated = fuse(ScoringConfig(w_dense=1.0, priors_gate=0.0), dense=relevance, **common)
    share = np.array([1.0, 1.0, 0.5, 0.0])
    assert (ungated - gated).tolist() == pytest.approx((1 - share) * 3.0)  # event 2 + dated 1
    assert parts["acts"].tolist() == pytest.approx(2.0 * share)
    assert parts["dated"].tolist() == pytest.approx(1.0 * share)
