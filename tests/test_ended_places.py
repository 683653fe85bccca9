"""An ended temporary fact takes no durable place (issue #26, round 5): a summer job said in
June and read in October ranked as the user's newest fact and took a global place of the 24
before lasting memories. Now it ranks as history (no global, no quota place), is still
recalled when the message asks about it, fills a leftover place last, and its reason says
so. Four languages; the library on SQLite for the whole path."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from souvenir import Souvenir
from souvenir.read.ended import ended_on, select_current
from souvenir.read.selection import SelectionConfig
from souvenir.ground.types import Memory

SAID = datetime(2026, 6, 10, 9, tzinfo=timezone.utc)
RUNNING = datetime(2026, 7, 15, 9, tzinfo=timezone.utc)
ENDED = datetime(2026, 10, 1, 9, tzinfo=timezone.utc)

SUMMER_JOBS = [
    ("en", "Works at the pool this summer"),
    ("fr", "Bosse chez un glacier cet été"),
    ("zh", "暑假在咖啡店打工"),
    ("ms", "Kerja sambilan di kolam renang cuti musim panas ini"),
]


def _store(job: str, others: int) -> list[Memory]:
    """``others`` lasting facts, older than the summer job (which the rank would put first)."""
    old = SAID - timedelta(days=200)
    lasting = [
        Memory(i + 1, 1, f"Lasting fact number {i + 1}", created_at=old, updated_at=old + timedelta(minutes=i))
        for i in range(others)
    ]
    return [*lasting, Memory(999, 1, job, created_at=SAID, updated_at=SAID)]


def _picked(result) -> dict[int, tuple[str, str]]:
    return {s.memory.id: (s.pass_name, s.reason) for s in result.memories}


@pytest.mark.parametrize(("lang", "job"), SUMMER_JOBS)
def test_a_running_summer_job_keeps_its_durable_place(lang: str, job: str) -> None:
    result = select_current(_store(job, 40), None, SelectionConfig(), RUNNING)
    assert _picked(result)[999][0] == "global", lang  # the newest fact, first by rank


@pytest.mark.parametrize(("lang", "job"), SUMMER_JOBS)
def test_an_ended_summer_job_yields_its_place_to_lasting_facts(lang: str, job: str) -> None:
    result = select_current(_store(job, 40), None, SelectionConfig(), ENDED)
    picked = _picked(result)
    assert 999 not in picked, (lang, picked.get(999))
    assert len(result.memories) == 24  # its place went to a lasting fact


@pytest.mark.parametrize(("lang", "job"), SUMMER_JOBS)
def test_an_ended_fact_fills_a_leftover_place_last_and_says_why(lang: str, job: str) -> None:
    result = select_current(_store(job, 5), None, SelectionConfig(), ENDED)
    ids = [s.memory.id for s in result.memories]
    assert ids[-1] == 999, (lang, ids)  # after every current memory
    passed, reason = _picked(result)[999]
    assert passed == "rescue" and "ended 2026-08-31: ranked as history, no durable place" in reason
    assert result.memories[-1].memory.kind == "fact"  # shown as what it is, not as its demotion


@pytest.mark.parametrize(("lang", "job"), SUMMER_JOBS)
def test_an_ended_fact_the_message_recalls_is_still_served(lang: str, job: str) -> None:
    memories = _store(job, 40)
    scores = {m.id: 0.1 for m in memories} | {999: 0.9}
    result = select_current(memories, scores, SelectionConfig(), ENDED)
    passed, reason = _picked(result)[999]
    assert passed == "semantic" and "ranked as history" in reason, lang


def test_pinned_and_episodes_are_never_demoted() -> None:
    pinned = Memory(1, 1, "Works at the pool this summer", pinned=True, updated_at=SAID)
    episode = Memory(2, 1, "Worked at the pool this summer", kind="episode", updated_at=SAID)
    assert ended_on(pinned, ENDED, None) is None and ended_on(episode, ENDED, None) is None


def test_the_users_zone_decides_the_day() -> None:
    job = Memory(1, 1, "Works at the pool this summer", updated_at=SAID)
    late_utc = datetime(2026, 8, 31, 20, tzinfo=timezone.utc)  # already 1 September in Kuala Lumpur
    assert ended_on(job, late_utc, "UTC") is None
    assert ended_on(job, late_utc, "Asia/Kuala_Lumpur") is not None


@pytest.mark.parametrize(("lang", "job"), SUMMER_JOBS)
def test_library_context_ranks_the_ended_job_as_history(tmp_path, lang: str, job: str) -> None:
    with Souvenir.open(tmp_path / "e.db", embedder="none", window_embedder="none", background=False) as mem:
        for i in range(5):
            mem.remember("u", f"Lasting fact number {i + 1}", date=SAID - timedelta(days=200 - i))
        mem.remember("u", job, date=SAID)
        engine = mem.runtime.engine  # the library's context has no clock of its own: the engine's
        running = engine.context(mem.channel, "u", "hello", now=RUNNING, count=False)
        assert not any("ranked as history" in s.reason for s in running.memories)
        ended = engine.context(mem.channel, "u", "hello", now=ENDED, count=False)
        assert ended.memories[-1].memory.text == job, lang
        assert "ranked as history" in ended.memories[-1].reason
        assert "ended 2026-08-31" in ended.block  # the block says it too
