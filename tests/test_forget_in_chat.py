"""A request to forget said in chat (issue #26): never a memory, it erases what it names,
in four languages, through the library, ``/v1/turns`` and the proxy (with the model's
proposal checked by code)."""

from __future__ import annotations

import json

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.types import Candidate, Memory
from souvenir.write.filters import Exchange, run_filters
from souvenir.write.forget_match import match_forget
from souvenir.write.reflection import parse_reflection
from tests.attack_support import assert_a_turn_erases, stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread

# (language, stored memory, another memory, the request, a memory the request must not name)
CASES = [
    (
        "en",
        "Brother has gambling debts",
        "Brother lives in Lyon",
        "Please forget what I said about my brother's gambling debts, I shouldn't have shared that.",
    ),
    (
        "fr",
        "Son frère a des dettes de jeu",
        "Son frère habite à Lyon",
        "Oublie ce que je t'ai dit sur les dettes de jeu de mon frère, s'il te plaît.",
    ),
    ("zh", "在考虑离职", "住在上海", "刚才说我在考虑离职那件事，你别记了，删掉吧。"),
    (
        "ms",
        "Abang ada hutang judi",
        "Abang tinggal di Ipoh",
        "Tolong lupakan apa yang saya cakap tentang hutang judi abang saya.",
    ),
]

NOT_REQUESTS = [
    "Don't forget my birthday is on Friday",
    "I always forget my keys",
    "I want to forget my ex",
    "Delete my order please",
    "I forgot to tell you I moved to Lyon",
    "N'oublie pas mon anniversaire",
    "Oublie pas de m'appeler demain",
    "J'oublie toujours mes clés",
    "别忘了我对花生过敏",
    "把订单删了",
    "我忘了带钥匙",
    "jangan lupa beli susu",
    "Saya nak lupakan dia",
    "Saya selalu lupa kunci",
]

AMBIGUOUS = {"en": "Forget that.", "fr": "Oublie ça.", "zh": "删掉吧，别记了。", "ms": "Lupakanlah."}


@pytest.mark.parametrize("lang,memory,other,asking", CASES)
def test_a_request_names_its_topic(lang, memory, other, asking):
    requests = forget_requests(asking)
    assert len(requests) == 1 and requests[0].topic
    found = match_forget(requests, [Memory(1, 1, memory, source="turn:1"), Memory(2, 1, other, source="turn:2")])
    assert found.erase == (1,) and not found.ambiguous


@pytest.mark.parametrize("message", NOT_REQUESTS)
def test_forgetting_words_that_ask_nothing(message):
    assert forget_requests(message) == []


@pytest.mark.parametrize("lang,message", sorted(AMBIGUOUS.items()))
def test_a_request_that_names_nothing_erases_nothing(lang, message):
    requests = forget_requests(message)
    assert requests and not any(r.topic for r in requests)
    found = match_forget(requests, [Memory(1, 1, "Brother has gambling debts", source="turn:3")])
    assert found.erase == () and found.ambiguous
    # the model may name a memory of the latest turns; one of an older turn, never
    stored = [
        Memory(1, 1, "Has gambling debts", source="turn:3"),
        Memory(2, 1, "Lives in Ipoh", source="turn:9"),
        Memory(3, 1, "Likes jazz", source="turn:8"),
        Memory(4, 1, "A rule", kind="rule", source="turn:9"),
    ]
    assert match_forget(requests, stored, proposed=[1, 2, 4]).erase == (2,)


def test_the_model_proposal_is_checked_against_the_topic():
    requests = forget_requests("Please forget what I told you about my salary")
    stored = [Memory(1, 1, "Earns 5000 a month in salary"), Memory(2, 1, "Lives in Ipoh")]
    assert match_forget(requests, stored, proposed=[2]).erase == (1,)
    assert match_forget(requests, [stored[1]], proposed=[2]).ambiguous


@pytest.mark.parametrize("lang,memory,other,asking", CASES)
def test_no_candidate_is_built_from_the_request(lang, memory, other, asking):
    exchange = Exchange(user_message=asking)
    for text in (memory, "Asked the assistant to forget something" if lang == "en" else memory):
        decision = run_filters(Candidate(text, confidence=0.9), exchange)
        assert not decision.kept and decision.filter == "forget_request", decision
    # another sentence of the same message still says something
    exchange = Exchange(user_message=asking + "\nI moved to Penang last week.")
    assert run_filters(Candidate("Moved to Penang"), exchange).kept


def test_the_reflection_reads_forget_ids_strictly():
    parsed = parse_reflection(json.dumps({"memories": [], "forget": [3, "x", True, -1, 9]}))
    assert parsed.forget == [3, 9] and len(parsed.dropped) == 3


def _history_events(mem: Souvenir, user: str, memory_id: int) -> list[tuple[str, str | None]]:
    return [(e.event, e.source) for e in mem.history(user, memory_id).history]


@pytest.mark.parametrize("lang,memory,other,asking", CASES)
def test_library_turn_erases_what_it_names(tmp_path, lang, memory, other, asking):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        first = mem.remember("u", memory)
        kept = mem.remember("u", other)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        gone = mem.memories("u", status="deleted").memories
        assert [m.id for m in gone] == [first.id] and gone[0].text == ""
        assert _history_events(mem, "u", first.id) == [("erased", f"request:turn:{turn.turn_id}")]
        assert memory not in json.dumps(mem.export_user("u").model_dump(mode="json"), ensure_ascii=False)
        store = mem.runtime.engine.store
        assert store.count_events("write:forget:user_request") == 1
        # a request that names nothing erases nothing: a decision recorded, no memory
        again = mem.add_turn("u", AMBIGUOUS[lang], reply="OK")
        assert again.memory is not None and again.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        assert store.count_events("write:forget:ambiguous") == 1


def test_v1_turns_erases_in_four_languages(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'api.db'}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for lang, memory, other, asking in CASES:
            assert_a_turn_erases(client, f"forget-{lang}", memory, other, asking)


def test_proxy_request_and_model_proposal(tmp_path):
    fact = json.dumps(
        {"memories": [{"text": "Has gambling debts", "kind": "fact", "scope": "global", "confidence": 0.9}]}
    )
    with ChatServer(reply="Noted.", reflection_answer=fact) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:

            def ask(text: str) -> None:
                body = {"model": "stub", "user": "p", "messages": [{"role": "user", "content": text}]}
                r = client.post("/v1/chat/completions", json=body, headers={"X-Souvenir-Channel": "telegram"})
                assert r.status_code == 200, r.text

            def active() -> list[dict]:
                return client.get("/v1/users/telegram/p/memories").json()["memories"]

            # the model's note a copy of the whole statement (a note leaving out a clause,
            # "it's hard", is replaced by the message: write/carry.drops_a_clause)
            ask("I have gambling debts.")
            stored = wait_until(active, 15.0, 0.1)
            assert [m["text"] for m in stored] == ["Has gambling debts"]
            # a request naming nothing (and pointing at nothing: "forget that" erases the previous
            # turn's memory by itself, test_forget_just_said): code erases nothing; the model names
            # the memory of the latest turn, and code accepts it (it came from that turn)
            upstream.reflection_answer = json.dumps({"memories": [], "forget": [stored[0]["id"], 999]})
            ask("Please delete from your memory.")
            assert wait_until(lambda: not active(), 15.0, 0.1) is True or not active()
            history = client.get(f"/v1/users/telegram/p/memories/{stored[0]['id']}/history").json()
            assert [e["event"] for e in history["history"]] == ["erased"]
            asked = [b for b in upstream.requests if "response_format" in b][-1]
            assert str(stored[0]["id"]) in asked["messages"][-1]["content"]  # the model saw the ids


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_engine_forgets_on_both_stores(request, backend, tmp_path):
    from souvenir.engine.core import Engine
    from souvenir.store import open_store

    url = request.getfixturevalue("pg_url") if backend == "postgres" else f"sqlite:///{tmp_path / 'e.db'}"
    engine = Engine(open_store(url))
    try:
        lang, memory, other, asking = CASES[2]  # zh
        first = engine.remember("api", "z", Candidate(memory))
        engine.remember("api", "z", Candidate(other))
        turn_id, written = engine.record_turn("api", "z", asking, "好的")
        assert written is not None and written.code == "forget_request"
        assert [m.text for m in engine.memories("api", "z")] == [other]
        _, chain = engine.memory_history("api", "z", first.memory_id)
        assert [(e["event"], e["source"]) for e in chain] == [("erased", f"request:turn:{turn_id}")]
    finally:
        engine.close()
