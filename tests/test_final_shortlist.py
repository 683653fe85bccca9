"""The large user's final score on a shortlist selects what the full score selects (issue #28).

The scorer hands a :class:`~souvenir.candidates.score_map.LazyScores` (exact on the shortlist, an
upper bound elsewhere: :mod:`souvenir.read.scoring.final_shortlist`) and
:func:`~souvenir.read.selection.select` proves its result from it. Compared here with the
selection over the complete scores of the same message (ids, order, passes, reasons, scores;
the rules), on stores read from real SQLite files (English, French, Chinese, Malay texts with
sessions, speakers and dates), on the shared multilingual suites and LoCoMo conversations
(their real texts, sessions, speakers and dates; skipped with the reason when the data is
absent), with the shortlist drawn from a few hundred memories; also: the exact values are
the complete score's bits, every bound is at least its score, and the complete scores
(read whole: diagnostics, ``ContextResult.scores``) are what the full path gives.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from souvenir.ground.blas import leading_directions
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.candidates.score_map import LazyScores, Scores
from souvenir.read.scoring import Scorer
from souvenir.read.scoring.fusion import SCORE_FLOOR, ScoringConfig
from souvenir.read.scoring.kinship import kin_concepts
from souvenir.read.scoring.scorer import DenseInput
from souvenir.read.selection import SelectionConfig, select

NOW = datetime(2026, 12, 6, 9, tzinfo=timezone.utc)
DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"
SHORT = ScoringConfig(shortlist_from=200, shortlist_size=80, sample_per_group=40, coarse_dims=12)
FUSED = SelectionConfig(score_name="score", semantic_threshold=SCORE_FLOOR, relevance_floor=SCORE_FLOOR)

TEXTS = {
    "en": [
        "We went camping by the lake with my sister",
        "My sister's wedding is in Penang on 14 March 2025",
        "The user's sister, Aminah, lives in Ipoh",
        "Aminah bought a new car",
    ],
    "fr": [
        "Nous sommes allés camper au bord du lac avec ma sœur",
        "Le mariage de ma sœur est à Penang le 14 mars",
        "Le fils de l'utilisateur, Jun Hao, est en seconde",
    ],
    "zh": ["我们和姐姐一起去湖边露营了", "我姐姐的婚礼在2025年3月14日在槟城举行", "女儿下周回家"],
    "ms": ["Kami pergi berkhemah di tepi tasik dengan kakak", "Majlis kahwin kakak saya di Pulau Pinang pada 14 Mac"],
}
RELATIONS = [  # the relatives' term (per memory, read once per user), bounded on the shortlist
    "what did I say about my sister's wedding in Penang last year?",
    "qu'est-ce que ma sœur a dit du mariage ?",
    "我姐姐的婚礼在哪里？",
    "bila majlis kahwin kakak saya?",
    "how is my son doing at school?",
    "我女儿什么时候回家？",
]
MESSAGES = [
    "what did I say about the wedding in Penang last year?",
    "Did Anna go camping?",
    "qu'est-ce que j'ai dit sur le mariage à Penang ?",
    "我去年说过槟城的婚礼吗？",
    "Bila majlis kahwin di Pulau Pinang?",
    "hello",
    "my sister's wedding?",
    *RELATIONS,
]


#: per lazily served selection, how many memories the proof made exact beyond the shortlist
REFINED: list[int] = []
#: the messages served lazily with a relatives' term
KIN_SERVED: list[str] = []


def _unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _candidates(tmp_path: Path, rows: list[dict]) -> tuple[list, int]:
    """The rows written to a real SQLite store and read back as candidates: (pool, story)."""
    rt = open_runtime(Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}", embedder="none", window_embedder="none"))
    try:
        store = rt.store
        with store.transaction():
            user = store.ensure_user("test", "u", NOW)
            story = store.ensure_story(user, "s", NOW)
            for r in rows:
                store.insert_memory(
                    user,
                    r["text"],
                    r["kind"],
                    r["scope"],
                    story,
                    r["confidence"],
                    r["pinned"],
                    None,
                    r["at"],
                    speaker=r.get("speaker"),
                    session=r.get("session"),
                )
        return rt.store.candidates(user, story), story
    finally:
        rt.close()


def _rows(texts: list[tuple[str, str | None, str | None, datetime]], seed: int) -> list[dict]:
    """Memories of ``texts`` (text, speaker, session, date) with kinds, scopes and pins drawn."""
    rng = random.Random(seed)
    return [
        dict(
            text=text,
            speaker=speaker,
            session=session,
            at=at,
            kind="rule" if i % 97 == 5 else rng.choice(["fact", "episode", "preference", "promise"]),
            scope="story" if rng.random() < 0.1 else "global",
            confidence=rng.choice((0.7, 0.9, 1.0)),
            pinned=rng.random() < 0.01,
        )
        for i, (text, speaker, session, at) in enumerate(texts)
    ]


def _compare(candidates, story: int, messages: list[str], seed: int, config: ScoringConfig = SHORT) -> int:
    """Each message's selection from the lazy scores against the complete scores'; returns
    how many messages were served lazily."""
    rng = np.random.default_rng(seed)
    ids = [m.id for m in candidates]
    use, e5 = _unit(rng, len(ids), 64), _unit(rng, len(ids), 48)
    # a few memories close to each query: relevance above the floor, the semantic pass at work
    basis = leading_directions(e5, 12)
    scorer = Scorer(config)
    lazy_count = 0
    for k, message in enumerate(messages):
        q_use, q_e5 = _unit(rng, 1, 64)[0], _unit(rng, 1, 48)[0]
        near = rng.choice(len(ids), size=min(30, len(ids)), replace=False)
        use[near] = 0.5 * use[near] + q_use
        e5[near] = 0.5 * e5[near] + q_e5
        use[near] /= np.linalg.norm(use[near], axis=1, keepdims=True)
        e5[near] /= np.linalg.norm(e5[near], axis=1, keepdims=True)

        def scores(parts: dict | None = None, q_use=q_use, q_e5=q_e5, message=message):
            return scorer.scores(
                1,
                candidates,
                message,
                NOW,
                DenseInput.from_matrix(q_use, ids, use),
                DenseInput.from_matrix(q_e5, ids, e5, basis),
                parts=parts,
            )

        full_parts: dict = {}
        full = scores(full_parts)
        complete = Scores(full.ids, full.array)
        for where in (story, None):
            lazy = scores()
            if not isinstance(lazy, LazyScores):
                continue
            lazy_count += 1
            if "relative" in full_parts:
                KIN_SERVED.append(message)
            before = int(lazy.bounded(lazy.ids)[1].sum())
            got = select(candidates, lazy, FUSED, NOW, where)
            REFINED.append(int(lazy.bounded(lazy.ids)[1].sum()) - before)
            want = select(candidates, complete, FUSED, NOW, where)
            assert [(s.memory.id, s.pass_name, s.reason, s.score) for s in got.memories] == [
                (s.memory.id, s.pass_name, s.reason, s.score) for s in want.memories
            ], (k, message)
            assert [(s.memory.id, s.reason, s.score) for s in got.rules] == [
                (s.memory.id, s.reason, s.score) for s in want.rules
            ]
            if not lazy.completed:
                values, exact = lazy.bounded(lazy.ids)
                assert values[exact].tobytes() == complete.array[exact].tobytes()
                assert (values[~exact] >= complete.array[~exact]).all()
            # read whole: the complete scores and every part, as the full path's
            parts: dict = {}
            whole = scores(parts)
            assert whole.array.tobytes() == complete.array.tobytes()
            assert parts.keys() == full_parts.keys()
            for name in parts:
                assert np.asarray(parts[name]).tobytes() == np.asarray(full_parts[name]).tobytes(), name
    return lazy_count


@pytest.mark.parametrize("lang", ["en", "fr", "zh", "ms"])
def test_synthetic_stores_select_the_same_from_the_shortlist(tmp_path, lang: str) -> None:
    rng = random.Random(11)
    texts = []
    for i in range(1500):
        pool = TEXTS[rng.choice(list(TEXTS))] if rng.random() < 0.15 else TEXTS[lang]
        texts.append(
            (
                f"{rng.choice(pool)} ({i})",
                rng.choice(["Anna", "Ben", None]),
                f"s{i // 10}" if rng.random() < 0.8 else None,
                NOW - timedelta(days=rng.randrange(900)),
            )
        )
    candidates, story = _candidates(tmp_path, _rows(texts, 3))
    start = len(KIN_SERVED)
    assert _compare(candidates, story, MESSAGES + ["Did Ben say anything about the lake?"], 5) >= 10
    assert set(KIN_SERVED[start:]) >= set(RELATIONS[:4])  # the relation messages too, in four languages


def test_without_sessions_or_speakers_too(tmp_path) -> None:
    rng = random.Random(2)
    texts = [(f"{rng.choice(TEXTS['en'])} {i}", None, None, NOW - timedelta(days=i % 700)) for i in range(1200)]
    candidates, story = _candidates(tmp_path, _rows(texts, 4))
    assert _compare(candidates, story, MESSAGES, 6) >= 8


def test_a_rare_kind_outside_the_shortlist_is_made_exact_for_its_quota(tmp_path) -> None:
    """Three promises in 1,500 memories: the quota pass takes them whatever their score, so
    the proof makes them (and the bounded memories best placed beside them) exact."""
    rng = random.Random(5)
    texts = [(f"{rng.choice(TEXTS['fr'])} {i}", None, f"s{i // 8}", NOW - timedelta(days=i % 500)) for i in range(1500)]
    rows = _rows(texts, 12)
    for r in rows:
        r["kind"] = (
            "promise" if r["kind"] == "promise" and rng.random() < 0.01 else r["kind"].replace("promise", "fact")
        )
    assert 0 < sum(r["kind"] == "promise" for r in rows) < 10
    candidates, story = _candidates(tmp_path, rows)
    start = len(REFINED)
    assert _compare(candidates, story, MESSAGES, 13) >= 8
    assert any(REFINED[start:])


def _suite(name: str) -> Path:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"shared data not found: {path} (the multilingual suites are read from ../shared/data)")
    return path


@pytest.mark.parametrize(
    "name", ["multilingual/suite.json", "multilingual2/suite-a.json", "multilingual2/suite-b.json"]
)
def test_multilingual_suites_select_the_same_from_the_shortlist(tmp_path, name: str) -> None:
    suite = json.loads(_suite(name).read_text())
    rows = []
    for m in suite["memories"] * 4:  # the suite's memories, four times: a store above the shortlist size
        day = datetime.fromisoformat(m["date"]).replace(tzinfo=timezone.utc) if m.get("date") else NOW
        rows.append((m["text"], None, None, day))
    candidates, story = _candidates(tmp_path, _rows(rows, 7))
    queries = [q["text"] if "text" in q else q["query"] for q in suite["queries"]]
    kin = [q for q in queries[12:] if kin_concepts(q)][:6]  # and some naming a relative
    start = len(KIN_SERVED)
    assert _compare(candidates, story, queries[:12] + kin, 8) >= 8
    assert set(KIN_SERVED[start:]) & set(kin)  # the suite's questions naming a relative too


@pytest.mark.parametrize("conversation", ["conv-26", "conv-30"])
def test_locomo_conversations_select_the_same_from_the_shortlist(tmp_path, conversation: str) -> None:
    path = _suite(f"locomo/{conversation}.json")
    data = json.loads(path.read_text())
    rows = []
    k = 1
    while f"session_{k}" in data:
        for turn in data[f"session_{k}"]:
            rows.append((turn["text"], turn.get("speaker"), f"session_{k}", NOW - timedelta(days=400 - k)))
        k += 1
    questions = [q["question"] for q in data.get("qa", [])[:10]] or MESSAGES
    candidates, story = _candidates(tmp_path, _rows(rows, 9))
    names = [data.get("speaker_a"), data.get("speaker_b")]
    messages = questions + [f"What did {n} do last month?" for n in names if n]
    assert _compare(candidates, story, messages, 10) >= 8


def test_lazy_scores_complete_only_when_read_whole() -> None:
    calls: list[int] = []
    ids = np.array([2, 5, 9], dtype=np.int64)
    bounds = np.array([1.0, 9.0, 3.0])
    exact = np.array([True, False, True])

    def refine(positions: np.ndarray) -> None:
        bounds[positions] = 4.0
        exact[positions] = True

    def complete() -> np.ndarray:
        calls.append(1)
        return np.array([1.0, 4.0, 3.0])

    lazy = LazyScores(ids, bounds, exact, refine, complete)
    assert len(lazy) == 3 and bool(lazy or {}) and not calls  # counted, not read
    values, known = lazy.bounded(np.array([5, 7], dtype=np.int64))
    assert values[0] == 9.0 and not known[0] and np.isnan(values[1]) and known[1]  # 7: no score
    lazy.refine(np.array([5, 8], dtype=np.int64))
    assert lazy.bounded(ids)[1].all() and not calls
    assert lazy[5] == 4.0 and dict(lazy.items()) == {2: 1.0, 5: 4.0, 9: 3.0} and lazy.completed
    assert lazy.lookup(ids).tolist() == [1.0, 4.0, 3.0] and calls == [1]  # made once
