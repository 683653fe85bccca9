"""Hardening lane harden2, session 16: where lane harden did not reach — MCP over HTTP with
keys, export/import on PostgreSQL, several faces writing to one PostgreSQL store, and the
forget note the block ends with. Each test talks to real parts (the real PostgreSQL at
127.0.0.1:5432, real HTTP on loopback; our code unpatched).

- The forget note quoted an unsure request's candidates from every story of the user: a
  story's memories (a role-play's) shown in a context of no story, or of another story.
- The note quoted every candidate whole: a request matching many long memories put them all
  in the block, without a bound.
"""

from __future__ import annotations

import pytest

from souvenir.library import Souvenir
from souvenir.ground.limits import MAX_TEXT_BYTES
from souvenir.read.forget_note import MAX_QUOTED, QUOTED_CHARS, ForgetNote, render_forget_note

SIBLINGS = "Please forget what I said about my siblings"


def _open(url: str) -> Souvenir:
    return Souvenir.open(url, embedder="none", window_embedder="none", background=False)


# -- 1. the forget note quotes only what the context may show ----------------------------------
def test_the_forget_note_quotes_no_memory_of_another_story(store_url):
    """ "Forget what I said about my siblings" matched a sister and a brother kept in a
    role-play's story: the note asked "which one?" quoting both in a context of no story (and
    of another story), where the block never shows that story's memories."""
    with _open(store_url) as mem:
        mem.remember("ann", "My sister Lena is a pilot", scope="story", story="secret-rp")
        mem.remember("ann", "My brother Tom plays the cello", scope="story", story="secret-rp")
        for story in (None, "work"):
            block = mem.context("ann", SIBLINGS, story=story).block
            assert "Lena" not in block and "Tom" not in block, (story, block)
            assert "nothing is erased" in block, block  # still told nothing is erased
        inside = mem.context("ann", SIBLINGS, story="secret-rp").block  # the story's own context: quoted
        assert "Lena" in inside and "Tom" in inside, inside


def test_the_forget_note_quotes_no_other_users_memory(store_url):
    with _open(store_url) as mem:
        mem.remember("bob", "My sister Lena is a pilot")
        mem.remember("bob", "My brother Tom plays the cello")
        mem.remember("ann", "My sister Ada bakes bread")
        mem.remember("ann", "My brother Max sails boats")
        block = mem.context("ann", SIBLINGS).block
        assert "Lena" not in block and "Tom" not in block, block
        assert "Ada" in block and "Max" in block, block


def test_the_forget_note_quotes_no_erased_memory(store_url):
    with _open(store_url) as mem:
        gone = mem.remember("ann", "My sister Lena is a pilot").id
        mem.remember("ann", "My brother Tom plays the cello")
        mem.remember("ann", "My sister Ada bakes bread")
        assert gone is not None
        mem.forget("ann", gone)
        block = mem.context("ann", SIBLINGS).block
        assert "Lena" not in block, block
        assert "Tom" in block and "Ada" in block, block


# -- 2. the note is bounded --------------------------------------------------------------------
def test_the_forget_note_is_bounded_however_many_long_memories_match(store_url):
    """Forty long memories about siblings: the note quoted all forty whole."""
    filler = " and she likes" + " very" * ((MAX_TEXT_BYTES // 2) // 5)
    with _open(store_url) as mem:
        for i in range(40):
            mem.remember("ann", f"My sister Lena{i} is a pilot{filler} {i}")
        block = mem.context("ann", SIBLINGS).block
        note = block[block.index("it may mean any of these") :]
        assert note.count("Lena") == MAX_QUOTED, note
        assert "and 36 more" in note, note[-300:]
        assert len(note) < (MAX_QUOTED + 2) * (QUOTED_CHARS + 40), len(note)


NOTE_MORE = [
    ("en", "and 36 more"),
    ("fr", "et 36 autres"),
    ("zh", "还有 36 条"),
    ("ms", "dan 36 lagi"),
]


@pytest.mark.parametrize(("lang", "more"), NOTE_MORE)
def test_the_forget_notes_candidates_are_bounded_in_every_language(lang, more):
    long = "x" * MAX_TEXT_BYTES
    note = ForgetNote(False, (), tuple(f"{i} {long}" for i in range(40)))
    lines = render_forget_note(note, {"lang": lang}, repr)
    assert len(lines) == 1 + MAX_QUOTED + 1, lines
    assert all(len(line) <= QUOTED_CHARS + 10 for line in lines[1:-1]), [len(x) for x in lines]
    assert more in lines[-1], lines[-1]


# -- 3. an id no write could have made is bad input on every read, PostgreSQL included --------
READS = {
    "memories": lambda m, u: m.memories(u),
    "memory": lambda m, u: m.memory(u, 1),
    "forgotten": lambda m, u: m.forgotten(u),
    "history": lambda m, u: m.history(u, 1),
    "forget": lambda m, u: m.forget(u, 1),
    "pin": lambda m, u: m.pin(u, 1),
    "profile": lambda m, u: m.profile(u),
    "export_user": lambda m, u: m.export_user(u),
    "delete_user": lambda m, u: m.delete_user(u),
    "timezone": lambda m, u: m.timezone(u),
    "user_channels": lambda m, u: m.user_channels(u),
    "other channel": lambda m, u: m.memories("ann", channel=u),
}


@pytest.mark.parametrize("bad", ["ann\x00", "\ud800ann"], ids=["nul", "lone surrogate"])
def test_a_user_id_no_write_could_make_is_bad_input_on_every_read(store_url, bad):
    """On PostgreSQL a read naming ``ann\\x00`` (or a lone surrogate) failed as a store error or
    a UnicodeEncodeError — the MCP tools' bare "Error executing tool" — where the writes and
    the REST routes refuse it as bad input."""
    from souvenir.ground.errors import InputError

    with _open(store_url) as mem:
        mem.remember("ann", "I like green tea")
        for name, read in READS.items():
            with pytest.raises(InputError):
                read(mem, bad)
            assert mem.memories("ann").memories, name  # nothing erased on the way


def test_an_mcp_call_naming_a_nul_user_is_a_readable_refusal():
    """Through the MCP HTTP server with a channel key, on PostgreSQL: "Error executing tool
    memories" (a crash) before; one sentence now, as REST's 422."""
    import anyio
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from souvenir.mcp.server import http_app
    from tests.pgtest import fresh_database
    from tests.servers import UvicornThread

    async def call(url: str, key: str):
        async with (
            httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30) as http,
            streamable_http_client(url, http_client=http) as (read, write),
            ClientSession(read, write) as session,
        ):
            await session.initialize()
            calls = {"memories": {}, "forget": {"memory_id": 1}, "search": {"query": "tea"}}
            return [await session.call_tool(tool, {"user": "ann\x00", **more}) for tool, more in calls.items()]

    with fresh_database() as url, _open(url) as mem:
        key = mem.create_key("bot", channels=["api"])[0]
        with UvicornThread(http_app(mem)) as server:
            results = anyio.run(call, f"{server.url}/mcp", key)
    said = [r.content[0].text for r in results]
    assert all(r.is_error for r in results) and all("user id contains a NUL character" in s for s in said), said


# -- 4. "forget everything" acts as of when it was said -----------------------------------------
EVERYTHING = [
    ("en", "Please forget everything about me."),
    ("fr", "Oublie tout ce que tu sais sur moi."),
    ("zh", "忘掉关于我的一切"),
    ("ms", "Lupakan semua tentang saya."),
]


@pytest.mark.parametrize(("lang", "request_text"), EVERYTHING)
def test_forget_everything_keeps_what_another_face_wrote_after_it_was_said(store_url, lang, request_text):
    """The proxy records an exchange after the model's reply, with the time its request arrived:
    a memory saved through another face while the reply was written (after the request) was
    erased by the request recorded after it."""
    from datetime import timedelta

    from souvenir.ground.timeutil import utcnow

    with _open(store_url) as mem:
        mem.remember("ann", "Allergic to peanuts")
        said = utcnow()
        later = mem.remember("ann", "My new address is 12 Elm Street, Leeds", date=said + timedelta(seconds=2))
        assert later.action == "insert", later
        mem.add_turn("ann", request_text, "OK.", time=said)
        left = [m.text for m in mem.memories("ann").memories]
        assert left == ["My new address is 12 Elm Street, Leeds"], (lang, left)


def test_forget_everything_through_the_proxy_keeps_a_write_made_during_the_reply():
    """The real proxy in front of a slow loopback model, on PostgreSQL: "Please forget
    everything about me." arrives, a memory is saved through REST during the reply; the
    record erased it with the rest."""
    import json
    import threading
    import time

    import httpx

    from souvenir.api.app import create_app
    from tests.attack_support import stub_model_settings
    from tests.pgtest import fresh_database
    from tests.servers import ChatServer, UvicornThread

    def memories(client) -> list[str]:
        return [m["text"] for m in client.get("/v1/users/telegram/u/memories").json()["memories"]]

    with fresh_database() as url, ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as up:
        up.chat_mode, up.delay_s = "slow", 3.0
        settings = stub_model_settings(url, up.url, reflection_timeout_s=2.0)
        with (
            UvicornThread(create_app(settings)) as server,
            httpx.Client(base_url=server.url, timeout=30, headers={"X-Souvenir-Channel": "telegram"}) as client,
        ):
            client.post("/v1/users/telegram/u/memories", json={"text": "Allergic to peanuts"})
            time.sleep(1.1)  # the request arrives in a later second than the first memory (the store's unit)
            body = {
                "model": "stub",
                "user": "u",
                "messages": [{"role": "system", "content": "bot"}, {"role": "user", "content": EVERYTHING[0][1]}],
            }
            answered = []
            asking = threading.Thread(target=lambda: answered.append(client.post("/v1/chat/completions", json=body)))
            asking.start()
            time.sleep(1.5)  # the model is writing its reply: the request arrived over a second ago
            saved = client.post(
                "/v1/users/telegram/u/memories", json={"text": "My new address is 12 Elm Street, Leeds"}
            )
            assert saved.json()["action"] == "insert", saved.text
            asking.join()
            assert answered[0].status_code == 200
            deadline = time.monotonic() + 30  # recorded after the reply: waited for, not timed
            while "Allergic to peanuts" in memories(client):
                assert time.monotonic() < deadline, "not acted on"
                time.sleep(0.2)
            assert memories(client) == ["My new address is 12 Elm Street, Leeds"]
