"""A speaker named by a short form or a one-letter slip of their name (issue #28, session
23): the rule in English, French, Chinese and Malay, what it does not read (a sentence's
first word, months and days, a form of two speakers), the speaker term and the pair's
stripped query reading it, the lever off, and a 16 KB message in linear time."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.fusion import named_speaker
from souvenir.read.scoring.name_forms import short_forms
from souvenir.read.scoring.person_query import named_people, without_people
from tests.scoring_support import episode


@pytest.mark.parametrize(
    ("message", "names", "expected"),
    [
        ("How long have Mel and her husband been married?", ["Caroline", "Melanie"], {"Melanie": "Mel"}),
        ("What did they do on their hikes with Jo?", ["Joanna", "Nate"], {"Joanna": "Jo"}),
        ("How many times did Audrey and Andew plan to hike?", ["Andrew", "Audrey"], {"Andrew": "Andew"}),
        ("Where did Caroilne go last summer?", ["Caroline", "Melanie"], {"Caroline": "Caroilne"}),
        ("Qu'a fait Mél avec ses enfants ?", ["Jon", "Mélanie"], {"Mélanie": "Mél"}),
        ("Apa yang Mel buat dengan anak-anaknya?", ["Caroline", "Melanie"], {"Melanie": "Mel"}),
        ("小明去过哪些地方？", ["李华", "王小明"], {"王小明": "小明"}),
        ("阿华喜欢吃什么？", ["李华", "王小明"], {"李华": "阿华"}),
        ("What does Mary like?", ["John", "Mary Jane"], {"Mary Jane": "Mary"}),
    ],
)
def test_a_short_form_or_a_slip_names_its_speaker(message: str, names: list[str], expected: dict) -> None:
    assert short_forms(message, names) == expected


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("Did Jo call?", ["Joanna", "John"]),  # begins both names: neither
        ("Mel, are you there?", ["Caroline", "Melanie"]),  # a sentence's first word
        ("Fine. Can you help?", ["Candace", "Tim"]),
        ("What did we plan in Mar?", ["John", "Maria"]),  # a month (EN)
        ("Qu'a-t-on fait en Mai ?", ["John", "Maya"]),  # a month (FR)
        ("Apa yang berlaku pada Mac?", ["John", "Macy"]),  # a month (MS)
        ("What did Dr Lee say?", ["Drake", "Tim"]),  # a title
        ("What did Melanie say?", ["Caroline", "Melanie"]),  # the full name: holds_name's
        ("What did mel say?", ["Caroline", "Melanie"]),  # not capitalised
        ("What did Melissa say?", ["Caroline", "Melanie"]),  # another name
        ("What did Mel say?", ["Melanie"]),  # one speaker: no speaker term
        ("他去哪里了？", ["李华", "王小明"]),
    ],
)
def test_what_names_no_one(message: str, names: list[str]) -> None:
    assert short_forms(message, names) == {}


def test_the_speaker_term_and_the_pair_read_the_short_form() -> None:
    assert (
        named_speaker("How long have Mel and her husband been married?", ["Caroline", "Melanie"], short=True)
        == "Melanie"
    )
    assert named_speaker("How long have Mel and her husband been married?", ["Caroline", "Melanie"]) is None
    both = "How many times did Audrey and Andew plan to hike together?"
    assert named_people(both, ["Andrew", "Audrey"], short=True) == ["Andrew", "Audrey"]
    assert without_people(both, ["Andrew", "Audrey"], short=True) == "How many times did plan to hike together?"
    assert without_people(both, ["Andrew", "Audrey"]) == both  # one name only as written
    assert without_people("Gina a-t-elle vu Jo ?", ["Gina", "Joanna"], short=True) == "a-t-elle vu?"
    assert without_people("小明和李华去了哪里？", ["李华", "王小明"], short=True) == "去了哪里？"
    assert without_people("Apa yang Mel dan Caroline buat?", ["Caroline", "Melanie"], short=True) == "Apa yang buat?"


def test_the_scorer_reads_it_unless_the_lever_is_off() -> None:
    memories = [episode(1, "Andrew: hiking again", "Andrew", "s1"), episode(2, "Audrey: with the dogs", "Audrey", "s1")]
    question = "How many times did Audrey and Andew plan to hike together?"
    on = Scorer(replace(ScoringConfig(), short_names=True))
    assert on.query_text(1, memories, question) == "How many times did plan to hike together?"
    off = Scorer(replace(ScoringConfig(), short_names=False))
    assert off.query_text(1, memories, question) == question


@pytest.mark.parametrize(
    "message",
    ["Mel " * 4000, "a. Mel " * 2300, "Andew" * 3000, "小明" * 8000, ("Xx " * 5000) + "Mel"],
)
def test_a_16_kb_message_is_read_in_linear_time(message: str) -> None:
    names = ["Andrew", "Audrey", "Caroline", "Melanie", "王小明", "李华"]
    start = time.process_time()
    for _ in range(5):
        short_forms(message, names)
        without_people(message, names, short=True)
    assert time.process_time() - start < 5.0  # a quadratic rule takes minutes here


def test_second_pair_reads_the_second_hop_for_a_two_name_question_only() -> None:
    """``second_pair`` (research, off): the second hop's part for a question naming both
    speakers (a short form counts with ``short_names``), none for one naming one."""
    from datetime import datetime, timezone

    memories = [
        episode(1, "Jon: Lost my job as a banker yesterday", "Jon", "s1"),
        episode(2, "Gina: Thanks Jon!", "Gina", "s1"),
        episode(3, "Gina: I also lost my job at Door Dash", "Gina", "s2"),
        episode(4, "Jon: I love dancing", "Jon", "s2"),
    ]
    now = datetime(2023, 8, 1, tzinfo=timezone.utc)
    on = replace(ScoringConfig(), second_pair=True, expansion_weight=0.5, short_names=True)
    assert not ScoringConfig().second_pair
    for question, expected in (
        ("What do Jon and Gina both have in common?", True),
        ("Qu'est-ce que Jon et Gi ont en commun ?", True),  # "Gi": two letters begin "Gina" only
        ("What does Jon like?", False),
        ("Apa yang Jon suka?", False),
    ):
        parts: dict = {}
        Scorer(on).scores(1, memories, question, now, parts=parts)
        assert ("expansion" in parts) is expected, question
        parts = {}
        Scorer(ScoringConfig()).scores(1, memories, question, now, parts=parts)
        assert "expansion" not in parts
