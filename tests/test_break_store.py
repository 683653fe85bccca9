"""Adversarial: the store is the only truth — nothing lost, nothing leaked, nothing stale."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
import time

import httpx

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.core import Engine
from souvenir.engine.runtime import open_runtime
from souvenir.schemas import ContextPublic
from souvenir.store import open_store
from tests.servers import UvicornThread


def test_secrets_never_reach_the_store_through_turns_or_last_queries(tmp_path):
    """The secrets filter redacts and drops "My wifi password is hunter2xyz" as a memory, but
    record_turn has already stored the raw message in ``turns`` and in the ``last_queries``
    profile value, which /v1/context returns under "profile". Spec 001 §9: no password, key
    or code reaches the store, whichever path writes it. Expected: the secret appears
    nowhere in the store (turns, user_kv) nor in the context answer."""
    store = open_store(f"sqlite:///{tmp_path / 's.db'}")
    engine = Engine(store)
    engine.record_turn("api", "u", "My wifi password is hunter2xyz")
    answer = json.dumps(
        ContextPublic.from_result(engine.context("api", "u", "what is my password?")).model_dump(mode="json")
    )
    assert "hunter2xyz" not in answer
    with sqlite3.connect(tmp_path / "s.db") as conn:
        dump = "\n".join(conn.iterdump())
    assert "hunter2xyz" not in dump


def test_concurrent_turns_lose_no_last_query(tmp_path):
    """last_queries is read (kv_get) and written (kv_set) in two separate transactions, so two
    turns of the same user at the same time both read the old list and the later write
    drops the other's query. Expected: all four concurrent queries are kept."""
    store = open_store(f"sqlite:///{tmp_path / 'lq.db'}")
    engine = Engine(store)
    lost = 0
    for trial in range(60):
        user = f"u{trial}"
        engine.record_turn("api", user, "warm up message")
        barrier = threading.Barrier(4)

        def turn(message: str, user: str = user, barrier: threading.Barrier = barrier) -> None:
            barrier.wait()
            engine.record_turn("api", user, message)

        threads = [threading.Thread(target=turn, args=(f"message {trial} {k}",)) for k in "abcd"]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        queries = json.loads(store.kv_get(store.find_user("api", user), "last_queries"))
        lost += len(queries) != 5
    assert lost == 0, f"{lost}/60 trials lost a query"


def test_a_deleted_store_file_is_an_error_not_a_silent_loss(tmp_path):
    """When the SQLite file is deleted while the server runs, POST /v1/turns still answers
    200 and the write goes to the unlinked inode: it is gone at the next start. Expected: the
    store notices its file is gone and answers 503 (nothing written), never a 200."""
    db = tmp_path / "gone.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        assert client.post("/v1/turns", json={"user": "u", "message": "I live in Ipoh"}).status_code == 200
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(f"{db}{suffix}"):
                os.remove(f"{db}{suffix}")
        r = client.post("/v1/turns", json={"user": "u", "message": "My sister lives in Penang"})
        assert r.status_code == 503, (r.status_code, r.text[:200])


def test_a_locked_store_does_not_hold_context_calls(tmp_path):
    """With another process holding the write lock, POST /v1/context (no embedder at all)
    waits the 5 s busy timeout to bump the forgetting counters, and because the store has one
    connection behind a process-wide lock, concurrent context calls queue behind each other:
    3 calls take 10-15 s. Reads work in WAL; counters are best effort. Expected: a context
    call answers within the 5 s bound whatever the store's write lock does."""
    db = tmp_path / "lock.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server:
        httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": "I own two bikes"}, timeout=30)
        holder = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import sqlite3, sys, time\n"
                f"c = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
                "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); time.sleep(25)\n",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert holder.stdout.readline().strip() == "locked"
            took: list[float] = []

            def ask() -> None:
                started = time.monotonic()
                r = httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "bikes?"}, timeout=60)
                assert r.status_code == 200
                took.append(time.monotonic() - started)

            threads = [threading.Thread(target=ask) for _ in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=60)
        finally:
            holder.kill()
            holder.wait()
        assert len(took) == 3 and max(took) < 6.0, took


def test_editing_a_memory_text_in_the_store_makes_its_vector_stale(tmp_path):
    """The store is the only truth, but staleness is judged on the stored ``content_hash``
    column, not on the text: after an UPDATE of ``memories.text`` in SQLite, ``souvenir
    index`` embeds nothing and the old vector keeps scoring the new text (here a penicillin
    allergy scored as "baker in Lyon" for "what is my job"). Expected: the changed text is
    re-embedded (backlog 1), and its old score is not served."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'v.db'}", embedder="use", _env_file=None)
    rt = open_runtime(settings)
    try:
        rt.engine.record_turn("api", "u", "I work as a baker in Lyon")
        assert rt.index.run_once() == 1
        with sqlite3.connect(tmp_path / "v.db") as conn:
            conn.execute("UPDATE memories SET text = 'I am allergic to penicillin'")
        assert rt.index.backlog() == 1
    finally:
        rt.close()
