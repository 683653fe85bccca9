"""Issue #28: a question about one person without the person's name, the text a list
question's embedders would read (:mod:`souvenir.read.scoring.person_query`; measured by
``bench/list_cv.py``, not kept: the engine does not call it). Pure: data in, data out;
French, English, Chinese and Malay alike."""

from __future__ import annotations


import pytest

from souvenir.read.scoring.person_query import without_person

SPEAKERS = ["Melanie", "Caroline"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("What books has Melanie read?", "What books has read?"),
        ("What activities does melanie partake in?", "What activities does partake in?"),
        ("What are Melanie's pets' names?", "What are their pets' names?"),
        ("What are Melanie’s hobbies?", "What are their hobbies?"),
        ("Quels livres Melanie a-t-elle lus ?", "Quels livres a-t-elle lus?"),
        ("Où Melanie a-t-elle campé ?", "Où a-t-elle campé?"),
        ("Melanie 读过哪些书？", "读过哪些书？"),
        ("Melanie都去过哪些地方？", "都去过哪些地方？"),  # Chinese puts no space after a name
        ("Apa aktiviti yang Melanie suka?", "Apa aktiviti yang suka?"),
        ("Buku apa saja yang Melanie baca?", "Buku apa saja yang baca?"),
    ],
)
def test_the_name_is_taken_out_in_every_language(message, expected):
    assert without_person(message, SPEAKERS) == expected


@pytest.mark.parametrize(
    "message",
    [
        "What did Caroline and Melanie do together?",  # two people: the name is the topic
        "What books have I read?",  # nobody named
        "Quels livres as-tu lus ?",
        "你读过哪些书？",
        "Buku apa saja yang saya baca?",
        "Melanie?",  # nothing would be left
        "Melanies everywhere",  # not the name as a word
    ],
)
def test_a_message_naming_no_one_or_several_is_left_as_written(message):
    assert without_person(message, SPEAKERS) == message


def test_one_speaker_only_names_no_one():
    assert without_person("What books has Melanie read?", ["Melanie"]) == "What books has Melanie read?"
