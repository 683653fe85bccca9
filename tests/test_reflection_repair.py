"""Reflection answers (issue #14): malformed JSON repaired by json-repair, then validated
strictly (a missing field drops the item, never a default); a cut-off answer loses its
last memory; an answer with no JSON is retried like a failed call; the prompt asks for
notes in the user's language."""

from __future__ import annotations

import json

import pytest

from souvenir.write.reflection import REFLECTION_SYSTEM, parse_reflection, reflection_messages
from souvenir.engine.runtime import open_runtime
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer

GOOD = {"text": "Likes jazz", "kind": "preference", "scope": "global", "confidence": 0.9}
ITEM = json.dumps(GOOD)

# Ten malformed answers of the kinds models produce; each holds the one memory "Likes jazz".
MALFORMED = [
    '{"memories": [' + ITEM + ",]}",  # trailing comma
    "{'memories': [{'text': 'Likes jazz', 'kind': 'preference', 'scope': 'global', 'confidence': 0.9}]}",
    '{memories: [{text: "Likes jazz", kind: "preference", scope: "global", confidence: 0.9}]}',
    'Here are the notes: {"memories": [' + ITEM + "]} Hope this helps!",  # prose around
    '{"memories": [' + ITEM + "]",  # one brace short
    '{"memories": [' + ITEM + '], "summary": "He said "bye"" }',  # unescaped quotes
    '{"memories": [' + ITEM + "] // one memory\n}",  # a comment
    '```\n{"memories": [' + ITEM + "],}\n```",  # fence and trailing comma
    '{"memories": [' + ITEM.replace('"confidence": 0.9', '"confidence": .9') + "]}",
    '{"memories": [' + ITEM + ', {"text": "Owns a c',  # cut off in the 2nd item
]


def test_malformed_answers_are_repaired_then_validated():
    recovered = [
        i for i, raw in enumerate(MALFORMED) if [c.text for c in parse_reflection(raw).candidates] == ["Likes jazz"]
    ]
    print(f"\nrecovered {len(recovered)} of {len(MALFORMED)}: {recovered}")
    assert len(recovered) >= 8
    assert all(parse_reflection(raw).unreadable is None for raw in MALFORMED)


def test_a_missing_field_drops_the_item_never_a_default():
    for missing in ("text", "kind", "scope", "confidence"):
        item = {k: v for k, v in GOOD.items() if k != missing}
        parsed = parse_reflection({"memories": [item, GOOD | {"text": "Owns a cat"}]})
        assert [c.text for c in parsed.candidates] == ["Owns a cat"], missing
        assert parsed.dropped == [f"memory 0: {missing}: Field required"]


def test_a_cut_off_answer_loses_its_last_memory():
    raw = '{"memories": [' + ITEM + ', {"kind": "fact", "scope": "global", "confidence": 1, "text": "Owns a c'
    parsed = parse_reflection(raw)
    assert parsed.repaired and [c.text for c in parsed.candidates] == ["Likes jazz"]
    assert "cut off" in parsed.dropped[0]


@pytest.mark.parametrize("raw", ["Sorry, I cannot help with that.", "", "garbage {{", b"\xff"])
def test_an_answer_without_json_is_unreadable(raw):
    parsed = parse_reflection(raw)
    assert parsed.unreadable and parsed.candidates == []


def test_the_prompt_asks_for_the_users_language():
    assert "language the user wrote in" in REFLECTION_SYSTEM and "never translated" in REFLECTION_SYSTEM
    data = reflection_messages("我住在怡保", "好的", language="zh")[1]["content"]
    assert '"user_language": "zh"' in data


def test_the_worker_retries_an_unreadable_answer_and_the_prompt_carries_the_language(tmp_path):
    with ChatServer(reflection_answer="Sorry, I cannot help with that.") as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'r.db'}", upstream.url, summary_enabled=True, reflection_timeout_s=5
        )
        rt = open_runtime(settings)
        rt.worker.backoff_s = 0.0
        try:
            rt.engine.record_turn("telegram", "5", "Saya tinggal di Ipoh sekarang", "Baik.", language="ms")
            assert rt.worker.run_once()
            assert rt.worker.counts["failed"] == 1 and rt.worker.counts["ok"] == 0
            asked = [r for r in upstream.requests if "response_format" in r or "format" in r]
            assert '"user_language": "ms"' in asked[-1]["messages"][1]["content"]
            upstream.reflection_answer = json.dumps(
                {"memories": [{"text": "Tinggal di Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]}
            )
            rt.worker.drain()
            assert rt.worker.counts["ok"] == 1
            assert [m.text for m in rt.engine.memories("telegram", "5")] == ["Tinggal di Ipoh"]
        finally:
            rt.close()
