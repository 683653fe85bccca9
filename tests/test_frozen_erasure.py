"""Nothing of an erased user stays pinned in the frozen generation (session 22, harden7).

A large user's read path is moved out of the cycle collector's generations (``gc.freeze``:
``settle_pool`` after a new pool, ``settle_young``, the warm-up's and the write pools'
``settle_heap``). A frozen object is still freed by reference counting, but a garbage cycle frozen
before the collector found it is never freed: the read path's per-turn columns (``_Columns``) held a
bound method of themselves among their rank keys, so each turn's columns were a cycle holding the
whole candidate pool, and a freeze after a write pinned them — after the user was deleted, every one
of their memories (their texts) stayed in the process (20,000 memories: 220,000 blocks, ~8 MB,
measured with ``/tmp/h7/erase_rss.py``). A real SQLite store, the library's own turns."""

from __future__ import annotations

import gc
from datetime import datetime, timedelta, timezone

from souvenir import Souvenir
from souvenir.bench.synthetic import make_corpus
from souvenir.read.selection import Pool, SelectionConfig, select
from souvenir.ground.types import Memory

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
OPEN = dict(embedder="none", window_embedder="none", background=False)


def _cyclic_garbage() -> list[object]:
    """What only the cycle collector would free now (the frozen generation included)."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.garbage.clear()
        gc.set_debug(0)


def test_a_deleted_large_user_leaves_no_memory_pinned(tmp_path) -> None:
    with Souvenir.open(tmp_path / "erase.db", **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        user_id = memory.engine.user_id(memory.channel, "ann")
        store = memory.runtime.store
        with store.transaction():
            for i, text in enumerate(make_corpus(300, seed=5)):
                store.insert_memory(user_id, text, "fact", "global", None, 0.9, False, None, NOW - timedelta(hours=i))
        memory.engine.query_scorer.settle_from = 200
        gc.collect()
        try:
            for n, question in enumerate(("where does my sister live?", "and my brother?", "anything new?")):
                memory.remember("ann", f"I bought a new kettle number {n}")
                assert not memory.context("ann", question).degraded
            assert gc.get_freeze_count() > 0  # the large user's pools were frozen
            memory.delete_user("ann")
            pinned = [o for o in _cyclic_garbage() if isinstance(o, Memory) and o.user_id == user_id]
            assert pinned == [], f"{len(pinned)} memories of the deleted user were pinned by a freeze"
        finally:
            gc.unfreeze()


def test_a_selection_leaves_no_cycle_holding_its_pool() -> None:
    pool = Pool(
        Memory(i + 1, 1, f"memory {i}", created_at=NOW - timedelta(hours=i), updated_at=NOW - timedelta(hours=i))
        for i in range(50)
    )
    gc.collect()
    gc.disable()
    try:
        result = select(pool, {m.id: 1.0 / m.id for m in pool}, SelectionConfig(), NOW)
        assert result.memories
        del result
        held = [type(o).__name__ for o in _cyclic_garbage() if type(o).__module__.startswith("souvenir.")]
        assert held == []  # the turn's columns (they hold the pool) freed by reference counting alone
    finally:
        gc.enable()


def test_a_closed_store_leaves_no_memory_for_a_later_freeze(tmp_path) -> None:
    """A closed Souvenir's parts refer to each other (a cycle the collector frees later): they
    held its read cache, its scorer's columns and its write index, every memory read. A freeze
    before that collection (another instance's large user: ``settle_pool``) pinned them for good —
    in the whole suite, another test's 8 memories of a user numbered 1 were counted as the
    deleted user's in the test above. A closed instance now holds none."""

    def used_and_closed() -> None:
        with Souvenir.open(tmp_path / "closed.db", **OPEN) as memory:
            for i in range(8):
                memory.remember("zoe", f"The user noted item {i} about gardening")
            assert memory.context("zoe", "what about the gardening?").memories

    gc.collect()
    used_and_closed()
    gc.freeze()  # as settle_pool does: no collection first
    try:
        held = [o for o in _cyclic_garbage() if isinstance(o, Memory) and "gardening" in o.text]
        assert held == [], f"{len(held)} memories of a closed store were pinned by a freeze"
    finally:
        gc.unfreeze()
