"""Hardening lane, session 15: an attack on session 14's surfaces (whose request to forget, the
acted-retry mark, erasure and the SQLite file's bytes), each over real parts (a real SQLite file,
real HTTP on loopback, a loopback model server; our code unpatched).

- Someone else's request reported without a colon or a quote (我妹妹说忘掉关于我的一切, "Kakak
  saya kata lupakan semua tentang saya", 他说忘记我说的关于我哥哥的事) erased the user's memory.
- After "forget everything about me", a stateless client's user telling a fact again (the same
  one-message request as before the erasure) was taken for a client's retry: never recorded.
- A request to forget a topic kept the plain ``proxy:`` hash of its request on its emptied turn
  (hashing a guessed request confirmed it), and its read's selection record kept its words.
- The text of a forgotten memory stayed in the SQLite file's write-ahead log.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.api.proxy_records import request_key
from tests.attack_support import dump_sqlite, stub_model_settings
from tests.servers import ChatServer, UvicornThread

# -- 1. someone else's request, reported without a colon or a quote ------------------------------
MEMORIES = {
    "en": ["I adopted a cat called Kopi", "My brother Tom owes me money"],
    "fr": ["J'ai adopté un chat appelé Kopi", "Mon frère Tom me doit de l'argent"],
    "zh": ["我领养了一只叫Kopi的猫", "我哥哥Tom欠我钱"],
    "ms": ["Saya mengambil kucing bernama Kopi", "Abang saya Tom berhutang dengan saya"],
}
REPORTED = [
    ("en", "My sister said forget everything about me"),
    ("en", "My sister said forget what I told you about my brother"),
    ("fr", "Ma sœur a dit oublie tout sur moi"),
    ("fr", "Ma sœur a dit oublie ce que je t'ai dit sur mon frère"),
    ("zh", "我妹妹说忘掉关于我的一切"),
    ("zh", "我妹妹跟我说忘掉关于我的一切"),
    ("zh", "他说忘记我说的关于我哥哥的事"),
    ("zh", "好吧，我妈说别记我哥哥的事了"),
    ("ms", "Kakak saya kata lupakan semua tentang saya"),
    ("ms", "Kakak saya cakap lupakan semua tentang saya"),
    ("ms", "Dia kata lupakan apa yang saya cakap tentang abang saya"),
    ("ms", "Kawan saya beritahu saya lupakan hal abang saya"),
]
OWN = [
    ("en", "Forget everything about me"),
    ("fr", "Oublie tout sur moi"),
    ("zh", "我说忘掉关于我的一切"),
    ("zh", "我跟你说，忘掉关于我的一切"),
    ("zh", "刚才说的，忘掉关于我的一切"),
    ("zh", "你听我说，忘掉关于我的一切"),
    ("ms", "Saya kata lupakan semua tentang saya"),
    ("ms", "Tadi saya cakap lupakan semua tentang saya"),
    ("ms", "Macam saya cakap, lupakan semua tentang saya"),
]


def _after(tmp_path, lang: str, message: str) -> list[str]:
    with Souvenir.open(tmp_path / "r.db", embedder="none", window_embedder="none", background=False) as mem:
        for text in MEMORIES[lang]:
            mem.add_turn("u", text, "OK.")
        mem.add_turn("u", message, "OK.")
        return [m.text for m in mem.memories("u").memories]


@pytest.mark.parametrize(("lang", "message"), REPORTED)
def test_a_request_reported_without_a_colon_erases_nothing(tmp_path, lang, message):
    left = _after(tmp_path, lang, message)
    assert all(text in left for text in MEMORIES[lang])  # the message itself may be kept: it reports


@pytest.mark.parametrize(("lang", "message"), OWN)
def test_the_users_own_request_still_erases(tmp_path, lang, message):
    assert not any(text in _after(tmp_path, lang, message) for text in MEMORIES[lang])


# -- 2, 3. the proxy: a stateless client's user after an erasure; the topic request's turn ---------
def _memories(client: httpx.Client, user: str, status: str = "active") -> list[str]:
    return [m["text"] for m in client.get(f"/v1/users/telegram/{user}/memories?status={status}").json()["memories"]]


def _until(check, what: str) -> None:
    deadline = time.monotonic() + 30  # acted on after the reply (its record): waited for, not timed
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.2)


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


def _say(client: httpx.Client, user: str, text: str, retry: int = 0) -> None:
    """One request of a stateless client: a system prompt and the user's last message;
    ``retry``: the attempt's number, as OpenAI's SDKs send it (``x-stainless-retry-count``)."""
    messages = [{"role": "system", "content": "You are a helpful bot."}, {"role": "user", "content": text}]
    body = {"model": "stub", "user": user, "messages": messages}
    sent = {"x-stainless-retry-count": str(retry)}
    assert client.post("/v1/chat/completions", json=body, headers=sent).status_code == 200


def test_a_fact_told_again_after_forget_everything_is_kept(proxied):
    """A stateless client sends the same request for the same words: after "forget everything
    about me", the user telling a fact again is no client's retry of the request acted on."""
    _say(proxied, "u", "I live in Leeds with my cat Kopi")
    _until(lambda: _memories(proxied, "u") == ["I live in Leeds with my cat Kopi"], "not written")
    _say(proxied, "u", "Please forget everything about me.")
    _until(lambda: _memories(proxied, "u") == [], "not acted on")
    _say(proxied, "u", "I live in Leeds with my cat Kopi")
    _until(lambda: _memories(proxied, "u") == ["I live in Leeds with my cat Kopi"], "the fact told again was lost")


def test_forget_everything_said_again_after_more_is_acted_on(proxied):
    """A stateless client's user asking again, after telling something new, sent the very same
    request as the one acted on: it was taken for the client's retry, and the new fact kept."""
    _say(proxied, "u", "I have a dog called Rex")
    _until(lambda: _memories(proxied, "u") != [], "not written")
    _say(proxied, "u", "Please forget everything about me.")
    _until(lambda: _memories(proxied, "u") == [], "not acted on")
    _say(proxied, "u", "My new address is 12 Elm Street, Leeds")
    _until(lambda: _memories(proxied, "u") != [], "not written")
    _say(proxied, "u", "Please forget everything about me.")
    _until(lambda: _memories(proxied, "u") == [], "the request said again was not acted on")


def test_a_retry_of_the_forget_request_itself_still_does_not_act(proxied):
    """The request acted on keeps its keyed mark: its client's retry is recorded once."""
    _say(proxied, "u", "Please forget everything about me.")
    time.sleep(1.0)
    proxied.post("/v1/users/telegram/u/memories", json={"text": "Lives in Leeds"})
    _say(proxied, "u", "Please forget everything about me.", retry=1)  # the client's retry, marked
    time.sleep(1.5)
    assert _memories(proxied, "u") == ["Lives in Leeds"]


def test_a_topic_requests_turn_keeps_no_plain_hash_nor_its_words(proxied, tmp_path):
    """The request naming its topic is emptied from its turn: its plain ``proxy:`` key (a hash of
    the request) stayed there, and its read's selection record kept its words."""
    _say(proxied, "u", "I take Biktarvy for my HIV every morning")
    _until(lambda: _memories(proxied, "u") != [], "not written")
    asked = "Please forget what I said about my HIV"
    _say(proxied, "u", asked)
    _until(lambda: _memories(proxied, "u") == [], "not acted on")
    time.sleep(1.0)  # the read's selection record is written off the turn
    rows = dump_sqlite(tmp_path / "p.db")
    messages = [{"role": "system", "content": "You are a helpful bot."}, {"role": "user", "content": asked}]
    plain = request_key("telegram", "u", None, messages)
    assert plain.split(":")[1] not in rows
    assert "HIV" not in rows
    _say(proxied, "u", asked)  # the client's retry: still recorded once (its keyed mark)
    time.sleep(1.0)
    assert "HIV" not in dump_sqlite(tmp_path / "p.db")


def test_an_ambiguous_topic_requests_words_are_kept_nowhere(proxied, tmp_path):
    """A request naming a topic no memory holds erases nothing (recorded ambiguous); its turn was
    emptied, but its read's selection record kept its words."""
    _say(proxied, "u", "I take my vitamins every morning")
    _until(lambda: _memories(proxied, "u") != [], "not written")
    _say(proxied, "u", "Please forget what I said about my Zorblax prescription")
    time.sleep(1.5)  # the read's selection record is written off the turn
    assert "Zorblax" not in dump_sqlite(tmp_path / "p.db")
    assert _memories(proxied, "u") == ["I take my vitamins every morning"]


def test_the_question_that_retrieved_a_forgotten_memory_goes_with_it(proxied, tmp_path):
    """Its selection record went (it served the memory and shares a word with it), but its turn,
    its drop event's quote and its last query stayed: "Biktarvy" (the HIV drug) after "forget
    what I said about my HIV", in the profile a context shows the model."""
    _say(proxied, "u", "I take Biktarvy for my HIV every morning")
    _until(lambda: _memories(proxied, "u") != [], "not written")
    _say(proxied, "u", "Is Biktarvy safe with alcohol?")
    time.sleep(1.0)
    _say(proxied, "u", "I also love hiking in the Alps")
    _until(lambda: len(_memories(proxied, "u")) == 2, "not written")
    _say(proxied, "u", "Please forget what I said about my HIV")
    _until(lambda: _memories(proxied, "u") == ["I also love hiking in the Alps"], "not acted on")
    time.sleep(1.0)
    rows = dump_sqlite(tmp_path / "p.db")
    assert "Biktarvy" not in rows
    assert "hiking in the Alps" in rows  # what it did not retrieve stays


# -- 4. the SQLite file's bytes ---------------------------------------------------------------------
def _file_bytes(db) -> bytes:
    return b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*") if p.is_file())


def test_a_forgotten_memorys_text_leaves_the_sqlite_files(proxied, tmp_path):
    """``DELETE …/memories/{id}`` and "forget everything": no byte of the text left in the
    database, its write-ahead log or shared memory (the WAL kept the pages written before)."""
    db = tmp_path / "p.db"
    made = proxied.post("/v1/users/telegram/u/memories", json={"text": "Diagnosed with Zebrafluvirus in March"})
    proxied.post("/v1/context", json={"channel": "telegram", "user": "u", "message": "my Zebrafluvirus?"})
    time.sleep(0.5)
    assert b"Zebrafluvirus" in _file_bytes(db)
    assert proxied.delete(f"/v1/users/telegram/u/memories/{made.json()['id']}").status_code == 200
    assert b"Zebrafluvirus" not in _file_bytes(db)
    proxied.post("/v1/users/telegram/v/memories", json={"text": "Owes the Quokkabank 20k"})
    proxied.post(
        "/v1/turns", json={"channel": "telegram", "user": "v", "message": "Please forget everything about me."}
    )
    assert b"Quokkabank" not in _file_bytes(db)


# -- 2b. the acted mark on both stores (the library, as the proxy records) --------------------------
def test_an_acted_request_is_a_retry_only_while_it_is_the_latest_turn(store_url):
    key_forget = request_key("api", "u", None, [{"role": "user", "content": "Please forget everything about me."}])
    key_fact = request_key("api", "u", None, [{"role": "user", "content": "I live in Leeds"}])
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn_once("u", "I live in Leeds", "OK.", source=key_fact, within_s=600)
        mem.add_turn_once("u", "Please forget everything about me.", "Done.", source=key_forget, within_s=600)
        assert mem.memories("u").memories == []
        assert mem.request_acted("u", key_forget, within_s=600)  # its client's retry
        assert not mem.request_acted("u", key_fact, within_s=600)  # a collateral turn: no mark
        assert mem.add_turn_once("u", "I live in Leeds", "OK.", source=key_fact, within_s=600)
        assert [m.text for m in mem.memories("u").memories] == ["I live in Leeds"]
        assert not mem.request_acted("u", key_forget, within_s=600)  # the conversation moved on
        mem.add_turn_once("u", "Please forget everything about me.", "Done.", source=key_forget, within_s=600)
        assert mem.memories("u").memories == []
