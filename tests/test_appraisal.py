"""One speaker's appraisal of the other (issue #28, session 24): :mod:`souvenir.read.scoring.appraisal`
and the ``appraisal`` part it opens with ``ScoringConfig.appraisal_bonus`` — English,
French, Chinese and Malay."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.appraisal import appraisal_flags, appraiser, appraises_you
from tests.scoring_support import memory

NOW = datetime(2024, 3, 1, tzinfo=timezone.utc)

#: lang → (the two speakers, a question asking the first's view of the second, a turn of
#: the first telling the second what they are, a plain turn of the first)
CASES = {
    "en": (
        ("Melanie", "Caroline"),
        "What personality traits might Melanie say Caroline has?",
        "Thank you for your concern, you're so thoughtful!",
        "I went hiking with the kids",
    ),
    "fr": (
        ("Mélanie", "Caroline"),
        "Que pense Mélanie de Caroline ?",
        "Tu es tellement attentionnée, merci !",
        "Je suis allée marcher avec les enfants",
    ),
    "zh": (("梅兰妮", "卡罗琳"), "梅兰妮觉得卡罗琳是个什么样的人？", "你真体贴，谢谢你！", "我带孩子们去爬山了"),
    "ms": (
        ("Melanie", "Caroline"),
        "Menurut Melanie, Caroline orangnya bagaimana?",
        "Awak sangat prihatin, terima kasih!",
        "Saya pergi mendaki dengan anak-anak",
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_appraiser_and_a_turn_that_appraises(lang: str) -> None:
    (first, second), question, praise, plain = CASES[lang]
    assert appraiser(question, [first, second]) == first
    assert appraises_you(praise)
    assert not appraises_you(plain)


def test_a_question_asking_no_ones_view_names_no_appraiser() -> None:
    people = ["Melanie", "Caroline"]
    for question in (
        "What do Melanie and Caroline both like?",
        "Did Caroline tell Melanie about the trip?",
        "What does Melanie think about painting?",  # one name only
        "Quand Mélanie et Caroline se sont-elles vues ?",
    ):
        assert appraiser(question, people + ["Mélanie"]) is None, question


def test_the_flags_are_the_appraisers_turns_that_appraise() -> None:
    speakers = np.array(["Melanie", "Caroline", "Melanie", "Melanie"], dtype=object)
    texts = ["You're so thoughtful!", "You're so kind, Mel!", "I went hiking", "Your drive to help is awesome!"]
    question = "What personality traits might Melanie say Caroline has?"
    cfg = ScoringConfig(appraisal_bonus=3.0)
    got = appraisal_flags(cfg, question, ["Caroline", "Melanie"], speakers, lambda: texts)
    assert got is not None and got.tolist() == [True, False, False, True]
    assert appraisal_flags(ScoringConfig(), question, ["Caroline", "Melanie"], speakers, lambda: texts) is None
    plain = "What do Melanie and Caroline both like?"
    assert appraisal_flags(cfg, plain, ["Caroline", "Melanie"], speakers, lambda: texts) is None


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_appraisal_part_lifts_the_turn(lang: str) -> None:
    (first, second), question, praise, plain = CASES[lang]
    mems = [
        memory(1, praise, speaker=first, at=NOW),
        memory(2, plain, speaker=first, at=NOW),
        memory(3, plain, speaker=second, at=NOW),
    ]
    parts: dict = {}
    Scorer(ScoringConfig(appraisal_bonus=3.0)).scores(1, mems, question, NOW, parts=parts)
    assert parts["appraisal"].tolist() == [3.0, 0.0, 0.0]
    off: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, question, NOW, parts=off)
    assert "appraisal" not in off  # the default: the lever is off


def test_the_readings_are_linear_on_long_inputs() -> None:
    people = ["Melanie", "Caroline"]
    for chunk in ("Melanie say " * 1400, "you are " * 2000, "你真" * 8000, "awak sangat " * 1400):
        start = time.perf_counter()
        appraiser(chunk + " Caroline", people)
        appraises_you(chunk)
        assert time.perf_counter() - start < 2.0
