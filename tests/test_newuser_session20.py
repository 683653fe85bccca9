"""What a new user met in session 20 (lane newuser5), each through the library on a real
SQLite file.

A parent's request to forget about their son erased nothing: "son" is a French stop word
(« son », "his"), so "Forget what I said about my son's school" had the topic "school" alone,
and the whose-rule kept "My son started at a new school" (another person's memory, a request
naming nobody); "Forget what I said about my son" named nothing at all once another turn came
between. The same request about a daughter, a French « fils », a Chinese 儿子 or a Malay "anak
lelaki" was never touched by the collision: they are the control of each language."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests
from souvenir.read.scoring.kinship import word_kin


def _open(tmp_path):
    return Souvenir.open(tmp_path / "n.db", embedder="none", window_embedder="none", background=False)


def _active(memory: Souvenir, user: str) -> list[str]:
    return [m.text for m in memory.memories(user).memories]


# (language, the child's memory, another memory kept, a turn between, the request)
CHILD = [
    (
        "en",
        "My son started at a new school in Leeds",
        "I play the cello on Sundays",
        "The weather in town is awful",
        "Forget what I said about my son's school",
    ),
    (
        "en",
        "My son has a peanut allergy",
        "My daughter has a peanut allergy too",
        "I am baking a lemon cake",
        "Please forget what I told you about my son",
    ),
    (
        "en",
        "Our son Tim is moving to Bristol",
        "I play the cello on Sundays",
        "The weather in town is awful",
        "Forget everything I said about our son",
    ),
    (
        "fr",
        "Mon fils a commencé dans une nouvelle école à Lille",
        "Je joue du violoncelle le dimanche",
        "Il fait un temps affreux en ville",
        "Oublie ce que je t'ai dit sur l'école de mon fils",
    ),
    ("zh", "我儿子去利兹上新学校了", "我周日拉大提琴", "城里天气好差", "别记我儿子学校的事了"),
    (
        "ms",
        "Anak lelaki saya mula bersekolah di sekolah baru di Ipoh",
        "Saya main cello setiap hari Ahad",
        "Cuaca di bandar teruk",
        "Lupakan apa saya cakap tentang sekolah anak lelaki saya",
    ),
]


@pytest.mark.parametrize(("lang", "child", "kept", "between", "asked"), CHILD, ids=[c[0] for c in CHILD])
def test_a_request_about_the_users_son_erases_his_memory(tmp_path, lang, child, kept, between, asked):
    with _open(tmp_path) as memory:
        memory.add_turn("p", child, reply="ok")
        memory.add_turn("p", kept, reply="ok")
        memory.add_turn("p", between, reply="ok")  # not the previous turn: no "what I just said"
        answer = memory.add_turn("p", asked, reply="ok")
        left = _active(memory, "p")
    assert child not in left, (lang, answer.memory)
    assert kept in left and between in left


def test_the_french_possessive_son_is_still_no_son():
    """« son » after a French word stays "his": no relative in the topic."""
    for text in ("Oublie que son frère vit à Lyon", "Oublie qu'il a son permis", "Oublie le son de sa voix"):
        topics = [tok.raw for r in forget_requests(text) for tok in r.topic]
        assert "son" not in topics, (text, topics)
    topics = [tok.raw for r in forget_requests("Forget what I said about my son's school") for tok in r.topic]
    assert topics == ["son", "school"]
    assert word_kin("son") == {"son"} and word_kin("fils") == {"son"} and word_kin("school") == frozenset()


def test_a_french_memory_about_his_brother_is_not_the_users_son(tmp_path):
    """The English topic "son" names no French memory whose « son » is "his"."""
    with _open(tmp_path) as memory:
        memory.add_turn("p", "Son frère habite à Lyon avec sa femme", reply="ok")
        memory.add_turn("p", "The weather in town is awful", reply="ok")
        memory.add_turn("p", "Forget what I said about my son", reply="ok")
        assert "Son frère habite à Lyon avec sa femme" in _active(memory, "p")
