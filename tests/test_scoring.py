"""The fused score's pure parts: language, BM25 tokens and index, periods, fusion, Scorer."""

from __future__ import annotations

from datetime import date, datetime, timezone

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.fusion import fuse, name_at, named_speaker, neighbour_table, zscore
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens, en_stem
from souvenir.read.scoring.periods import query_period
from tests.scoring_support import memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "text, lang",
    [
        ("I moved to Penang last year with my sister", "en"),
        ("J'ai déménagé à Lyon l'an dernier", "fr"),
        ("Je travaille comme infirmière", "fr"),
        ("Saya tinggal di Ipoh dengan keluarga saya", "ms"),
        ("aku nak pergi kedai tu esok", "ms"),
        ("我去年搬到了上海", "zh"),
        ("我在 Google 工作", "zh"),
        ("", "en"),
        ("12345", "en"),
    ],
)
def test_memory_language(text, lang):
    assert memory_language(text) == lang


def test_bm25_tokens_keep_content_words_in_every_language():
    assert bm25_tokens("Caroline: I went to the support groups, running!") == (
        "caroline",
        "went",
        "support",
        "group",
        "run",
    )
    assert "上海" in bm25_tokens("我去年搬到了上海")
    assert "not" not in bm25_tokens("I do not like cats")  # negators are not index terms
    assert en_stem("parties") == "party" and en_stem("planned") == "plan" and en_stem("cat") == "cat"


def test_lexical_index_matches_rank_bm25():
    rank_bm25 = pytest.importorskip("rank_bm25")
    docs = [
        bm25_tokens(t)
        for t in (
            "Caroline went to the LGBTQ support group",
            "Melanie painted a sunset",
            "Caroline is researching adoption agencies",
            "Melanie ran a charity race",
            "The support group was powerful",
            "I like painting and pottery",
        )
    ]
    query = bm25_tokens("When did Caroline go to the support group?")
    ours = LexicalIndex(docs).scores(query)
    theirs = rank_bm25.BM25Okapi(docs).get_scores(list(query))
    assert np.allclose(ours, theirs)
    assert LexicalIndex([]).scores(query).shape == (0,)


@pytest.mark.parametrize(
    "text, period",
    [
        ("When did she go on 13 October, 2023?", (date(2023, 10, 13), date(2023, 10, 13))),
        ("What happened on October 13th, 2023", (date(2023, 10, 13), date(2023, 10, 13))),
        ("Qu'ai-je fait le 13 octobre 2023 ?", (date(2023, 10, 13), date(2023, 10, 13))),
        ("2023年10月13日我在哪里", (date(2023, 10, 13), date(2023, 10, 13))),
        ("What did I do in July 2023?", (date(2023, 7, 1), date(2023, 7, 31))),
        ("en février 2024", (date(2024, 2, 1), date(2024, 2, 29))),
        ("apa saya beli pada Ogos 2024", (date(2024, 8, 1), date(2024, 8, 31))),
        ("2023年7月", (date(2023, 7, 1), date(2023, 7, 31))),
        ("berapa kali saya pindah tahun 2024", (date(2024, 1, 1), date(2024, 12, 31))),
        ("我2024年去了哪里", (date(2024, 1, 1), date(2024, 12, 31))),
        ("我去年搬到了哪里", (date(2024, 1, 1), date(2024, 12, 31))),
        ("What did I buy in June?", None),  # which year? nothing is read
        ("May I ask where I live?", None),
        ("I have 2023 reasons", None),
    ],
)
def test_query_period(text, period):
    assert query_period(text, NOW) == period


def test_zscore_ignores_missing_values_and_groups():
    x = np.array([1.0, 2.0, 3.0, np.nan])
    z = zscore(x)
    assert z[3] == 0 and np.isclose(z[:3].mean(), 0) and z[2] > 0
    grouped = zscore(np.array([0.9, 0.8, 0.1, 0.2]), np.array(["zh", "zh", "en", "en"]))
    assert grouped[0] > 0 and grouped[3] > 0  # the best of each language comes out on top
    assert not zscore(np.array([1.0, 1.0])).any()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-5, 5), min_size=1, max_size=30))
def test_zscore_is_finite(values):
    assert np.isfinite(zscore(np.array(values))).all()


def _fuse(lexical, sessions=None, speakers=None, dates=None, **kw):
    n = len(lexical)
    config = ScoringConfig(**kw.pop("config", {}))
    table = neighbour_table(list(range(1, n + 1)), sessions or [None] * n, config.neighbour_reach)
    days = np.array([d.toordinal() if d else -1 for d in (dates or [None] * n)])
    return fuse(
        config,
        dense=None,
        window=None,
        lexical=np.array(lexical, dtype=float),
        languages=np.array(["en"] * n),
        neighbours=table,
        speakers=np.array(speakers or [None] * n, dtype=object),
        days=days,
        **kw,
    )


def test_neighbours_lift_the_reply_to_the_matching_turn_within_its_session():
    lexical = [0, 0, 9, 0, 0, 0, 0]
    sessions = ["a", "a", "a", "a", "b", "b", "b"]
    plain = _fuse(lexical, config={"neighbour_alpha": 0})
    boosted = _fuse(lexical, sessions=sessions)
    assert boosted[1] > plain[1] and boosted[3] > plain[3]  # ±1 in session a
    assert boosted[0] > plain[0]  # ±2
    # the next session does not profit: its first turn takes its own neighbours' best
    assert np.isclose(boosted[4], plain[4] + 0.7 * max(plain[5], plain[6]))


def test_speaker_named_by_the_question_wins():
    speakers = ["Caroline", "Melanie", "Caroline"]
    assert named_speaker("What did Caroline paint?", speakers) == "Caroline"
    assert named_speaker("What did Caroline and Melanie do?", speakers) is None
    assert named_speaker("What did Caroline do?", ["Caroline"]) is None  # one speaker: nothing to tell
    s = _fuse([1, 1, 1], speakers=speakers, speaker="Caroline")
    assert s[1] < s[0] == s[2]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Qu'a peint Caroline ?", "Caroline"),
        ("Caroline都去过哪些地方？", "Caroline"),  # Chinese: no space after the name
        ("Melanie读过哪些书？", "Melanie"),
        ("Apa yang Melanie suka?", "Melanie"),
        ("What are Melanie's pets?", "Melanie"),
        ("Carolines everywhere", None),  # inside a longer word
        ("Caroline和Melanie去过哪里？", None),  # two people
        ("小明去过哪些地方？", "小明"),  # a name in Han characters
        ("Jean-Pierre a-t-il un chien ?", "Jean-Pierre"),
    ],
)
def test_a_name_is_read_in_every_language(message, expected):
    speakers = ["Caroline", "Melanie", "小明", "Jean-Pierre"]
    assert named_speaker(message, speakers) == expected


def test_memories_dated_in_the_named_period_win():
    dates = [date(2023, 7, 3), date(2023, 8, 5), date(2023, 6, 30), None]
    s = _fuse([1, 1, 1, 1], dates=dates, period=(date(2023, 7, 1), date(2023, 7, 31)))
    assert s[0] > s[2] and s[1] > s[2]  # 5 August is within the 7 days' slack
    assert s[3] == s[2]


def _fuse_window(window, languages, share):
    n = len(window)
    return fuse(
        ScoringConfig(window_global=share),
        dense=None,
        window=np.array(window, dtype=float),
        lexical=None,
        languages=np.array(languages),
        neighbours=None,
        speakers=np.array([None] * n, dtype=object),
        days=np.full(n, -1),
    )


def test_window_term_is_half_within_language_half_over_all_memories():
    # e5's own-script offset: the French memories (the query's language) all sit higher
    window = [0.84, 0.83, 0.82, 0.79, 0.78, 0.77]
    langs = ["fr", "fr", "fr", "en", "en", "en"]
    within, overall, half = (_fuse_window(window, langs, g) for g in (0.0, 1.0, 0.5))
    assert np.isclose(within[0], within[3])  # each language's best alike
    assert overall[2] > overall[3]  # the offset kept
    assert np.allclose(half, (within + overall) / 2)
    # one language (LoCoMo): the share changes nothing
    same = ["en"] * 6
    assert np.allclose(_fuse_window(window, same, 0.0), _fuse_window(window, same, 0.5))


def _mem(i, text, session=None, speaker=None, day=1):
    return memory(i, text, speaker=speaker, session=session, at=datetime(2023, 7, day, tzinfo=timezone.utc))


def test_scorer_ranks_by_words_without_any_vector_and_rebuilds_after_a_write():
    scorer = Scorer()
    mems = [
        _mem(i, t)
        for i, t in enumerate(
            [
                "I adopted a cat named Kopi",
                "I work as a nurse in Ipoh",
                "My sister plays the violin",
                "We went hiking last weekend",
                "I bake sourdough bread",
            ],
            start=1,
        )
    ]
    scores = scorer.scores(1, mems, "what is my cat called?", NOW)
    assert max(scores, key=scores.get) == 1
    mems.append(_mem(6, "My cat Kopi hates the vet"))
    scores = scorer.scores(1, mems, "what is my cat called?", NOW)
    assert set(scores) == {1, 2, 3, 4, 5, 6} and scores[6] > scores[2]


def test_scorer_uses_the_vectors_given_and_tolerates_missing_ones():
    mems = [_mem(i, f"memory {i}") for i in range(1, 5)]
    matrix = np.eye(4, dtype=np.float32)[:3]  # memory 4 has no vector yet
    dense = DenseInput.from_matrix(np.array([0, 0, 1, 0], dtype=np.float32), [1, 2, 3], matrix)
    scores = Scorer().scores(1, mems, "anything", NOW, dense=dense)
    assert max(scores, key=scores.get) == 3 and np.isfinite([scores[k] for k in scores]).all()
    wrong_dim = DenseInput.from_matrix(np.ones(7, dtype=np.float32), [1, 2, 3], matrix)
    assert len(Scorer().scores(1, mems, "anything", NOW, dense=wrong_dim)) == 4
    assert dict(Scorer().scores(1, [], "anything", NOW)) == {}


def test_name_at_reads_names_as_words():
    assert name_at("What did Jon say?", "Jon") == 9
    assert name_at("Jonathan said", "Jon") == -1
    assert name_at("Jon都去过哪里", "jon") == 0
    assert name_at("", "Jon") == -1
