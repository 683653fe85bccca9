"""Session 25, lane forget3: the forget path's kinds left by session 24 (harden9, newuser9), each
through the real engine on a real SQLite file, in four languages.

1. A request whose topic read empty because the words naming the thing are words of a request
   ("…about the thank you notes", « …sur les notes », 关于隐私资料, "tentang maklumat tu") was read
   as "forget that" and erased the **previous** turn's memory. It now names what follows its
   "about" (lexical/forget_named): it erases that, or, naming nothing stored, erases nothing and
   says so (``write:forget:ambiguous``, on the diagnostics page).
2. A wish addressed to the assistant ("I wish you could forget…", « J'aimerais que tu puisses
   oublier… », 真希望你能忘了…, "Kalaulah awak boleh lupa…") is a request; the user's wish for
   themselves is not.
3. Reported speech: "As we said: forget…" / « Comme je te l'ai dit : oublie… » are the user's
   own words (a request); "Like she told me, forget…" (a comma after "as / like X said") is
   someone else's.
4. A long message holding a request and other facts kept nothing of the other facts in either
   mode; they are now a turn of their own (write/forget_beside), never the erased topic.
5. 自从一月以来 / 一月以来 with no 了: the last January, as "since January".
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.lexical.dates import ground_dates
from souvenir.lexical.forget_cues import forget_requests
from souvenir.library import Souvenir
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: (the memory the request names, the previous turn's memory, the request naming the first by
#: words that are also a request's words).
NAMED_BY_REQUEST_WORDS = {
    "en": (
        "I still have forty thank you notes to write after the wedding.",
        "I adopted a cat named Miso last week.",
        "Forget what I told you about the thank you notes",
    ),
    "fr": (
        "Je dois encore écrire les notes de remerciement du mariage.",
        "J'ai adopté un chat qui s'appelle Miso.",
        "Oublie ce que je t'ai dit sur les notes",
    ),
    "zh": ("我的笔记本电脑里存着很多隐私资料。", "我上周领养了一只叫米索的猫。", "忘掉我跟你说的关于隐私资料的事"),
    "ms": (
        "Saya simpan semua maklumat bank dalam buku nota.",
        "Saya baru ambil kucing nama Miso minggu lepas.",
        "Lupakan apa saya cakap tentang maklumat tu",
    ),
}


def _texts(memory: Souvenir, user: str = "léa") -> list[str]:
    return [m.text for m in memory.memories(user).memories]


@pytest.mark.parametrize("lang", sorted(NAMED_BY_REQUEST_WORDS))
def test_a_thing_named_by_request_words_is_what_is_erased(tmp_path, lang):
    named, previous, request = NAMED_BY_REQUEST_WORDS[lang]
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", named, reply="I see.")
        memory.add_turn("léa", previous, reply="Oh!")
        answer = memory.add_turn("léa", request, reply="OK.")
        assert answer.memory is not None and answer.memory.action == "dropped"
        kept = _texts(memory)
    assert len(kept) == 1 and ("Miso" in kept[0] or "米索" in kept[0]), kept  # the previous turn stays


@pytest.mark.parametrize("lang", sorted(NAMED_BY_REQUEST_WORDS))
def test_a_thing_named_that_no_memory_holds_erases_nothing_and_says_so(tmp_path, lang):
    """The previous turn is never erased in its stead: nothing is, and the write log says why."""
    _, previous, request = NAMED_BY_REQUEST_WORDS[lang]
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", previous, reply="Oh!")
        answer = memory.add_turn("léa", request, reply="OK.")
        assert answer.memory is not None and answer.memory.action == "dropped"
        assert len(_texts(memory)) == 1
        store = memory.runtime.engine.store
        assert store.count_events("write:forget:ambiguous") == 1
        assert store.count_events("write:forget:user_request") == 0
        writes = memory.diagnostics("léa").model_dump()["writes"]
        asked = next(w for w in writes if w["reason"] == "ambiguous")
        assert "no memory matches what it names" in asked["detail"]


#: "about it", « sur ça », 关于那件事, "pasal tu": still "what I just said" (the previous turn).
POINTING = {
    "en": ("I owe my cousin 500 euros.", "Forget what I told you about it."),
    "fr": ("Je dois 500 euros à mon cousin.", "Oublie ce que je t'ai dit sur ça."),
    "zh": ("我欠表哥五百欧元。", "刚才说的关于那件事，你别记了。"),
    "ms": ("Saya berhutang 500 euro dengan sepupu saya.", "Jangan ingat apa saya cakap pasal tu."),
}


@pytest.mark.parametrize("lang", sorted(POINTING))
def test_about_a_deictic_still_points_at_what_was_just_said(tmp_path, lang):
    said, request = POINTING[lang]
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", "My cat is called Moka.", reply="Nice.")
        memory.add_turn("léa", said, reply="I see.")
        memory.add_turn("léa", request, reply="OK.")
        assert _texts(memory) == ["My cat is called Moka."]


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    from tests.attack_support import sqlite_settings

    path = tmp_path_factory.mktemp("forget3") / "a.db"
    with (
        UvicornThread(create_app(sqlite_settings(path))) as server,
        httpx.Client(base_url=server.url, timeout=60) as client,
    ):
        yield client


@pytest.mark.parametrize("lang", sorted(NAMED_BY_REQUEST_WORDS))
def test_the_rest_face_erases_what_was_named_and_shows_a_miss(api, lang):
    named, previous, request = NAMED_BY_REQUEST_WORDS[lang]
    for user, said in ((f"hit{lang}", (named, previous)), (f"miss{lang}", (previous,))):
        for message in (*said, request):
            api.post("/v1/turns", json={"user": user, "message": message, "reply": "OK."}).raise_for_status()
        texts = [m["text"] for m in api.get(f"/v1/users/api/{user}/memories").json()["memories"]]
        assert len(texts) == 1 and ("Miso" in texts[0] or "米索" in texts[0]), texts
    ends = time.monotonic() + 30
    while True:  # the page of the miss: the request, and why nothing was erased
        writes = api.get(f"/v1/users/api/miss{lang}/diagnostics.json").json()["writes"]
        if any(w["reason"] == "ambiguous" for w in writes):
            break
        assert time.monotonic() < ends, writes
        time.sleep(0.2)


EN_MOM, EN_CAT = "My mother has been ill since January.", "My cat is called Moka."
FR_MOM, FR_CAT = "Ma mère est malade depuis janvier.", "Mon chat s'appelle Moka."
ZH_MOM, ZH_CAT = "我妈妈从一月开始生病了。", "我的猫叫摩卡。"
MS_MOM, MS_CAT = "Mak saya sakit sejak Januari.", "Kucing saya bernama Moka."

#: (the memory, another that stays, a message asking the assistant to forget the first).
ASKED = [
    (EN_MOM, EN_CAT, "I wish you could forget what I said about my mother."),
    (FR_MOM, FR_CAT, "J'aimerais que tu puisses oublier ce que je t'ai dit sur ma mère."),
    (FR_MOM, FR_CAT, "Si seulement tu pouvais oublier ce que je t'ai dit sur ma mère."),
    (ZH_MOM, ZH_CAT, "真希望你能忘了我说的关于我妈妈的事。"),
    (MS_MOM, MS_CAT, "Kalaulah awak boleh lupa apa yang saya cakap tentang mak saya."),
    (MS_MOM, MS_CAT, "Saya harap awak dapat lupakan apa saya cakap pasal mak saya."),
    (EN_MOM, EN_CAT, "As we said: forget what I told you about my mother."),
    (FR_MOM, FR_CAT, "Comme je te l'ai dit : oublie ce que je t'ai dit sur ma mère."),
    (FR_MOM, FR_CAT, "Comme on a dit : oublie ce que je t'ai dit sur ma mère."),
    (ZH_MOM, ZH_CAT, "就像我们说的：忘掉我说的关于我妈妈的事。"),
    (MS_MOM, MS_CAT, "Macam kita cakap: lupakan apa saya cakap tentang mak saya."),
]
#: (the memory, another, a message that asks nothing of the assistant: both stay).
NOT_ASKED = [
    (EN_MOM, EN_CAT, "I wish I could forget what the doctor said about my mother."),
    (FR_MOM, FR_CAT, "J'aimerais pouvoir oublier ce que le médecin a dit sur ma mère."),
    (ZH_MOM, ZH_CAT, "我真希望能忘了医生说的关于我妈妈的事。"),
    (MS_MOM, MS_CAT, "Kalaulah aku boleh lupakan apa doktor cakap tentang mak saya."),
    (EN_MOM, EN_CAT, "Like she told me, forget what I said about my mother."),
    (FR_MOM, FR_CAT, "Comme elle m'a dit, oublie ce que je t'ai dit sur ma mère."),
    (FR_MOM, FR_CAT, "Il nous a dit : oublie ce que je t'ai dit sur ma mère."),
    (ZH_MOM, ZH_CAT, "就像她说的，忘掉我说的关于我妈妈的事。"),
    (MS_MOM, MS_CAT, "Macam dia cakap, lupakan apa saya cakap tentang mak saya."),
    (MS_MOM, MS_CAT, "Kawan saya tanya: boleh tak kau lupakan apa saya cakap tentang mak saya?"),
]


def _three_turns(tmp_path, said: str, other: str, asked: str) -> list[str]:
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", other, reply="Oh!")
        memory.add_turn("léa", said, reply="I see.")
        memory.add_turn("léa", asked, reply="OK.")
        return _texts(memory)


@pytest.mark.parametrize(("said", "other", "asked"), ASKED)
def test_a_wish_or_our_own_words_ask_to_forget(tmp_path, said, other, asked):
    assert _three_turns(tmp_path, said, other, asked) == [other]


@pytest.mark.parametrize(("said", "other", "asked"), NOT_ASKED)
def test_a_wish_for_oneself_or_someone_elses_words_ask_nothing(tmp_path, said, other, asked):
    kept = _three_turns(tmp_path, said, other, asked)
    assert other in kept and any(said[:4] in text for text in kept), kept
    assert forget_requests(asked) == []


#: (the memory the request names, a message: another fact, the request, another fact).
LONG = {
    "en": (
        "My brother owes 20k in gambling debts.",
        "My sister got married last Saturday in Lyon. Forget what I told you about my brother's debts. "
        "I started a new job at Airbus on Monday.",
        ("Lyon", "Airbus"),
    ),
    "fr": (
        "Mon frère a 20 000 euros de dettes de jeu.",
        "Ma sœur s'est mariée samedi dernier à Lyon. Oublie ce que je t'ai dit sur les dettes de mon frère. "
        "J'ai commencé un nouveau travail chez Airbus lundi.",
        ("Lyon", "Airbus"),
    ),
    "zh": (
        "我哥哥欠了两万赌债。",
        "我妹妹上周六在里昂结婚了。忘掉我跟你说的关于我哥哥赌债的事。我周一开始在空客上班了。",
        ("里昂", "空客"),
    ),
    "ms": (
        "Abang saya berhutang judi 20 ribu.",
        "Adik saya kahwin Sabtu lepas di Lyon. Lupakan apa saya cakap tentang hutang judi abang saya. "
        "Saya mula kerja baru di Airbus hari Isnin.",
        ("Lyon", "Airbus"),
    ),
}


@pytest.mark.parametrize("lang", sorted(LONG))
def test_a_long_message_keeps_its_other_facts_without_a_model(tmp_path, lang):
    said, message, facts = LONG[lang]
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", said, reply="I see.")
        answer = memory.add_turn("léa", message, reply="OK.")
        kept = _texts(memory)
        turns = memory.runtime.engine.store.recent_turns(memory.runtime.store.find_user("api", "léa"), None, 10)
    assert answer.memory is not None and answer.memory.action == "insert"
    assert len(kept) == 1 and all(word in kept[0] for word in facts), kept
    assert not any(said[:6] in text for text in kept)
    assert not any(said[:6] in (t["message"] or "") for t in turns)  # nor in a turn


#: A sentence opening on a pronoun after the request is most often about what it named: not kept.
@pytest.mark.parametrize(
    ("said", "message", "fact"),
    [
        (
            "My brother owes 20k in gambling debts.",
            "Forget what I told you about my brother's debts. He lost it all at poker. I started a new job at Airbus.",
            "Airbus",
        ),
        (
            "Mon frère a 20 000 euros de dettes de jeu.",
            "Oublie ce que je t'ai dit sur les dettes de mon frère. Il a tout perdu au poker. "
            "J'ai commencé chez Airbus.",
            "Airbus",
        ),
        ("我哥哥欠了两万赌债。", "忘掉我跟你说的关于我哥哥赌债的事。他在扑克上输光了。我开始在空客上班了。", "空客"),
        (
            "Abang saya berhutang judi 20 ribu.",
            "Lupakan apa saya cakap tentang hutang judi abang saya. Dia kalah semua main poker. "
            "Saya mula kerja di Airbus.",
            "Airbus",
        ),
    ],
)
def test_what_points_back_at_the_topic_is_not_kept(tmp_path, said, message, fact):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", said, reply="I see.")
        memory.add_turn("léa", message, reply="OK.")
        kept = _texts(memory)
    assert len(kept) == 1 and fact in kept[0] and "poker" not in kept[0] and "扑克" not in kept[0], kept


@pytest.mark.parametrize("lang", sorted(LONG))
def test_a_long_message_keeps_its_other_facts_with_a_model(tmp_path, lang):
    from souvenir.engine.runtime import open_runtime
    from tests.attack_support import stub_model_settings
    from tests.servers import ChatServer

    said, message, facts = LONG[lang]

    def note(text: str) -> str:
        return json.dumps({"memories": [{"text": text, "kind": "fact", "scope": "global", "confidence": 0.9}]})

    with ChatServer(reflection_answer=note(said)) as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url, reflection_backoff_s=0.05)
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "a", said, "OK.")
            assert rt.worker.drain(60)
            user = rt.store.find_user("api", "a")
            assert [m.text for m in rt.store.memories(user)] == [said]
            rest = message.replace(forget_requests(message)[0].sentence, "").strip()
            upstream.reflection_answer = note(" ".join(rest.split()))
            rt.engine.record_turn("api", "a", message, "OK.")
            assert rt.worker.drain(60)
            kept = [m.text for m in rt.store.memories(user, "active")]
        finally:
            rt.close()
    assert kept and all(word in " ".join(kept) for word in facts), kept
    assert not any(said[:6] in text for text in kept), kept


@pytest.mark.parametrize(
    ("said", "grounded"),
    [
        ("我妈妈自从一月以来身体不好。", "一月（2026-01）"),
        ("自从三月我就睡不好。", "三月（2026-03）"),
        ("一月以来我一直在找工作。", "一月（2026-01）"),
        ("自三月份以来我在学游泳。", "三月份（2026-03）"),
        ("我女儿一月份满七岁。", "一月份（2027-01）"),  # no since: the next one, unchanged
        ("我从一月开始要去学游泳。", "一月（2027-01）"),  # from…on, a plan: unchanged
    ],
)
def test_chinese_since_a_month_is_the_last_one(said, grounded):
    assert grounded in ground_dates(said, datetime(2026, 12, 7, 12, tzinfo=UTC))
