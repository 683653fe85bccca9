"""The kind a question asks for, read alone (``read/scoring/asked_aspect.py``) and its term
(``ScoringConfig.aspect_use`` / ``aspect_e5``, the part ``aspect``): four languages."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig
from souvenir.read.scoring.asked_aspect import MAX_CHARS, asked_aspect
from souvenir.read.selection import Scores
from tests.scoring_support import memory

NOW = datetime(2023, 8, 1, tzinfo=timezone.utc)

ASKED = {
    "en": [
        ("What European countries has Maria been to?", "European countries"),
        ("What kind of art does Caroline make?", "art"),
        ("What types of pottery have Melanie and her kids made?", "pottery"),
        ("Which cities has Jon visited?", "cities"),
        ("What are Melanie's pets' names?", "pets' names"),
        ("what desserts did you bake", "desserts"),
    ],
    "fr": [
        ("Quels livres Mélanie a-t-elle lus ?", "livres"),
        ("Quelles sortes de desserts Maria a-t-elle faits ?", "desserts"),
        ("Quel sport fais-tu ?", "sport"),
        ("Dans quelles villes Jon est-il allé ?", "villes"),
    ],
    "zh": [
        ("她去过哪些欧洲国家？", "欧洲国家"),
        ("梅兰妮读过什么书？", "书"),
        ("约翰养过哪些宠物", "宠物"),
        ("你喜欢哪种音乐？", "音乐"),
    ],
    "ms": [
        ("Aktiviti apa yang Melanie buat?", "Aktiviti"),
        ("Jenis makanan apa yang Maria suka?", "makanan"),
        ("Apakah buku yang dibaca Melanie?", "buku"),
        ("Negara mana yang Jon lawati?", "Negara"),
    ],
}

NOT_ASKED = {
    "en": [
        "What does Melanie do to destress?",
        "In what ways is Caroline participating in the community?",
        "What did Caroline research?",
        "When did Melanie go camping?",
        "I went to Spain last summer.",
    ],
    "fr": ["Qu'est-ce que tu fais ?", "De quelle façon t'aide-t-il ?", "Je suis allée en Espagne."],
    "zh": ["你喜欢什么东西？", "你在干嘛？", "我去年去了西班牙。", "你为什么退了？"],
    "ms": ["Apa khabar?", "Cara apa yang awak guna?", "Saya pergi ke Sepanyol."],
}


@pytest.mark.parametrize("lang", sorted(ASKED))
def test_the_asked_kind_is_read_in_each_language(lang: str) -> None:
    for question, kind in ASKED[lang]:
        assert asked_aspect(question) == kind, question


@pytest.mark.parametrize("lang", sorted(NOT_ASKED))
def test_no_kind_or_a_vague_one_reads_nothing(lang: str) -> None:
    for message in NOT_ASKED[lang]:
        assert asked_aspect(message) is None, message


def test_long_inputs_are_bounded_and_linear() -> None:
    assert asked_aspect("What desserts has Maria made? " + "x" * MAX_CHARS) is None
    for chunk in ("What " + "very " * 4000, "Quels " + "beaux " * 4000, "哪些" * 8000, "buku " * 4000 + "apa"):
        start = time.perf_counter()
        asked_aspect(chunk[:MAX_CHARS])
        asked_aspect(chunk)
        assert time.perf_counter() - start < 2.0


def _side(query: np.ndarray, ids: list[int], cosines: list[float]) -> DenseInput:
    found = Scores(np.array(ids, dtype=np.int64), np.array(cosines))
    return DenseInput(query, lambda vector, wanted=None: found)


@pytest.mark.parametrize("lang", sorted(ASKED))
def test_the_aspect_part_lifts_the_memory_near_the_kind(lang: str) -> None:
    question = ASKED[lang][0][0]
    texts = {
        "en": ["We flew to Spain in May.", "I fixed the fence.", "Work was busy."],
        "fr": ["J'ai relu Le Petit Prince.", "J'ai réparé la clôture.", "Le travail était chargé."],
        "zh": ["五月我们飞去了西班牙。", "我修好了篱笆。", "工作很忙。"],
        "ms": ["Saya pergi mendaki bukit.", "Saya baiki pagar.", "Kerja sibuk."],
    }[lang]
    mems = [memory(i + 1, t, speaker="Maria", at=NOW) for i, t in enumerate(texts)]
    ids = [1, 2, 3]
    aspect = (_side(np.ones(2), ids, [0.9, 0.1, 0.2]), _side(np.ones(2), ids, [0.8, 0.2, 0.1]))
    parts: dict = {}
    on = Scorer(ScoringConfig(aspect_use=2.0, aspect_e5=1.0)).scores(1, mems, question, NOW, parts=parts, aspect=aspect)
    assert parts["aspect"][0] > 0 > parts["aspect"][1]
    off_parts: dict = {}
    off = Scorer(ScoringConfig()).scores(1, mems, question, NOW, parts=off_parts, aspect=aspect)
    assert "aspect" not in off_parts  # the default: the lever is off
    assert on.array[0] - off.array[0] == pytest.approx(parts["aspect"][0], abs=1e-5)
    none: dict = {}
    Scorer(ScoringConfig(aspect_use=2.0)).scores(1, mems, question, NOW, parts=none)
    assert "aspect" not in none  # nothing passed: no term
