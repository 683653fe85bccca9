"""Hardening lane, session 14: an attack on what session 13 added, over real SQLite files, the
real PostgreSQL at 127.0.0.1:5432 and the CLI in a shell (our code unpatched).

- "Forget everything about me" erases every memory of a user: someone else's words, a title,
  a wish, a supposition or a request taken back in the next sentence must erase nothing (it
  erased everything, in four languages), and a clear request must leave no text of the user
  anywhere (a question, chit-chat, a dropped turn's quote stayed).
- The chit-chat kind ``reaction`` dropped health, money and family facts said in its frame
  ("I'm sure it's cancer, the biopsy said so", 我相信是癌症，活检说的).
- A supersede chain longer than a statement's bound parameters (PostgreSQL: 65,535) made
  ``erase_memory`` fail: the memory could not be forgotten.
- ``souvenir export --out`` into a file another account owns (a shared folder) wrote the
  export where that account reads it; a redirect under ``sudo`` stayed 0644.
- The erasure marks were a plain SHA-256 of channel and id; a ``.env`` another account left
  in the working directory was read; the proxy re-recorded a user message for a "continue";
  an answer to a request for a secret followed by more was kept whole; "forget everything"
  of a large user held the write lock for tens of seconds.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import nullcontext

import pytest

from souvenir import Souvenir
from souvenir.lexical.chitchat import chit_chat
from souvenir.write.forget_relay import own_forget_requests
from tests.attack_support import dump_sqlite, stub_model_settings
from tests.pgtest import fresh_database

MEMORIES = {
    "en": ("Lives in Leeds", "Allergic to peanuts"),
    "fr": ("Habite à Lyon", "Est allergique aux arachides"),
    "zh": ("住在上海", "对花生过敏"),
    "ms": ("Tinggal di Ipoh", "Alah kacang"),
}

# someone else's words, a title, a wish, a supposition, a request taken back: nothing erased
NOT_THE_USERS = [
    ("en", "Her last text was: forget everything about me"),
    ("en", "Lyrics: forget everything about me, baby"),
    ("en", "and then she goes, forget everything about me"),
    ("en", "Sometimes I wish you could forget everything about me"),
    ("en", "You must forget everything about me by now"),
    ("en", "Forget everything about me. Just kidding!"),
    ("en", "Ann (10:02): forget everything about me\nMe (10:03): ok"),
    ("fr", "Son dernier texto : oublie tout sur moi"),
    ("fr", "Parfois j'aimerais que tu oublies tout sur moi"),
    ("fr", "Oublie tout sur moi. Je plaisante !"),
    ("zh", "“忘掉关于我的一切”，她说。"),
    ("zh", "她最后的短信：忘掉关于我的一切"),
    ("zh", "有时候我希望你忘掉关于我的一切"),
    ("zh", "忘掉关于我的一切。开玩笑的！"),
    ("ms", '"Lupakan semua tentang saya," kata dia.'),
    ("ms", "Mesej terakhir dia: lupakan semua tentang saya"),
    ("ms", "Kadang-kadang saya harap awak lupakan semua tentang saya"),
    ("ms", "Lupakan semua tentang saya. Gurau je!"),
]
# words of address before a colon keep a clear request clear
STILL_WHOLE = [
    "OK, listen: forget everything about me.",
    "Bon, écoute : oublie tout sur moi.",
    "对了：忘掉关于我的一切。",
    "Satu lagi: lupakan semua tentang saya.",
]


def _open(url):
    return Souvenir.open(url, embedder="none", window_embedder="none", background=False)


@pytest.mark.parametrize(("lang", "message"), NOT_THE_USERS)
def test_a_whole_request_that_is_not_the_users_erases_nothing(tmp_path, lang, message):
    assert not any(r.whole for r in own_forget_requests(message, frozenset()))
    with _open(tmp_path / "n.db") as mem:
        for text in MEMORIES[lang]:
            mem.remember("u", text)
        mem.add_turn("u", message, reply="OK")
        left = [m.text for m in mem.memories("u").memories]
        # nothing erased (session 25: a cue only inside quotes is no request at all, so the
        # message may now be kept as the user's turn)
        assert all(text in left for text in MEMORIES[lang]), left


@pytest.mark.parametrize("message", STILL_WHOLE)
def test_words_of_address_before_a_colon_keep_a_whole_request(message):
    assert [r.whole for r in own_forget_requests(message, frozenset())] == [True]


# the user's other texts: a question, chit-chat, a dropped acknowledgement — kept as turns,
# last queries and the drop events' quotes after every memory was erased
OTHER_TEXTS = {
    "en": (
        "What are the side effects of Biktarvy?",
        "haha so funny",
        "I'm allergic to peanuts.",
        "forget everything about me",
    ),
    "fr": (
        "Quels sont les effets du Biktarvy ?",
        "haha trop drôle",
        "Je suis allergique aux arachides.",
        "oublie tout sur moi",
    ),
    "zh": ("Biktarvy有什么副作用？", "哈哈太好笑了", "我对花生过敏。", "请忘掉关于我的一切"),
    "ms": (
        "Apa kesan sampingan Biktarvy?",
        "haha kelakar betul",
        "Saya alah kacang.",
        "Tolong lupakan semua tentang saya",
    ),
}


@pytest.mark.parametrize("lang", sorted(OTHER_TEXTS))
def test_forget_everything_leaves_no_text_of_the_user(tmp_path, lang):
    question, chitchat, fact, asking = OTHER_TEXTS[lang]
    db = tmp_path / "all.db"
    with _open(db) as mem:
        for message in (fact, question, chitchat):
            mem.add_turn("u", message, reply="OK")
        mem.add_turn("other", "I live in Hanoi", reply="OK")  # another user's turn stays
        mem.add_turn("u", asking, reply="Done.")
        assert mem.memories("u").memories == []
        store = mem.runtime.engine.store
        assert store.count_events("write:forget:user_request") == 1
    dump = dump_sqlite(db)
    for text in ("Biktarvy", fact.rstrip(".。"), chitchat, "peanuts", "arachides", "花生", "kacang"):
        assert text not in dump, text
    assert "I live in Hanoi" in dump


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_forget_everything_clears_the_users_turns_on_both_stores(tmp_path, backend):
    with fresh_database() if backend == "postgres" else nullcontext(str(tmp_path / "b.db")) as url:
        with _open(url) as mem:
            mem.add_turn("u", "What are the side effects of Biktarvy?", reply="Nausea, sometimes.")
            mem.add_turn("u", "haha so funny", reply="glad")
            mem.add_turn("u", "Please forget everything about me.", reply="Done.")
            store = mem.runtime.engine.store
            user_id = store.find_user_story("api", "u", None)[0]
            assert user_id is not None
            assert store.recent_turns(user_id, None, 10) == []
            assert store.kv_get(user_id, "last_queries") is None


def test_another_channels_user_with_the_same_id_keeps_everything(tmp_path):
    with _open(tmp_path / "c.db") as mem:
        mem.remember("u", "Lives in Leeds", channel="telegram")
        mem.remember("u", "Allergic to peanuts")
        mem.add_turn("u", "Please forget everything about me.", reply="Done.")
        assert mem.memories("u").memories == []
        assert [m.text for m in mem.memories("u", channel="telegram").memories] == ["Lives in Leeds"]


# -- the chit-chat kind 'reaction' drops no fact of the writer's life ------------------------------
LIFE_IN_A_FRAME = [
    ("en", "I'm sure it's cancer, the biopsy said so"),
    ("en", "I bet mom's surgery went fine"),
    ("en", "I'm sure the loan went through"),
    ("fr", "Je suis sûre que c'est un cancer, la biopsie l'a dit"),
    ("fr", "J'imagine que l'opération de maman s'est bien passée"),
    ("fr", "Je parie que le prêt est accepté"),
    ("zh", "我相信是癌症，活检说的"),
    ("zh", "我相信妈妈的手术很顺利"),
    ("zh", "我相信贷款批下来了"),
    ("ms", "Saya pasti ia kanser, biopsi kata begitu"),
    ("ms", "Saya pasti pembedahan mak berjalan lancar"),
    ("ms", "Saya pasti pinjaman diluluskan"),
]


@pytest.mark.parametrize(("lang", "message"), LIFE_IN_A_FRAME)
def test_a_fact_of_life_in_a_reactions_frame_is_kept(tmp_path, lang, message):
    assert chit_chat(message) is None
    with _open(tmp_path / "r.db") as mem:
        mem.add_turn("u", message, reply="Oh no.")
        assert [m.text for m in mem.memories("u").memories] != []


# -- a supersede chain longer than a statement's bound parameters ---------------------------------
CHAIN = 70_000


def _grow_chain(url: str, head: int) -> None:
    """``CHAIN`` superseded values under memory ``head``, each superseded by the next nearer."""
    rows = (
        "SELECT {head} + g, user_id, 'fact', 'global', 'Lived in town ' || g, 'superseded', created_at, updated_at, "
        "'sha256:chain' || g, {head} + g - 1 FROM memories, {series} WHERE id = {head}"
    )
    insert = (
        "INSERT INTO memories (id, user_id, kind, scope, text, status, created_at, updated_at, content_hash, "
        "superseded_by) "
    )
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(
                insert.replace(") ", ") OVERRIDING SYSTEM VALUE ", 1).rstrip()
                + " "
                + rows.format(head=head, series=f"generate_series(1, {CHAIN}) AS s(g)")
            )
            conn.execute("SELECT setval(pg_get_serial_sequence('memories', 'id'), (SELECT max(id) FROM memories))")
            conn.execute("ANALYZE memories")  # as autovacuum would after 70,000 writes
    else:
        conn = sqlite3.connect(url)
        series = f"(WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < {CHAIN}) SELECT g FROM s)"
        conn.execute(insert + rows.format(head=head, series=series))
        conn.commit()
        conn.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_chain_longer_than_the_bound_parameters_is_forgotten(tmp_path, backend):
    with fresh_database() if backend == "postgres" else nullcontext(str(tmp_path / "chain.db")) as url:
        with _open(url) as mem:
            head = mem.remember("u", "Lives in Leeds").id
        _grow_chain(url, head)
        with _open(url) as mem:
            mem.forget("u", head)
            assert mem.memories("u").memories == []
            store = mem.runtime.engine.store
            left = store.memories(store.find_user_story("api", "u", None)[0], None)
            assert len(left) == CHAIN + 1 and all(m.text == "" and m.status == "deleted" for m in left)


# -- an export is never written into another account's file ---------------------------------------
def _cli(*args: str):
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-m", "souvenir.cli.main", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file another account's needs root")
def test_an_export_is_not_written_into_another_accounts_file(tmp_path):
    db = tmp_path / "e.db"
    with _open(db) as mem:
        mem.remember("ann", "I am allergic to peanuts")
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o1777)
    planted = shared / "ann.json"  # made by another account beforehand, open for it to read
    planted.write_text("")
    os.chown(planted, 65534, 65534)
    os.chmod(planted, 0o666)
    done = _cli("--db", str(db), "--embedder", "none", "export", "--user", "ann", "--out", str(planted))
    assert done.returncode != 0 and "another account" in done.stderr + done.stdout
    assert planted.read_text() == ""
    linked = tmp_path / "mine.json"  # a second name of a file: the export would be read there too
    linked.write_text("")
    os.link(linked, tmp_path / "elsewhere.json")
    done = _cli("--db", str(db), "--embedder", "none", "export", "--user", "ann", "--out", str(linked))
    assert done.returncode != 0 and "other name" in done.stderr + done.stdout
    assert stat.S_IMODE(linked.stat().st_mode) != 0 and linked.read_text() == ""


# -- the erasure marks are keyed by the store's own secret -----------------------------------------
@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_an_erasure_mark_is_no_plain_hash_of_the_id(tmp_path, backend):
    """A reader of the ``erasures`` rows hashed a guessed id ("+44 7700 900123") with SHA-256 and
    confirmed it was erased; the mark is now an HMAC under a key kept in ``store_secrets``."""
    import hashlib

    user = "+44 7700 900123"
    with fresh_database() if backend == "postgres" else nullcontext(str(tmp_path / "k.db")) as url:
        with _open(url) as mem:
            mem.forget(user, mem.remember(user, "Allergic to peanuts").id)
            store = mem.runtime.engine.store
            marks = [r[0] for r in store._query("SELECT user_key FROM erasures", ())]
            (key,) = [r[0] for r in store._query("SELECT value FROM store_secrets WHERE name = 'erasure_key'", ())]
            began = mem.runtime.engine.store.erased_since("api", user, __import__("datetime").datetime(2000, 1, 1))
        assert len(marks) == 1 and began
        assert marks[0] != hashlib.sha256(f"api\x00{user}".encode()).hexdigest()
        assert len(key) == 64 and key not in marks[0]


# -- the .env read from the working directory ------------------------------------------------------
def _env_in(folder, mode: int, owner: int | None = None):
    env = folder / ".env"
    env.write_text("SOUVENIR_LLM_BASE_URL=http://attacker.invalid:9/v1\nSOUVENIR_LLM_API_KEY=sk-theirs-Zq8\n")
    os.chmod(env, mode)
    if owner is not None:
        os.chown(env, owner, owner)
    return env


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file another account's needs root")
def test_a_dotenv_another_account_owns_or_anyone_may_write_is_not_read(tmp_path, monkeypatch):
    """``souvenir serve`` run in a shared folder took a ``.env`` another account left there:
    every message went to their model server, with their key."""
    from souvenir.ground.config import Settings, dotenv_report

    monkeypatch.chdir(tmp_path)
    for mode, owner in ((0o644, 65534), (0o666, None)):
        env = _env_in(tmp_path, mode, owner)
        assert Settings().llm_base_url == "", (mode, owner)
        assert "not read" in dotenv_report()
        env.unlink()
    _env_in(tmp_path, 0o600)  # the operator's own: read, and said without its values
    assert Settings().llm_base_url == "http://attacker.invalid:9/v1"
    said = dotenv_report()
    assert str(tmp_path / ".env") in said and "SOUVENIR_LLM_API_KEY" in said and "sk-theirs" not in said


def test_the_start_up_line_names_the_dotenv_read_never_its_values(tmp_path, monkeypatch):
    from souvenir.cli.serving import _serve_banner
    from souvenir.ground.config import Settings

    monkeypatch.chdir(tmp_path)
    _env_in(tmp_path, 0o600)
    line = _serve_banner(Settings(database_url=f"sqlite:///{tmp_path / 's.db'}"), "127.0.0.1", 8000, False)
    assert f"settings from {tmp_path / '.env'} (SOUVENIR_LLM_API_KEY, SOUVENIR_LLM_BASE_URL)" in line
    assert "sk-theirs" not in line


@pytest.mark.skipif(os.geteuid() != 0, reason="making a file another account's needs root")
def test_an_export_redirected_to_another_accounts_file_is_made_0600_and_said(tmp_path):
    """``sudo souvenir export --user U > U.json``: the caller's shell makes the file (0644, the
    caller's), root writes everything about a person into it — it stayed 0644."""
    import subprocess
    import sys

    db = tmp_path / "s.db"
    with _open(db) as mem:
        mem.remember("ann", "I am allergic to peanuts")
    out = tmp_path / "ann.json"
    out.write_text("")
    os.chown(out, 65534, 65534)
    os.chmod(out, 0o644)
    with open(out, "w") as handle:
        done = subprocess.run(
            [sys.executable, "-m", "souvenir.cli.main", "--db", str(db), "--embedder", "none"]
            + ["export", "--user", "ann"],
            stdout=handle,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0 and "peanuts" in out.read_text()
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert "another account (uid 65534)" in done.stderr


# -- the proxy records one exchange per user turn ---------------------------------------------------
def test_the_proxy_records_a_user_turn_once_whatever_legs_or_continuations_follow(tmp_path):
    """A client's "continue" (the request ends on the assistant's words) re-recorded the last
    user message as a new exchange: a "forget everything about me" said before erased what was
    remembered since; a leg after a tool result re-recorded the user's message beside the first."""
    import json
    import time

    import httpx

    from souvenir.api.app import create_app
    from tests.servers import ChatServer, UvicornThread

    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            headers = {"X-Souvenir-Channel": "telegram"}

            def chat(messages):
                body = {"model": "stub", "user": "u", "messages": messages}
                assert client.post("/v1/chat/completions", json=body, headers=headers).status_code == 200

            asked = [{"role": "user", "content": "Please forget everything about me."}]
            chat(asked)
            url = "/v1/users/telegram/u/memories"
            client.post(url, json={"text": "Lives in Leeds"})  # said since, through another face
            chat(asked + [{"role": "assistant", "content": "Sure, I"}])  # the client's "continue"
            time.sleep(1.5)
            assert [m["text"] for m in client.get(url).json()["memories"]] == ["Lives in Leeds"]

            said = [{"role": "user", "content": "I moved to Leeds last spring"}]
            chat(said)
            call = {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": "{}"}}
            chat(
                said
                + [
                    {"role": "assistant", "content": None, "tool_calls": [call]},
                    {"role": "tool", "tool_call_id": "c1", "content": "sunny"},
                ]
            )
            time.sleep(1.5)
            store = Souvenir.open(tmp_path / "p.db", embedder="none", window_embedder="none", background=False)
            with store as mem:
                user_id = mem.runtime.engine.store.find_user_story("telegram", "u", None)[0]
                turns = mem.runtime.engine.store.recent_turns(user_id, None, 10)
            assert [t["message"] for t in turns].count("I moved to Leeds last spring") == 1


# -- an answer to a request for a secret, with more said after it ---------------------------------
ANSWER_THEN_MORE = [
    ("en", "What's your password?", "Zq8!ferret99 — also I moved to Ipoh after losing my job", "Ipoh"),
    ("en", "Enter the code we texted you", "482913, and I moved to Ipoh", "Ipoh"),
    ("fr", "Quel est ton mot de passe ?", "c'est Zq8!ferret99, et j'ai déménagé à Lyon", "Lyon"),
    ("zh", "你的密码是什么？", "Zq8!ferret99，另外我搬到了深圳", "深圳"),
    ("ms", "Apa kata laluan awak?", "Zq8!ferret99, saya pindah ke Ipoh", "Ipoh"),
]


@pytest.mark.parametrize(("lang", "question", "message", "kept"), ANSWER_THEN_MORE)
def test_an_answer_to_a_request_for_a_secret_is_redacted_with_more_after_it(tmp_path, lang, question, message, kept):
    """A bare answer was redacted, an answer followed by anything else was kept whole — by
    the no-model episode, and by the carry rule beside a model's note."""
    db = tmp_path / "a.db"
    with _open(db) as mem:
        mem.add_turn("u", message, reply="Thanks!", question=question)
        assert any(kept in m.text for m in mem.memories("u").memories)
    dump = dump_sqlite(db)
    assert "Zq8!ferret99" not in dump and "482913" not in dump


def test_a_first_word_after_a_request_for_a_secret_is_not_taken_for_it():
    from souvenir.privacy import redact_answer

    for message in ("2024 was rough, I lost my job", "Sorry, I won't share it", "No thanks, I moved to Ipoh"):
        assert redact_answer(message, "What's your password?") == message


def test_forget_everything_of_a_large_user_holds_the_write_lock_briefly(tmp_path):
    """Each memory was erased by re-reading every text of the user, in one transaction (the
    store's write lock held): 4,000 memories and 2,000 turns took tens of seconds."""
    import time

    db = tmp_path / "large.db"
    with _open(db) as mem:
        mem.add_turn("u", "I live in Leeds", reply="OK")
    conn = sqlite3.connect(db)
    series = "(WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < {n}) SELECT g FROM s)"
    conn.execute(
        "INSERT INTO memories (user_id, kind, scope, text, status, created_at, updated_at, content_hash, source) "
        "SELECT user_id, 'fact', 'global', 'Likes colour number ' || g || ' and town ' || g, 'active', "
        "created_at, updated_at, 'sha256:bulk' || g, 'turn:1' FROM memories, " + series.format(n=4000) + " WHERE id = 1"
    )
    conn.execute(
        "INSERT INTO turns (user_id, message, reply, time, utc_offset) SELECT user_id, 'haha so funny ' || g, 'lol', "
        "time, 0 FROM turns, " + series.format(n=2000) + " WHERE id = 1"
    )
    conn.commit()
    conn.close()
    with _open(db) as mem:
        started = time.monotonic()
        mem.add_turn("u", "Please forget everything about me.", reply="Done.")
        took = time.monotonic() - started
        assert mem.memories("u").memories == []
    # Not a speed target: a wide guard against the quadratic re-read (tens of seconds on a quiet
    # machine, minutes under load); the linear erasure takes ~1-7 s from quiet to load 15.
    assert took < 60.0, took
    dump = dump_sqlite(db)
    assert "Likes colour" not in dump and "haha so funny" not in dump


# -- a request to forget a topic, in another person's frame ----------------------------------------
FRAMED_TOPIC = [
    ("en", "Brother owes money", "Her last text: forget what I said about my brother"),
    ("fr", "Mon frère a des dettes", "Son dernier texto : oublie ce que je t'ai dit sur mon frère"),
    ("zh", "我哥欠了钱", "她最后的短信：忘掉我说的关于我哥的事"),
    ("ms", "Abang saya berhutang", "Mesej terakhir dia: lupakan apa yang saya cakap tentang abang saya"),
]


@pytest.mark.parametrize(("lang", "memory", "message"), FRAMED_TOPIC, ids=[c[0] for c in FRAMED_TOPIC])
def test_another_persons_framed_request_erases_no_topic(tmp_path, lang, memory, message):
    with _open(tmp_path / "f.db") as mem:
        mem.remember("u", memory)
        mem.add_turn("u", message, reply="Oh.")
        assert memory in [m.text for m in mem.memories("u").memories]


@pytest.mark.parametrize("message", ["His debts: forget that", "Important: forget what I said about my brother"])
def test_a_topic_before_a_colon_or_words_of_address_still_ask(message):
    assert own_forget_requests(message, frozenset())
