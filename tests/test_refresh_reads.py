"""A large user's read path is rebuilt after non-append writes (a reflection's rewording or
contradiction, an edit or a forget by hand, a request to forget in chat), off the turn
(issue #28, :mod:`souvenir.engine.refresh_reads`): the next context finds the columns held
(no rebuild in the turn) and selects exactly what a fresh process selects. Real SQLite
files; texts in English, French, Chinese and Malay; the size threshold lowered so that a
few hundred memories count as large."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.refresh_reads import ReadRefresher
from souvenir.engine.runtime import open_runtime
from souvenir.ground.results import WriteResult

NOW = datetime(2026, 12, 6, 9, tzinfo=timezone.utc)
TEXTS = [
    "My sister Aminah lives in Ipoh and teaches maths",
    "We went camping by the lake last summer",
    "Ma sœur se marie à Penang le 14 mars",
    "Je déteste les champignons",
    "我妹妹下个月去北京出差",
    "我每天早上喝咖啡",
    "Kakak saya tinggal di Pulau Pinang",
    "Saya suka makan nasi lemak",
]
MESSAGES = [
    "what did my sister say about the wedding?",
    "qu'est-ce que je n'aime pas manger ?",
    "我妹妹什么时候出差？",
    "apa makanan kegemaran saya?",
]


def _settings(path) -> Settings:
    return Settings(database_url=f"sqlite:///{path}", embedder="none", window_embedder="none", llm_base_url="")


def _fill(rt, size: int) -> tuple[int, list[int]]:
    rng = random.Random(4)
    store = rt.store
    ids = []
    with store.transaction():
        user = store.ensure_user("test", "u", NOW)
        story = store.ensure_story(user, "s", NOW)
        for i in range(size):
            ids.append(
                store.insert_memory(
                    user,
                    f"{rng.choice(TEXTS)} ({i})",
                    rng.choice(["fact", "episode", "preference", "promise"]),
                    "global",
                    story,
                    1.0,
                    False,
                    None,
                    NOW - timedelta(days=i % 300),
                    speaker=rng.choice(["Anna", "Ben", None]),
                    session=f"s{i // 12}",
                )
            )
    return user, ids


def _seen(result) -> list:
    return [(s.memory.id, s.pass_name, s.reason, s.score) for s in result.memories] + [result.block]


def test_a_reworded_memory_is_read_again_before_the_next_context(tmp_path) -> None:
    path = tmp_path / "r.db"
    rt = open_runtime(_settings(path))
    try:
        user, ids = _fill(rt, 400)
        engine = rt.engine
        engine.refresher.refresh_from = 100
        scorer = engine.query_scorer.scorer
        engine.context("test", "u", MESSAGES[0], story="s", now=NOW)  # the story of the last selection
        engine.flush(None)
        built = scorer.built
        rt.store.replace_wording(ids[7], "Ma sœur Aminah a déménagé à Kuala Lumpur", 1.0, None, NOW, NOW)
        rt.store.supersede(ids[20], ids[7], NOW)
        job = {"user_id": user, "turn_id": None}
        results = [WriteResult("replace", ids[7], "…"), WriteResult("supersede", ids[7], "…", superseded_id=ids[20])]
        engine.after_reflection(job, results, NOW)
        engine.refresher.flush()
        assert scorer.built == built + 1 and engine.refresher.counts == {"refreshed": 1, "built": 1}
        got = [_seen(engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
        assert scorer.built == built + 1  # the turns found the columns held: nothing read again
    finally:
        rt.close()
    fresh = open_runtime(_settings(path))  # another process's view of the same file
    try:
        want = [_seen(fresh.engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
    finally:
        fresh.close()
    assert got == want


@pytest.mark.parametrize("action", ["insert", "absorb", "dropped"])
def test_appends_and_writes_that_change_nothing_are_not_refreshed(tmp_path, action: str) -> None:
    rt = open_runtime(_settings(tmp_path / "a.db"))
    try:
        user, ids = _fill(rt, 150)
        refresher: ReadRefresher = rt.engine.refresher
        refresher.refresh_from = 100
        assert not refresher.after_writes(user, [WriteResult(action, ids[0], "…")])
        assert refresher.counts["refreshed"] == 0
    finally:
        rt.close()


def test_a_small_user_is_left_to_the_turn(tmp_path) -> None:
    rt = open_runtime(_settings(tmp_path / "s.db"))
    try:
        user, ids = _fill(rt, 60)
        refresher: ReadRefresher = rt.engine.refresher  # at its default size, 10,000
        assert not refresher.after_writes(user, [WriteResult("replace", ids[0], "…")])  # none held
        rt.engine.context("test", "u", MESSAGES[0], now=NOW, count=False)
        assert not refresher.after_writes(user, [WriteResult("replace", ids[0], "…")])  # held, small
        refresher.flush()
        assert refresher.counts == {"refreshed": 0, "built": 0}
        assert refresher.refresh(user) is False  # called directly: read, and left to the turn
        built = rt.engine.query_scorer.scorer.built
        assert not rt.engine.query_scorer.scorer.refresh(user, [])  # no candidates: nothing read
        assert rt.engine.query_scorer.scorer.built == built
    finally:
        rt.close()


def test_an_edit_and_a_forget_by_hand_are_read_again_before_the_next_context(tmp_path) -> None:
    path = tmp_path / "h.db"
    rt = open_runtime(_settings(path))
    try:
        user, ids = _fill(rt, 300)
        engine = rt.engine
        engine.refresher.refresh_from = 100
        scorer = engine.query_scorer.scorer
        engine.context("test", "u", MESSAGES[1], story="s", now=NOW)
        engine.flush(None)
        built = scorer.built
        result = engine.curation.update_memory("test", "u", ids[3], "Saya tidak suka durian", now=NOW)
        assert result.action == "replace"
        engine.refresher.flush()
        engine.curation.delete_memory("test", "u", ids[4], now=NOW)
        engine.refresher.flush()
        assert scorer.built == built + 2 and engine.refresher.counts["built"] == 2
        got = [_seen(engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
        assert scorer.built == built + 2
    finally:
        rt.close()
    fresh = open_runtime(_settings(path))
    try:
        want = [_seen(fresh.engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
    finally:
        fresh.close()
    assert got == want


@pytest.mark.parametrize(
    ("memory", "request_text"),
    [
        ("My cat Kopi sleeps on the red sofa", "please forget about my cat Kopi"),
        ("Mon chat Kopi dort sur le canapé rouge", "oublie ce que je t'ai dit sur mon chat Kopi"),
        ("我的猫Kopi睡在红沙发上", "忘掉我的猫Kopi的事"),
        ("Kucing saya Kopi tidur di sofa merah", "lupakan tentang kucing saya Kopi"),
    ],
)
def test_a_forget_request_in_chat_is_read_again_before_the_next_context(tmp_path, memory, request_text) -> None:
    path = tmp_path / "f.db"
    rt = open_runtime(_settings(path))
    try:
        user, ids = _fill(rt, 200)
        kopi = rt.store.insert_memory(user, memory, "fact", "global", None, 1.0, False, None, NOW)
        engine = rt.engine
        engine.refresher.refresh_from = 100
        scorer = engine.query_scorer.scorer
        engine.context("test", "u", MESSAGES[2], story="s", now=NOW)
        engine.flush(None)
        built = scorer.built
        engine.record_turn("test", "u", request_text, "OK", now=NOW)
        assert rt.store.get_memory(kopi).status != "active"  # the request was acted on
        engine.refresher.flush()
        assert scorer.built == built + 1 and engine.refresher.counts["built"] == 1
        got = [_seen(engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
        assert scorer.built == built + 1
    finally:
        rt.close()
    fresh = open_runtime(_settings(path))
    try:
        want = [_seen(fresh.engine.context("test", "u", m, story="s", now=NOW, count=False)) for m in MESSAGES]
    finally:
        fresh.close()
    assert got == want


def test_the_indexers_writes_of_a_held_memory_queue_a_refresh(tmp_path) -> None:
    rt = open_runtime(_settings(tmp_path / "v.db"))
    try:
        user, ids = _fill(rt, 200)
        engine = rt.engine
        engine.refresher.refresh_from = 100
        scorer = engine.query_scorer.scorer
        engine.context("test", "u", MESSAGES[3], story="s", now=NOW)
        engine.flush(None)
        rt.store.set_pinned(ids[5], True)  # the row read again: a new pool of the same memories
        assert engine.refresher.vectors_written([10**9]) == 0  # nobody holds it
        assert engine.refresher.vectors_written([ids[5], 10**9]) == 1
        engine.refresher.flush()
        assert engine.refresher.counts == {"refreshed": 1, "built": 1}
        story = rt.store.find_story(user, "s")
        with rt.store.read_turn():
            pool = rt.store.candidates(user, story)
        assert not scorer.refresh(user, pool)  # the next context's pool: already held
    finally:
        rt.close()


def test_nothing_is_queued_once_closed(tmp_path) -> None:
    rt = open_runtime(_settings(tmp_path / "c.db"))
    user, ids = _fill(rt, 150)
    refresher: ReadRefresher = rt.engine.refresher
    refresher.refresh_from = 100
    rt.engine.context("test", "u", MESSAGES[0], now=NOW, count=False)
    rt.close()  # the indexers stop before the engine; a late write is told to nobody
    assert not refresher.changed(user)
