"""The reflection contract: strict, item-by-item parsing; bad model output never raises
out of the reflection step and never writes a partial memory."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.engine.core import Engine
from souvenir.write.reflection import (
    MAX_CANDIDATES,
    REFLECTION_SYSTEM,
    parse_reflection,
    reflection_messages,
)
from souvenir.store import open_store

NOW = datetime(2025, 6, 2, 9, 0, tzinfo=timezone.utc)


def test_a_good_answer_is_read_whole():
    answer = {
        "memories": [
            {"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.95},
            {"text": "Promised to call his sister on Friday", "kind": "promise", "scope": "story", "confidence": 1.7},
        ],
        "summary": "Tan talks about his family.",
        "state": {"trust": 0.2, "mood": -3},
    }
    parsed = parse_reflection(json.dumps(answer), source="turn:1")
    assert [c.text for c in parsed.candidates] == ["Lives in Ipoh", "Promised to call his sister on Friday"]
    assert parsed.candidates[1].confidence == 1.0 and parsed.candidates[0].source == "turn:1"
    assert parsed.summary == "Tan talks about his family."
    assert parsed.state == {"trust": 0.2, "mood": -1.0}
    assert parsed.dropped == []


@pytest.mark.parametrize(
    "raw, why",
    [
        ("not json at all", "not JSON"),
        ("", "not JSON"),
        ("[1, 2", "cut off"),
        ("42", "not an object"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_unreadable_answers_drop_everything_with_a_reason(raw, why):
    parsed = parse_reflection(raw)
    assert parsed.candidates == [] and why in parsed.dropped[0]


def test_bad_items_are_dropped_one_by_one():
    answer = {
        "memories": [
            {"text": "", "kind": "fact", "scope": "global", "confidence": 0.9},
            {"text": "Likes tea", "kind": "gossip", "scope": "global", "confidence": 0.9},
            {"text": ["a list"], "kind": "fact", "scope": "global", "confidence": 0.9},
            {"text": "Likes jazz", "kind": "preference", "scope": "global", "confidence": "high"},
            {"text": "Hedged maybe", "kind": "fact", "scope": "global", "confidence": 0.3},
            {"text": "x" * 2000, "kind": "fact", "scope": "global", "confidence": 0.9},
            "a string item",
            {"text": "Owns a cat named Kopi", "kind": "fact", "scope": "global", "confidence": 0.9},
        ],
        "summary": 12,
        "state": {"Bad Key": 1, "ok": "x"},
    }
    parsed = parse_reflection(answer, min_confidence=0.6)  # a floor an operator set
    assert [c.text for c in parsed.candidates] == ["Owns a cat named Kopi"]
    assert len(parsed.dropped) == 7 + 1 + 2
    # by default no floor (issue #25): the confidence is one signal, the code decides
    assert [c.text for c in parse_reflection(answer).candidates] == ["Hedged maybe", "Owns a cat named Kopi"]


def test_ten_thousand_candidates_are_capped():
    items = [{"text": f"Fact number {i}", "kind": "fact", "scope": "global", "confidence": 0.9} for i in range(10_000)]
    parsed = parse_reflection({"memories": items})
    assert len(parsed.candidates) == MAX_CANDIDATES
    assert any("over the cap" in d for d in parsed.dropped)


def test_fenced_json_and_bare_lists_are_read():
    fenced = (
        "```json\n"
        + json.dumps({"memories": [{"text": "Lives in Lyon", "kind": "fact", "scope": "global", "confidence": 0.9}]})
        + "\n```"
    )
    assert [c.text for c in parse_reflection(fenced).candidates] == ["Lives in Lyon"]
    bare = json.dumps([{"text": "Aime le thé", "kind": "preference", "scope": "global", "confidence": 0.9}])
    assert len(parse_reflection(bare).candidates) == 1


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.binary(),
        st.recursive(
            st.none() | st.booleans() | st.floats() | st.integers() | st.text(),
            lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
            max_leaves=20,
        ),
    )
)
def test_parsing_never_raises(raw):
    if not isinstance(raw, (str, bytes, dict)):
        raw = json.dumps(raw, allow_nan=True) if not isinstance(raw, bytes) else raw
    parse_reflection(raw)


def test_prompt_does_not_invite_verbatim_copying():
    assert "own words" in REFLECTION_SYSTEM and "never a quotation" in REFLECTION_SYSTEM
    assert "in their own terms" not in REFLECTION_SYSTEM
    messages = reflection_messages("I hate Mondays", "Noted")
    assert messages[0]["role"] == "system" and "I hate Mondays" in messages[1]["content"]


def test_engine_reflect_writes_only_whole_memories_and_counts_drops(tmp_path):
    engine = Engine(open_store(f"sqlite:///{tmp_path / 'r.db'}"))
    answer = json.dumps(
        {
            "memories": [
                {
                    "text": "Wants deliveries sent to the office in Cyberjaya",
                    "kind": "preference",
                    "scope": "global",
                    "confidence": 0.9,
                },
                {"text": "Hates the sea", "kind": "preference", "scope": "story", "confidence": 0.8},
                {"text": "", "kind": "fact", "scope": "global", "confidence": 0.9},
                {"text": "用户住在吉隆坡", "kind": "fact", "scope": "global", "confidence": "bad"},
            ],
            "summary": "A delivery question.",
            "state": {"patience": -0.5},
        }
    )
    parsed, results = engine.reflect(
        "telegram",
        "77",
        "Where is my order? From now on please deliver to my office in Cyberjaya.",
        "(as Captain Mira) Never. I've hated the sea since it took my brother.",
        answer,
        story="harbour",
        now=NOW,
    )
    texts = [m.text for m in engine.memories("telegram", "77")]
    assert texts == ["Wants deliveries sent to the office in Cyberjaya"]
    assert [r.action for r in results] == ["insert", "dropped"]
    assert engine.store.count_events("reflection_item_dropped") == 2
    user_id = engine.store.find_user("telegram", "77")
    assert engine.store.kv_get(user_id, "state:patience") == "-0.500"
    assert engine.store.story_summary(engine.store.find_story(user_id, "harbour")) == "A delivery question."
    engine.reflect("telegram", "77", "hi", "hello", "garbage {{", now=NOW)
    assert len(engine.memories("telegram", "77")) == 1
