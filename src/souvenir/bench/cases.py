"""Run test cases in the format of ../shared/cases/README.md through the real code.

Kinds ``admit`` (the engine's write path on a fresh in-memory SQLite store), ``filter``
(the model filter chain) and ``select`` (the selection function) are run; other kinds are
reported as skipped (they run as integration tests through the service). Used by
``souvenir eval cases FILE…`` and by the test suite.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from souvenir.engine.core import Engine
from souvenir.ground.errors import FileFormatError
from souvenir.write.filters import MODEL_CHAIN, Exchange, run_filters
from souvenir.lexical import nfkc_casefold
from souvenir.read.selection import SelectionConfig, select
from souvenir.store import open_store
from souvenir.ground.types import Candidate, Memory

RUNNABLE = ("admit", "filter", "select")
#: The cases' own convention for the semantic floor (R19: 0.32 inclusive).
CASE_THRESHOLD = 0.32


@dataclass(frozen=True, slots=True)
class CaseResult:
    """``status``: ``passed``, ``failed`` or ``skipped``; ``problems`` say what differed."""

    id: str
    kind: str
    status: str
    problems: tuple[str, ...] = ()


def contains(haystack: str, needle: str) -> bool:
    """The cases' "contains": case-insensitive, NFKC, ’ read as '."""
    return nfkc_casefold(needle) in nfkc_casefold(haystack)


def _day(value: str) -> datetime:
    return datetime.fromisoformat(value).replace(tzinfo=timezone.utc)


def _admit(case: dict) -> list[str]:
    store = open_store("sqlite:///:memory:")
    engine = Engine(store)
    for entry in list(case.get("existing", [])) + [case["incoming"]]:
        when = _day(entry["date"])
        candidate = Candidate(
            text=entry["text"],
            kind=entry.get("kind", "fact"),
            scope="global",
            confidence=0.95,
            time=when,
            source=case["id"],
        )
        engine.remember("case", "u", candidate, now=when)
    user_id = store.find_user("case", "u")
    assert user_id is not None  # remember() created it
    active = store.memories(user_id, "active")
    history = [text for text, _ in store.history_texts(user_id)]
    store.close()
    expect, problems = case["expect"], []
    texts = [m.text for m in active]
    if "active_count" in expect and len(active) != expect["active_count"]:
        problems.append(f"active_count {len(active)} != {expect['active_count']}: {texts}")
    for needle in expect.get("active_contains", []):
        if not any(contains(t, needle) for t in texts):
            problems.append(f"no active memory contains {needle!r}: {texts}")
    for needle in expect.get("active_excludes", []):
        if any(contains(t, needle) for t in texts):
            problems.append(f"an active memory contains {needle!r}: {texts}")
    for needle, day in expect.get("date_of", {}).items():
        hits = [m for m in active if contains(m.text, needle)]
        if len(hits) != 1:
            problems.append(f"{needle!r} matches {len(hits)} active memories")
        elif hits[0].updated_at is None or hits[0].updated_at.date().isoformat() != day:
            problems.append(f"{needle!r} dated {hits[0].updated_at} instead of {day}")
    for needle in expect.get("history_contains", []):
        if not any(contains(t, needle) for t in history):
            problems.append(f"history lacks {needle!r}: {history}")
    return problems


def _filter(case: dict) -> list[str]:
    fields = case["candidate"]
    candidate = Candidate(
        text=fields["text"],
        kind=fields.get("kind", "fact"),
        scope=fields.get("scope", "global"),
        confidence=float(fields.get("confidence", 1.0)),
    )
    verdict = run_filters(candidate, Exchange(case["user_message"], case.get("assistant_reply")), MODEL_CHAIN)
    expected = case["expect"]["kept"]
    if verdict.kept is not expected:
        return [
            f"{'kept' if verdict.kept else 'dropped'} ({verdict.filter}: {verdict.reason}), "
            f"expected {'kept' if expected else 'dropped'}"
        ]
    return []


def _select(case: dict) -> list[str]:
    day = datetime(2025, 6, 1, tzinfo=timezone.utc)
    memories, scores, names = [], {}, {}
    for number, item in enumerate(case["memories"], start=1):
        memories.append(
            Memory(
                id=number,
                user_id=1,
                text=item.get("text", ""),
                kind=item.get("kind", "fact"),
                scope=item.get("scope", "global"),
                story_id=1 if item.get("scope") == "story" else None,
                confidence=float(item.get("confidence", 1.0)),
                pinned=bool(item.get("pinned", False)),
                created_at=day,
                updated_at=day,
            )
        )
        if item.get("cos") is not None:
            scores[number] = float(item["cos"])
        names[number] = item["id"]
    limit = int(case.get("limit", 24))
    result = select(memories, scores, SelectionConfig(limit=limit, semantic_threshold=CASE_THRESHOLD), day, 1)
    chosen = {names[s.memory.id]: s.pass_name for s in result.memories}
    expect, problems = case["expect"], []
    if len(result.memories) > limit:
        problems.append(f"{len(result.memories)} selected, over the limit {limit}")
    missing = [i for i in expect.get("selected", []) if i not in chosen]
    if missing:
        problems.append(f"not selected: {missing}")
    extra = [i for i in expect.get("not_selected", []) if i in chosen]
    if extra:
        problems.append(f"selected but should not be: {extra}")
    for mid, name in expect.get("reason_is", {}).items():
        if chosen.get(mid) != name:
            problems.append(f"{mid}: reason {chosen.get(mid)!r}, expected {name!r}")
    for mid, name in expect.get("reason_not", {}).items():
        if chosen.get(mid) == name:
            problems.append(f"{mid}: reason must not be {name!r}")
    return problems


_RUNNERS = {"admit": _admit, "filter": _filter, "select": _select}


def run_case(case: dict) -> CaseResult:
    """Run one case; an exception inside the engine is a failure with its message."""
    kind = case.get("kind", "?")
    runner = _RUNNERS.get(kind)
    if runner is None:
        return CaseResult(case.get("id", "?"), kind, "skipped")
    try:
        problems = runner(case)
    except Exception as exc:  # noqa: BLE001 - a crash is reported as this case's failure
        problems = [f"raised {type(exc).__name__}: {exc}"]
    return CaseResult(case["id"], kind, "failed" if problems else "passed", tuple(problems))


def load_cases(path: str | Path) -> list[dict]:
    """Cases of a JSONL file. Raises :class:`FileFormatError` with the bad line's number."""
    path = Path(path)
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FileFormatError(str(path), number, f"invalid JSON: {exc.msg}") from exc
        if not isinstance(case, dict) or "id" not in case or "kind" not in case:
            raise FileFormatError(str(path), number, "a case is an object with 'id' and 'kind'")
        cases.append(case)
    return cases
