"""A user read into the caches after the start's warm-up is frozen out of the cycle
collector's generations once its scoring columns are read whole (issue #28, the tail of
``/v1/context``): a real SQLite store, the engine's own turn."""

from __future__ import annotations

import gc
from datetime import datetime, timedelta, timezone

from souvenir import Souvenir
from souvenir.bench.synthetic import make_corpus

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
OPEN = dict(embedder="none", window_embedder="none", background=False)


def test_a_user_read_whole_is_frozen_once(tmp_path) -> None:
    db = tmp_path / "young.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        user_id = memory.engine.user_id(memory.channel, "ann")
        store = memory.runtime.store
        with store.transaction():
            for i, text in enumerate(make_corpus(300, seed=3)):
                store.insert_memory(user_id, text, "fact", "global", None, 0.9, False, None, NOW - timedelta(hours=i))
        scores = memory.engine.query_scorer
        scores.settle_from = 200
        gc.unfreeze()
        try:
            assert not memory.context("ann", "where does my sister live?").degraded
            frozen = gc.get_freeze_count()
            assert frozen > 0  # the user's columns were read whole: frozen
            assert not memory.context("ann", "and my brother?").degraded
            assert gc.get_freeze_count() <= frozen  # held columns: no second freeze (some freed)
            scores.settle_from = 10**9
            gc.unfreeze()
            with store.transaction():
                store.insert_memory(user_id, "A new memory", "fact", "global", None, 0.9, False, None, NOW)
            memory.context("ann", "anything new?")
            assert gc.get_freeze_count() == 0  # below the size: left to the collector
        finally:
            gc.unfreeze()


def test_a_new_large_pool_is_frozen_once_after_a_write(tmp_path) -> None:
    """A write makes a new candidate pool (its columns: one entry a memory, young): the
    context that first reads it freezes it; the next context on the same pool does not."""
    db = tmp_path / "pool.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        user_id = memory.engine.user_id(memory.channel, "ann")
        store = memory.runtime.store
        with store.transaction():
            for i, text in enumerate(make_corpus(300, seed=4)):
                store.insert_memory(user_id, text, "fact", "global", None, 0.9, False, None, NOW - timedelta(hours=i))
        scores = memory.engine.query_scorer
        scores.settle_from = 200
        try:
            memory.context("ann", "where does my sister live?")
            with store.transaction():
                store.insert_memory(user_id, "A new memory", "fact", "global", None, 0.9, False, None, NOW)
            gc.unfreeze()
            memory.context("ann", "anything new?")
            assert gc.get_freeze_count() > 0  # the new pool and its columns: frozen
            gc.unfreeze()
            memory.context("ann", "and again?")
            assert gc.get_freeze_count() == 0  # the same pool: not frozen again
        finally:
            gc.unfreeze()


def test_settle_pool_only_for_a_new_large_pool() -> None:
    from souvenir.engine.query_scores import QueryScorer
    from souvenir.read.selection import Pool

    scores = QueryScorer(None, None, None)
    scores.settle_from = 3
    small, large = Pool(_memories(2)), Pool(_memories(3))
    try:
        gc.unfreeze()
        assert not scores.settle_pool(1, small)  # below the size
        assert not scores.settle_pool(1, list(large))  # not a pool: no serial
        assert scores.settle_pool(1, large) and gc.get_freeze_count() > 0
        assert not scores.settle_pool(1, large)  # seen
        assert scores.settle_pool(2, large)  # another user
        assert scores.settle_pool(1, Pool(large))  # a new pool of the same memories
    finally:
        gc.unfreeze()


def _memories(n: int) -> list:
    from souvenir.ground.types import Memory

    return [
        Memory(id=i + 1, user_id=1, text=f"memory {i}", kind="fact", scope="global", story_id=None, confidence=0.9)
        for i in range(n)
    ]
