""" "Forget everything about me" said in chat (issue #26, lane write8): a clear, first-person,
unrelayed, non-hypothetical, non-negated request erases every memory of the user (not the
operator's rules) the way ``forget`` does — text erased, history ``erased`` with the source
``request:turn:N`` — in four languages, through the library, ``/v1/turns`` and the proxy;
said with a hedge or a condition it erases nothing and is recorded as a decision."""

from __future__ import annotations

import json

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget
from souvenir.write.forget_relay import own_forget_requests
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread

# (language, two memories of the user, the request)
WHOLE = [
    ("en", ("Lives in Leeds", "Allergic to peanuts"), "Please forget everything about me."),
    ("fr", ("Habite à Lyon", "Est allergique aux arachides"), "Oublie tout ce que tu sais sur moi, s'il te plaît."),
    ("zh", ("住在上海", "对花生过敏"), "请忘掉关于我的一切。"),
    ("ms", ("Tinggal di Ipoh", "Alah kacang"), "Tolong lupakan semua tentang saya."),
]
MORE_WHOLE = [
    "Delete everything you know about me",
    "Can you erase all my memories?",
    "Forget everything I've told you, please",
    "Efface toutes mes données, stp.",
    "Tu peux oublier tout à mon sujet ?",
    "把我的所有信息都删掉",
    "你能忘掉关于我的一切吗？",
    "Padam semua maklumat saya.",
    "Boleh tak awak lupakan semua tentang saya?",
]
# negated, relayed, hypothetical: no request at all
NO_REQUEST = [
    "Don't forget everything about me",
    "If I asked you to forget everything about me, would you?",
    "My ex told me: forget everything about me",
    "N'oublie pas tout sur moi",
    "Et si tu oubliais tout sur moi ?",
    "Mon ex m'a dit : oublie tout sur moi",
    "别忘了关于我的一切",
    "我妈说：忘掉关于我的一切",
    "Jangan lupa semua tentang saya",
    "Kakak kata: lupakan semua tentang saya",
]
# a request, but hedged or conditional: not a request for everything (names nothing: ambiguous)
HEDGED = {
    "en": "Maybe you should just forget everything about me lol",
    "fr": "Oublie tout sur moi, enfin peut-être, je plaisante.",
    "zh": "要是你忘掉关于我的一切会怎样？",
    "ms": "Kalau awak lupakan semua tentang saya, macam mana?",
}
# everything, but not about the user: not a whole request
NOT_WHOLE = [
    "Forget everything.",
    "Forget everything about my brother",
    "Oublie tout ce que je viens de dire",
    "忘掉我刚才说的所有话",
    "Lupakan semua tentang abang saya",
]


def _stored(texts: tuple[str, ...]) -> list[Memory]:
    rule = Memory(9, 1, "Always answer in French", kind="rule", source="turn:1")
    return [Memory(i + 1, 1, text, source=f"turn:{i + 1}") for i, text in enumerate(texts)] + [rule]


@pytest.mark.parametrize("lang,memories,asking", WHOLE, ids=[c[0] for c in WHOLE])
def test_a_whole_request_names_every_memory_but_rules(lang, memories, asking):
    requests = own_forget_requests(asking, frozenset())
    assert [r.whole for r in requests] == [True]
    found = match_forget(requests, _stored(memories))
    assert found.erase == (1, 2) and not found.ambiguous
    assert found.reason.endswith("about them: 2 memories")
    one = match_forget(requests, _stored(memories)[:1])  # a count of one is singular
    assert one.erase == (1,) and one.reason.endswith("about them: 1 memory")


@pytest.mark.parametrize("message", MORE_WHOLE)
def test_other_wordings_of_a_whole_request(message):
    assert [r.whole for r in own_forget_requests(message, frozenset())] == [True]


@pytest.mark.parametrize("message", NO_REQUEST)
def test_negated_relayed_or_hypothetical_asks_nothing(message):
    assert own_forget_requests(message, frozenset()) == []


@pytest.mark.parametrize("lang,message", sorted(HEDGED.items()))
def test_a_hedged_request_is_ambiguous(lang, message):
    requests = own_forget_requests(message, frozenset())
    assert requests and not any(r.whole for r in requests)
    found = match_forget(requests, _stored(WHOLE[0][1] if lang == "en" else dict((c[0], c[1]) for c in WHOLE)[lang]))
    assert found.erase == () and found.ambiguous


@pytest.mark.parametrize("message", NOT_WHOLE)
def test_everything_about_something_else_is_no_whole_request(message):
    assert not any(r.whole for r in forget_requests(message))


def _events(mem: Souvenir, user: str, memory_id: int) -> list[tuple[str, str | None]]:
    return [(e.event, e.source) for e in mem.history(user, memory_id).history]


@pytest.mark.parametrize("lang,memories,asking", WHOLE, ids=[c[0] for c in WHOLE])
def test_library_turn_erases_every_memory(tmp_path, lang, memories, asking):
    with Souvenir.open(tmp_path / "w.db", embedder="none", window_embedder="none", background=False) as mem:
        ids = [mem.remember("u", text).id for text in memories]
        mem.remember("other", memories[0])  # another user's memory stays
        turn = mem.add_turn("u", asking, reply="OK")
        assert mem.memories("u").memories == []
        gone = mem.memories("u", status="deleted").memories
        assert sorted(m.id for m in gone) == sorted(ids) and all(m.text == "" for m in gone)
        for memory_id in ids:
            assert _events(mem, "u", memory_id) == [("erased", f"request:turn:{turn.turn_id}")]
        export = json.dumps(mem.export_user("u").model_dump(mode="json"), ensure_ascii=False)
        assert all(text not in export for text in memories)
        assert [m.text for m in mem.memories("other").memories] == [memories[0]]
        store = mem.runtime.engine.store
        assert store.count_events("write:forget:user_request") == 1


@pytest.mark.parametrize("lang", sorted(HEDGED))
def test_library_hedged_request_erases_nothing_and_is_recorded(tmp_path, lang):
    memories = dict((c[0], c[1]) for c in WHOLE)[lang]
    with Souvenir.open(tmp_path / "h.db", embedder="none", window_embedder="none", background=False) as mem:
        for text in memories:
            mem.remember("u", text)
        mem.add_turn("u", HEDGED[lang], reply="OK")
        assert sorted(m.text for m in mem.memories("u").memories) == sorted(memories)
        assert mem.runtime.engine.store.count_events("write:forget:ambiguous") == 1


def test_v1_turns_erases_everything_in_four_languages(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'api.db'}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for lang, memories, asking in WHOLE:
            user = f"all-{lang}"
            ids = [client.post(f"/v1/users/api/{user}/memories", json={"text": t}).json()["id"] for t in memories]
            r = client.post("/v1/turns", json={"channel": "api", "user": user, "message": asking, "reply": "OK"})
            assert r.status_code == 200, r.text
            assert client.get(f"/v1/users/api/{user}/memories").json()["memories"] == [], lang
            for memory_id in ids:
                history = client.get(f"/v1/users/api/{user}/memories/{memory_id}/history").json()
                assert [e["event"] for e in history["history"]] == ["erased"], history
                assert history["memory"]["text"] == ""
            # hedged: nothing erased
            kept = client.post(f"/v1/users/api/{user}/memories", json={"text": memories[0]}).json()["id"]
            body = {"channel": "api", "user": user, "message": HEDGED[lang], "reply": "OK"}
            assert client.post("/v1/turns", json=body).status_code == 200
            active = client.get(f"/v1/users/api/{user}/memories").json()["memories"]
            assert [m["id"] for m in active] == [kept], lang


def test_proxy_erases_everything_in_four_languages(tmp_path):
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            for lang, memories, asking in WHOLE:
                user = f"p-{lang}"
                for text in memories:
                    client.post(f"/v1/users/telegram/{user}/memories", json={"text": text})
                body = {"model": "stub", "user": user, "messages": [{"role": "user", "content": asking}]}
                r = client.post("/v1/chat/completions", json=body, headers={"X-Souvenir-Channel": "telegram"})
                assert r.status_code == 200, r.text
                url = f"/v1/users/telegram/{user}/memories"
                assert wait_until(lambda url=url: client.get(url).json()["memories"] == [], 15.0, 0.1), lang
                gone = client.get(url, params={"status": "deleted"}).json()["memories"]
                assert len(gone) == len(memories) and all(m["text"] == "" for m in gone), gone


# -- one shared word of a longer topic names a thing beside the memory, not the memory ---------

THING_BESIDE = [
    ("en", "Allergic to peanuts", "Forget the peanut cake.", "Forget what I said about peanuts."),
    (
        "fr",
        "Je suis allergique aux arachides",
        "Oublie le gâteau aux arachides.",
        "Oublie ce que j'ai dit sur les arachides.",
    ),
    ("zh", "对花生过敏", "别记那个花生蛋糕了。", "别记我说的花生那件事了。"),
    ("ms", "Alah kacang", "Lupakan kek kacang tu.", "Lupakan apa yang saya cakap tentang kacang."),
]


@pytest.mark.parametrize(("lang", "memory", "thing", "topic"), THING_BESIDE, ids=[c[0] for c in THING_BESIDE])
def test_a_thing_sharing_one_word_names_no_memory(lang, memory, thing, topic):
    stored = [Memory(1, 1, memory, source="turn:1")]
    found = match_forget(own_forget_requests(thing, frozenset()), stored)
    assert found.erase == () and found.ambiguous
    assert match_forget(own_forget_requests(topic, frozenset()), stored).erase == (1,)
