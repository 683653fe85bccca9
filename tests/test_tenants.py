"""Tenant isolation: 1,000 users with memories (and their history), profile values, vectors,
turns, outbox jobs, selections, events, positions and anchors, then random reads of every
kind — context, memories, export, diagnostics, kv, vectors, history, sources, positions —
never show one user's row to another. Every text a user owns carries the user's tag
``<u0042>``; every vector carries the user's number in its first component."""

from __future__ import annotations

from souvenir.schemas import ContextPublic

import json
import random
import re
from collections import Counter

import numpy as np

from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine.core import Engine
from souvenir.index.vectors import VectorIndex
from souvenir.store import open_store
from souvenir.ground.hashing import content_hash
from tests.servers import EmbeddingServer

USERS = 1000
SAMPLE = 100
NOW = "2025-06-02T12:00:00+00:00"
TAG = re.compile(r"<u\d{4}>")
#: Rows each user owns, per exported table (after the fill; reads add selections).
OWN = {
    "users": 1,
    "stories": 1,
    "turns": 2,
    "memories": 4,
    "memory_history": 1,
    "user_kv": 2,
    "events": 1,
    "outbox": 2,
    "positions": 2,
    "anchors": 1,
    "vectors": 3,
}


def _tag(i: int) -> str:
    return f"<u{i:04d}>"


def _ids(conn, sql: str) -> dict:
    return {key: row_id for row_id, key in conn.execute(sql).fetchall()}


def _fill(store, embedder: str) -> None:
    """Every user's rows, in bulk (one transaction, ``executemany``)."""
    users = range(USERS)
    with store.transaction() as conn:
        conn.executemany(
            "INSERT INTO users (channel, external_id, created_at) VALUES ('api', ?, ?)", [(_tag(i), NOW) for i in users]
        )
        uid = _ids(conn, "SELECT id, external_id FROM users")
        conn.executemany(
            "INSERT INTO stories (user_id, name, summary, created_at) VALUES (?, 'saga', ?, ?)",
            [(uid[_tag(i)], f"{_tag(i)} so far", NOW) for i in users],
        )
        sid = {uid_: s for s, uid_ in conn.execute("SELECT id, user_id FROM stories").fetchall()}
        conn.executemany(
            "INSERT INTO turns (user_id, story_id, message, reply, time, source) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (uid[_tag(i)], story, f"{_tag(i)} says hello", f"{_tag(i)} hears back", NOW, _tag(i))
                for i in users
                for story in (None, sid[uid[_tag(i)]])
            ],
        )
        rows = []
        for i in users:
            u, t = uid[_tag(i)], _tag(i)
            rows += [
                (u, "fact", "global", None, f"{t} lives in town {i}", "active"),
                (u, "preference", "global", None, f"{t} likes tea number {i}", "active"),
                (u, "episode", "story", sid[u], f"{t} met a dragon {i}", "active"),
                (u, "fact", "global", None, f"{t} lived elsewhere {i}", "superseded"),
            ]
        conn.executemany(
            "INSERT INTO memories (user_id, kind, scope, story_id, text, status, created_at, updated_at, "
            "source, content_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(*r, NOW, NOW, r[4][:7], content_hash(r[4])) for r in rows],
        )
        memories = conn.execute("SELECT id, user_id, text, content_hash, status FROM memories").fetchall()
        first = {}
        for mid, u, _, _, _ in memories:
            first.setdefault(u, mid)
        conn.executemany(
            "INSERT INTO memory_history (memory_id, event, text, source, said_at, recorded_at) "
            "SELECT id, 'absorbed', ?, source, ?, ? FROM memories WHERE id = ?",
            [(f"{text[:7]} an older wording", NOW, NOW, mid) for mid, u, text, _, _ in memories if first[u] == mid],
        )
        conn.executemany(
            "INSERT INTO user_kv (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
            [(uid[_tag(i)], key, f"{_tag(i)} {key}", NOW) for i in users for key in ("lang", "summary")],
        )
        conn.executemany(
            "INSERT INTO vectors (memory_id, embedder, content_hash, dim, vector) VALUES (?, ?, ?, 16, ?)",
            [
                (mid, embedder, h, _vector(int(text[2:6])).tobytes())
                for mid, _, text, h, status in memories
                if status == "active"
            ],
        )
        conn.executemany(
            "INSERT INTO events (user_id, kind, detail, time) VALUES (?, 'degraded_turn', ?, ?)",
            [(uid[_tag(i)], f"{_tag(i)} embedder down", NOW) for i in users],
        )
        conn.executemany(
            "INSERT INTO outbox (user_id, turn_id, job, status, attempts, next_attempt_at, last_error, "
            "created_at, updated_at) SELECT user_id, id, 'reflection', 'parked', 5, ?, message, ?, ? "
            "FROM turns WHERE user_id = ?",
            [(NOW, NOW, NOW, uid[_tag(i)]) for i in users],
        )
        conn.executemany(
            "INSERT INTO positions (user_id, story_id, topic, stance, justification, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                (uid[_tag(i)], story, f"{_tag(i)} the sea", f"{_tag(i)} loves it", f"{_tag(i)} waves", NOW, NOW)
                for i in users
                for story in (None, sid[uid[_tag(i)]])
            ],
        )
        conn.executemany(
            "INSERT INTO anchors (story_id, text, created_at) VALUES (?, ?, ?)",
            [(sid[uid[_tag(i)]], f"{_tag(i)} the ring", NOW) for i in users],
        )


def _vector(owner: int) -> np.ndarray:
    vector = np.ones(16, dtype=np.float32)
    vector[0] = owner
    return vector


def _tags(value) -> set[str]:
    return set(TAG.findall(json.dumps(value, default=str, ensure_ascii=False)))


def test_a_thousand_users_never_see_each_other(store_url):
    store = open_store(store_url)
    with EmbeddingServer() as server:
        index = VectorIndex(store, OpenAIEmbedder(server.url, "m"))
        engine = Engine(store, index)
        _fill(store, index.name)
        try:
            rng = random.Random(6)
            for i in rng.sample(range(USERS), SAMPLE):
                _check_one(engine, i, rng)
            # A user deleted takes only their own rows with them.
            gone = rng.sample(range(USERS), 3)
            for i in gone:
                removed = engine.delete_user("api", _tag(i))
                assert all(removed[t] == n for t, n in OWN.items())
            assert all(store.find_user("api", _tag(i)) is None for i in gone)
            kept = next(i for i in range(USERS) if i not in gone)
            exported = engine.export_user("api", _tag(kept))["tables"]
            assert all(len(exported[t]) == n for t, n in OWN.items())
        finally:
            engine.close()
            index.stop()
            store.close()


def _check_one(engine: Engine, i: int, rng: random.Random) -> None:
    tag, store = _tag(i), engine.store
    uid = store.find_user("api", tag)
    mine = {m.id for m in store.memories(uid, None)}
    reads = {
        "context": lambda: ContextPublic.from_result(
            engine.context("api", tag, f"{tag} tea {rng.random()}", story="saga")
        ).model_dump(mode="json"),
        "context_no_story": lambda: ContextPublic.from_result(
            engine.context("api", tag, "where do I live?")
        ).model_dump(mode="json"),
        "memories": lambda: [m.text for m in engine.memories("api", tag, None)],
        "export": lambda: engine.export_user("api", tag),
        "diagnostics": lambda: engine.diagnostics("api", tag, "saga"),
        "kv": lambda: store.kv_all(uid),
        "history": lambda: [store.history(m) for m in mine],
        "history_texts": lambda: store.history_texts(uid),
        "sources": lambda: {k: sorted(v) for k, v in store.sources(uid).items()},
        "positions": lambda: [store.positions(uid, None), store.positions(uid, store.find_story(uid, "saga"))],
        "anchors": lambda: store.anchors(store.find_story(uid, "saga")),
        "turns": lambda: [
            store.recent_turns(uid, None, 50),
            store.recent_turns(uid, store.find_story(uid, "saga"), 50),
        ],
        "parked": lambda: store.parked_jobs(uid),
        "events": lambda: store.degraded_events(uid),
        "selections": lambda: store.last_selections(uid),
        "forgotten": lambda: store.forgotten(uid, 0),
    }
    for name in rng.sample(sorted(reads), 8) + ["context", "export"]:
        found = _tags(reads[name]())
        assert found <= {tag}, f"{name} of {tag} shows {sorted(found - {tag})[:5]}"
        assert found or name in ("forgotten", "selections"), f"{name} of {tag} is empty"
    ids, matrix = store.vectors(uid, engine.index.name)
    assert set(ids) <= mine and len(ids) == 3 and set(matrix[:, 0].tolist()) == {float(i)}
    exported = store.export_user(uid)
    assert {r["memory_id"] for t in ("vectors", "memory_history", "selection_items") for r in exported[t]} <= mine
    counts = Counter({t: len(rows) for t, rows in exported.items()})
    assert all(counts[t] == n for t, n in OWN.items())
    assert all(s["memory_id"] in mine for sel in store.last_selections(uid) for s in sel["items"])
