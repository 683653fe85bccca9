"""Session 15 (issue #28): a memory that names a particular thing, for a list question
("Which cities has Jon visited?" ← "a short trip to Rome"): the rule in the four languages
and the score's ``instance`` part (research lever, off by default). Pure."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.instances import names_a_thing
from souvenir.types import Memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)
SPEAKERS = ("Jon", "Gina")


def _mem(i, text, speaker="Jon"):
    return Memory(
        id=i,
        user_id=1,
        text=text,
        kind="episode",
        session=None,
        speaker=speaker,
        content_hash=str(hash(text)),
        created_at=NOW,
        updated_at=NOW,
    )


@pytest.mark.parametrize(
    "text",
    [
        "Jon: Took a short trip last week to Rome to clear my mind",
        "That picture was from my daughter Sara's birthday",
        "Je suis allée à Lyon avec ma sœur",
        "我们读了《小王子》",
        "我去了Rome旅行",
        "Saya pergi ke Melaka minggu lepas",
    ],
)
def test_memories_naming_a_thing(text):
    assert names_a_thing(text, SPEAKERS)


@pytest.mark.parametrize(
    "text",
    [
        "Jon: I'm off to do some taekwondo!",
        "Thanks, Gina! Family time matters to me.",
        "Yes. I love it. Wow.",
        "On se voit en Mai, Jon ?",
        "Merci Gina ! Je suis ravie.",
        "我们去了海边",
        "Terima kasih Gina, saya suka sangat.",
        "Saya pergi pada hari Isnin",
    ],
)
def test_memories_naming_no_thing(text):
    assert not names_a_thing(text, SPEAKERS)


@pytest.mark.parametrize(
    "question",
    [
        "Which cities has Jon visited?",
        "Quelles villes Jon a-t-il visitées ?",
        "Jon去过哪些城市？",
        "Bandar apa saja yang Jon lawati?",
    ],
)
def test_the_instance_part_for_a_list_question_only(question):
    mems = [
        _mem(1, "Jon: Took a short trip last week to Rome to clear my mind"),
        _mem(2, "Jon: I love visiting cities, they clear my mind"),
        _mem(3, "Gina: my store is doing well", "Gina"),
    ]
    on = ScoringConfig(instance_bonus=2.0, priors_gate=0.0)
    parts: dict = {}
    Scorer(on).scores(1, mems, question, NOW, parts=parts)
    assert parts["instance"].tolist() == [2.0, 0.0, 0.0]
    plain: dict = {}
    Scorer(on).scores(1, mems, "Where did Jon go last week?", NOW, parts=plain)
    assert "instance" not in plain  # not a list question
    off: dict = {}
    Scorer(ScoringConfig(priors_gate=0.0)).scores(1, mems, question, NOW, parts=off)
    assert "instance" not in off  # the default: off


def test_the_diagnostics_page_labels_the_instance_part():
    from souvenir.api.diagnostics_page import COLUMN_LEGEND, PART_LABELS, _part_names

    items = [{"parts": {"instance": 2.0, "speaker": 4.0, "use": 1.0}}]
    assert _part_names(items) == ["use", "speaker", "instance"]
    assert PART_LABELS["instance"] == "names one of the kind asked"
    assert "a particular thing" in COLUMN_LEGEND["instance"]
