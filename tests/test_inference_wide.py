"""The widened inference reading (issue #28, session 23): "could", "potentially", a person's
traits (:mod:`souvenir.read.scoring.inference_wide`), and the profile term it opens with
``ScoringConfig.inference_wide`` — English, French, Chinese and Malay."""

from __future__ import annotations

import time

import numpy as np
import pytest

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.inference import for_inference, inference_question
from souvenir.read.scoring.inference_wide import asks_about_person

WIDE = {
    "en": ["What could John do after his basketball career?", "What attributes describe John?"],
    "fr": ["Quels traits de caractère décrivent Jean ?", "Que peut potentiellement faire Marie ?"],
    "zh": ["约翰是什么样的人？", "小明的性格怎么样？"],
    "ms": ["Apakah sifat Ahmad?", "Apa yang boleh jadi kerjaya Siti?"],
}
PLAIN = {
    "en": ["What did John do last week?", "Where does Maria work?"],
    "fr": ["Où Jean travaille-t-il ?", "Quand Marie est-elle partie ?"],
    "zh": ["约翰上周做了什么？", "小明在哪里工作？"],
    "ms": ["Di mana Ahmad bekerja?", "Bila Siti pergi?"],
}


@pytest.mark.parametrize("lang", sorted(WIDE))
def test_the_wide_forms_read_and_the_plain_ones_do_not(lang: str) -> None:
    for message in WIDE[lang]:
        assert asks_about_person(message), message
    for message in PLAIN[lang]:
        assert not asks_about_person(message), message
        assert not inference_question(message), message


def test_the_profile_term_opens_only_with_the_lever() -> None:
    speakers = np.array(["John", "Maria", "John"])
    texts = ["I want to start a foundation one day", "I love painting", "We played a game"]
    message = "What could John do after his basketball career?"
    off_cfg, off = for_inference(ScoringConfig(), message, "John", speakers, lambda: texts)
    assert off is None and off_cfg.w_lexical == ScoringConfig().w_lexical
    on_cfg, on = for_inference(ScoringConfig(inference_wide=True), message, "John", speakers, lambda: texts)
    assert on is not None and on.tolist() == [True, False, False]
    assert on_cfg.w_lexical == 0.0
    # no speaker named: nothing, lever or not
    assert for_inference(ScoringConfig(inference_wide=True), message, None, speakers, lambda: texts)[1] is None


def test_the_reading_is_linear_on_long_inputs() -> None:
    for chunk in ("coul " * 4000, "traits de " * 2000, "性格" * 8000):
        start = time.perf_counter()
        asks_about_person(chunk)
        assert time.perf_counter() - start < 2.0
