"""Memories the model's prompt already shows take no place (issue #28, souvenir.read.in_prompt):
pure rules, the selection, then the library, REST and the proxy over real HTTP on loopback,
real SQLite files; texts in English, French, Chinese and Malay."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import httpx

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.api.proxy_request import conversation_texts, prompt_texts
from souvenir.ground.limits import MAX_PROMPT_MESSAGES
from souvenir.read.in_prompt import in_prompt, prompt_hashes
from souvenir.read.selection import Pool, SelectionConfig, select
from souvenir.ground.hashing import content_hash
from souvenir.ground.types import Memory
from tests.attack_support import sqlite_settings
from tests.servers import ChatServer, UvicornThread

NOW = datetime(2026, 12, 6, tzinfo=timezone.utc)

#: One earlier message per language, then what else the user said (not in the prompt).
SAID = {
    "en": "I adopted a grey cat called Pixel",
    "fr": "J'ai commencé le violoncelle au conservatoire de Lyon",
    "zh": "我在杭州开了一家面包店，每天早上五点起床",
    "ms": "Saya tinggal di Ipoh bersama keluarga saya",
}
ELSEWHERE = "My sister Amélie lives in Montréal and teaches chemistry"


def _memory(i: int, text: str, kind: str = "episode") -> Memory:
    return Memory(id=i, user_id=1, text=text, kind=kind, content_hash=content_hash(text), created_at=NOW)


def test_a_memory_is_in_the_prompt_when_its_text_is_a_message_word_for_word():
    memories = [_memory(i + 1, t) for i, t in enumerate(SAID.values())] + [_memory(9, ELSEWHERE)]
    memories.append(_memory(10, SAID["en"] + " ", kind="rule"))  # a rule: always in the context
    shown = prompt_hashes([f"  {SAID['en']}\n", SAID["fr"], SAID["zh"], SAID["ms"], "Sure!", "", None])  # type: ignore[list-item]
    assert in_prompt(Pool(memories), shown) == [1, 2, 3, 4]
    assert in_prompt(memories, shown) == [1, 2, 3, 4]  # a plain list reads the same
    # word for word: another case, another spacing inside, a part of it — not the same text
    other = prompt_hashes([SAID["en"].upper(), SAID["fr"].replace(" ", "  "), SAID["zh"][:6], "Saya baru berpindah"])
    assert in_prompt(Pool(memories), other) == []
    assert in_prompt(Pool(memories), frozenset()) == []


def test_the_messages_read_are_bounded_and_a_grown_pool_reads_only_its_new_memories():
    many = [f"message {i}" for i in range(MAX_PROMPT_MESSAGES + 5)]
    hashes = prompt_hashes(many)
    assert len(hashes) == MAX_PROMPT_MESSAGES  # the oldest five are not read
    assert prompt_hashes(["x" * (16 * 1024 + 1)]) == frozenset()  # longer than any memory
    pool = Pool([_memory(1, "message 0"), _memory(2, "message 5"), _memory(3, "message 404")])
    assert in_prompt(pool, hashes) == [2, 3]
    grown = pool.extended([_memory(4, "message 6"), _memory(5, SAID["zh"])])
    assert in_prompt(grown, hashes) == [2, 3, 4]
    assert in_prompt(grown, prompt_hashes([SAID["zh"]])) == [5]


def test_the_selection_gives_an_excluded_memory_no_place_and_keeps_rules():
    memories = [_memory(i + 1, f"memory {i}") for i in range(30)] + [_memory(99, "always", kind="rule")]
    scores = {m.id: 3.0 - m.id / 10 for m in memories if m.kind != "rule"}
    cfg = SelectionConfig(limit=24, semantic_threshold=0.5, score_name="score", semantic_slots=18)
    before = [s.memory.id for s in select(Pool(memories), scores, cfg, NOW).memories]
    after = select(Pool(memories), scores, cfg, NOW, exclude=[1, 2, 99])
    ids = [s.memory.id for s in after.memories]
    assert 1 in before and 2 in before and 1 not in ids and 2 not in ids
    assert len(ids) == 24 and {25, 26} <= set(ids)  # their places went to the next ones
    assert [s.memory.id for s in after.rules] == [99]


def test_the_proxy_reads_every_text_as_shown_and_the_conversation_without_the_instructions():
    messages = [
        {"role": "system", "content": "You are kind."},
        {"role": "user", "content": SAID["fr"]},
        {"role": "assistant", "content": [{"type": "text", "text": "Super !"}, {"type": "image_url"}]},
        {"role": "user", "content": [{"type": "text", "text": SAID["zh"]}]},
        {"role": "tool", "content": None},
        {"role": "developer", "content": "Answer in French."},
        "not a message",
        {"role": "user", "content": "x" * (16 * 1024 + 1)},
    ]
    # what the model sees (a memory word for word among it takes no place) ...
    assert prompt_texts(messages) == ["You are kind.", SAID["fr"], "Super !", SAID["zh"], "Answer in French."]
    # ... and the conversation a short message is read with: the instructions are no turn of it
    assert conversation_texts(messages) == [SAID["fr"], "Super !", SAID["zh"]]


def _library_user(mem: Souvenir, user: str) -> None:
    for text in [*SAID.values(), ELSEWHERE]:
        assert mem.remember(user, text, kind="fact").action == "insert"


def test_the_library_leaves_out_what_the_messages_show_and_says_so_on_the_diagnostics(tmp_path):
    with Souvenir.open(tmp_path / "lib.db", embedder="none", window_embedder="none", background=False) as mem:
        _library_user(mem, "ana")
        alone = mem.context("ana", "Any news?")
        assert {m.text for m in alone.memories} == {*SAID.values(), ELSEWHERE}
        shown = [SAID["en"], "Lovely!", SAID["fr"], SAID["zh"], SAID["ms"]]
        answer = mem.context("ana", "Any news?", messages=shown)
        assert [m.text for m in answer.memories] == [ELSEWHERE]
        assert SAID["zh"] not in answer.block and ELSEWHERE in answer.block
        last = mem.diagnostics("ana").selections[0]
        left = [it for it in last.items if it.pass_name == "in_prompt"]
        assert {it.text for it in left} == set(SAID.values())
        assert all("already in the prompt" in it.reason for it in left)


def test_rest_context_takes_bounded_messages_over_real_http(tmp_path):
    settings = sqlite_settings(tmp_path / "rest.db")
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for text in [*SAID.values(), ELSEWHERE]:
            r = client.post("/v1/users/api/bo/memories", json={"text": text, "kind": "fact"})
            assert r.status_code == 200 and r.json()["action"] == "insert", r.text
        body = {"user": "bo", "message": "Quoi de neuf ?"}
        full = client.post("/v1/context", json=body).json()
        assert len(full["memories"]) == 5
        r = client.post("/v1/context", json=body | {"messages": [SAID["ms"], SAID["fr"]]})
        assert r.status_code == 200, r.text
        texts = {m["text"] for m in r.json()["memories"]}
        assert texts == {SAID["en"], SAID["zh"], ELSEWHERE}
        too_many = client.post("/v1/context", json=body | {"messages": ["hi"] * (MAX_PROMPT_MESSAGES + 1)})
        assert too_many.status_code == 422 and "messages" in too_many.text
        too_long = client.post("/v1/context", json=body | {"messages": ["x" * (16 * 1024 + 1)]})
        assert too_long.status_code == 422
        assert client.post("/v1/context", json=body | {"messages": "not a list"}).status_code == 422
        deadline = time.monotonic() + 10
        while "already in the prompt" not in (page := client.get("/v1/users/api/bo/diagnostics").text):
            assert time.monotonic() < deadline, page[:2000]
            time.sleep(0.1)


def test_the_proxy_gives_no_place_to_what_its_messages_show(tmp_path):
    with ChatServer() as upstream:
        settings = sqlite_settings(
            tmp_path / "proxy.db", llm_base_url=upstream.url, llm_model="stub", summary_enabled=False
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            for text in [*SAID.values(), ELSEWHERE]:
                assert client.post("/v1/users/api/cy/memories", json={"text": text}).status_code == 200
            conversation = [
                {"role": "user", "content": SAID["zh"]},
                {"role": "assistant", "content": "太好了！"},
                {"role": "user", "content": [{"type": "text", "text": SAID["ms"]}]},
                {"role": "assistant", "content": "Seronoknya!"},
                {"role": "user", "content": "What should I cook tonight?"},
            ]
            headers = {"X-Souvenir-User": "cy"}
            r = client.post("/v1/chat/completions", json={"model": "stub", "messages": conversation}, headers=headers)
            assert r.status_code == 200, r.text
            system = next(b for b in upstream.requests if b["messages"][-1] == conversation[-1])["messages"][0]
            assert system["role"] == "system"
            assert SAID["en"] in system["content"] and ELSEWHERE in system["content"]
            assert SAID["zh"] not in system["content"] and SAID["ms"] not in system["content"]
            last = [{"role": "user", "content": "What should I cook tonight?"}]
            r = client.post("/v1/chat/completions", json={"model": "stub", "messages": last}, headers=headers)
            assert r.status_code == 200, r.text
            replies = [b for b in upstream.requests if len(b["messages"]) == 2 and b["messages"][1] == last[0]]
            assert SAID["zh"] in replies[-1]["messages"][0]["content"]  # not shown: it has its place
