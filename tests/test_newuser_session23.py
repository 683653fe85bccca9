"""What a new user met in session 23 (lane newuser8), over the real parts.

- A French companion's user, through the proxy: « Oublie ce que je t'ai dit sur mes dettes,
  s'il te plaît. » erased nothing — the courtesy was read as part of the topic ({dettes,
  plaît}); the same with « d'accord ? », 谢谢, 好吗, "terima kasih".
- The companion's persona (the request's system prompt) was read as the conversation before a
  first short message, and moved the scores; the diagnostics page showed it under the message.
- The diagnostics page showed a request to forget as “” (its words are not kept), unexplained.
- A refused MCP call was logged by the SDK on the server's stderr with the user's id.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.diagnostics_page import UNKEPT_MESSAGE
from souvenir.library import Souvenir
from tests.servers import ChatServer, UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: (the memory to forget, another memory, a request to forget it said with a courtesy).
COURTEOUS = [
    (
        "J'ai 5000 euros de dettes, ça me stresse beaucoup.",
        "Mon chat s'appelle Moka.",
        "Oublie ce que je t'ai dit sur mes dettes, s'il te plaît.",
    ),
    (
        "J'ai 5000 euros de dettes, ça me stresse beaucoup.",
        "Mon chat s'appelle Moka.",
        "Oublie mes dettes s'il vous plaît",
    ),
    (
        "J'ai 5000 euros de dettes, ça me stresse beaucoup.",
        "Mon chat s'appelle Moka.",
        "Oublie ce que je t'ai dit sur mes dettes, d'accord ?",
    ),
    (
        "I have 5000 euros of debt and it stresses me.",
        "My cat is called Moka.",
        "Forget what I told you about my debt, thank you so much!",
    ),
    ("我欠了五千欧元的债，压力很大。", "我的猫叫摩卡。", "请忘掉我说的债的事，谢谢"),
    ("我欠了五千欧元的债，压力很大。", "我的猫叫摩卡。", "别记我欠的债了，好吗？"),
    (
        "J'ai 5000 euros de dettes, ça me stresse beaucoup.",
        "Mon chat s'appelle Moka.",
        "Pourrais-tu oublier mes dettes s'il te plaît ?",
    ),
    (
        "J'ai 5000 euros de dettes, ça me stresse beaucoup.",
        "Mon chat s'appelle Moka.",
        "Oublie mes dettes, merci d'avance",
    ),
    ("I have 5000 euros of debt and it stresses me.", "My cat is called Moka.", "Forget my debt, thanks in advance"),
    (
        "Saya ada hutang 5000 euro, saya stres.",
        "Kucing saya bernama Moka.",
        "Lupakan apa yang saya cakap tentang hutang saya, terima kasih banyak.",
    ),
]


@pytest.mark.parametrize(("said", "other", "asked"), COURTEOUS)
def test_a_request_to_forget_said_with_a_courtesy_erases_what_it_names(tmp_path, said, other, asked):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", other, reply="Oh !")
        memory.add_turn("léa", said, reply="Je comprends.")
        answer = memory.add_turn("léa", asked, reply="D'accord.")
        assert answer.memory is not None and answer.memory.action == "dropped"
        assert "asked to forget it" in (answer.memory.reason or ""), answer.memory.reason
        assert [m.text for m in memory.memories("léa").memories] == [other]


def test_a_memory_holding_the_courtesy_is_not_named_by_it(tmp_path):
    """The courtesy is no topic word either way: the piano goes, the memory that holds « s'il
    te plaît » stays."""
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.add_turn("léa", "Je dis toujours s'il te plaît au chauffeur du bus.", reply="Bravo.")
        memory.add_turn("léa", "Je joue du piano le mardi soir.", reply="Super.")
        assert len(memory.memories("léa").memories) == 2
        memory.add_turn("léa", "Oublie ce que je t'ai dit sur le piano, s'il te plaît.", reply="D'accord.")
        assert [m.text for m in memory.memories("léa").memories] == [
            "Je dis toujours s'il te plaît au chauffeur du bus."
        ]


def _until(test, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not test() and time.monotonic() < deadline:
        time.sleep(0.1)


PERSONA = "Tu es Lune, une amie bienveillante qui parle de jardinage et de chats."


def test_the_proxy_reads_the_conversation_not_the_persona_and_the_page_says_what_a_forget_was(tmp_path):
    """Through the proxy on loopback: a first short message is read with no conversation (the
    system prompt is the caller's instructions, not a turn); a later one with the user's and
    the assistant's turns. A request to forget is shown on the page as what it was."""
    with (
        ChatServer() as chat,
        Souvenir.open(tmp_path / "p.db", llm_base_url=chat.url, llm_model="m", **OPEN) as memory,
        UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server,
    ):
        memory.add_turn("léa", "Mon chat s'appelle Moka.", reply="Oh !")
        memory.add_turn("léa", "J'ai 5000 euros de dettes.", reply="Je comprends.")

        def ask(*turns: tuple[str, str]) -> None:
            messages = [{"role": "system", "content": PERSONA}] + [{"role": r, "content": t} for r, t in turns]
            body = {"model": "m", "user": "léa", "messages": messages}
            answer = httpx.post(f"{server.url}/v1/chat/completions", json=body, timeout=60)
            assert answer.status_code == 200, answer.text

        def selections() -> list[dict]:
            page = httpx.get(f"{server.url}/v1/users/api/l%C3%A9a/diagnostics.json", timeout=30)
            return page.json()["selections"]

        ask(("user", "Et lui ?"))
        _until(lambda: len(selections()) >= 1)
        first = selections()[0]
        assert first["message"] == "Et lui ?"
        assert PERSONA not in (first.get("conversation") or [])
        sent = [r for r in list(chat.requests) if r["messages"][-1].get("content") == "Et lui ?"]
        assert PERSONA in sent[0]["messages"][0]["content"]  # the model still reads it

        ask(("user", "Tu te souviens de mon chat ?"), ("assistant", "Oui, Moka !"), ("user", "Et lui ?"))
        _until(lambda: len(selections()) >= 2)
        later = selections()[0]
        assert PERSONA not in (later.get("conversation") or [])

        ask(("user", "Oublie ce que je t'ai dit sur mes dettes, s'il te plaît."))
        _until(lambda: len(memory.memories("léa").memories) == 1)
        assert [m.text for m in memory.memories("léa").memories] == ["Mon chat s'appelle Moka."]

        def page_text() -> str:
            return httpx.get(f"{server.url}/v1/users/api/l%C3%A9a/diagnostics", timeout=30).text

        # the request's own selection is written off the turn: when its erasure ran first the
        # record is refused (a read made before an erasure keeps nothing, store.record_selection),
        # so whether the page lists it depends on which came first — what it may never show is
        # the request's words or the erased memory
        memory.runtime.engine.bookkeeping.flush(None)
        page = page_text()
        assert "“”" not in page and "dettes" not in page

        # a request read and not yet acted on (a context alone: no turn, no erasure) is kept,
        # without its words, and the page says what it was
        memory.context("léa", "Oublie ce que je t'ai dit sur mon chat, s'il te plaît.")
        _until(lambda: UNKEPT_MESSAGE in page_text())
        page = page_text()
        assert UNKEPT_MESSAGE in page and "“”" not in page
        assert "dettes" not in page and "sur mon chat" not in page
        assert [m.text for m in memory.memories("léa").memories] == ["Mon chat s'appelle Moka."]


#: (the statement, the request to forget it said right after, the pending note's opening).
SAID_THEN_FORGOTTEN = [
    (
        "Ma sœur s'appelle Inès, elle vit à Nantes.",
        "Oublie ce que je t'ai dit sur ma sœur",
        "mais ses derniers messages sont en train d'être notés",
    ),
    ("My sister Ines lives in Nantes.", "Forget what I told you about my sister", "still being noted"),
    ("我妹妹叫伊内丝，住在南特。", "忘掉我说的妹妹的事", "仍在记录中"),
    (
        "Adik perempuan saya bernama Ines, dia tinggal di Nantes.",
        "Lupakan apa yang saya cakap tentang adik saya",
        "masih sedang dicatat",
    ),
]


@pytest.mark.parametrize(("said", "asked", "note"), SAID_THEN_FORGOTTEN)
def test_a_request_to_forget_what_is_still_being_noted_is_never_told_nothing_is_erased(tmp_path, said, asked, note):
    """With a chat model the statement's memory is written by its reflection, after the reply:
    a request to forget it said before that ran matched nothing yet, and the block told the
    model "nothing is erased" — then the record's late reading erased it. The block says it is
    being noted; without a pending reflection (no model) the statement is there and counted."""
    with (
        ChatServer() as chat,
        Souvenir.open(tmp_path / "m.db", llm_base_url=chat.url, llm_model="m", **OPEN) as memory,
    ):
        memory.add_turn("léa", said, reply="Noted.")  # its reflection queued, not run (no background worker)
        assert memory.memories("léa").memories == []
        block = memory.context("léa", asked).block
        assert note in block, block
    with Souvenir.open(tmp_path / "n.db", **OPEN) as memory:
        memory.add_turn("léa", said, reply="Noted.")
        assert note not in memory.context("léa", asked).block
        memory.add_turn("léa", asked, reply="OK.")
        assert memory.memories("léa").memories == []


def test_a_refused_mcp_call_is_not_logged_with_the_users_id(tmp_path):
    """docs/mcp.md's Python client block, run as written (the command's path replaced): the
    refused ``forget`` comes back to the client as an error result, and the server's stderr —
    which a stdio client shows in its terminal, a host in its log — no longer carries the SDK's
    INFO line "Tool 'forget' failed: 'no memory 999 for user api:me'"."""
    section = (Path(__file__).parents[1] / "docs" / "mcp.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", section.split("\n### A Python program", 1)[1], re.S).group(1)
    code = code.replace("/path/to/souvenir/.venv/bin/souvenir", str(Path(sys.executable).parent / "souvenir"))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == "True no memory 999 for user api:me", done.stdout
    assert "api:me" not in done.stderr and "failed" not in done.stderr, done.stderr[-2000:]
