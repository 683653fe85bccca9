"""What the attack and forget tests share: a keyless SQLite service's settings, one behind a stub
model, a whole SQLite file as SQL text (a secret found anywhere in it was kept), a canned
upstream's chat completion, a wait for a background job, and a request to forget said in a turn."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import httpx

from souvenir.ground.config import Settings
from tests.servers import CannedServer

#: A chat completion ("Hi there"): what a canned upstream answers the proxy.
COMPLETION = {
    "id": "x",
    "object": "chat.completion",
    "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hi there"}}],
}


def completion_upstream() -> CannedServer:
    """An OpenAI-compatible upstream answering :data:`COMPLETION`; its status, Content-Type,
    coding and body are set between requests (:class:`~tests.servers.CannedServer`)."""
    return CannedServer(json.dumps(COMPLETION).encode())


def sqlite_settings(db: Path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None, **extra)


def stub_model_settings(database_url: str, llm_base_url: str, **extra) -> Settings:
    """A keyless service on ``database_url`` whose chat model is the loopback stub at
    ``llm_base_url`` (model name ``stub``), no embedder, no profile summary."""
    return Settings(
        database_url=database_url,
        embedder="none",
        window_embedder="none",
        llm_base_url=llm_base_url,
        llm_model="stub",
        _env_file=None,
        **{"summary_enabled": False, **extra},
    )


def turn_settings(database_url: str, llm_base_url: str | None = None) -> Settings:
    """A keyless service on ``database_url`` with no profile summary: no model when
    ``llm_base_url`` is None, else the loopback stub there with fast reflection retries."""
    if llm_base_url is None:
        return Settings(
            database_url=database_url, embedder="none", window_embedder="none", summary_enabled=False, _env_file=None
        )
    return stub_model_settings(database_url, llm_base_url, reflection_backoff_s=0.05, reflection_timeout_s=30.0)


def reflection_answer(*texts: str, confidence: float = 1.0) -> str:
    """A reflection answer proposing ``texts`` as global facts, each at ``confidence``."""
    return json.dumps(
        {"memories": [{"text": t, "kind": "fact", "scope": "global", "confidence": confidence} for t in texts]}
    )


def dump_sqlite(db: Path) -> str:
    """Every row of every table of the SQLite file ``db``, as SQL text."""
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


T = TypeVar("T")


def wait_until(predicate: Callable[[], T], timeout_s: float, every_s: float = 0.05) -> T:
    """``predicate()``'s first true value, asked every ``every_s`` seconds for ``timeout_s``
    seconds; after that, its last value (a worker's or a service's background job)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(every_s)
    return predicate()


def assert_a_turn_erases(client: httpx.Client, user: str, memory: str, other: str, asking: str) -> None:
    """Over the service's ``/v1``: ``memory`` and ``other`` written for ``user``, then the turn
    ``asking`` (a request to forget ``memory``): ``other`` alone stays, and ``memory``'s history
    is one ``erased`` event, its text gone."""
    mid = client.post(f"/v1/users/api/{user}/memories", json={"text": memory}).json()["id"]
    client.post(f"/v1/users/api/{user}/memories", json={"text": other})
    r = client.post("/v1/turns", json={"channel": "api", "user": user, "message": asking, "reply": "OK"})
    assert r.status_code == 200, r.text
    texts = [m["text"] for m in client.get(f"/v1/users/api/{user}/memories").json()["memories"]]
    assert texts == [other], (user, texts)
    history = client.get(f"/v1/users/api/{user}/memories/{mid}/history").json()
    assert [e["event"] for e in history["history"]] == ["erased"], history
    assert history["memory"]["text"] == ""
