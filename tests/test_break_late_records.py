"""An exchange the proxy records late — retried from its backlog while the store was busy, or
recorded after a reply during which the user was deleted — is stamped with the exchange's own
time and never undoes an erasure made after the exchange began. On a real SQLite file and a
real PostgreSQL, through the real proxy on loopback in front of a model speaking OpenAI's
protocol; the lock is held (and the deletion made) by another process through Souvenir's own
store, as an operator's `souvenir delete-user` would."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

#: Another process holding the store's write lock through Souvenir's own store (SQLite:
#: BEGIN IMMEDIATE; PostgreSQL: the turns table locked in the same transaction), told on its
#: stdin to delete a user inside that transaction, then to let go.
_LOCKER = """
import sys
from souvenir.library import Souvenir
memory = Souvenir.open(sys.argv[1], embedder="none", window_embedder="none", background=False)
store = memory.runtime.store
with store.transaction() as conn:
    if sys.argv[1].startswith("postgresql"):
        conn.execute("LOCK TABLE turns IN ACCESS EXCLUSIVE MODE")
    print("locked", flush=True)
    for line in sys.stdin:
        if line.startswith("delete "):
            memory.delete_user(line.split()[1])
            print("deleted", flush=True)
        elif line.strip() == "release":
            break
print("released", flush=True)
memory.close()
"""


@contextmanager
def _locked(url: str) -> Iterator[subprocess.Popen]:
    holder = subprocess.Popen(
        [sys.executable, "-c", _LOCKER, url], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        yield holder
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait()


def _tell(holder: subprocess.Popen, line: str, answer: str) -> None:
    assert holder.stdin is not None and holder.stdout is not None
    holder.stdin.write(line + "\n")
    holder.stdin.flush()
    assert holder.stdout.readline().strip() == answer


def _counter(client: httpx.Client, event: str) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(f'souvenir_proxy_events_total{{event="{event}"}}'):
            return float(line.split()[-1])
    return 0.0


def _until(check, within_s: float = 20.0) -> None:
    deadline = time.monotonic() + within_s
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


@contextmanager
def _proxy(url: str, upstream: ChatServer) -> Iterator[httpx.Client]:
    settings = stub_model_settings(url, upstream.url)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        yield client


def _chat(text: str) -> dict:
    return {"model": "stub", "user": "ann", "messages": [{"role": "user", "content": text}]}


def _turns(client: httpx.Client) -> list[dict] | None:
    r = client.get("/v1/users/api/ann/export")
    return None if r.status_code == 404 else r.json()["tables"]["turns"]


def test_a_retried_exchange_keeps_its_own_time(store_url):
    """Before: stamped when the backlog finally recorded it (8+ s later here)."""
    with ChatServer() as upstream, _proxy(store_url, upstream) as client:
        with _locked(store_url) as holder:
            sent = datetime.now(timezone.utc)
            assert client.post("/v1/chat/completions", json=_chat("I moved to Lyon in spring")).status_code == 200
            _until(lambda: _counter(client, "proxy_record_deferred") == 1)
            time.sleep(4)  # two retries refused more
            _tell(holder, "release", "released")
        _until(lambda: _counter(client, "proxy_record_recovered") == 1)
        (turn,) = _turns(client)
        stamped = datetime.fromisoformat(turn["time"])
        assert abs((stamped - sent).total_seconds()) < 2.0, (turn["time"], sent.isoformat())


def test_a_retry_after_the_user_was_deleted_does_not_bring_them_back(store_url):
    """Before: the retry re-created the deleted user with the exchange said before the
    deletion (an erasure undone)."""
    with ChatServer() as upstream, _proxy(store_url, upstream) as client:
        assert client.post("/v1/chat/completions", json=_chat("I live in Ipoh")).status_code == 200
        _until(lambda: _turns(client) is not None)
        with _locked(store_url) as holder:
            assert client.post("/v1/chat/completions", json=_chat("My sister is Mei")).status_code == 200
            _until(lambda: _counter(client, "proxy_record_deferred") == 1)
            _tell(holder, "delete ann", "deleted")  # between two retries
            _tell(holder, "release", "released")
        _until(lambda: _counter(client, "proxy_record_erased") == 1)
        time.sleep(1.5)  # another retry would have come by now
        assert _turns(client) is None
        assert _counter(client, "proxy_record_recovered") == 0
        # a new exchange after the deletion is recorded as usual
        assert client.post("/v1/chat/completions", json=_chat("Hello again")).status_code == 200
        _until(lambda: _turns(client) is not None)
        assert [t["message"] for t in _turns(client)] == ["Hello again"]


@pytest.mark.parametrize("erase", ["user", "memory"])
def test_an_erasure_during_the_reply_is_not_undone_by_its_record(store_url, erase):
    """The same race without a busy store: the user (or a memory of theirs) is erased while
    the model writes its reply; the exchange, said before, is not recorded after it."""
    with ChatServer() as upstream, _proxy(store_url, upstream) as client:
        assert client.post("/v1/chat/completions", json=_chat("I live in Ipoh")).status_code == 200
        _until(lambda: _turns(client) is not None)
        r = client.post("/v1/users/api/ann/memories", json={"text": "Lives in Ipoh"})
        assert r.status_code == 200, r.text
        memory_id = r.json()["id"]
        upstream.chat_mode, upstream.delay_s = "slow", 2.0
        answers: list[int] = []
        asked = threading.Thread(
            target=lambda: answers.append(
                client.post("/v1/chat/completions", json=_chat("I work at the harbour")).status_code
            )
        )
        seen = len(upstream.requests)
        asked.start()
        _until(lambda: len(upstream.requests) > seen)
        path = "/v1/users/api/ann" + ("" if erase == "user" else f"/memories/{memory_id}")
        assert client.delete(path).status_code == 200
        asked.join()
        assert answers == [200]
        _until(lambda: _counter(client, "proxy_record_erased") == 1)
        turns = _turns(client)
        if erase == "user":
            assert turns is None
        else:
            assert len(turns) == 1 and "harbour" not in str(turns)  # (the first turn blanked: it carried the memory)
