"""What a companion brings up unasked (issue #28, session 23): a message asking to be
cheered or asking what suits the user (:mod:`souvenir.read.scoring.comfort`), the mood
part it opens (``ScoringConfig.comfort_read``), then the library over a real SQLite file —
English, French, Chinese and Malay."""

from __future__ import annotations

import time

import numpy as np
import pytest

from souvenir import Souvenir
from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.comfort import asks_cheer, asks_fit, mood_flags, mood_reading
from tests.scoring_support import memory
from datetime import datetime, timezone

NOW = datetime(2026, 12, 7, tzinfo=timezone.utc)

#: Messages that ask for something good without naming it (none in the dialogue set's words).
CHEER = {
    "en": ["Say something cheerful, please.", "Can you cheer me up a bit?", "I need a laugh today."],
    "fr": ["Raconte-moi un truc drôle.", "Tu peux me remonter le moral ?", "Change-moi les idées."],
    "zh": ["跟我讲点好玩的吧。", "逗我一下嘛。", "今天需要点正能量。"],
    "ms": ["Cerita sesuatu yang kelakar.", "Tolong ceriakan hari saya.", "Ada berita baik tak?"],
}
#: Messages that ask what suits the user without naming it.
FIT = {
    "en": ["Which do you suggest for me?", "You know what I like.", "Just the usual."],
    "fr": ["Qu'est-ce que tu me conseilles ?", "Tu sais ce que je préfère.", "Comme d'habitude, merci."],
    "zh": ["你给我推荐一个吧。", "你知道我喜欢什么。", "还是老样子。"],
    "ms": ["Apa cadangan awak?", "Awak tahu kan apa saya suka.", "Macam biasa ya."],
}
#: Messages that do neither (questions about facts, plain requests, a good mood).
NEITHER = {
    "en": ["When is my dentist appointment?", "Tell me the bus times.", "What did Jon say about his job?"],
    "fr": ["Quand est mon rendez-vous chez le dentiste ?", "Le colis est arrivé ?", "Où habite ma fille ?"],
    "zh": ["我的快递到了吗？", "牙医预约是几点？", "女儿住在哪里？"],
    "ms": ["Bila temujanji doktor gigi saya?", "Bungkusan saya dah sampai?", "Di mana anak saya tinggal?"],
}


@pytest.mark.parametrize("lang", sorted(CHEER))
def test_a_request_for_something_good_reads_as_cheer(lang: str) -> None:
    for message in CHEER[lang]:
        assert asks_cheer(message), message
        assert mood_reading(message) == "cheer", message


@pytest.mark.parametrize("lang", sorted(FIT))
def test_a_request_for_what_suits_reads_as_fit(lang: str) -> None:
    for message in FIT[lang]:
        assert asks_fit(message), message
        assert not asks_cheer(message), message
        assert mood_reading(message) == "fit", message


@pytest.mark.parametrize("lang", sorted(NEITHER))
def test_a_plain_question_reads_as_neither(lang: str) -> None:
    for message in NEITHER[lang]:
        assert mood_reading(message) is None, message


def test_a_low_message_reads_as_cheer() -> None:
    for message in ("I'm so stressed", "je suis épuisée", "心情不好", "saya sedih"):
        assert mood_reading(message) == "cheer", message


def test_the_flags_follow_the_reading() -> None:
    good = np.array([True, True, False])
    prefs = np.array([False, True, False])
    on = ScoringConfig(mood_bonus=2.0, comfort_read=True)
    assert mood_flags(on, "Tell me something nice", lambda: good, lambda: prefs) is good
    assert mood_flags(on, "What would you recommend?", lambda: good, lambda: prefs) is prefs
    assert mood_flags(on, "When is the bill due?", lambda: good, lambda: prefs) is None
    off = ScoringConfig(mood_bonus=2.0, comfort_read=False)  # the low-mood lexicon alone, as before
    assert mood_flags(off, "Tell me something nice", lambda: good, lambda: prefs) is None
    assert mood_flags(off, "I'm so stressed", lambda: good, lambda: prefs) is good
    assert mood_flags(ScoringConfig(mood_bonus=0.0), "I'm so stressed", lambda: good, lambda: prefs) is None


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "Tell me something nice."),
        ("fr", "Raconte-moi quelque chose de gai."),
        ("zh", "说点开心的吧。"),
        ("ms", "Cerita benda yang seronok."),
    ],
)
def test_the_mood_part_lifts_a_preference_on_a_request_for_cheer(lang: str, message: str) -> None:
    mems = [
        memory(1, "The user loves swimming in the lake", kind="preference", at=NOW),
        memory(2, "The user pays the electricity bill by card", kind="fact", at=NOW),
    ]
    parts: dict = {}
    cfg = ScoringConfig(mood_bonus=2.0, comfort_read=True, priors_gate=0.0)  # ungated: the flags themselves
    Scorer(cfg).scores(1, mems, message, NOW, parts=parts)
    assert parts["mood"].tolist() == [2.0, 0.0]
    calm: dict = {}
    Scorer(ScoringConfig(mood_bonus=2.0, comfort_read=False, priors_gate=0.0)).scores(1, mems, message, NOW, parts=calm)
    assert "mood" not in calm  # without the reading the request opens nothing


def test_a_request_for_what_suits_lifts_preferences_only() -> None:
    mems = [
        memory(1, "The customer dislikes extended warranties", kind="preference", at=NOW),
        memory(2, "The customer was thrilled with the fast delivery", kind="episode", at=NOW),
    ]
    parts: dict = {}
    cfg = ScoringConfig(mood_bonus=2.0, comfort_read=True, priors_gate=0.0)
    Scorer(cfg).scores(1, mems, "What would you recommend?", NOW, parts=parts)
    assert parts["mood"].tolist() == [2.0, 0.0]


@pytest.mark.parametrize("lang", sorted(CHEER))
def test_the_library_brings_up_a_liking_on_a_request_for_cheer(tmp_path, lang: str) -> None:
    liking = {
        "en": "The user loves the smell of lilacs",
        "fr": "L'utilisatrice adore les lilas de sa grand-mère",
        "zh": "用户很喜欢西湖边的龙井虾仁",
        "ms": "Pengguna suka minum kopi di kedai Pak Mat",
    }[lang]
    with Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("zoe", liking, kind="preference")
        for i in range(8):
            mem.remember("zoe", f"The user filed form {i} at the office", kind="fact")
        scorer = mem.runtime.engine.reader.scores.scorer
        assert scorer is not None
        scorer.config = ScoringConfig(mood_bonus=3.0, comfort_read=True, priors_gate=0.0)
        got = [m.text for m in mem.context("zoe", CHEER[lang][0], count=False).memories]
        assert got and got[0] == liking


def test_the_readings_are_linear_on_long_inputs() -> None:
    """16 KB of near-misses read in bounded time (the texts are cut at 4,096 characters)."""
    for chunk in ("tell me something " * 1000, "quelque chose de " * 1000, "说点" * 8000, "benda yang " * 1500):
        start = time.perf_counter()
        mood_reading(chunk)
        assert time.perf_counter() - start < 2.0


def test_a_request_for_cheer_reads_no_earlier_turn_with_comfort_alone() -> None:
    mems = [memory(1, "The user's sister moved to Lyon", kind="fact", at=NOW)]
    turns = ["My sister is in hospital again", "I'm so sorry to hear that."]
    cfg = ScoringConfig(context_gate="all", comfort_alone=False)
    assert Scorer(cfg).conversation(1, mems, "Tell me something nice.", turns)  # read by default
    alone = Scorer(ScoringConfig(context_gate="all", comfort_alone=True))
    for message in (
        "Tell me something nice.",
        "Racontez-moi quelque chose de gai.",
        "说点开心的吧。",
        "Cerita benda yang best.",
    ):
        assert alone.conversation(1, mems, message, turns) == [], message
    assert alone.conversation(1, mems, "Is she better?", turns)  # not a request for cheer: read
    assert alone.conversation(1, mems, "I'm so worried about her.", turns)  # low, no request: read


def test_the_defaults_carry_the_comfort_reading() -> None:
    """The shipped defaults (session 23, cross-validated on the back-reference set)."""
    cfg = ScoringConfig()
    assert (cfg.mood_bonus, cfg.comfort_read, cfg.comfort_alone, cfg.mood_any) == (6.0, True, True, False)
