"""The fused score in the engine: a real SQLite file, stand-in embedders over loopback HTTP."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest

from souvenir.ground.config import Settings
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.engine.core import Engine
from souvenir.index.vectors import VectorIndex
from souvenir.engine.runtime import open_runtime
from souvenir.read.scoring import SCORE_FLOOR, ScoringConfig
from souvenir.store import open_store
from souvenir.ground.types import Candidate
from tests.servers import EmbeddingServer

T0 = datetime(2023, 7, 1, 12, tzinfo=timezone.utc)
TURNS = [
    ("Caroline", "I went to the LGBTQ support group on my own."),
    ("Melanie", "Wow, how did it feel?"),
    ("Caroline", "It was powerful, everyone shared their stories."),
    ("Melanie", "I painted a lake at sunrise."),
]


@pytest.fixture
def servers():
    with EmbeddingServer() as main, EmbeddingServer() as window:
        yield main, window


def _engine(tmp_path, main, window, timeout_s=5.0):
    store = open_store(f"sqlite:///{tmp_path / 'f.db'}")
    index = VectorIndex(store, OpenAIEmbedder(main.url, "stub"), query_timeout_s=timeout_s)
    win = VectorIndex(store, OpenAIEmbedder(window.url, "stub"), query_timeout_s=timeout_s, windowed=True)
    return Engine(store, index, scoring=ScoringConfig(), window_index=win), store


def _say(engine, i, speaker, text, session="session_1"):
    when = T0 + timedelta(minutes=i)
    return engine.remember(
        "cli",
        "conv",
        Candidate(
            text=f"{speaker}: {text}", kind="episode", source=f"D1:{i + 1}", time=when, speaker=speaker, session=session
        ),
        now=when,
    )


def test_each_episode_is_embedded_with_its_neighbours_and_re_embedded_when_the_next_arrives(tmp_path, servers):
    main, window = servers
    engine, store = _engine(tmp_path, main, window)
    try:
        for i, (who, text) in enumerate(TURNS[:3]):
            _say(engine, i, who, text)
        engine.window_index.run_once()
        assert engine.window_index.name == "openai:stub+window"
        first, second, third = (f"{w}: {t}" for w, t in TURNS[:3])
        assert window.texts == [f"{first}\n{second}", f"{first}\n{second}\n{third}", f"{second}\n{third}"]
        assert main.texts == []  # the main index has not run: its own vectors are of the text alone
        engine.index.run_once()
        assert main.texts == [first, second, third]

        window.texts.clear()
        _say(engine, 3, *TURNS[3])  # the third turn's window now ends on the fourth
        assert engine.window_index.backlog() == 2
        engine.window_index.run_once()
        fourth = "{}: {}".format(*TURNS[3])
        assert window.texts == [f"{second}\n{third}\n{fourth}", f"{third}\n{fourth}"]
        memories = store.memories(store.find_user("cli", "conv"))
        assert [(m.speaker, m.session) for m in memories][0] == ("Caroline", "session_1")
    finally:
        engine.close()
        store.close()


def test_the_fused_score_explains_itself_and_ranks_the_matching_turn_first(tmp_path, servers):
    main, window = servers
    engine, store = _engine(tmp_path, main, window)
    try:
        for i in range(40):  # enough memories for the floor to mean something
            _say(
                engine,
                i,
                "Melanie",
                f"Filler number {i} about gardening and pottery class {i}",
                session=f"session_{i // 10}",
            )
        _say(engine, 40, *TURNS[0], session="session_9")
        for index in (engine.index, engine.window_index):
            index.run_once()
        result = engine.context(
            "cli", "conv", "When did Caroline go to the LGBTQ support group?", now=T0 + timedelta(days=1)
        )
        assert not result.degraded
        top = result.memories[0]
        assert top.memory.text.startswith("Caroline: I went to the LGBTQ")
        assert top.pass_name in ("global", "semantic") and top.score >= SCORE_FLOOR
        assert f"score {top.score:.3f}" in top.reason and "cosine" not in top.reason
        assert engine.selection_config.semantic_slots == 18
    finally:
        engine.close()
        store.close()


def test_a_stalled_window_embedder_degrades_the_turn_without_holding_it(tmp_path, servers):
    main, window = servers
    engine, store = _engine(tmp_path, main, window, timeout_s=1.0)
    try:
        for i, (who, text) in enumerate(TURNS):
            _say(engine, i, who, text)
        engine.index.run_once()
        window.mode, window.stall_s = "stall", 60.0
        started = time.monotonic()
        result = engine.context("cli", "conv", "What did Melanie paint?", now=T0 + timedelta(days=1))
        assert time.monotonic() - started < 5.0  # a 1 s bound against a 60 s stall
        assert result.degraded and "window embedder" in result.degraded_cause
        # the other signals still score: the painting turn comes first
        assert result.memories[0].memory.text.startswith("Melanie: I painted")
        assert result.memories[0].score is not None
        engine.flush()
        assert engine.degraded_turns() == 1
    finally:
        window.mode = "ok"
        engine.close()
        store.close()


def test_runtime_settings_choose_the_score(tmp_path):
    base = dict(database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none", _env_file=None)
    rt = open_runtime(Settings(**base, window_embedder="none"))
    try:
        assert rt.engine.scorer is not None and rt.indexes == []
        rt.engine.record_turn("api", "u", "My cat is called Kopi")
        result = rt.engine.context("api", "u", "what is my cat called?")
        assert result.memories and result.memories[0].score is not None  # BM25 alone still scores
    finally:
        rt.close()
    rt = open_runtime(Settings(**base, scoring="cosine"))
    try:
        assert rt.engine.scorer is None and rt.window_index is None
    finally:
        rt.close()
    with pytest.raises(ValueError, match="SOUVENIR_SCORING"):
        open_runtime(Settings(**base, scoring="magic"))


def test_no_model_turns_are_episodes_of_their_day(tmp_path):
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / 'd.db'}", embedder="none", window_embedder="none", _env_file=None)
    )
    try:
        rt.engine.record_turn("api", "u", "I adopted a cat today", time=T0)
        rt.engine.record_turn("api", "u", "I bought a violin", time=T0, story="tale")
        sessions = sorted(m.session for m in rt.engine.memories("api", "u"))
        assert sessions == ["day:2023-07-01", "story:tale"]
    finally:
        rt.close()


def test_a_deleted_turn_leaves_its_neighbours_windows(tmp_path, servers):
    main, window = servers
    engine, store = _engine(tmp_path, main, window)
    try:
        ids = [_say(engine, i, who, text).memory_id for i, (who, text) in enumerate(TURNS)]
        engine.window_index.run_once()
        window.texts.clear()
        engine.delete_memory("cli", "conv", ids[1])
        assert engine.window_index.backlog() == 2  # the turns before and after it
        engine.window_index.run_once()
        gone = "{}: {}".format(*TURNS[1])
        assert len(window.texts) == 2 and not any(gone in t for t in window.texts)
    finally:
        engine.close()
        store.close()


def test_queued_window_queries_keep_the_turn_bound(tmp_path, servers):
    """Concurrent turns queue for the window embedder: the wait in the queue counts within
    the bound (1 s here, against a 60 s stall), so no turn waits for the others'."""
    from concurrent.futures import ThreadPoolExecutor

    main, window = servers
    engine, store = _engine(tmp_path, main, window, timeout_s=1.0)
    try:
        for i, (who, text) in enumerate(TURNS):
            _say(engine, i, who, text)
        window.mode, window.stall_s = "stall", 60.0

        def ask(i: int) -> tuple[float, bool]:
            started = time.monotonic()
            result = engine.context("cli", "conv", f"What did Melanie paint? {i}", now=T0)
            return time.monotonic() - started, result.degraded

        with ThreadPoolExecutor(6) as pool:
            runs = list(pool.map(ask, range(6)))
        assert all(degraded for _, degraded in runs)
        assert max(took for took, _ in runs) < 3.0, runs  # queued one after the other: 6 s
    finally:
        window.mode = "ok"
        engine.close()
        store.close()
