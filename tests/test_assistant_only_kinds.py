"""The assistant-only filter's issue #26 kinds, in four languages: the user's name the reply
calls them by (any case of interjection, short forms), the note writer's stance words, and
word families. Each true fact is kept; the filter's own kind (the reply's knowledge given
to the user) still drops."""

from __future__ import annotations

import pytest

from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, assistant_only_filter

KEPT = [
    # the name the reply calls the user by, after a capitalised interjection or as a short form
    (
        "en",
        "Caroline felt comforted being among accepting people",
        "I felt so accepted there, it was comforting.",
        "Wow, Caroline! How did it feel to be among accepting people?",
    ),
    (
        "en",
        "Caroline found the courage to express herself authentically",
        "It's so freeing to express myself authentically.",
        "That's awesome, Caro! You found the courage to be yourself, that's important for finding peace.",
    ),
    (
        "fr",
        "Camille trouve que la peinture l'apaise",
        "La peinture m'apaise beaucoup.",
        "Bravo, Camille ! La peinture apaise, c'est précieux.",
    ),
    (
        "ms",
        "Aisyah menghargai sokongan keluarga",
        "Keluarga saya sangat menyokong saya.",
        "Wah, Aisyah! Sokongan keluarga memang penting.",
    ),
    ("zh", "用户很重视家人的支持", "我的家人一直很支持我。", "家人的支持真的很重要呢！"),
    # stance words of the note's writer
    (
        "en",
        "Values honesty in friendships",
        "Honesty matters most to me in my friendships.",
        "Honesty is key in any friendship, it builds trust.",
    ),
    (
        "fr",
        "Estime important de cuisiner maison",
        "Je cuisine maison tous les soirs.",
        "Cuisiner maison, c'est tellement important pour la santé !",
    ),
    # word families
    (
        "en",
        "Expresses herself sincerely through painting",
        "I paint to be sincere with myself.",
        "Painting is such a sincere expression of who you are.",
    ),
    (
        "fr",
        "S'exprime sincèrement par la danse",
        "Je danse pour être sincère avec moi-même.",
        "La danse est une expression sincère, c'est beau.",
    ),
    (
        "ms",
        "Menyokong pasukan bola sepak Kedah",
        "Saya sokong pasukan Kedah sejak kecil.",
        "Pasukan bola sepak Kedah memang hebat musim ini!",
    ),
]

DROPPED = [
    (
        "en",
        "Knows the pharmacy closes at 8 pm on Saturdays",
        "When does the pharmacy close?",
        "The pharmacy closes at 8 pm on Saturdays and stays shut on Sundays.",
    ),
    (
        "fr",
        "Sait que la piscine ouvre à 7 h en semaine",
        "La piscine ouvre à quelle heure ?",
        "Bonjour Marie ! La piscine ouvre à 7 h en semaine et à 9 h le dimanche.",
    ),
    (
        "zh",
        "用户知道长按复位键10秒可以重置路由器",
        "怎么重置路由器？",
        "长按路由器背面的复位键10秒钟即可恢复出厂设置。",
    ),
    (
        "ms",
        "Tahu kedai tutup pukul 10 malam",
        "Kedai tutup pukul berapa?",
        "Hai Siti! Kedai tutup pukul 10 malam setiap hari.",
    ),
]


@pytest.mark.parametrize(("lang", "text", "user", "reply"), KEPT)
def test_true_facts_are_kept(lang: str, text: str, user: str, reply: str) -> None:
    decision = assistant_only_filter(Candidate(text), Exchange(user, reply))
    assert decision.kept, (lang, decision.reason)


@pytest.mark.parametrize(("lang", "text", "user", "reply"), DROPPED)
def test_the_replys_knowledge_still_drops(lang: str, text: str, user: str, reply: str) -> None:
    decision = assistant_only_filter(Candidate(text), Exchange(user, reply))
    assert not decision.kept, lang
