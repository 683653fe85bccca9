"""Seed 001's user profile through the engine and the service: language priority, the
5 last queries, the summariser queued only on new facts, run off the turn, and a failure
that keeps the old summary."""

from __future__ import annotations

from souvenir.schemas import ContextPublic

import json
import threading
import time

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.core import Engine
from souvenir.engine.runtime import open_runtime
from souvenir.store import open_store
from souvenir.ground.timeutil import utcnow
from tests.conftest import shared_cases
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
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 's.db'}",
            embedder="none",
            llm_base_url=upstream.url,
            llm_model="stub",
            reflection_timeout_s=5,
            _env_file=None,
        )
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


def test_order_and_refund_questions_queue_a_summary_as_the_seed_lists_them(model_runtime):
    """Seed 001 §5.3 lists 订单 and 退款 as triggers: an order question fires (it was
    narrowed to first-person statements without a measurement)."""
    rt, upstream = model_runtime
    for i, text in enumerate(("订单什么时候发货？", "退款要多久？", "how long does a refund take?")):
        before = upstream.summary_calls
        rt.engine.record_turn("telegram", f"o{i}", text, "好的")
        rt.worker.drain()
        assert upstream.summary_calls == before + 1, text


def test_the_profile_is_plain_json_without_internal_keys(model_runtime):
    """``last_queries`` is a JSON list (not a JSON string inside the JSON) and the
    summariser's ``meta:`` counter stays inside the engine."""
    rt, _ = model_runtime
    rt.engine.record_turn("telegram", "j", "is cash on delivery available?", "Yes.", language="en")
    result = ContextPublic.from_result(rt.engine.context("telegram", "j", "and shipping?")).model_dump(mode="json")
    assert result["profile"]["last_queries"] == ["is cash on delivery available?"]
    assert not [k for k in result["profile"] if k.startswith("meta:")]
    assert json.loads(json.dumps(result))["profile"]["lang"] == "en"
    diagnostics = rt.engine.diagnostics("telegram", "j")
    assert not [k for k in diagnostics["profile"] if k.startswith("meta:")]


def test_a_failing_summariser_keeps_the_old_summary(model_runtime):
    rt, upstream = model_runtime
    user_id = rt.store.ensure_user("telegram", "2", utcnow())
    rt.store.kv_set(user_id, "summary", "Old summary.", utcnow())
    upstream.summary_mode = "500"
    rt.engine.record_turn("telegram", "2", "I need a refund for order SKU-12345", "Sure.")
    rt.worker.drain()
    assert _profile(rt.engine, "telegram", "2")["summary"] == "Old summary."
    assert rt.worker.counts["summary_failed"] >= 1 and rt.status()["summaries"]["failed"] >= 1


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


PROFILE_CASES = shared_cases("profile")


@pytest.mark.shared
@pytest.mark.parametrize("case", PROFILE_CASES or [None], ids=[c["id"] for c in PROFILE_CASES] or ["absent"])
def test_profile_case(case, model_runtime):
    """The shared ``profile`` cases through the engine and its worker: each turn is recorded,
    its ``new_facts`` are what the (scripted) reflection proposes, and the summariser runs
    when the engine decides so."""
    if case is None:
        pytest.skip("no profile case: ../shared/cases is absent")
    rt, upstream = model_runtime
    channel, _, user = case["user"].partition(":")
    now = utcnow()
    user_id = rt.store.ensure_user(channel, user, now)
    ran_after: list[int] = []
    last_input = None
    turn_number = 0
    for step in case["steps"]:
        if step["op"] == "set":
            key = {"language": "lang"}.get(step["key"], step["key"])
            value = step["value"] if isinstance(step["value"], str) else json.dumps(step["value"], ensure_ascii=False)
            rt.store.kv_set(user_id, key, value, now)
        elif step["op"] == "turn":
            turn_number += 1
            upstream.reflection_answer = json.dumps(
                {
                    "memories": [
                        {"text": t, "kind": "fact", "scope": "global", "confidence": 0.95}
                        for t in step.get("new_facts", [])
                    ]
                }
            )
            before = upstream.summary_calls
            rt.engine.record_turn(channel, user, step["user_message"], "OK")
            rt.worker.drain()
            if upstream.summary_calls > before:
                ran_after.append(turn_number)
        elif step["op"] == "store_summary":
            last_input = step["text"]
            rt.engine.store_summary(user_id, step["text"], now)
    values = rt.store.kv_all(user_id)
    expect = case["expect"]
    summary = values.get("summary", "")
    if "language" in expect:
        assert values.get("lang") == expect["language"]
    if "last_queries" in expect:
        assert json.loads(values.get("last_queries", "[]")) == expect["last_queries"]
    if "summary_max_chars" in expect:
        assert len(summary) <= expect["summary_max_chars"]
    if "summary_min_chars" in expect:
        assert len(summary) >= expect["summary_min_chars"]
    for needle in expect.get("summary_contains", []):
        assert needle in summary
    if "summary_equals" in expect:
        assert summary == expect["summary_equals"]
    if expect.get("summary_is_prefix_of_input"):
        assert last_input is not None and last_input.startswith(summary)
    if "summary_ends_with_one_of" in expect:
        assert summary and summary[-1] in expect["summary_ends_with_one_of"]
    if "summarizer_runs" in expect:
        assert len(ran_after) == expect["summarizer_runs"], ran_after
    if "summarizer_ran_after_turns" in expect:
        assert ran_after == expect["summarizer_ran_after_turns"]
