"""The shared `select` cases (../shared/cases/*.jsonl): the real selection on their inputs.

Every memory of a case carries the same date; ``cos`` is its cosine to the query; scope
``story`` means the current story's own memory. Threshold 0.32 (the cases' convention).
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.selection import SelectionConfig, select
from souvenir.types import Memory
from .conftest import shared_cases

CASES = shared_cases("select")
DATE = datetime(2025, 6, 1, tzinfo=timezone.utc)
STORY = 1

pytestmark = pytest.mark.shared


def run(case: dict) -> tuple[dict[str, str], int]:
    """Select for ``case``: (case id -> pass name of the selected memories, count)."""
    memories, scores, names = [], {}, {}
    for number, item in enumerate(case["memories"], start=1):
        memories.append(Memory(
            id=number, user_id=1, text=item["text"], kind=item["kind"], scope=item["scope"],
            story_id=STORY if item["scope"] == "story" else None,
            confidence=item.get("confidence", 1.0), pinned=item.get("pinned", False),
            created_at=DATE, updated_at=DATE,
        ))
        scores[number] = item["cos"]
        names[number] = item["id"]
    config = SelectionConfig(limit=case["limit"], semantic_threshold=0.32)
    result = select(memories, scores, config, DATE, STORY)
    return {names[s.memory.id]: s.pass_name for s in result.memories}, len(result.memories)


@pytest.mark.parametrize("case", CASES or [None], ids=[c["id"] for c in CASES] or ["absent"])
def test_select_case(case):
    if case is None:
        pytest.skip("no `select` case: ../shared/cases is absent (a user's own clone)")
    chosen, count = run(case)
    expect = case["expect"]
    assert count <= case["limit"]
    missing = [i for i in expect.get("selected", []) if i not in chosen]
    assert not missing, f"{case['id']}: not selected {missing} ({case['why']})"
    intruders = [i for i in expect.get("not_selected", []) if i in chosen]
    assert not intruders, f"{case['id']}: selected {intruders} ({case['why']})"
    for memory_id, pass_name in expect.get("reason_is", {}).items():
        assert chosen.get(memory_id) == pass_name, f"{case['id']}: {memory_id} ({case['why']})"
    for memory_id, pass_name in expect.get("reason_not", {}).items():
        assert chosen.get(memory_id) != pass_name, f"{case['id']}: {memory_id} ({case['why']})"
