"""A request to forget said in other words than the memory (issue #26, lane forget2):
别记我欠债的事了 beside 我欠了信用卡债务, "forget my money problems" beside "I owe 20k on my
credit card". Each kind in each language (a concept, a Chinese morpheme, a relative's other
name, a health umbrella), the hard negatives (another person's debts, the peanut cake), the
ambiguous request (candidates named, nothing erased), the model's proposal, and the library
and ``/v1/turns`` on a real SQLite file."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.bench.forget_eval import score_file
from souvenir.ground.config import Settings
from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget
from tests.attack_support import assert_a_turn_erases, stub_model_settings
from tests.servers import ChatServer, UvicornThread

CASES_DIR = Path(__file__).resolve().parent / "cases"

# (language, kind, request, the memory it names, a memory it must not erase)
NAMED = [
    ("en", "concept", "Forget my money problems.", "I owe 20k on my credit card", "Earns 4000 a month"),
    ("fr", "concept", "Oublie mes problèmes d'argent.", "A une dette de 8000 euros", "Gagne 3000 euros par mois"),
    ("zh", "concept", "别记我的经济问题", "我欠了信用卡债务", "我每月工资八千"),
    ("ms", "concept", "Lupakan masalah kewangan saya.", "Saya berhutang RM20000 dengan bank", "Gaji saya RM4000"),
    ("en", "morpheme", "Forget what I said about my debts.", "Owes 3000 on a car loan", "Lives in Lyon"),
    ("fr", "morpheme", "Oublie mes dettes.", "Son emprunt court jusqu'en 2030", "Habite à Lyon"),
    ("zh", "morpheme", "别记我欠债的事了", "我欠了信用卡债务", "我住在上海"),
    ("ms", "morpheme", "Lupakan hutang saya.", "Ada pinjaman peribadi RM8000", "Tinggal di Ipoh"),
    ("en", "relative", "Forget about my mum.", "Mother has Alzheimer's", "Father is a retired pilot"),
    (
        "fr",
        "relative",
        "Oublie ce que je t'ai dit sur ma maman.",
        "Sa mère a la maladie d'Alzheimer",
        "Son père est pilote",
    ),
    ("zh", "relative", "别记我妈妈的事了", "母亲得了老年痴呆", "父亲是退休飞行员"),
    ("ms", "relative", "Lupakan tentang emak saya.", "Ibu ada penyakit Alzheimer", "Ayah pesara juruterbang"),
    ("en", "health", "Forget what I told you about my health.", "Has type 2 diabetes", "Works as a nurse"),
    ("fr", "health", "Oublie ce que je t'ai dit sur ma santé.", "Souffre d'hypertension", "Travaille comme infirmière"),
    ("zh", "health", "别记我的健康状况", "我有高血压", "我是护士"),
    (
        "ms",
        "health",
        "Lupakan apa saya cakap tentang kesihatan saya.",
        "Ada kencing manis",
        "Bekerja sebagai jururawat",
    ),
]

# (language, request, memories none of which it may erase)
NOT_NAMED = [
    (
        "en",
        "Please forget what I said about my brother's debts.",
        ["Has a 200k mortgage on the flat", "Brother plays guitar"],
    ),
    (
        "fr",
        "Oublie ce que j'ai dit sur les dettes de mon frère.",
        ["A un prêt immobilier de 200000 euros", "Son frère joue de la guitare"],
    ),
    ("zh", "别记我哥哥欠债的事", ["我有二十万的房贷", "哥哥会弹吉他"]),
    (
        "ms",
        "Lupakan apa yang saya cakap tentang hutang abang saya.",
        ["Ada pinjaman rumah RM200000", "Abang main gitar"],
    ),
    ("en", "Forget the peanut cake.", ["Allergic to peanuts", "Baked a carrot cake for her mother"]),
    ("fr", "Oublie le gâteau aux arachides.", ["Allergique aux arachides", "A fait un gâteau pour sa mère"]),
    ("zh", "忘掉花生蛋糕吧", ["我对花生过敏", "给妈妈做了胡萝卜蛋糕"]),
    ("ms", "Lupakan kek kacang tu.", ["Alah kacang tanah", "Buat kek coklat untuk mak"]),
    ("en", "Forget my debts.", ["Sister owes money to the bank", "Saving for a house deposit"]),
    ("zh", "别记我欠债的事", ["姐姐欠银行钱", "我在存钱买房"]),
    # words of two meanings left out of the concept lists: "along", « sous », 钱包, "Wang"
    ("en", "Forget my debts.", ["Gets along with her colleagues"]),
    ("fr", "Oublie mes problèmes d'argent.", ["Vit sous les toits à Paris"]),
    ("zh", "别记我钱包丢了的事", ["我每月工资八千"]),
    ("ms", "Lupakan hal duit saya.", ["Rakan sekerja saya Wang Wei tinggal di KL"]),
]

# (language, request, two memories it may mean)
TWO = [
    ("en", "Forget what I said about my debts.", "I owe 20k on my credit card", "Has a 200k mortgage"),
    ("fr", "Oublie mes dettes.", "A un découvert de 2000 euros", "Rembourse un emprunt immobilier"),
    ("zh", "别记我欠钱的事了", "我欠信用卡三万", "我有二十万房贷"),
    ("ms", "Lupakan hutang saya.", "Berhutang RM20000 kad kredit", "Ada pinjaman rumah"),
]


def _pool(*texts: str) -> list[Memory]:
    return [Memory(i + 1, 1, t) for i, t in enumerate(texts)]


@pytest.mark.parametrize("lang,kind,asking,named,other", NAMED)
def test_a_request_in_other_words_erases_the_one_memory(lang, kind, asking, named, other):
    found = match_forget(forget_requests(asking), _pool(other, named))
    assert found.erase == (2,) and not found.ambiguous, found


@pytest.mark.parametrize("lang,asking,memories", NOT_NAMED)
def test_hard_negatives_erase_nothing(lang, asking, memories):
    found = match_forget(forget_requests(asking), _pool(*memories))
    assert found.erase == () and found.ambiguous, found


@pytest.mark.parametrize("lang,asking,first,second", TWO)
def test_two_candidates_are_named_and_kept(lang, asking, first, second):
    requests = forget_requests(asking)
    found = match_forget(requests, _pool(first, second, "Lives in Lyon"))
    assert found.erase == () and found.ambiguous and found.candidates == (1, 2), found
    assert "which one?" in found.reason and "#1" in found.reason and "#3" not in found.reason
    # the reflection picks among the candidates; an id outside them is refused
    assert match_forget(requests, _pool(first, second, "Lives in Lyon"), proposed=[2]).erase == (2,)
    assert match_forget(requests, _pool(first, second, "Lives in Lyon"), proposed=[3]).erase == ()


def test_the_model_proposal_without_a_shared_word():
    requests = forget_requests("别记我欠债的事了")
    found = match_forget(requests, _pool("我住在上海", "我欠了信用卡债务"), proposed=[2])
    assert found.erase == (2,)


def test_the_tuning_half_passes_whole():
    score = score_file(CASES_DIR / "forget_near_tune.jsonl")
    assert score.wrong == 0 and score.failed == (), score


def test_the_held_out_half_loses_no_fact():
    score = score_file(CASES_DIR / "forget_near_heldout.jsonl")
    assert score.wrong == 0, score


@pytest.mark.parametrize("lang,kind,asking,named,other", [c for c in NAMED if c[1] == "morpheme"])
def test_library_turn_erases_in_other_words(tmp_path, lang, kind, asking, named, other):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        first = mem.remember("u", named)
        kept = mem.remember("u", other)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        history = [(e.event, e.source) for e in mem.history("u", first.id).history]
        assert history == [("erased", f"request:turn:{turn.turn_id}")]
        assert mem.runtime.engine.store.count_events("write:forget:user_request") == 1


@pytest.mark.parametrize("lang,asking,first,second", TWO)
def test_library_turn_with_two_candidates_erases_nothing(tmp_path, lang, asking, first, second):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        ids = [mem.remember("u", first).id, mem.remember("u", second).id]
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and "which one?" in (turn.memory.reason or "")
        assert sorted(m.id for m in mem.memories("u").memories) == sorted(ids)
        assert mem.runtime.engine.store.count_events("write:forget:ambiguous") == 1


def test_v1_turns_erases_in_other_words_in_four_languages(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'api.db'}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for lang, _, asking, named, other in [c for c in NAMED if c[1] == "concept"]:
            assert_a_turn_erases(client, f"near-{lang}", named, other, asking)  # other: money, no debt


# (language, request, a memory sharing the relation's word but not the relative, the relative's)
RELATION_WORDS = [
    ("en", "Forget what I said about my brother.", "Brother-in-law is a doctor", "Brother lives in Leeds"),
    ("fr", "Oublie ce que je t'ai dit sur ma mère.", "Allergique aux fruits de mer", "Sa mère habite à Nice"),
    ("zh", "别记我妹的事", "妹夫在银行上班", "妹妹在读大学"),
    ("ms", "Lupakan tentang abang saya.", "Abang ipar saya doktor", "Abang tinggal di Johor"),
]


@pytest.mark.parametrize("lang,asking,lookalike,relative", RELATION_WORDS)
def test_a_relation_word_names_only_that_relative(lang, asking, lookalike, relative):
    found = match_forget(forget_requests(asking), _pool(lookalike, relative))
    assert found.erase == (2,), found


def test_proxy_the_model_picks_among_the_candidates(tmp_path):
    """Through the proxy with a local model server: the request names two debts in other
    words (the turn records the question, nothing erased); the reflection proposes one of
    them and an unrelated memory: code erases the candidate only."""
    with ChatServer(reply="Noted.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            base = "/v1/users/telegram/p/memories"
            card = client.post(base, json={"text": "I owe 20k on my credit card"}).json()["id"]
            mortgage = client.post(base, json={"text": "Has a 200k mortgage"}).json()["id"]
            town = client.post(base, json={"text": "Lives in Lyon"}).json()["id"]
            upstream.reflection_answer = json.dumps({"memories": [], "forget": [mortgage, town]})
            body = {
                "model": "stub",
                "user": "p",
                "messages": [{"role": "user", "content": "Forget what I said about my debts."}],
            }
            r = client.post("/v1/chat/completions", json=body, headers={"X-Souvenir-Channel": "telegram"})
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline and len(client.get(base).json()["memories"]) == 3:
                time.sleep(0.1)
            assert sorted(m["id"] for m in client.get(base).json()["memories"]) == sorted([card, town])
            history = client.get(f"{base}/{mortgage}/history").json()
            assert [e["event"] for e in history["history"]] == ["erased"]


# (language, "everything I told you about <a topic>", two memories of the topic, another memory)
EVERYTHING_ON_A_TOPIC = [
    (
        "en",
        "Forget everything I told you about my debts.",
        "I owe 20k on my credit card",
        "Has a 200k mortgage",
        "Lives in Lyon",
    ),
    (
        "fr",
        "Oublie tout ce que je t'ai dit sur mes dettes.",
        "A un découvert de 2000 euros",
        "Rembourse un emprunt immobilier",
        "Habite à Lyon",
    ),
    ("zh", "忘掉我跟你说过的所有关于欠钱的事", "我欠信用卡三万", "我有二十万房贷", "我住在上海"),
    (
        "ms",
        "Lupakan semua yang saya cakap tentang hutang saya.",
        "Berhutang RM20000 kad kredit",
        "Ada pinjaman rumah",
        "Tinggal di Ipoh",
    ),
]


@pytest.mark.parametrize("lang,asking,first,second,other", EVERYTHING_ON_A_TOPIC)
def test_everything_i_told_you_about_a_topic_is_that_topic(tmp_path, lang, asking, first, second, other):
    """ "Everything I told you about my debts" was read as "everything about me": it erased
    every memory of the user. It names the topic; all its memories go, the others stay."""
    (request,) = forget_requests(asking)
    assert request.everything and not request.whole and request.topic
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        ids = [mem.remember("u", text).id for text in (first, second, other)]
        mem.add_turn("u", asking, reply="OK")
        assert [m.id for m in mem.memories("u").memories] == [ids[2]]
    bare = {
        "en": "Forget everything I told you.",
        "fr": "Oublie tout ce que je t'ai dit.",
        "zh": "忘掉我跟你说过的所有",
        "ms": "Lupakan semua yang saya cakap.",
    }
    assert forget_requests(bare[lang])[0].whole  # said alone, it is still everything about the user
