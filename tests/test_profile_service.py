"""Seed 001's user profile through the engine and the service: language priority, the
5 last queries, the summariser queued only on new facts, run off the turn, and a failure
that keeps the old summary."""

from __future__ import annotations

import json
import threading
import time

import pytest

from souvenir.config import Settings
from souvenir.engine import Engine
from souvenir.runtime import open_runtime
from souvenir.store import open_store
from souvenir.timeutil import utcnow
from tests.servers import ChatServer


def _profile(engine: Engine, channel: str, user: str) -> dict[str, str]:
    return engine.store.kv_all(engine.store.find_user(channel, user))


def test_language_priority_and_last_queries_in_no_model_mode(tmp_path):
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'p.db'}"))
    engine.record_turn("lazada", "3501", "boleh saya tukar alamat penghantaran?")
    assert _profile(engine, "lazada", "3501")["lang"] == "ms"
    engine.record_turn("lazada", "3501", "where is my parcel?")  # stored value beats detection
    assert _profile(engine, "lazada", "3501")["lang"] == "ms"
    engine.record_turn("lazada", "3501", "ok", language="en-GB")  # the channel's code wins
    assert _profile(engine, "lazada", "3501")["lang"] == "en"
    for i in range(6):
        engine.record_turn("telegram", "9", f"我想问第{i}个问题，关于我的订单什么时候到" * 10)
    engine.record_turn("telegram", "9", "/start")
    queries = json.loads(_profile(engine, "telegram", "9")["last_queries"])
    assert len(queries) == 5 and all(len(q) <= 200 for q in queries)
    assert queries[0].startswith("我想问第1个问题")


@pytest.fixture
def model_runtime(tmp_path):
    with ChatServer(reflection_answer='{"memories": []}') as upstream:
        settings = Settings(database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none",
                            llm_base_url=upstream.url, llm_model="stub", reflection_timeout_s=5,
                            _env_file=None)
        rt = open_runtime(settings)
        rt.worker.backoff_s = 0.0
        try:
            yield rt, upstream
        finally:
            rt.close()


def test_summary_runs_only_on_new_facts(model_runtime):
    rt, upstream = model_runtime
    upstream.summary_answer = "Asks about order LZ-7731. Speaks English."
    rt.engine.record_turn("telegram", "1", "where is my order LZ-7731?", "On its way.", language="en")
    rt.worker.drain()
    profile = _profile(rt.engine, "telegram", "1")
    assert profile["summary"] == "Asks about order LZ-7731. Speaks English."
    calls = upstream.summary_calls
    rt.engine.record_turn("telegram", "1", "is cash on delivery available?", "Yes.")
    rt.engine.record_turn("telegram", "1", "thanks", "You're welcome.")
    rt.worker.drain()
    assert upstream.summary_calls == calls  # no new fact: no summary call


def test_a_failing_summariser_keeps_the_old_summary(model_runtime):
    rt, upstream = model_runtime
    user_id = rt.store.ensure_user("telegram", "2", utcnow())
    rt.store.kv_set(user_id, "summary", "Old summary.", utcnow())
    upstream.summary_mode = "500"
    rt.engine.record_turn("telegram", "2", "I need a refund for order SKU-12345", "Sure.")
    rt.worker.drain()
    assert _profile(rt.engine, "telegram", "2")["summary"] == "Old summary."
    assert rt.worker.counts["failed"] >= 1


def test_a_slow_summary_does_not_erase_a_concurrent_turn(model_runtime):
    """Case R18's kind: the summariser read the profile before a turn, writes after it."""
    rt, upstream = model_runtime
    upstream.summary_mode = "slow"
    upstream.delay_s = 1.0
    rt.engine.record_turn("telegram", "1801", "I need to change my order LZ-7731", "OK", language="en")
    done = threading.Thread(target=rt.worker.drain)
    done.start()
    time.sleep(0.3)
    rt.engine.record_turn("telegram", "1801", "change my address", "Sure")
    done.join(timeout=30)
    queries = json.loads(_profile(rt.engine, "telegram", "1801")["last_queries"])
    assert "change my address" in queries
