"""The conversation's lexical readings (issue #28, :mod:`souvenir.read.scoring.conversation`):
a message that refers back, a message that sounds low, a memory that sounds good, and the
weights of the earlier turns — each in English, French, Chinese and Malay."""

from __future__ import annotations

import time

import pytest

from souvenir.read.scoring.conversation import context_weights, refers_back, sounds_good, sounds_low


@pytest.mark.parametrize(
    "message",
    [
        "I really want it",
        "She called again last night",
        "Il a encore fait ça",
        "Tu te souviens de celle-là ?",
        "那件事怎么样了？",
        "她又打电话来了",
        "Yang tu dah settle ke?",
        "Harganya berapa sekarang?",
    ],
)
def test_a_message_that_points_back(message: str) -> None:
    assert refers_back(message)


@pytest.mark.parametrize(
    "message",
    [
        "How old is Biscuit now?",
        "Quel âge a Biscuit maintenant ?",
        "Tu sais quand Biscuit a été vacciné ?",
        "饼干现在几岁了？",
        "Berapa umur Biscuit sekarang?",
    ],
)
def test_a_message_that_names_its_thing(message: str) -> None:
    assert not refers_back(message)


@pytest.mark.parametrize(
    "message",
    [
        "I'm so stressed about work",
        "Je suis épuisée ce soir",
        "今天心情不好",
        "Saya rasa sedih sangat hari ni",
    ],
)
def test_a_message_that_sounds_low(message: str) -> None:
    assert sounds_low(message)


@pytest.mark.parametrize(
    "message",
    [
        "What time does the pharmacy open?",
        "À quelle heure ouvre la pharmacie ?",
        "药店几点开门？",
        "Farmasi buka pukul berapa?",
    ],
)
def test_a_plain_question_does_not_sound_low(message: str) -> None:
    assert not sounds_low(message)


@pytest.mark.parametrize(
    "text",
    [
        "The user had a wonderful weekend in Cornwall with her sister.",
        "L'utilisatrice était si fière de la remise de diplôme de son fils.",
        "用户和女儿去海边玩得特别开心。",
        "Pengguna sangat gembira semasa bercuti di Langkawi.",
    ],
)
def test_a_memory_that_sounds_good(text: str) -> None:
    assert sounds_good(text)


@pytest.mark.parametrize(
    "text",
    [
        "The user is allergic to penicillin.",
        "L'utilisateur est allergique à la pénicilline.",
        "用户对青霉素过敏。",
        "Pengguna alah kepada penisilin.",
    ],
)
def test_a_plain_fact_does_not_sound_good(text: str) -> None:
    assert not sounds_good(text)


def test_context_weights_decay_from_the_newest_turn() -> None:
    turns = ["Mon chat est malade", "Oh non, Kopi ?", "", "我很担心", "Dia tak makan"]
    got = context_weights(turns, 3, 1.0, 0.5)
    assert got == [("Oh non, Kopi ?", 0.25), ("我很担心", 0.5), ("Dia tak makan", 1.0)]
    assert context_weights(turns, 0, 1.0, 0.5) == []
    assert context_weights(turns, 3, 0.0, 0.5) == []


def test_long_texts_are_read_in_bounded_time() -> None:
    text = ("ça " * 5000) + "x" * 20000
    start = time.perf_counter()
    for reader in (refers_back, sounds_low, sounds_good):
        reader(text)
    assert time.perf_counter() - start < 0.5
    assert all(len(t) <= 4096 for t, _ in context_weights([text], 1, 1.0, 1.0))
