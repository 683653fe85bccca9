"""Issue #28: a person's profile for inference questions ("Would Caroline likely pursue
writing?"): the question's class, the memories that say who a person is, and the score's
``profile`` part (a research lever, off by default). Pure: data in, data out; French,
English, Chinese and Malay alike."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.inference import discloses_self, inference_question
from tests.scoring_support import memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


def _mem(i, text, speaker):
    return memory(i, text, speaker=speaker, at=NOW)


@pytest.mark.parametrize(
    "text",
    [
        "Would Caroline likely pursue writing as a career?",
        "What might John's financial status be?",
        "Is it likely that Nate has friends besides Joanna?",
        "Melanie serait-elle partante pour un parc national ?",
        "Quel métier Marie choisirait-elle probablement ?",
        "约翰会不会搬到国外？",
        "小林可能喜欢什么书？",
        "Adakah Tim mungkin suka buku C. S. Lewis?",
    ],
)
def test_inference_questions(text):
    assert inference_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "What did Caroline do last weekend?",
        "Where could I buy a kayak?",
        "Qui a peint ce portrait de Marie ?",
        "Où est-ce que Melanie est allée en juillet ?",
        "约翰去年搬到哪里了？",
        "Bila Tim pergi ke Kuala Lumpur?",
    ],
)
def test_not_inference_questions(text):
    assert not inference_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "I love camping with my kids",
        "I'm passionate about helping trans youth",
        "My dream is to open a bakery",
        "J'adore la musique classique",
        "Je suis infirmière depuis dix ans",
        "我非常喜欢露营",
        "我的梦想是开一家面包店",
        "Saya suka membaca novel fantasi",
        "Impian saya ialah membuka kedai roti",
    ],
)
def test_memories_that_say_who_a_person_is(text):
    assert discloses_self(text)


@pytest.mark.parametrize(
    "text",
    [
        "We went camping last weekend",
        "That sounds great, what's up with you?",
        "Il a adoré le concert",
        "他喜欢露营",
        "Dia suka membaca",
    ],
)
def test_memories_that_do_not(text):
    assert not discloses_self(text)


def test_the_profile_part_lifts_the_named_persons_self_statements_for_an_inference_question():
    mems = [
        _mem(1, "Melanie: I love being outdoors with the kids, away from crowds", "Melanie"),
        _mem(2, "Melanie: we went to the mall on Saturday", "Melanie"),
        _mem(3, "Caroline: I love theme parks and roller coasters", "Caroline"),
    ]
    on = ScoringConfig(profile_bonus=2.0, inference_w_lexical=None, priors_gate=0.0)
    off = ScoringConfig(profile_bonus=0.0, inference_w_lexical=None, priors_gate=0.0)
    q = "Would Melanie prefer a national park or a theme park?"
    parts: dict = {}
    a = Scorer(on).scores(1, mems, q, NOW, parts=parts)
    b = Scorer(off).scores(1, mems, q, NOW)
    assert [a[i] - b[i] for i in (1, 2, 3)] == pytest.approx([2.0, 0.0, 0.0], abs=1e-5)
    assert parts["profile"].tolist() == [2.0, 0.0, 0.0]
    # not an inference question, or no one named: nothing moves
    for other in ("Where did Melanie go on Saturday?", "Would anyone prefer a theme park?"):
        assert dict(Scorer(on).scores(1, mems, other, NOW)) == dict(Scorer(off).scores(1, mems, other, NOW))


def test_the_diagnostics_page_labels_the_profile_part():
    from souvenir.api.diagnostics_page import COLUMN_LEGEND, PART_LABELS, _part_names

    items = [{"parts": {"profile": 2.0, "speaker": 4.0, "use": 1.0}}]
    assert _part_names(items) == ["use", "speaker", "profile"]
    assert PART_LABELS["profile"] == "who they are"
    assert "who they are" in COLUMN_LEGEND["profile"]


def test_the_defaults_read_an_inference_questions_meaning_not_its_words():
    """The shipped defaults (cross-validated): profile 4.0, BM25 off for an inference
    question naming one speaker; the bm25 part is 0 there, and a plain question keeps it."""
    mems = [
        _mem(1, "Melanie: I love being outdoors, away from crowds", "Melanie"),
        _mem(2, "Melanie: the theme park by the mall closed", "Melanie"),
        _mem(3, "Caroline: the national park was lovely", "Caroline"),
    ]
    parts: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, "Would Melanie prefer a national park or a theme park?", NOW, parts=parts)
    assert parts["profile"].tolist() == [4.0, 0.0, 0.0]
    assert "bm25" not in parts or not any(parts["bm25"])
    plain: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, "Which theme park did Melanie visit?", NOW, parts=plain)
    assert "profile" not in plain and plain["bm25"][1] > 0


def test_a_broad_question_naming_one_speaker_gets_no_profile_part():
    """The list question "What activities does Melanie do?" is not an inference question: no profile term
    (for list questions it did not hold out: docs/benchmarks.md, session 11), its BM25 kept."""
    mems = [
        _mem(1, "Melanie: I love pottery and painting", "Melanie"),
        _mem(2, "Melanie: the kids painted the fence", "Melanie"),
        _mem(3, "Caroline: I love running", "Caroline"),
    ]
    parts: dict = {}
    Scorer(ScoringConfig(priors_gate=0.0)).scores(1, mems, "What activities does Melanie do?", NOW, parts=parts)
    assert "profile" not in parts


@pytest.mark.parametrize(
    "text",
    [
        "What could John do after his basketball career?",
        "What career could Andrew potentially pursue?",
        "Quel métier Marie choisira-t-elle éventuellement ?",
        "Marie ira potentiellement au Japon ?",
        "小林或许会喜欢什么书？",
        "小林在哪方面有潜力？",
        "Kerjaya apa yang Tim berpotensi ceburi?",
        "Mungkinkah Tim berpindah ke luar negara?",
    ],
)
def test_could_and_the_adverbs_of_potential_are_not_inference_questions(text):
    """The word "could" and the adverbs of potential, in the four languages, are not inference
    questions (widening the class did not hold out: docs/benchmarks.md, session 13)."""
    assert not inference_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "My favorite recipe is chicken pot pie",
        "I really prefer the mountains",
        "Mon plat préféré, c'est le gratin",
        "Je préfère la montagne",
        "我最喜欢烤鸡",
        "我的最爱是红烧肉",
        "Makanan kegemaran saya ialah nasi lemak",
        "Saya lebih suka gunung",
    ],
)
def test_a_favourite_alone_is_not_a_profile_memory(text):
    """A favourite or a preference, in the four languages, is not a profile memory (adding
    it did not hold out: docs/benchmarks.md, session 13)."""
    assert not discloses_self(text)


def test_a_could_question_gets_no_profile_part():
    mems = [
        _mem(1, "Andrew: my favourite thing is a quiet trail with the dog", "Andrew"),
        _mem(2, "Andrew: the trail was muddy", "Andrew"),
        _mem(3, "Audrey: my favourite thing is a long walk", "Audrey"),
    ]
    parts: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, "What could Andrew do on weekends?", NOW, parts=parts)
    assert "profile" not in parts
