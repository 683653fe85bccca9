"""Another replica's erasure reaches this process's caches (session 23, harden8).

Two instances of Souvenir on one database, each in its own process (a replica): an erasure
made by one left the other's kept query vectors of the chat's turns
(:mod:`souvenir.index.query_vectors`) and its lexical readings of the erased texts
(:mod:`souvenir.lexical.text_cache`) in memory — an erasure here drops them, one elsewhere
was never told. Now the store counts its erasures (:mod:`souvenir.store.erasure_clock`) and
the other instance empties both caches at its next context; its own erasures empty nothing
more than they did. Over the PostgreSQL on 127.0.0.1:5432 and a real SQLite file, the other
replica a real second process, the embedder an OpenAI-compatible server on loopback, in
English, French, Chinese and Malay."""

from __future__ import annotations

import subprocess
import sys

import httpx
import pytest

from souvenir import Souvenir
from souvenir.lexical.normalize import normalize
from souvenir.lexical.text_cache import forget_all
from souvenir.store.erasure_clock import LOG_KEPT, ErasureWatch
from tests.servers import EmbeddingServer, UvicornThread

#: Per language: the user's memory, then a chat of short messages with the assistant's replies.
CHATS = {
    "en": ("My Fiat failed its MOT again", [("My car is broken again", "Oh no, the Fiat?"), ("Yes", "The brakes?")]),
    "fr": ("Ma chaudière est en panne", [("Il fait froid chez moi", "La chaudière ?"), ("Oui", "Encore ?")]),
    "zh": ("我女儿下周六有钢琴比赛", [("我有点紧张", "是因为比赛吗？"), ("对", "她准备得怎么样？")]),
    "ms": ("Kereta Proton saya rosak lagi", [("Kereta saya rosak lagi", "Proton tu?"), ("Ya", "Brek dia?")]),
}

#: The other replica: opens the same database and erases (``forget everything`` or a user).
REPLICA = """
import sys
from souvenir import Souvenir
url, user, how = sys.argv[1:4]
with Souvenir.open(url, embedder="none", window_embedder="none", background=False) as mem:
    if how == "delete":
        mem.delete_user(user)
    else:
        mem.forget(user, mem.memories(user).memories[0].id)
"""


def _other_replica(url: str, user: str, how: str) -> None:
    done = subprocess.run([sys.executable, "-c", REPLICA, url, user, how], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def _open(url: str, server: EmbeddingServer) -> Souvenir:
    return Souvenir.open(
        url, embedder="openai", embedder_url=server.url, embedder_model="m", window_embedder="none", background=False
    )


def _chat(mem: Souvenir, user: str, lang: str) -> None:
    history: list[str] = []
    for said, reply in CHATS[lang][1]:
        mem.context(user, said, messages=[*history, said])
        history += [said, reply]


def _held(mem: Souvenir, user: str | int) -> int:
    user_id = mem.runtime.store.find_user("api", user) if isinstance(user, str) else user
    return sum(1 for key in mem.runtime.engine.query_scorer.vectors._data if key[0] == user_id)


@pytest.mark.parametrize("how", ["forget", "delete"])
@pytest.mark.parametrize("lang", sorted(CHATS))
def test_an_erasure_on_another_replica_leaves_no_kept_vector_nor_reading(pg_url, lang: str, how: str) -> None:
    memory, chat = CHATS[lang]
    with EmbeddingServer() as server, _open(pg_url, server) as mem:
        mem.remember("ann", memory)
        mem.remember("bob", "The user plays badminton on Tuesdays")
        mem.index()
        _chat(mem, "ann", lang)
        _chat(mem, "bob", lang)
        ann = mem.runtime.store.find_user("api", "ann")
        assert _held(mem, ann) and _held(mem, "bob")
        _other_replica(pg_url, "ann", how)
        assert _held(mem, ann)  # not told yet: nothing read since
        mem.context("bob", chat[-1][0])  # this instance's next context reads the store's number
        # everything emptied: ann's vectors, and bob's but the message just read
        assert _held(mem, ann) == 0 and len(mem.runtime.engine.query_scorer.vectors) <= 1
        assert mem.runtime.store.erasure_watch.counts["foreign"] == 1
        # the erased memory's text read nowhere in the lexical caches
        from souvenir.lexical import text_cache

        held = [key for cache in text_cache._ALL for key in cache.held()]
        assert memory not in held and normalize(memory) not in held


def test_this_instances_own_erasure_empties_nothing_more(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'own.db'}"
    with EmbeddingServer() as server, _open(url, server) as mem:
        for user, lang in (("ann", "en"), ("bob", "fr")):
            mem.remember(user, CHATS[lang][0])
        mem.index()
        _chat(mem, "ann", "en")
        _chat(mem, "bob", "fr")
        bob = _held(mem, "bob")
        mem.forget("ann", mem.memories("ann").memories[0].id)
        mem.context("bob", "Oui")
        assert _held(mem, "bob") >= bob  # the other user's vectors stay: no emptying for its own
        assert mem.runtime.store.erasure_watch.counts["foreign"] == 0


def test_another_process_on_the_same_sqlite_file(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'two.db'}"
    with EmbeddingServer() as server, _open(url, server) as mem:
        mem.remember("ann", CHATS["ms"][0])
        mem.index()
        _chat(mem, "ann", "ms")
        assert _held(mem, "ann")
        _other_replica(url, "ann", "forget")
        mem.context("ann", "Ya")
        assert _held(mem, "ann") == 0 and mem.runtime.store.erasure_watch.counts["foreign"] == 1


def test_the_watch_counts_a_lag_beyond_the_log_as_another_replicas() -> None:
    cleared = []
    watch = ErasureWatch(lambda: cleared.append(1))
    watch.start(10)
    assert not watch.observe(10, lambda a, b: [])
    assert not watch.observe(11, lambda a, b: [(11, watch.instance)])  # its own
    assert watch.observe(13, lambda a, b: [(12, watch.instance), (13, "other")]) and cleared == [1]
    assert watch.observe(13 + LOG_KEPT, lambda a, b: []) and cleared == [1, 1]  # pruned: unknown
    assert watch.observe(5, lambda a, b: []) and watch.seen == 5  # a store restored behind
    assert forget_all() >= 0


def test_metrics_count_the_kept_vectors_and_the_replica_erasures(pg_url) -> None:
    from souvenir.api.app import create_app
    from souvenir.ground.config import Settings

    with EmbeddingServer() as server:
        settings = Settings(
            database_url=pg_url,
            embedder="openai",
            embedder_url=server.url,
            embedder_model="m",
            window_embedder="none",
            summary_enabled=False,
            _env_file=None,
        )
        with UvicornThread(create_app(settings)) as api, httpx.Client(base_url=api.url, timeout=30) as client:
            client.post("/v1/users/api/ann/memories", json={"text": CHATS["en"][0]}).raise_for_status()
            history: list[str] = []
            for said, reply in CHATS["en"][1]:
                body = {"user": "ann", "message": said, "messages": [*history, said]}
                client.post("/v1/context", json=body).raise_for_status()
                history += [said, reply]
            client.post("/v1/users/api/bob/memories", json={"text": "I play badminton"}).raise_for_status()
            _other_replica(pg_url, "ann", "delete")
            client.post("/v1/context", json={"user": "bob", "message": "Yes"}).raise_for_status()
            text = client.get("/metrics").text
            lines = {line.split(" ")[0]: line.split(" ")[1] for line in text.splitlines() if line and line[0] != "#"}
            assert float(lines['souvenir_query_vectors_total{event="hit"}']) >= 0
            assert float(lines['souvenir_query_vectors_total{event="miss"}']) >= 1
            assert float(lines["souvenir_replica_erasures_total"]) == 1
            assert "ann" not in text and "Fiat" not in text  # counts only
