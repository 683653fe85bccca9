"""Hardening lane harden3, session 17: a hostile model, a careless operator, look-alike ids,
each over real parts (a real SQLite file, real HTTP on loopback, a loopback model server; our
code unpatched).

- A reflection answer that opens a code fence and then runs on in blanks (a small model looping
  on newlines, or a hostile server) was read by a pattern in time cubic in its length: 4,000
  blanks cost 17 s of CPU in a reflection worker; a malformed answer with many escaped quotes
  cost json_repair time quadratic in its length (1.6 MB: 30 s).
"""

from __future__ import annotations

import json
import sqlite3
import time
import unicodedata
from urllib.parse import quote

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.api.keys import create_key
from souvenir.engine.core import Engine
from souvenir.ground.errors import InputError
from souvenir.privacy import redact
from souvenir.store import open_store
from souvenir.write.reflection import MAX_USER_STATE_KEYS, parse_reflection
from tests.attack_support import dump_sqlite, sqlite_settings, stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread


def _cpu(answer: str) -> float:
    start = time.process_time()
    parse_reflection(answer)
    return time.process_time() - start


# -- 1. a hostile or looping model's reflection answer costs linear time ---------------------------
def test_a_fenced_answer_running_on_in_blanks_is_read_in_linear_time():
    """``^```(?:json)?\\s*(.*?)\\s*```$`` tried every split of a run of blanks in three: 4,000
    blanks after an opening fence took 17 s of CPU (2,000: 2.2 s)."""
    for blank in (" ", "\n"):
        assert _cpu("```json\n" + blank * 16_000 + "x") < 1.0


def test_a_huge_malformed_answer_is_repaired_in_bounded_time():
    """json_repair is quadratic on a string of escaped quotes: 400 KB 1.8 s, 1.6 MB 30 s. Only
    the answer's head (far longer than any reflection asked for) is repaired."""
    answer = '{"memories": [{"text": "' + 'a\\"' * 600_000
    assert _cpu(answer) < 2.0


def test_a_cut_off_fenced_answer_is_still_read():
    """What the fence and the repair are for still holds: a fenced answer, and one cut off after
    its first memory."""
    item = {"text": "Lives in Leeds", "kind": "fact", "scope": "global", "confidence": 0.9}
    fenced = parse_reflection("```json\n" + json.dumps({"memories": [item]}) + "\n```")
    assert [c.text for c in fenced.candidates] == ["Lives in Leeds"]
    bare = parse_reflection("```\n" + json.dumps({"memories": [item]}) + "```")
    assert [c.text for c in bare.candidates] == ["Lives in Leeds"]
    cut = parse_reflection(json.dumps({"memories": [item, item | {"text": "Has a cat"}]})[:-30])
    assert [c.text for c in cut.candidates] == ["Lives in Leeds"]
    padded = json.dumps({"memories": [item]}) + " " * 200_000 + '{"x": "'
    assert [c.text for c in parse_reflection(padded).candidates] == ["Lives in Leeds"]


def test_a_looping_model_does_not_hold_the_reflection_worker(tmp_path):
    """Through the real worker: a loopback model answers every reflection with an opening fence
    and 6,000 newlines. The job ends (failed or retried, nothing kept) within seconds; before,
    the worker spent minutes of CPU on the first answer."""
    with ChatServer(reply="OK.", reflection_answer="```json\n" + "\n" * 6_000 + "}") as model:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", model.url, reflection_timeout_s=5.0, reflection_backoff_s=0.05
        )
        with Souvenir.open(settings) as memory:
            memory.add_turn("u", "I moved to Leeds last spring", "Nice!")
            begun = time.monotonic()
            wait_until(lambda: len(model.requests) >= 2, 60)  # the first answer read, a retry asked
            assert time.monotonic() - begun < 30


# -- 2. a service key is no id --------------------------------------------------------------------
def _keyed_service(tmp_path):
    """A service on a real SQLite file with an admin key (made as `souvenir keys create` makes it)."""
    settings = sqlite_settings(tmp_path / "p.db")
    with Souvenir.open(settings, background=False) as memory:
        key, _ = create_key(memory.runtime.store, "ops", admin=True)
    return settings, key


def test_a_service_key_is_refused_as_a_user_id_and_redacted_as_an_api_key(tmp_path):
    """``sv_`` + 43 characters was read as a "token" (a hash may be an id): a bot that sent its
    own key as the user id had it stored in clear in ``users``, listed and exported, where the
    key ring keeps only hashes. It is an API key now: refused as an id, redacted in a text."""
    settings, key = _keyed_service(tmp_path)
    with (
        UvicornThread(create_app(settings)) as server,
        httpx.Client(base_url=server.url, timeout=30, headers={"Authorization": f"Bearer {key}"}) as client,
    ):
        answer = client.post("/v1/turns", json={"user": key, "message": "I live in Leeds"})
        assert answer.status_code == 422 and "credential" in answer.text and key not in answer.text
        assert "[redacted]" not in answer.text  # the advice said "[redacted] a stable id": "…: use" read as a password
        said = client.post("/v1/turns", json={"user": "ann", "message": f"my souvenir key is {key}"})
        assert said.status_code == 200
    assert key not in dump_sqlite(tmp_path / "p.db")
    assert redact(f"key {key}")[1] == ["api_key"]


# -- 3. no answer of user data is cached -----------------------------------------------------------
def test_answers_holding_user_data_say_no_store(tmp_path):
    """The diagnostics page, the export, the memories: no ``Cache-Control`` before, so a browser
    (or a shared cache in front of a keyless service) could keep a user's data after it was
    erased. Every answer now says ``no-store``; the API docs' static files may be cached."""
    settings = sqlite_settings(tmp_path / "p.db")
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        assert (
            client.post("/v1/turns", json={"user": "ann", "message": "I adopted a cat called Kopi"}).status_code == 200
        )
        for path in (
            "/v1/users/api/ann/export",
            "/v1/users/api/ann/diagnostics",
            "/v1/users/api/ann/diagnostics.json",
            "/v1/users/api/ann/memories",
            "/v1/users/api/nobody/export",
            "/metrics",
            "/health",
        ):
            assert client.get(path).headers.get("cache-control") == "no-store", path
        answer = client.post("/v1/context", json={"user": "ann", "message": "What is my cat called?"})
        assert answer.headers.get("cache-control") == "no-store"
        docs = client.get("/docs").text
        asset = docs.split('href="', 1)[1].split('"', 1)[0]
        assert asset.startswith("/static-offline-docs/") and client.get(asset).status_code == 200
        assert "no-store" not in client.get(asset).headers.get("cache-control", "")


# -- 4. a new id that looks like another ------------------------------------------------------------
LOOKALIKES = [
    (" ann", "blank"),
    ("ann ", "blank"),
    (unicodedata.normalize("NFD", "josé"), "NFC"),
    ("\u0430nn", "Cyrillic"),  # a Cyrillic а then Latin "nn"
    ("\u0391nna", "Greek"),  # a Greek Α then Latin "nna"
]


@pytest.mark.parametrize(("user", "why"), LOOKALIKES)
def test_a_new_id_that_looks_like_another_is_refused(tmp_path, user, why):
    """ " ann", "ann " and "ann" were three users listed alike; "josé" in NFD and in NFC two (an
    operator deleting one by the name read on a page left the other's data); "аnn" with a
    Cyrillic а another "ann". A new such id gets 422 saying why, through REST and the proxy's
    user too (the same write)."""
    with (
        UvicornThread(create_app(sqlite_settings(tmp_path / "p.db"))) as server,
        httpx.Client(base_url=server.url, timeout=30) as client,
    ):
        answer = client.post("/v1/turns", json={"user": user, "message": "I live in Leeds"})
        assert answer.status_code == 422 and why in answer.text, answer.text
        assert client.post("/v1/users/api/x/memories", json={"text": "x"}).status_code == 200
        answer = client.post(f"/v1/users/api/{quote(user, safe='')}/memories", json={"text": "Lives in Leeds"})
        assert answer.status_code == 422 and why in answer.text


def test_ids_in_other_scripts_and_ids_already_stored_still_work(tmp_path):
    """What stays: one script per id (Greek, Cyrillic, Han, Malay e-mail), NFC accents, and an
    id an older version stored (" bob" here) is read and written as before."""
    db = tmp_path / "p.db"
    with Souvenir.open(sqlite_settings(db), background=False) as memory:
        memory.add_turn("seed", "I live in York")
    con = sqlite3.connect(db)
    con.execute("INSERT INTO users (channel, external_id, created_at) VALUES ('api', ' bob', '2026-01-01T00:00:00')")
    con.commit()
    con.close()
    with Souvenir.open(sqlite_settings(db), background=False) as memory:
        for user in ("Αλέξανδρος", "Иван", "josé", "王小明", "siti@contoh.my", "Ⅸ", " bob"):
            assert memory.add_turn(user, "I live in Leeds").memory is not None, user
        assert [m.text for m in memory.memories(" bob").memories] == ["I live in Leeds"]


def test_the_lookalike_refusal_holds_on_both_stores(store_url):
    """The check is the store's, before the user's row is made: SQLite and PostgreSQL alike."""
    suffix = str(time.time_ns())
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as memory:
        with pytest.raises(InputError, match="NFC"):
            memory.add_turn(unicodedata.normalize("NFD", f"josé{suffix}"), "I live in Leeds")
        with pytest.raises(InputError, match="blank"):
            memory.remember(f"ann{suffix} ", "Lives in Leeds")
        assert memory.add_turn(f"josé{suffix}", "I live in Leeds").memory is not None


# -- 5. "forget everything" leaves the turns said after it -------------------------------------------
EVERYTHING = [
    ("en", "Please forget everything about me."),
    ("fr", "Oublie tout ce que tu sais sur moi."),
    ("zh", "忘掉关于我的一切"),
    ("ms", "Lupakan semua tentang saya."),
]


@pytest.mark.parametrize(("lang", "request_text"), EVERYTHING)
def test_forget_everything_keeps_the_turn_of_a_memory_said_after_it(store_url, lang, request_text):
    """Session 16 (harden2) kept a memory said after the request (the proxy records the request
    after the model's reply) but emptied every turn of the user, that memory's own too: its
    message was lost while its memory stayed. Turns said after the request keep their texts."""
    from datetime import timedelta

    from souvenir.ground.timeutil import utcnow

    user = f"ann{time.time_ns()}"
    with Souvenir.open(store_url, embedder="none", window_embedder="none", background=False) as memory:
        said = utcnow().replace(microsecond=0)
        memory.add_turn(user, "I live in York", "Noted.", time=said - timedelta(seconds=30))
        memory.add_turn(user, "I adopted a cat called Kopi", "Lovely!", time=said + timedelta(seconds=2))
        memory.add_turn(user, request_text, "OK.", time=said)
        turns = {t["message"] for t in memory.export_user(user).tables["turns"]}
        kept = [m.text for m in memory.memories(user).memories]
    assert kept == ["I adopted a cat called Kopi"], (lang, kept)
    assert "I adopted a cat called Kopi" in turns and "I live in York" not in turns, (lang, turns)
    assert request_text not in turns


# -- 6. a model cannot grow a user's profile without bound ----------------------------------------
def test_a_model_inventing_state_keys_grows_the_profile_only_to_a_cap(tmp_path):
    """A reflection may move up to 8 ``state`` numbers (``{"trust": 0.1}``), each key any
    ``[a-z_]{1,32}``: a model inventing new keys each turn (a hostile server, or a small model
    naming a mood per message) grew the user's profile — read on every turn and returned by
    every ``/v1/context`` — by 8 keys a turn, without bound. A user holds at most
    ``MAX_USER_STATE_KEYS`` state keys; a new key past it is dropped with a reason, and a key
    already held still moves."""
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'p.db'}"))
    for turn in range(12):
        state = {"trust": 0.1} | {f"mood_{chr(97 + turn)}_{chr(97 + n)}": 0.5 for n in range(7)}
        parsed, _ = engine.reflect("api", "u", f"Message {turn}", "OK.", json.dumps({"memories": [], "state": state}))
    user_id = engine.store.find_user("api", "u")
    held = {k: v for k, v in engine.store.kv_all(user_id).items() if k.startswith("state:")}
    assert len(held) == MAX_USER_STATE_KEYS, len(held)
    assert held["state:trust"] == "1.000"  # moved by every reflection, 0.1 each, clamped
    assert any("over the cap" in reason for reason in parsed.dropped)


# -- 7. messages of a middle length do not stay in the lexical caches ------------------------------
def test_middle_length_messages_do_not_stay_in_the_lexical_caches(tmp_path):
    """Session 16 emptied the caches every 256 texts over 2,048 characters; a distinct 1,900-
    character message was not counted and kept ~77 KB in them (tracemalloc, 200 messages), so a
    user sending such messages grew the process towards 32,768 × 77 KB. The caches are now also
    emptied after 1 Mi characters of texts over 256: the first of 600 is no longer cached."""
    from souvenir.lexical.normalize import normalize

    walk = ", ".join(["we walked up to the lake and back again"] * 46)
    texts = [f"Walk {i}: {walk}." for i in range(600)]  # about 1,900 characters each
    assert all(256 < len(t) <= 2048 for t in texts)
    with Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("u", "Lives in Leeds")
        for text in texts:
            mem.context("u", text)  # a read: its message is read through the caches
    hits = normalize.cache_info().hits
    normalize(texts[0])
    assert normalize.cache_info().hits == hits, "the first message is still cached"


def test_the_proxy_refuses_a_new_lookalike_user_before_the_model_answers(tmp_path):
    """Through the proxy the refusal came only when the exchange was recorded, after the reply:
    the client had its answer, nothing was recorded, and only a log line said why. The proxy
    now answers 422 (OpenAI's shape) before calling the model; a user already stored passes."""
    db = tmp_path / "p.db"
    with Souvenir.open(sqlite_settings(db), background=False) as memory:
        memory.add_turn("seed", "I live in York")
    con = sqlite3.connect(db)
    con.execute("INSERT INTO users (channel, external_id, created_at) VALUES ('api', ' bob', '2026-01-01T00:00:00')")
    con.commit()
    con.close()
    with ChatServer(reply="Hello!") as model:
        settings = stub_model_settings(f"sqlite:///{db}", model.url)
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            for user, status in (("ann ", 422), (unicodedata.normalize("NFD", "josé"), 422), (" bob", 200)):
                body = {"model": "stub", "user": user, "messages": [{"role": "user", "content": "I live in Leeds"}]}
                answer = client.post("/v1/chat/completions", json=body)
                assert answer.status_code == status, (user, answer.text)
            assert len(model.requests) == 1  # only the stored user's request reached the model
