"""The proxy's conversation is what the user and the assistant said (session 23, harden8).

The proxy passed every message's text, whatever its role, both as "already in the prompt" and
as the conversation a short message is read with: in a short chat a client's system prompt
("You are a helpful bot.") or a tool's output was read as a turn of the conversation — kept in
the selection's record as a turn, moving the scores. Now every text counts for "already in
the prompt" and only ``user`` and ``assistant`` messages are turns. Through the service on
loopback over a real SQLite file, the model a loopback stand-in, in four languages."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.proxy_request import conversation_texts, prompt_texts
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

#: Per language: the system prompt, an earlier user turn, the assistant's reply, a short message.
CASES = {
    "en": ("You are a helpful bot for the garden centre.", "My Fiat failed its MOT again", "Oh no, the brakes?", "yes"),
    "fr": (
        "Tu es un assistant serviable de la jardinerie.",
        "Ma Fiat a encore raté le contrôle",
        "Les freins ?",
        "oui",
    ),
    "zh": ("你是园艺中心的好帮手。", "我的车又没通过年检", "又是刹车吗？", "是的"),
    "ms": ("Anda pembantu kedai taman yang baik.", "Kereta Proton saya rosak lagi", "Brek lagi?", "ya"),
}


@pytest.fixture
def proxied(tmp_path):
    settings = stub_model_settings(f"sqlite:///{tmp_path / 'p.db'}", "", reflection_timeout_s=2.0)
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = settings.model_copy(update={"llm_base_url": upstream.url})
        with (
            UvicornThread(create_app(settings)) as server,
            httpx.Client(base_url=server.url, timeout=30, headers={"X-Souvenir-Channel": "telegram"}) as client,
        ):
            yield client


def _selections(client: httpx.Client, user: str, count: int) -> list[dict]:
    deadline = time.monotonic() + 30  # kept by the bookkeeping after the reply: waited for, not timed
    while True:
        sels = client.get(f"/v1/users/telegram/{user}/diagnostics.json").json()["selections"]
        if len(sels) >= count:
            return sels
        assert time.monotonic() < deadline, sels
        time.sleep(0.2)


def _chat(client: httpx.Client, user: str, messages: list[dict]) -> None:
    body = {"model": "stub", "user": user, "messages": messages}
    assert client.post("/v1/chat/completions", json=body).status_code == 200


def test_the_roles_read() -> None:
    messages = [
        {"role": "system", "content": "sys"},
        {"role": "developer", "content": "dev"},
        {"role": "user", "content": [{"type": "text", "text": "hi"}]},
        {"role": "assistant", "content": "hello"},
        {"role": "tool", "content": "42 °C"},
        {"role": "function", "content": "f"},
        {"role": "user", "content": "ok"},
        "not a message",
        {"content": "no role"},
    ]
    assert prompt_texts(messages) == ["sys", "dev", "hi", "hello", "42 °C", "f", "ok", "no role"]
    assert conversation_texts(messages) == ["hi", "hello", "ok"]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_system_prompt_is_in_the_prompt_but_no_turn(proxied, lang: str) -> None:
    system, said, reply, short = CASES[lang]
    user = f"u-{lang}"
    # the system prompt's very words stored as a memory: in the prompt, so given no place
    assert proxied.post(f"/v1/users/telegram/{user}/memories", json={"text": system}).status_code == 200
    stateless = [{"role": "system", "content": system}, {"role": "user", "content": short}]
    _chat(proxied, user, stateless)
    first = _selections(proxied, user, 1)[0]
    assert first["conversation"] == [], first["conversation"]  # the system prompt is no turn
    assert [i["pass"] for i in first["items"] if i["text"] == system] == ["in_prompt"]
    chat = [
        {"role": "system", "content": system},
        {"role": "user", "content": said},
        {"role": "assistant", "content": reply},
        {"role": "tool", "content": "tyre pressure 2.1 bar"},
        {"role": "user", "content": short},
    ]
    _chat(proxied, user, chat)
    newest = _selections(proxied, user, 2)[0]
    assert newest["conversation"] == [said, reply], newest["conversation"]


def test_a_library_caller_chooses_its_turns(tmp_path) -> None:
    from souvenir import Souvenir

    with Souvenir.open(tmp_path / "l.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("zoe", "The user's blue Fiat keeps failing its MOT")
        messages = ["Be brief.", "My Fiat failed its MOT again", "Oh no", "yes"]
        mem.context("zoe", "yes", messages=messages, conversation=messages[1:])
        sel = mem.diagnostics("zoe").model_dump(mode="json")["selections"][0]
        assert sel["conversation"] == ["My Fiat failed its MOT again", "Oh no"]
        mem.context("zoe", "yes", messages=messages)  # by default every message is a turn (as before)
        sel = mem.diagnostics("zoe").model_dump(mode="json")["selections"][0]
        assert sel["conversation"][0] == "Be brief."
