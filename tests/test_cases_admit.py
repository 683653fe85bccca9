"""Every shared ``admit`` case through ``admission.decide`` with a tiny in-memory store.

The simulation applies each decision to a list of ``Memory`` the way the real store
will (the lead runs the same cases through it later):

* insert → a new active memory dated with the case's ``date``;
* absorb → nothing changes (no rewrite, no new date);
* replace → the old wording goes to history, the memory takes the new text and date;
* supersede → the old memory becomes ``superseded`` (history), the new one is active.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timezone

import pytest

from souvenir.admission import decide
from souvenir.lexical import nfkc_casefold
from souvenir.types import Candidate, Memory

from .conftest import shared_cases, shared_path

CASES = shared_cases("admit")


def _when(day: str) -> datetime:
    return datetime.fromisoformat(day).replace(tzinfo=timezone.utc)


def _contains(haystack: str, needle: str) -> bool:
    """The README's "contains": case-insensitive, NFKC, ’ read as '."""
    return nfkc_casefold(needle) in nfkc_casefold(haystack)


@dataclass
class TinyStore:
    """One user's memories and history, enough to check the ``admit`` expectations."""

    memories: list[Memory] = field(default_factory=list)
    history: list[str] = field(default_factory=list)

    def write(self, entry: dict) -> str:
        when = _when(entry["date"])
        candidate = Candidate(text=entry["text"], kind=entry.get("kind", "fact"), time=when)
        decision = decide(candidate, self.memories, when)
        if decision.action in ("insert", "supersede"):
            if decision.action == "supersede":
                self._retire(decision.target_id)
            self.memories.append(
                Memory(id=len(self.memories) + 1, user_id=1, text=decision.text,
                       kind=candidate.kind, created_at=when, updated_at=when)
            )
        elif decision.action == "replace":
            index = self._index(decision.target_id)
            old = self.memories[index]
            self.history.append(old.text)
            self.memories[index] = replace(old, text=decision.text, updated_at=when)
        return decision.action

    def _index(self, memory_id: int | None) -> int:
        return next(i for i, m in enumerate(self.memories) if m.id == memory_id)

    def _retire(self, memory_id: int | None) -> None:
        index = self._index(memory_id)
        self.history.append(self.memories[index].text)
        self.memories[index] = replace(self.memories[index], status="superseded")

    @property
    def active(self) -> list[Memory]:
        return [m for m in self.memories if m.status == "active"]


def test_admit_cases_are_present() -> None:
    shared_path("cases")
    assert CASES, "no admit case found in ../shared/cases"


@pytest.mark.shared
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_admit_case(case: dict) -> None:
    store = TinyStore()
    for entry in case["existing"]:
        store.write(entry)
    store.write(case["incoming"])
    expect = case["expect"]
    active = store.active
    texts = [m.text for m in active]
    trace = f"{case['id']}: active={texts} history={store.history}"

    assert len(active) == expect["active_count"], trace
    for needle in expect.get("active_contains", []):
        assert any(_contains(t, needle) for t in texts), f"missing {needle!r}; {trace}"
    for needle in expect.get("active_excludes", []):
        assert not any(_contains(t, needle) for t in texts), f"{needle!r} still active; {trace}"
    for needle, day in expect.get("date_of", {}).items():
        hits = [m for m in active if _contains(m.text, needle)]
        assert len(hits) == 1, f"{needle!r} matches {len(hits)} active memories; {trace}"
        assert hits[0].updated_at is not None
        assert hits[0].updated_at.date().isoformat() == day, trace
    for needle in expect.get("history_contains", []):
        assert any(_contains(t, needle) for t in store.history), f"{needle!r} not in history; {trace}"
