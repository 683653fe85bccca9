"""Session 15, a new user's walk from the README (lane newuser): what broke, through the real
parts (a SQLite file, the library, the REST service on loopback).

- "Don't forget my birthday" said with a forgetting verb (« je ne veux pas que tu oublies… »,
  "jangan lupakan…", 不要删除…) erased the memory it asked to keep.
- ``remember`` (library, REST, MCP) stored "oublie mon allergie" as a fact.
"""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests
from souvenir.lexical.keep_wishes import keep_wishes_out

# (language, the memory, a plea to keep it said with a forgetting or deleting verb)
KEEP_PLEAS = [
    ("fr", "Mon anniversaire est le 3 mai", "Je ne veux pas que tu oublies mon anniversaire"),
    ("fr", "Mon anniversaire est le 3 mai", "Il ne faut surtout pas que vous oubliiez mon anniversaire."),
    ("fr", "Mon anniversaire est le 3 mai", "J'ai peur que tu oublies mon anniversaire"),
    ("fr", "Mon anniversaire est le 3 mai", "J'espère que tu oublies pas mon anniversaire !"),
    ("fr", "Je suis allergique aux arachides", "Avant que tu oublies : mon allergie aux arachides, c'est sérieux."),
    ("ms", "Hari jadi saya 3 Mei", "Jangan lupakan hari jadi saya"),
    ("ms", "Saya alah kepada kacang", "Jangan sesekali padamkan alahan kacang saya"),
    ("zh", "我对花生过敏", "不要删除我的过敏信息"),
    ("zh", "我对花生过敏", "千万别把我花生过敏的事删了"),
    ("en", "My birthday is May 3", "I don't want you to forget my birthday"),
    ("en", "My birthday is May 3", "Please don't delete what I said about my birthday"),
    # a reproach for forgetting wants the memory kept
    ("en", "My birthday is May 3", "How could you forget my birthday?"),
    ("fr", "Mon anniversaire est le 3 mai", "Comment as-tu pu oublier mon anniversaire ?"),
    ("fr", "Mon anniversaire est le 3 mai", "Comment pourrais-tu oublier mon anniversaire ?"),
    ("ms", "Hari jadi saya 3 Mei", "Kenapa awak lupakan hari jadi saya?"),
    ("ms", "Hari jadi saya 3 Mei", "Macam mana awak boleh lupakan hari jadi saya?"),
    ("zh", "我对花生过敏", "你怎么可以删掉我的过敏信息？"),
    # the user's own forgetting asks nothing of the assistant (as "I want to forget my ex")
    ("zh", "我去年离婚了", "努力忘掉离婚的事"),
    ("zh", "我前任叫小李", "我想忘掉我前任"),
    ("ms", "Saya sudah bercerai tahun lepas", "Sukar untuk lupakan perceraian saya"),
    ("en", "I got divorced last year", "I just want to forget my divorce"),
    ("fr", "J'ai divorcé l'an dernier", "J'aimerais oublier mon divorce"),
]

# the user's own forgetting with no topic: no request either (it was an empty request)
OWN_FORGETTING = [
    "我已经忘掉他了",
    "她让我忘掉他",
    "Saya tak boleh lupakan dia",
    "I can't forget him",
    "Je n'arrive pas à l'oublier",
]

# the requests beside them still ask (each language)
STILL_ASKS = [
    "Je veux que tu oublies mon ex",
    "J'aimerais que vous oubliiez mon adresse",
    "oublie ce que je t'ai dit sur mon divorce",
    "lupakan pasal hutang saya",
    "Tolong lupakan apa yang saya cakap tentang hutang saya",
    "别记我的手机号",
    "请删除我的手机号信息",
    "不要记了，删掉吧",
    "please forget my phone number",
    "Could you forget what I said about my ex?",
    "Pourrais-tu oublier ce que j'ai dit sur mon ex ?",
    "Awak boleh lupakan apa yang saya cakap tentang bekas saya",
    "你要忘掉我说的话",
    "把我离婚的事忘掉吧",
]


@pytest.mark.parametrize("message", OWN_FORGETTING)
def test_own_forgetting_is_no_request(message):
    assert forget_requests(message) == [], message


@pytest.mark.parametrize("lang,memory,plea", KEEP_PLEAS)
def test_a_plea_to_keep_is_no_request(lang, memory, plea):
    assert forget_requests(plea) == [], (lang, plea)


@pytest.mark.parametrize("asking", STILL_ASKS)
def test_requests_still_ask(asking):
    assert forget_requests(asking), asking


def test_blanking_keeps_offsets():
    text = "Je ne veux pas que tu oublies mon anniversaire"
    out = keep_wishes_out(text)
    assert len(out) == len(text) and out.endswith(" mon anniversaire") and "oublies" not in out


@pytest.mark.parametrize("lang,memory,plea", KEEP_PLEAS)
def test_a_plea_to_keep_keeps_the_memory(tmp_path, lang, memory, plea):
    with Souvenir.open(tmp_path / "k.db", embedder="none", window_embedder="none", background=False) as mem:
        kept = mem.add_turn("u", memory, reply="OK").memory
        assert kept is not None and kept.action == "insert", kept
        mem.add_turn("u", plea, reply="OK")
        active = [m.id for m in mem.memories("u").memories]
        assert kept.id in active, (lang, plea, mem.diagnostics("u").writes[:3])


# "remember" of a request to forget: the words of the user an agent passed on
REMEMBERED_REQUESTS = [
    ("fr", "oublie mon allergie"),
    ("en", "please forget my phone number"),
    ("zh", "别记我的手机号"),
    ("ms", "lupakan pasal hutang saya"),
]


@pytest.mark.parametrize("lang,text", REMEMBERED_REQUESTS)
def test_remember_refuses_a_request_to_forget(tmp_path, lang, text):
    with Souvenir.open(tmp_path / "r.db", embedder="none", window_embedder="none", background=False) as mem:
        written = mem.remember("u", text)
        assert written.action == "dropped" and written.id is None, (lang, written)
        assert written.reason is not None and "forget it by its id" in written.reason
        assert mem.memories("u").memories == []
        # a rule is the operator's instruction, kept as written
        rule = mem.remember("u", "Don't remember card numbers", kind="rule")
        assert rule.action == "insert"


def test_remember_still_keeps_statements_about_forgetting(tmp_path):
    with Souvenir.open(tmp_path / "s.db", embedder="none", window_embedder="none", background=False) as mem:
        for text in (
            "I often forget my keys",
            "J'oublie souvent mes clés",
            "我经常忘记带钥匙",
            "Saya selalu lupa kunci",
        ):
            assert mem.remember("u", text).action == "insert", text


def test_every_time_of_an_answer_ends_in_z(tmp_path):
    """users() and the diagnostics' write log said ``+00:00`` where memories say ``Z``."""
    import json

    with Souvenir.open(tmp_path / "t.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("u", "I live in Leeds", reply="OK")
        mem.context("u", "where do I live?")
        mem.add_turn("u", "forget where I live", reply="OK")
        for answer in (mem.users(), mem.diagnostics("u", service=True), mem.history("u", 1), mem.memories("u")):
            text = json.dumps(answer.model_dump(mode="json"))
            assert "+00:00" not in text, text
        assert mem.users().model_dump(mode="json")["users"][0]["created_at"].endswith("Z")
        assert mem.diagnostics("u").model_dump(mode="json")["writes"][0]["time"].endswith("Z")
