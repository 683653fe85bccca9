"""The kind a list question asks for (:mod:`souvenir.read.scoring.kind_asked`), four
languages: the phrase alone, without the person, the auxiliary or the verb."""

from __future__ import annotations

import pytest

from bench.kind_asked import kind_asked


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What martial arts has John done?", "martial arts"),
        ("What European countries has Maria been to?", "European countries"),
        ("What are Joanna's hobbies?", "hobbies"),
        ("What kind of places have Andrew and his girlfriend checked out?", "places"),
        ("Which books did you read last summer?", "books"),
        ("Quels livres as-tu lus cette année ?", "livres"),
        ("Quelles villes Marie a-t-elle visitées ?", "villes"),
        ("Quels sont les loisirs de Joanna ?", "loisirs"),
        ("她去过哪些城市？", "城市"),
        ("我买过哪些家电？", "家电"),
        ("Aktiviti apa yang Maria buat dengan kawan gereja?", "Aktiviti"),
        ("Apa saja hobi Joanna?", "hobi"),
    ],
)
def test_the_kind_of_a_list_question(question, kind):
    assert kind_asked(question) == kind


@pytest.mark.parametrize(
    "question",
    [
        "What is John's job?",
        "What do Melanie's kids like?",
        "When did Caroline move to Sweden?",
        "Où habite ma sœur ?",
        "我对什么过敏？",
        "Bila hari jadi saya?",
    ],
)
def test_no_kind_where_none_is_named(question):
    assert kind_asked(question) is None
