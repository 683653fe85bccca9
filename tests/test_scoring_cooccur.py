"""The words that go with the question's in the user's memories (``expansion_mode``
"cooccur", research, session 14): each language, a speaker's own memories, names and
common words left out, the session window, and the part on the score. Pure."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens
from souvenir.read.scoring.cooccur import cooccurring
from souvenir.read.scoring.session_columns import neighbour_table
from souvenir.types import Memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)

# (memories, question, the word expected first): two memories hold the question's word and
# a topic word; the filler memories hold neither (so neither word is common).
CASES = {
    "en": (
        ["We went camping by the lake park", "The park was great for camping", "I love camping trips"],
        "Would she like a national park?",
        "camp",
    ),
    "fr": (
        ["Nous sommes allés camper au parc du lac", "Le parc était parfait pour camper", "J'adore camper"],
        "Aimerait-elle un parc national ?",
        "camp",
    ),
    "zh": (
        ["我们在湖边公园露营", "那个公园很适合露营", "我喜欢露营"],
        "她会喜欢国家公园吗？",
        "露营",
    ),
    "ms": (
        ["Kami berkhemah di taman tasik", "Taman itu sesuai untuk berkhemah", "Saya suka berkhemah"],
        "Adakah dia suka taman negara?",
        "berkhemah",
    ),
}
FILLER = [f"filler {i} word{i} other{i}" for i in range(30)]


def _words(texts: list[str], question: str, **kw) -> dict[str, float]:
    tokens = [bm25_tokens(t) for t in texts]
    return cooccurring(tokens, LexicalIndex(tokens), bm25_tokens(question), set(), **kw)


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_topic_word_of_the_question_word_in_each_language(lang: str) -> None:
    texts, question, expected = CASES[lang]
    found = _words(texts + FILLER, question)
    top = max(found, key=lambda w: found[w])
    assert expected in top, (lang, found)
    assert found[top] == 1.0 and all(0 < v <= 1 for v in found.values())
    assert not set(found) & set(bm25_tokens(question))  # the question's own words are not given


def test_only_the_memories_counted() -> None:
    texts = [
        "Jon: the park and camping",
        "Jon: camping at the park",
        "Gina: the park and shopping",
        "Gina: shopping near the park",
    ] + FILLER
    tokens = [bm25_tokens(t) for t in texts]
    jon = np.array([not t.startswith("Gina") for t in texts])  # Jon's and the fillers
    names = {"jon", "gina"}
    found = cooccurring(tokens, LexicalIndex(tokens), bm25_tokens("What does Jon do at the park?"), names, jon)
    assert any("camp" in w for w in found) and not any("shop" in w for w in found)
    assert not set(found) & names  # the speakers' names are never given


def test_common_words_and_single_memories_are_not_given() -> None:
    texts = ["common park camping", "common park camping", "common park once"] + [f"common {i}" for i in range(10)]
    found = _words(texts, "a park?")
    assert "common" not in found  # in every memory: no topic
    assert not any(w.startswith("once") for w in found)  # shares one memory only (min_docs 2)
    assert _words(["park camping", "park camping"] + FILLER, "nothing here?") == {}
    assert _words([], "park?") == {}


def test_the_session_window_reads_the_neighbours_words() -> None:
    filler = [f"filler {i} word{i}" for i in range(60)]
    texts = ["the park", "camping", "filler x"] * 2 + filler
    sessions = ["s1"] * 3 + ["s2"] * 3 + [f"f{i}" for i in range(len(filler))]
    table = neighbour_table(list(range(len(texts))), sessions, 1)
    assert not any("camp" in w for w in _words(texts, "the park?"))
    assert any("camp" in w for w in _words(texts, "the park?", neighbours=table))


def test_the_part_on_the_score_lifts_a_memory_sharing_no_word() -> None:
    texts = [
        "Mel: we went camping by the park",
        "Mel: the park was great for camping",
        "Mel: camping trips with my kids",
        "Mel: I bought new shoes",
    ] + [f"Mel: {w}" for w in FILLER]
    memories = [Memory(id=i + 1, user_id=1, text=t, speaker="Mel", session=f"s{i}") for i, t in enumerate(texts)]
    question = "Would Mel like a national park?"
    off, on = ScoringConfig(), ScoringConfig(expansion_weight=1.0, expansion_mode="cooccur")
    parts: dict = {}
    lifted = Scorer(on).scores(1, memories, question, NOW, parts=parts)
    plain = Scorer(off).scores(1, memories, question, NOW)
    assert "expansion" in parts
    trip = 3  # "camping trips with my kids": no word of the question
    assert parts["expansion"][trip - 1] > 0
    assert lifted[trip] - lifted[4] > plain[trip] - plain[4]
    broad_only = ScoringConfig(expansion_weight=1.0, expansion_mode="cooccur", expansion_broad=True)
    parts2: dict = {}
    Scorer(broad_only).scores(1, memories, question, NOW, parts=parts2)
    assert "expansion" not in parts2  # not a broad question: no second query
