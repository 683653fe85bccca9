"""Hardening lane, session 16: session 15's leftovers and an attack on fresh surfaces, each over
real parts (a real SQLite file, the real PostgreSQL, real HTTP on loopback; our code unpatched).

- A PIN was dropped with the reason "(password)"; 我的PIN是482913 and "482913 is my PIN" (a
  PIN before its keyword, in every language) were kept whole.
- ``user_keys`` read a run of "!" (or "No. No. …") in time quadratic in its length.
- "Please forget everything about me." said again after a memory was saved through another face
  (and no turn between) was taken for the client's retry: the memory kept.
- A request to forget a topic no memory clearly matches erased nothing, and the model answering
  it, shown only the memories, said "done": the block now says what is and is not erased.
- A turn read its 16 KB message inside its write transaction: the store's lock held 2-6 s, past
  every other writer's wait.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.api.proxy_records import request_key
from souvenir.lexical import keyed
from souvenir.ground.limits import MAX_TEXT_BYTES
from souvenir.privacy import redact
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread
from tests.test_break_session15 import _memories, _say, _until

# -- 1. a PIN is a PIN, in every language ---------------------------------------------------------
PINS = [
    ("en", "My PIN is 482913"),
    ("en", "my bank card pin: 4829"),
    ("fr", "Mon code PIN est 482913"),
    ("fr", "le code de ma carte bleue c'est 4829"),
    ("zh", "我的PIN是482913"),
    ("zh", "我的pin码是482913"),
    ("ms", "PIN saya 482913"),
    ("ms", "Kod PIN saya ialah 482913"),
    # the value before its keyword was kept whole
    ("en", "482913 is my PIN"),
    ("fr", "4829 c'est mon code PIN"),
    ("zh", "482913是我的PIN码"),
    ("ms", "482913 ialah PIN saya"),
]


@pytest.mark.parametrize(("lang", "message"), PINS)
def test_a_pin_is_redacted_and_named_a_pin(tmp_path, lang, message):
    text, found = redact(message)
    assert "4829" not in text and found == ["pin"], (lang, text, found)
    with Souvenir.open(tmp_path / "p.db", embedder="none", window_embedder="none", background=False) as mem:
        written = mem.add_turn("u", message, "OK.").memory
        assert written.action == "dropped" and "(pin)" in written.reason, written
        assert not mem.memories("u").memories
    con = sqlite3.connect(tmp_path / "p.db")
    try:
        # hashes and keys are hex: a random one may hold the four digits (not the PIN)
        assert "4829" not in re.sub(r"[0-9a-fA-F]{16,}", "", "\n".join(con.iterdump()))
    finally:
        con.close()


# -- 2. no sentence cut costs time quadratic in its length ---------------------------------------
RUNS = {
    "bang": lambda n: "(" + "!" * n + "x",
    "dots": lambda n: "." * n + "x",
    "abbreviations": lambda n: "No. " * (n // 4),
    "letters": lambda n: "a. " * (n // 3),
}


def _cpu(text: str) -> float:
    call = keyed.user_keys.__wrapped__  # past the cache: each call reads its text
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        call(text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("kind", sorted(RUNS))
def test_user_keys_reads_a_long_run_in_linear_time(kind):
    """Four times the text costs at most 8 times the CPU (linear: ~4x; quadratic: ~16x);
    no speed target."""
    small, large = _cpu(RUNS[kind](4000)), _cpu(RUNS[kind](16000))
    assert large <= 8 * max(small, 0.005), (kind, small, large)


# -- 3. "forget everything about me" said twice, a memory written through another face between ----
@pytest.fixture
def proxied(tmp_path):
    """A keyless service on a SQLite file behind a loopback model, a client of channel telegram."""
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0)
        with (
            UvicornThread(create_app(settings)) as server,
            httpx.Client(base_url=server.url, timeout=30, headers={"X-Souvenir-Channel": "telegram"}) as client,
        ):
            yield client


def _forget_everything(client) -> None:
    client.post("/v1/users/telegram/u/memories", json={"text": "Allergic to peanuts"})
    _say(client, "u", "Please forget everything about me.")
    _until(lambda: _memories(client, "u") == [], "not acted on")
    time.sleep(1.0)  # the next memory is written in a later second than the request (the store's unit)


def test_forget_everything_said_again_after_another_faces_write_acts(proxied):
    """A stateless client sends the same request for the same words: after "forget everything
    about me" acted on, a memory saved through the API, then the user's same request again (not
    marked as the client's retry) was taken for a retry, and the memory kept against their will."""
    _forget_everything(proxied)
    proxied.post("/v1/users/telegram/u/memories", json={"text": "Lives in Leeds"})
    _say(proxied, "u", "Please forget everything about me.")
    _until(lambda: _memories(proxied, "u") == [], "the request said again was taken for a retry")


def test_a_marked_retry_of_forget_everything_still_does_not_act(proxied):
    """The same request marked as the client's retry (``x-stainless-retry-count: 1``, as
    OpenAI's SDKs send it) is recorded once and erases nothing written since."""
    _forget_everything(proxied)
    proxied.post("/v1/users/telegram/u/memories", json={"text": "Lives in Leeds"})
    _say(proxied, "u", "Please forget everything about me.", retry=1)
    time.sleep(1.5)
    assert _memories(proxied, "u") == ["Lives in Leeds"]


# -- 4. a request to forget that erases nothing says so to the model answering it -----------------
NOTHING_MATCHES = [
    (
        "en",
        "I take Biktarvy for my HIV every morning",
        "Please forget what I said about my HIV medication",
        "nothing is erased",
    ),
    (
        "fr",
        "Je prends du Biktarvy pour mon VIH",
        "Oublie ce que je t'ai dit sur ma prescription de Zorblax",
        "rien n'est effacé",
    ),
    ("zh", "我每天早上吃Biktarvy治疗艾滋病", "忘掉我说的关于我的Zorblax处方的事", "什么都没有删除"),
    (
        "ms",
        "Saya makan Biktarvy untuk HIV saya setiap pagi",
        "Lupakan apa yang saya cakap tentang preskripsi Zorblax saya",
        "tiada apa-apa dipadam",
    ),
]
MATCHES = [
    (
        "en",
        "My brother Tom owes me money",
        "Please forget what I said about my brother",
        "matching what they named: 1;",
    ),
    (
        "fr",
        "Mon frère Tom me doit de l'argent",
        "Oublie ce que je t'ai dit sur mon frère",
        "correspondant à ce qu'il nomme : 1 ;",
    ),
    ("zh", "我哥哥Tom欠我钱", "忘掉我说的关于我哥哥的事", "有 1 条记忆与他所说的相符"),
    (
        "ms",
        "Abang saya Tom berhutang dengan saya",
        "Lupakan apa yang saya cakap tentang abang saya",
        "sepadan dengan apa yang disebutnya: 1;",
    ),
]
MATCHES = [
    ("en", "My brother Tom owes me money", "Please forget what I said about my brother", "are erased after this reply"),
    (
        "fr",
        "Mon frère Tom me doit de l'argent",
        "Oublie ce que je t'ai dit sur mon frère",
        "sont effacés après cette réponse",
    ),
    ("zh", "我哥哥Tom欠我钱", "忘掉我说的关于我哥哥的事", "本次回复后将被删除"),
    (
        "ms",
        "Abang saya Tom berhutang dengan saya",
        "Lupakan apa yang saya cakap tentang abang saya",
        "dipadam selepas jawapan ini",
    ),
]


def _block_then_record(tmp_path, memory: str, request: str):
    with Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("u", memory, "OK.")
        block = mem.context("u", request).block
        written = mem.add_turn("u", request, "OK.").memory
        return block, written, [m.text for m in mem.memories("u").memories]


@pytest.mark.parametrize(("lang", "memory", "asked", "said"), NOTHING_MATCHES)
def test_a_request_that_erases_nothing_tells_the_model_so(tmp_path, lang, memory, asked, said):
    """The model answering "forget what I said about my HIV medication" was shown the memory
    and nothing else: it said "done", and the memory stayed. The block now says nothing is
    erased, in the user's language; the record says so too."""
    block, written, left = _block_then_record(tmp_path, memory, asked)
    assert said in block, block
    assert left == [memory] and "nothing erased" in written.reason, written


@pytest.mark.parametrize(("lang", "memory", "asked", "said"), MATCHES)
def test_a_request_that_erases_names_what_it_erases(tmp_path, lang, memory, asked, said):
    block, written, left = _block_then_record(tmp_path, memory, asked)
    note = block[block.index(said) :]  # counted, not quoted: the text asked forgotten is not shown again
    assert memory not in note and json.dumps(memory, ensure_ascii=False) not in note, block
    assert left == [], left


def test_a_message_asking_nothing_gets_no_note(tmp_path):
    block, _, _ = _block_then_record(tmp_path, "My brother Tom owes me money", "What did I say about Tom?")
    assert "forget" not in block.casefold()


def test_the_proxied_model_is_told_what_a_request_erases(tmp_path):
    """Through the real proxy: the model answering the request sees that nothing is erased."""
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0)
        with (
            UvicornThread(create_app(settings)) as server,
            httpx.Client(base_url=server.url, timeout=30, headers={"X-Souvenir-Channel": "telegram"}) as client,
        ):
            client.post("/v1/users/telegram/u/memories", json={"text": "I take Biktarvy for my HIV every morning"})
            _say(client, "u", "Please forget what I said about my HIV medication")
            chats = [
                r for r in upstream.requests if r.get("messages", [{}])[-1].get("content", "").startswith("Please")
            ]
            shown = json.dumps(chats[-1]["messages"], ensure_ascii=False)
            assert "no stored memory clearly matches what they named: nothing is erased" in shown, shown


def test_a_write_since_an_acted_request_makes_it_a_new_one_on_both_stores(store_url):
    """The store's rule (SQLite and PostgreSQL): a memory written after the acted request, through
    another face, makes the same request again the user's own, unless marked as a retry."""
    key = request_key("api", "u", None, [{"role": "user", "content": "Please forget everything about me."}])
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("u", "Allergic to peanuts")
        mem.add_turn_once("u", "Please forget everything about me.", "Done.", source=key, within_s=600)
        assert mem.memories("u").memories == []
        assert mem.request_acted("u", key, within_s=600)  # nothing written since: its retry
        time.sleep(1.0)  # the store's times are to the second
        mem.remember("u", "Lives in Leeds")
        assert mem.request_acted("u", key, within_s=600, client_retry=True)
        assert not mem.request_acted("u", key, within_s=600)
        assert not mem.add_turn_once(
            "u", "Please forget everything about me.", "Done.", source=key, within_s=600, client_retry=True
        )
        assert [m.text for m in mem.memories("u").memories] == ["Lives in Leeds"]
        assert mem.add_turn_once("u", "Please forget everything about me.", "Done.", source=key, within_s=600)
        assert mem.memories("u").memories == []


# -- 5. a long message is read before the turn takes the store's write lock ------------------------
def test_a_long_message_is_read_outside_the_write_lock(tmp_path):
    """A 16 KB message's reading (requests to forget, chit-chat, the episode's keys and clauses)
    ran inside the turn's write transaction: 2-6 s of the store's lock, past every other
    writer's wait (5 s), so one user's long messages made other users' writes fail as busy.
    Another connection tries the lock through the turn: it was held for nearly all of it; now
    for the comparisons with the user's memories only. No speed target: a share of the turn."""
    db = tmp_path / "l.db"
    with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("u", "I live in Leeds with my cat Kopi", "OK.")
        message = "1," * (MAX_TEXT_BYTES // 2 - 10)
        done = threading.Event()
        turn = threading.Thread(target=lambda: (mem.add_turn("u", message, "OK."), done.set()))
        probe = sqlite3.connect(db, timeout=0, isolation_level=None)
        held = free = 0
        try:
            turn.start()
            while not done.is_set():
                try:
                    probe.execute("BEGIN IMMEDIATE")
                    probe.execute("ROLLBACK")
                    free += 1
                except sqlite3.OperationalError:  # database is locked: the turn holds it
                    held += 1
                time.sleep(0.01)
            turn.join(timeout=120)  # does not hang
        finally:
            probe.close()
    assert held + free > 10, (held, free)
    assert held < (held + free) / 2, f"the lock was held for {held} of {held + free} probes"


BARE_ANSWERS = [
    ("en", "What's your PIN?", "482913", "pin"),
    ("fr", "Quel est ton mot de passe ?", "Hunter2xyz!", "password"),
    ("zh", "请输入验证码", "482913", "otp"),
    ("ms", "Apakah kod PIN anda?", "482913", "pin"),
]


@pytest.mark.parametrize(("lang", "question", "answer", "kind"), BARE_ANSWERS)
def test_a_bare_secret_answer_is_dropped_as_a_secret_not_as_chit_chat(tmp_path, lang, question, answer, kind):
    """ "482913" after "What's your PIN?" was redacted, then dropped as chit-chat ("greetings,
    thanks, agreement or exclamations only"): the write log named the wrong reason."""
    with Souvenir.open(tmp_path / "a.db", embedder="none", window_embedder="none", background=False) as mem:
        written = mem.add_turn("u", answer, "OK.", question=question).memory
    assert written.action == "dropped" and written.reason.startswith(f"secrets: only a secret ({kind})"), written


# -- 6. what a hostile user's long messages leave in the process ---------------------------------
def test_long_messages_do_not_stay_in_the_lexical_caches(tmp_path):
    """Each distinct 16 KB message kept ~0.45 MB in the lexical caches (32,768 entries each):
    a user sending distinct long messages grew the process without a practical bound. Now the
    caches are emptied every 256 long texts: the first of 300 is no longer cached."""
    from souvenir.lexical.keyed import user_keys

    walk = ", ".join(["we walked up to the lake and back again"] * 52)
    texts = [f"Trip {i}: {walk}." for i in range(300)]  # 2,150 characters each
    with Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False) as mem:
        for i, text in enumerate(texts):
            mem.remember(f"u{i}", text)  # each user their own: no comparison with the others
    hits = user_keys.cache_info().hits
    user_keys(texts[0])
    assert user_keys.cache_info().hits == hits, "the first long message is still cached"
