"""Issue #27: a per-user memory cap (``SOUVENIR_MAX_MEMORIES_PER_USER``). At the cap a new
memory written through the API is refused with 409 and a sentence; an edit, a duplicate
absorbed, and a turn still work (the turn's memory is dropped with ``memory_cap`` in the
write log); other users are not affected. Through REST and the library, on both stores."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.ground.errors import CapacityError
from souvenir.library import Souvenir
from tests.servers import UvicornThread


FACTS = ["Lives in Lyon", "Works as a nurse at the city hospital", "Has a cat named Miso"]


def test_rest_refuses_a_memory_beyond_the_cap_with_409(store_url):
    settings = Settings(
        database_url=store_url, embedder="none", window_embedder="none", max_memories_per_user=3, _env_file=None
    )
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for fact in FACTS:
            assert client.post("/v1/users/api/u1/memories", json={"text": fact}).json()["action"] == "insert"
        r = client.post("/v1/users/api/u1/memories", json={"text": "Plays the cello on Sundays"})
        assert r.status_code == 409 and "cap" in r.json()["detail"] and "3 active memories" in r.json()["detail"]
        assert client.post("/v1/users/api/u1/memories", json={"text": FACTS[2]}).status_code == 200  # a duplicate
        assert client.post("/v1/users/api/u2/memories", json={"text": "Plays the cello"}).status_code == 200
        r = client.post("/v1/turns", json={"user": "u1", "message": "I started learning Japanese this winter"})
        assert r.status_code == 200 and r.json()["memory"]["action"] == "dropped"
        assert len(client.get("/v1/users/api/u1/memories").json()["memories"]) == 3


def test_the_library_raises_capacity_error(store_url):
    with Souvenir.open(store_url, embedder="none", window_embedder="none", max_memories_per_user=1) as memory:
        memory.remember("u", FACTS[0])
        with pytest.raises(CapacityError, match="cap"):
            memory.remember("u", FACTS[1])
