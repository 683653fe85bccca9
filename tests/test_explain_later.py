"""A large user's diagnostics (each kept memory's rank among the candidates and its score's
parts) are made when read, not in every turn (issue #28, :mod:`souvenir.engine.explanations`):
the page shows the same ranks and parts as when they were made at once — read by the page,
after an idle moment, after the user's pool changed, and after a restart. Real SQLite files,
the real embedders for the queries, the bench's random vectors for the memories, the size
threshold of the shortlist lowered so that a few hundred memories take the large user's path."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from souvenir.bench import latency as lat
from souvenir.candidates.score_map import LazyScores
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.read.scoring import Scorer

MESSAGES = [
    lat.MESSAGE,
    "Quand est mon rendez-vous chez le dentiste ?",
    "我妹妹的钱转了吗？",
    "Bila bungkusan saya sampai?",
    "Remind me what Liam pays for the flat.",
]
SIZE = 400


def _runtime(path):
    rt = open_runtime(Settings(database_url=f"sqlite:///{path}", llm_base_url="", _env_file=None))
    engine = rt.engine
    cfg = replace(engine.scorer.config, shortlist_from=100, shortlist_size=60, sample_per_group=30)
    engine.scorer = Scorer(cfg, calibration=engine.scorer.calibration)
    return rt


@pytest.fixture(scope="module")
def filled(tmp_path_factory):
    path = tmp_path_factory.mktemp("explain") / "large.db"
    rt = open_runtime(Settings(database_url=f"sqlite:///{path}", llm_base_url="", _env_file=None))
    try:
        lat.fill(rt, SIZE, int(rt.index.embedder.encode(["dimension"]).shape[1]))
    finally:
        rt.close()
    return path


def _copy(filled, tmp_path, name: str):
    target = tmp_path / name
    target.write_bytes(filled.read_bytes())
    return target


def _page(engine) -> list:
    """The page's selections without their row ids (two stores number them alike, not
    two runs in one store)."""
    out = engine.diagnostics(lat.CHANNEL, lat.USER)["selections"]
    return [{k: v for k, v in sel.items() if k != "id"} for sel in out]


def _until(condition, bound_s: float = 60.0) -> bool:
    """Whether ``condition()`` holds within ``bound_s`` (a stalled thread's bound, not a speed)."""
    ends = time.monotonic() + bound_s
    while not condition():
        if time.monotonic() > ends:
            return False
        time.sleep(0.02)
    return True


def _ask(engine, messages=MESSAGES) -> list:
    results = []
    for message in messages:
        results.append(engine.context(lat.CHANNEL, lat.USER, message, story=lat.STORY, now=lat.NOW))
        assert isinstance(results[-1].scores, LazyScores), "the large user's path"
    return results


def test_the_page_shows_what_it_showed_when_made_at_once(filled, tmp_path) -> None:
    pages = {}
    for deferred in (True, False):
        rt = _runtime(_copy(filled, tmp_path, f"{deferred}.db"))
        try:
            records = rt.engine.records
            records.deferred = deferred
            records.explanations.idle_s = 3600.0  # only the page's read explains here
            rt.engine.context(lat.CHANNEL, lat.USER, "warm", story=lat.STORY, now=lat.NOW, count=False)
            results = _ask(rt.engine)
            if deferred:  # the bookkeeping ran the records: held, not explained
                assert _until(lambda held=records.explanations: held.held == len(MESSAGES))
                assert not any(r.scores.completed for r in results)
                kept = rt.store.last_selections(rt.store.find_user(lat.CHANNEL, lat.USER))
                assert all(i["rank"] is None and i["parts"] is None for s in kept for i in s["items"])
            records.bookkeeping.flush(None)  # every selection kept and explained (no bound)
            pages[deferred] = _page(rt.engine)
            assert records.explanations.held == 0
        finally:
            rt.close()
    assert pages[True] == pages[False]
    items = [i for s in pages[True] for i in s["items"]]
    assert len(pages[True]) == 5 and items
    assert all(isinstance(i["rank"], int) and i["parts"] for i in items)


def test_idle_pool_change_and_restart_explain_without_a_read(filled, tmp_path) -> None:
    want_path = _copy(filled, tmp_path, "want.db")
    rt = _runtime(want_path)
    try:
        rt.engine.records.deferred = False
        _ask(rt.engine, MESSAGES[:2])
        rt.engine.store.insert_memory(
            rt.store.find_user(lat.CHANNEL, lat.USER),
            "we moved to Ipoh",
            "fact",
            "global",
            None,
            1.0,
            False,
            None,
            lat.NOW,
        )
        _ask(rt.engine, MESSAGES[2:])
        want = _page(rt.engine)
    finally:
        rt.close()

    path = _copy(filled, tmp_path, "got.db")
    rt = _runtime(path)
    try:
        exp = rt.engine.records.explanations
        exp.idle_s = 3600.0
        _ask(rt.engine, MESSAGES[:2])
        rt.engine.store.insert_memory(
            rt.store.find_user(lat.CHANNEL, lat.USER),
            "we moved to Ipoh",
            "fact",
            "global",
            None,
            1.0,
            False,
            None,
            lat.NOW,
        )
        _ask(rt.engine, MESSAGES[2:3])  # a newer pool: the two held ones are explained at once
        assert _until(lambda: exp.held == 1)  # the third one held
        exp.idle_s = 0.2
        assert _until(lambda: exp.held == 0)  # idle: explained, unread
        exp.idle_s = 3600.0
        _ask(rt.engine, MESSAGES[3:])
        assert _until(lambda: exp.held == 2)
    finally:
        rt.close()  # the last two, written at close
    rt = _runtime(path)
    try:
        user = rt.store.find_user(lat.CHANNEL, lat.USER)
        kept = rt.store.last_selections(user)
        assert all(i["rank"] is not None for s in kept for i in s["items"])
        assert _page(rt.engine) == want
    finally:
        rt.close()


def test_a_kept_selection_takes_its_ranks_later_on_each_backend(store) -> None:
    """``explain_selection`` gives the items their rank and parts, leaves an item erased
    since as it is gone, and says so for a selection no longer kept."""
    user = store.ensure_user("api", "u", lat.NOW)
    ids = [
        store.insert_memory(user, text, "fact", "global", None, 1.0, False, None, lat.NOW)
        for text in ("Ma sœur habite à Ipoh", "我每天早上喝咖啡", "Saya suka nasi lemak")
    ]
    kept = store.record_selection(
        user, None, "m", lat.NOW, [(mid, "global", "r", 0.5, None, None) for mid in ids], False, None
    )
    assert kept is not None
    why = {ids[0]: (3, {"use": 0.25}), ids[1]: (1, {"use": 0.5, "e5": -0.125})}
    assert store.explain_selection(kept, why)
    (sel,) = store.last_selections(user)
    assert [(i["rank"], i["parts"]) for i in sel["items"]] == [*why.values(), (None, None)]
    for _ in range(25):  # the store keeps 20 a user: the first is pruned
        store.record_selection(user, None, "m", lat.NOW, [(ids[0], "global", "r", 0.5)], False, None)
    assert not store.explain_selection(kept, why)


def test_the_conversation_part_made_later_is_the_one_made_at_once(filled, tmp_path) -> None:
    """A short message read with the conversation (issue #28): its part, made when the page
    is read, is the part made at once, for every memory kept."""
    chat = ["My sister is getting married in Penang", "Congratulations! When is it?", "Next spring, in April"]
    pages = {}
    for deferred in (True, False):
        rt = _runtime(_copy(filled, tmp_path, f"c{deferred}.db"))
        try:
            records = rt.engine.records
            records.deferred = deferred
            records.explanations.idle_s = 3600.0  # only the page's read explains here
            rt.engine.context(lat.CHANNEL, lat.USER, "warm", story=lat.STORY, now=lat.NOW, count=False)
            for message in MESSAGES[:3]:
                got = rt.engine.context(
                    lat.CHANNEL, lat.USER, message, story=lat.STORY, now=lat.NOW, messages=[*chat, message]
                )
                assert isinstance(got.scores, LazyScores), "the large user's path"
            if deferred:
                assert _until(lambda held=records.explanations: held.held == 3)
            # every selection kept and explained before the page is read: a read waits for the
            # bookkeeping only within its bound (a loaded machine's at-once job took longer)
            records.bookkeeping.flush(None)
            pages[deferred] = _page(rt.engine)
        finally:
            rt.close()
    assert pages[True] == pages[False]
    assert all(s["conversation"] == chat for s in pages[True])
    items = [i for s in pages[True] for i in s["items"]]
    assert items and all("conversation" in i["parts"] for i in items)
