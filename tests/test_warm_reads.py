"""The read path warmed at start (issue #28, :mod:`souvenir.engine.warm_reads`): the most
recently served users' memories, columns and scores' inputs are built in the background,
without a query; a context arriving while its (large) user is being built is served at
once, by rank, and counted degraded; the next one is scored. Real SQLite files; no model
(embedder ``none``: the fused score's BM25 and priors still run)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

from souvenir import Souvenir
from souvenir.api.health_report import report
from souvenir.bench.synthetic import make_corpus
from souvenir.engine.warm_reads import DEGRADE_FROM, WARMING_CAUSE

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
OPEN = dict(embedder="none", window_embedder="none", background=False)


def _seed(db, size: int) -> None:
    """One user ("ann") with ``size`` + 1 memories and one context served (the warm-up's
    list is the users served last)."""
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        user_id = memory.engine.user_id(memory.channel, "ann")
        store = memory.runtime.store
        with store.transaction():
            for i, text in enumerate(make_corpus(size, seed=3)):
                kind = ("fact", "preference", "episode")[i % 3]
                store.insert_memory(user_id, text, kind, "global", None, 0.9, False, None, NOW - timedelta(hours=i))
        assert not memory.context("ann", "where does my sister live?").degraded


def test_the_warm_up_builds_the_recent_users_read_path_without_a_query(tmp_path):
    db = tmp_path / "warm.db"
    _seed(db, 300)
    with Souvenir.open(db, **OPEN) as memory:
        cache = memory.runtime.store._read_cache
        assert cache.counts["reload"] == 0
        memory.warm_reads()
        assert memory.engine.warmer.wait(60)
        state = memory.engine.warmer.state
        assert (
            state["enabled"] is True and state["running"] is False and state["users"] == 1 and state["memories"] == 301
        )
        assert cache.counts["reload"] == 1  # the user's memories, read by the warm-up
        user_id = memory.engine.user_id(memory.channel, "ann")
        kept = memory.engine.scorer._cache[user_id][0]
        assert kept is memory.runtime.store.candidates(user_id, None)  # the scorer's columns: built
        kinds = memory.engine.scorer._cache[user_id][2]._kinds
        assert kinds is not None and len(kinds) == 301  # a first list question reads one column
        got = memory.context("ann", "where does my sister live?")
        assert not got.degraded
        assert cache.counts["reload"] == 1  # served from what the warm-up read
        assert memory.engine.scorer._cache[user_id][0] is kept
        memory.context("ann", "what activities have I told you about?")
        assert memory.engine.scorer._cache[user_id][2]._kinds is kinds  # not read again


def test_no_warm_up_without_a_served_user_and_none_when_off(tmp_path):
    db = tmp_path / "empty.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("bob", "I live in Lyon")  # remembered, never served a context
        memory.warm_reads()
        assert memory.engine.warmer.wait(30)
        assert memory.engine.warmer.state["users"] == 0
        assert memory.engine.warmer.state["enabled"] is True  # on, with nobody to warm
    with Souvenir.open(db, **OPEN) as memory:
        memory.warm_reads(0)
        assert memory.engine.warmer.state["running"] is False
        assert memory.engine.warmer.state["enabled"] is False  # off: /health tells the two apart
        assert memory.engine.warmer.wait(1)


def test_a_context_during_the_warm_up_is_served_at_once_and_counted(tmp_path):
    db = tmp_path / "large.db"
    _seed(db, DEGRADE_FROM + 3000)
    with Souvenir.open(db, **OPEN) as memory:
        user_id = memory.engine.user_id(memory.channel, "ann")
        warmer = memory.engine.warmer
        before = memory.degraded_turns()
        memory.warm_reads()
        deadline = time.monotonic() + 60
        while not warmer.busy(user_id):
            assert time.monotonic() < deadline and warmer.state["running"], "the warm-up never took the user"
            time.sleep(0.001)
        health, _ = report(memory.runtime)  # /health's body, while the warm-up runs
        assert health["live"] is True and health["read_warm_up"]["running"] is True
        got = memory.context("ann", "where does my sister live?")
        assert warmer.busy(user_id) or warmer.state["users"] == 1
        assert got.degraded and got.degraded_cause == WARMING_CAUSE
        assert len(got.memories) == 24  # by rank: served, not empty
        assert warmer.wait(120)
        assert memory.degraded_turns() == before + 1  # counted
        again = memory.context("ann", "where does my sister live?")
        assert not again.degraded
        assert any("Penang" in m.text for m in again.memories)


def test_the_warm_up_rehearses_one_context_without_counting_it(tmp_path):
    """What a context builds on first use beyond the columns (the relation columns of a
    message naming a relation…) is built by the warm-up's rehearsed context, and that
    context leaves nothing behind: no selection kept, no counter moved, no degraded turn."""
    db = tmp_path / "rehearse.db"
    _seed(db, 300)
    with Souvenir.open(db, **OPEN) as memory:
        store = memory.runtime.store
        user_id = memory.engine.user_id(memory.channel, "ann")
        kept = store._query("SELECT COUNT(*) FROM selections")[0][0]
        counters = store._query("SELECT COALESCE(SUM(served_count), 0), COUNT(tick_clock) FROM memories")[0]
        before = memory.degraded_turns()
        memory.warm_reads()
        assert memory.engine.warmer.wait(60)
        memory.engine.flush(None)
        assert memory.engine.warmer.rehearsed is True
        columns = memory.engine.scorer._cache[user_id][2]
        assert columns._kin is not None  # read by the rehearsal ("…my sister's plans…")
        assert store._query("SELECT COUNT(*) FROM selections")[0][0] == kept
        assert store._query("SELECT COALESCE(SUM(served_count), 0), COUNT(tick_clock) FROM memories")[0] == counters
        assert memory.degraded_turns() == before
        got = memory.context("ann", "where does my sister live?")
        assert not got.degraded and any("Penang" in m.text for m in got.memories)
        assert memory.engine.scorer._cache[user_id][2]._kin is columns._kin  # not read again
