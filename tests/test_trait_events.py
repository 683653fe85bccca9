"""A trait a question asks about and the events that show it (issue #28, session 24):
:mod:`souvenir.read.scoring.trait_events`, the ``trait`` part it opens with
``ScoringConfig.trait_bonus`` — English, French, Chinese and Malay."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir import Souvenir
from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.trait_events import TRAITS, asked_traits, shown_traits, trait_flags
from tests.scoring_support import memory

NOW = datetime(2024, 3, 1, tzinfo=timezone.utc)

#: lang → (question naming a trait, the trait, an event showing it, a turn showing nothing)
CASES = {
    "en": ("Would Caroline be considered religious?", "religion", "It was made for a local church", "I bought shoes"),
    "fr": (
        "Caroline serait-elle croyante ?",
        "religion",
        "Dimanche je suis allée à la messe",
        "J'ai acheté des chaussures",
    ),
    "zh": ("约翰会不会是个爱国的人？", "patriotism", "我一直想去参军，为祖国服役", "我买了一双鞋"),
    "ms": (
        "Adakah John mungkin seorang yang patriotik?",
        "patriotism",
        "Saya mahu berkhidmat dalam tentera",
        "Saya beli kasut",
    ),
}
#: Questions naming no trait: a fact, an activity's verb, a kind asked.
PLAIN = {
    "en": ["Where did Melanie camp?", "What kind of art does Caroline make?", "What activities does Melanie do?"],
    "fr": ["Où Mélanie a-t-elle campé ?", "Quels livres Caroline lit-elle ?"],
    "zh": ["梅兰妮在哪里露营？", "卡罗琳读了哪些书？"],
    "ms": ["Di mana Melanie berkhemah?", "Buku apa yang Caroline baca?"],
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_trait_asked_and_an_event_that_shows_it(lang: str) -> None:
    question, trait, event, other = CASES[lang]
    assert trait in asked_traits(question)
    assert trait in shown_traits(event)
    assert trait not in shown_traits(other)


@pytest.mark.parametrize("lang", sorted(PLAIN))
def test_a_question_naming_no_trait_reads_none(lang: str) -> None:
    for question in PLAIN[lang]:
        assert asked_traits(question) == frozenset(), question


def test_every_trait_is_asked_and_shown_in_each_language() -> None:
    from souvenir.read.scoring import trait_events

    for trait, (asks, shows) in trait_events._LEXICON.items():
        assert len(asks.split("|")) == 4 and len(shows.split("|")) == 4, trait
        for side in (asks, shows):
            assert all(part.split() for part in side.split("|")), trait
    assert len(TRAITS) >= 15


def test_the_flags_are_the_named_speakers_own() -> None:
    speakers = np.array(["Caroline", "Melanie", "Caroline", None], dtype=object)
    texts = ["It was made for a local church", "We went to church", "I bought shoes", "Church at nine"]
    cfg = ScoringConfig(trait_bonus=2.0)
    got = trait_flags(cfg, "Would Caroline be considered religious?", "Caroline", speakers, lambda: texts)
    assert got is not None and got.tolist() == [True, False, False, True]
    anyone = trait_flags(cfg, "Would anyone here be religious?", None, speakers, lambda: texts)
    assert anyone is not None and anyone.tolist() == [True, True, False, True]
    # off, or no trait named: the term is absent
    assert (
        trait_flags(ScoringConfig(), "Would Caroline be considered religious?", "Caroline", speakers, lambda: texts)
        is None
    )
    assert trait_flags(cfg, "Where did Caroline go?", "Caroline", speakers, lambda: texts) is None
    # a trait's word in a question asking for a fact: only with trait_any
    fact = "When did Caroline go to church with the religious group?"
    assert trait_flags(cfg, fact, "Caroline", speakers, lambda: texts) is None
    wide = trait_flags(ScoringConfig(trait_bonus=2.0, trait_any=True), fact, "Caroline", speakers, lambda: texts)
    assert wide is not None and wide.tolist() == [True, False, False, True]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_trait_part_lifts_the_event(lang: str) -> None:
    question, _, event, other = CASES[lang]
    mems = [memory(1, event, at=NOW), memory(2, other, at=NOW)]
    parts: dict = {}
    Scorer(ScoringConfig(trait_bonus=2.0)).scores(1, mems, question, NOW, parts=parts)
    assert parts["trait"].tolist() == [2.0, 0.0]
    off: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, question, NOW, parts=off)
    assert "trait" not in off  # the default: the lever is off


def test_the_library_brings_up_the_event_with_the_lever(tmp_path) -> None:
    event = "The user sang in the church choir every Sunday"
    with Souvenir.open(tmp_path / "t.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("ann", event, kind="episode")
        for i in range(8):
            mem.remember("ann", f"The user filed form {i} at the office", kind="fact")
        scorer = mem.runtime.engine.reader.scores.scorer
        assert scorer is not None
        scorer.config = ScoringConfig(trait_bonus=4.0)
        got = [m.text for m in mem.context("ann", "Would I be considered religious?", count=False).memories]
        assert got and got[0] == event


def test_the_readings_are_linear_on_long_inputs() -> None:
    for chunk in ("religious " * 1600, "église " * 2300, "教堂" * 8000, "gereja " * 2300):
        start = time.perf_counter()
        asked_traits(chunk)
        shown_traits(chunk + "x")
        assert time.perf_counter() - start < 2.0
