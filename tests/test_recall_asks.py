"""A question asking the bot to recall a thing about the user is no memory (session 21, lane
write28): the ``recall`` chit-chat kind (:mod:`souvenir.lexical.recall_asks`), four languages,
with and without "?", the name before or after, tag forms; a recall question that also states
a fact keeps it. Through the rule, the library (no model, and a model that keeps nothing) and
``/v1/turns``."""

from __future__ import annotations

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.recall_asks import recall_question
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer, UvicornThread

ASKS = {
    "en": [
        "Do you remember what I do for a living?",
        "Do you remember what I do for a living",
        "Lyra, do you remember what I do for a living?",
        "Do you remember what I do for a living, Lyra?",
        "You remember where I live, right?",
        "Can you tell me what my dog is called?",
        "Do you still know which team I support?",
    ],
    "fr": [
        "Tu te souviens de ce que je fais comme métier ?",
        "Tu te souviens de ce que je fais comme métier",
        "Lyra, tu te souviens de ce que je fais comme métier ?",
        "Tu te rappelles où j'habite, Lyra ?",
        "Tu sais encore où j'habite, non ?",
        "Rappelle-moi comment s'appelle mon chien",
        "Vous vous souvenez de quel sport je pratique ?",
    ],
    "zh": [
        "你还记得我是做什么的吗？",
        "你还记得我是做什么的吗",
        "Lyra，你还记得我是做什么的吗？",
        "你还记得我是做什么的吗，Lyra？",
        "你还记得我住在哪里，对吧？",
        "你记不记得我的狗叫什么？",
        "你知道我支持哪个球队吗",
    ],
    "ms": [
        "Kau ingat tak aku kerja apa?",
        "Kau ingat tak aku kerja apa",
        "Lyra, awak ingat tak saya tinggal di mana?",
        "Awak ingat tak kerja saya apa, Lyra?",
        "Kau ingat aku kerja apa, kan?",
        "Awak masih ingat nama anjing saya apa?",
        "Tahu tak saya sokong pasukan mana?",
    ],
}

#: Recall frames that state the fact (a declarative complement, an event clause, a name, a
#: time): kept, an erased fact is worse than a repeat.
STATES = {
    "en": [
        "Do you remember I moved to Ipoh last month?",
        "Remember when we went hiking in the Alps?",
        "Do you remember what I told you about Kopi?",
    ],
    "fr": [
        "Tu te souviens que j'ai déménagé à Ipoh le mois dernier ?",
        "Tu te souviens quand je suis allée à la mer ?",
        "Tu te souviens de ce que je t'ai dit sur Kopi ?",
    ],
    "zh": ["你还记得我上个月搬到怡保了吗？", "你还记得我养了一只猫吗？", "你还记得我去年去哪里旅行了吗？"],
    "ms": [
        "Kau ingat tak aku dah pindah ke Ipoh bulan lepas?",
        "Awak ingat saya ada kucing?",
        "Awak ingat tak apa saya beli semalam?",
    ],
}

_ALL_ASKS = [(lang, text) for lang, texts in ASKS.items() for text in texts]
_ALL_STATES = [(lang, text) for lang, texts in STATES.items() for text in texts]


@pytest.mark.parametrize(("lang", "text"), _ALL_ASKS)
def test_a_recall_question_is_chit_chat(lang, text):
    assert chit_chat(text) == "recall", (lang, text)


@pytest.mark.parametrize(("lang", "text"), _ALL_STATES)
def test_a_recall_question_that_states_a_fact_is_kept(lang, text):
    assert chit_chat(text) is None, (lang, text)


@pytest.mark.parametrize(
    "text",
    [
        "I remember what my mom said about cooking.",
        "Je me souviens de ce que ma mère disait.",
        "我记得我妈妈说过什么。",
        "Saya ingat apa yang mak saya cakap.",
    ],
)
def test_the_user_recalling_is_no_recall_question(text):
    assert not recall_question(text)


def test_a_question_beside_a_fact_keeps_the_message():
    for text in (
        "Do you remember what I do for a living? I just got promoted.",
        "Tu te souviens de ce que je fais ? J'ai été promue.",
        "你还记得我是做什么的吗？我刚升职了。",
        "Kau ingat tak aku kerja apa? Aku baru naik pangkat.",
    ):
        assert chit_chat(text) is None, text


def _one_a_language() -> list[str]:
    return [ASKS[lang][0] for lang in ASKS] + [ASKS[lang][2] for lang in ASKS]


def test_no_model_library_keeps_no_recall_question_and_keeps_the_stated_fact(tmp_path):
    with Souvenir.open(turn_settings(f"sqlite:///{tmp_path / 'l.db'}"), background=False) as memory:
        for text in _one_a_language():
            memory.add_turn("ann", text, reply="Of course!")
        assert memory.memories("ann").memories == []
        for lang in STATES:
            memory.add_turn("bob", STATES[lang][0], reply="Yes!")
        assert len(memory.memories("bob").memories) == 4


def test_the_reflection_fallback_keeps_no_recall_question(tmp_path):
    with ChatServer(reflection_answer=reflection_answer(confidence=0.9)) as upstream:  # a model that keeps nothing
        settings = turn_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url)
        with Souvenir.open(settings, background=False) as memory:
            for text in _one_a_language():
                memory.add_turn("ann", text, reply="Of course!")
            memory.add_turn("ann", STATES["en"][0], reply="Yes!")
            assert memory.runtime.worker.drain(60)
            texts = [m.text for m in memory.memories("ann").memories]
        assert len(texts) == 1 and "Ipoh" in texts[0], texts


def test_turns_route_drops_a_recall_question_with_its_reason(tmp_path):
    settings = turn_settings(f"sqlite:///{tmp_path / 'h.db'}")
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        for lang in ASKS:
            r = client.post("/v1/turns", json={"user": f"u-{lang}", "message": ASKS[lang][3], "reply": "Sure!"})
            assert r.status_code == 200, r.text
            written = r.json()["memory"]
            assert written["action"] == "dropped" and "recall" in written["reason"], written
        r = client.post("/v1/turns", json={"user": "u-ms", "message": STATES["ms"][0], "reply": "Ya!"})
        assert r.json()["memory"]["action"] == "insert", r.text
