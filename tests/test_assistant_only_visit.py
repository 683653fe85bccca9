"""The assistant-only filter's visit kind (issue #26, round 5), four languages: a note's
"visited X" is the user's when the user said they went there ("I've been to Paris
yesterday!", « je suis allé à Lyon », 我去了北京, "saya pergi ke Melaka") and only the reply
said "visit" (LoCoMo conv-30: "Jon visited Paris recently", dropped in a held-out fold). A
visit the user only asked about is still the reply's."""

from __future__ import annotations

import pytest

from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange
from souvenir.write.filters.assistant_only import Thresholds, drops, measure

#: The strictest bounds a fold chose (one reply-only word is enough to drop).
STRICT = Thresholds(reply_only_min=1)

WENT = [
    (
        "en",
        "Jon visited Paris recently",
        "Oh, I've been to Paris yesterday! It was sooo cool.",
        "Paris?! Never had a chance to visit it.",
    ),
    (
        "fr",
        "A visité Lyon récemment",
        "Je suis allé à Lyon hier, c'était génial !",
        "Lyon ? Je n'ai jamais pu la visiter.",
    ),
    ("zh", "最近参观了故宫", "我昨天去了故宫！太震撼了。", "故宫？我一直没机会参观呢。"),
    (
        "ms",
        "Baru-baru ini melawat Melaka",
        "Saya pergi ke Melaka semalam, seronok sangat!",
        "Melaka? Saya belum pernah melawat.",
    ),
]

ASKED = [
    (
        "en",
        "Visited the museum",
        "What time does the museum open?",
        "You can visit the museum from 9am, entry is free.",
    ),
    (
        "fr",
        "A visité le musée",
        "Le musée ouvre à quelle heure ?",
        "Vous pouvez visiter le musée dès 9 h, l'entrée est libre.",
    ),
    ("zh", "参观了博物馆", "博物馆几点开门？", "博物馆早上9点开放参观，免费入场。"),
    (
        "ms",
        "Melawat muzium",
        "Muzium buka pukul berapa?",
        "Anda boleh melawat muzium dari pukul 9 pagi, masuk percuma.",
    ),
]


@pytest.mark.parametrize(("lang", "text", "user", "reply"), WENT)
def test_a_visit_the_user_went_on_is_theirs(lang, text, user, reply) -> None:
    shares = measure(Candidate(text), Exchange(user, reply))
    assert shares is not None and not shares.reply_only, (lang, shares)
    assert not drops(shares, STRICT), (lang, shares)


@pytest.mark.parametrize(("lang", "text", "user", "reply"), ASKED)
def test_a_visit_only_the_reply_offers_still_drops(lang, text, user, reply) -> None:
    shares = measure(Candidate(text), Exchange(user, reply))
    assert shares is not None and drops(shares, STRICT), (lang, shares)
