"""A relative's health said in Chinese is no opinion (session 24, integrator: the gold note
黄佳怡的妈妈腰不好。 of ``dialogues6`` read as an ``opinion`` by the notes' kinds, so a model's
true note of it would have been dropped). The other languages name the person and were never
read so; a judgement of a thing stays an opinion."""

from __future__ import annotations

import pytest

from souvenir.lexical.chitchat import NOTES, chit_chat


@pytest.mark.parametrize(
    "note",
    [
        "王芳的妈妈腰不好。",
        "爸爸胃不好",
        "她老公心脏不太好",
        "My mother has a bad back.",
        "Sa mère a mal au dos.",
        "Mak dia sakit pinggang.",
    ],
)
def test_how_someone_is_is_kept(note):
    assert chit_chat(note, kinds=NOTES) is None
    assert chit_chat(note) is None


@pytest.mark.parametrize("note", ["这家店不好", "天气不好", "这个主意很好"])
def test_a_judgement_of_a_thing_stays_an_opinion(note):
    assert chit_chat(note) == "opinion"
