"""The read path's shortcuts give the bits of the full path (issue #28, session 12, lane speed).

- A scorer serving query after query (its per-user ``kept`` terms held: the shortlist's first
  stage and the final score side by side) gives the scores, parts and selection of a fresh
  scorer per query, on stores in English, French and Chinese read from a real SQLite file,
  through the large user's path (shortlist, coarse cosines) and the exact one.
- The one-group z-scores and line fill without gathers equal the gathered arithmetic.
- :mod:`souvenir.read.ended`'s reselection on a :class:`Pool` (its columns changed at the
  demoted positions) gives what the same candidates as a plain list give.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from souvenir.ground.blas import leading_directions
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.read.ended import HISTORY, select_current
from souvenir.read.scoring import Scorer
from souvenir.read.scoring.calibration import Prior, calibrated_z
from souvenir.read.scoring.fusion import ScoringConfig, _zscore_positions
from souvenir.read.scoring.scorer import DenseInput
from souvenir.read.scoring.shortlist import fill_by_fit, zscore_sampled
from souvenir.read.selection import Pool, SelectionConfig, select
from souvenir.ground.types import Memory

NOW = datetime(2026, 12, 6, 9, tzinfo=timezone.utc)

TEXTS = {
    "en": [
        "We went camping by the lake with my sister",
        "Do you remember the book about whales?",
        "My sister's wedding is in Penang on 14 March 2025",
        "I work as a nurse at the night shift",
        "Bought a red bicycle for the commute",
        "Why did the train stop so long yesterday?",
    ],
    "fr": [
        "Nous sommes allés camper au bord du lac avec ma sœur",
        "Tu te souviens du livre sur les baleines ?",
        "Le mariage de ma sœur est à Penang le 14 mars 2025",
        "Je travaille comme infirmière de nuit",
        "J'ai acheté un vélo rouge pour aller au travail",
        "Pourquoi le train s'est-il arrêté si longtemps hier ?",
    ],
    "zh": [
        "我们和姐姐一起去湖边露营了",
        "你还记得那本关于鲸鱼的书吗？",
        "我姐姐的婚礼在2025年3月14日在槟城举行",
        "我在医院上夜班当护士",
        "买了一辆红色的自行车上班用",
        "昨天火车为什么停了那么久？",
    ],
}
MESSAGES = {
    "en": ["what did I say about my sister's wedding last year?", "Did Anna go camping?", "hello"],
    "fr": ["qu'est-ce que j'ai dit sur le mariage de ma sœur ?", "Anna est allée camper ?", "salut"],
    "zh": ["我去年说过我姐姐的婚礼吗？", "Anna去露营了吗？", "你好"],
}


def _store(tmp_path, lang: str, size: int):
    """A real SQLite store with ``size`` memories of ``lang`` (sessions, speakers, dates,
    a few of the other languages): (runtime, candidates as read from it)."""
    rt = open_runtime(
        Settings(database_url=f"sqlite:///{tmp_path / f'{lang}.db'}", embedder="none", window_embedder="none")
    )
    rng = random.Random(7)
    store = rt.store
    with store.transaction():
        user = store.ensure_user("test", "u", NOW)
        story = store.ensure_story(user, "s", NOW)
        for i in range(size):
            other = rng.random() < 0.1
            texts = TEXTS[rng.choice(["en", "fr", "zh"])] if other else TEXTS[lang]
            store.insert_memory(
                user,
                f"{rng.choice(texts)} ({i})",
                rng.choice(["fact", "episode", "preference"]),
                "story" if rng.random() < 0.1 else "global",
                story,
                rng.choice((0.7, 0.9, 1.0)),
                rng.random() < 0.01,
                None,
                NOW - timedelta(days=rng.randrange(900)),
                speaker=rng.choice(["Anna", "Ben", None]),
                session=f"s{i // 12}" if rng.random() < 0.8 else None,
            )
    return rt, user, story


def _unit(rng: np.random.Generator, n: int, dim: int) -> np.ndarray:
    v = rng.standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
@pytest.mark.parametrize("shortlist_from", [50, 0])
def test_a_held_scorer_gives_a_fresh_scorers_bits(tmp_path, lang: str, shortlist_from: int) -> None:
    rt, user, story = _store(tmp_path, lang, 400)
    try:
        candidates = rt.store.candidates(user, story)
    finally:
        rt.close()
    rng = np.random.default_rng(1)
    ids = [m.id for m in candidates]
    use, e5 = _unit(rng, len(ids), 64), _unit(rng, len(ids), 48)
    basis = leading_directions(e5, 12)
    config = ScoringConfig(shortlist_from=shortlist_from, shortlist_size=60, sample_per_group=30, coarse_dims=12)
    held = Scorer(config)
    for k in range(6):
        message = MESSAGES[lang][k % 3]
        q_use, q_e5 = _unit(rng, 1, 64)[0], _unit(rng, 1, 48)[0]

        def run(scorer: Scorer, message: str = message, q_use: np.ndarray = q_use, q_e5: np.ndarray = q_e5):
            parts: dict = {}
            scores = scorer.scores(
                1,
                candidates,
                message,
                NOW,
                DenseInput.from_matrix(q_use, ids, use),
                DenseInput.from_matrix(q_e5, ids, e5, basis),
                parts=parts,
            )
            chosen = select(candidates, scores, SelectionConfig(score_name="score"), NOW, story)
            return scores, parts, [(s.memory.id, s.pass_name, s.reason, s.score) for s in chosen.memories]

        got, fresh = run(held), run(Scorer(config))
        assert got[0].ids.tobytes() == fresh[0].ids.tobytes() and got[0].array.tobytes() == fresh[0].array.tobytes()
        assert sorted(got[1]) == sorted(fresh[1])
        for name, value in fresh[1].items():
            assert np.asarray(got[1][name]).tobytes() == np.asarray(value).tobytes(), (lang, k, name)
        assert got[2] == fresh[2], (lang, k)
    assert "acts" in held._cache[1][2].kept  # the acts were kept, not recomputed


def _gathered_z(x: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """The former arithmetic: the group's values gathered, standardised, scattered."""
    out = np.zeros(len(x))
    values = x[positions]
    d = values - values.mean()
    sd = float(np.sqrt(np.dot(d, d) / d.size))
    if sd > 0:
        d /= sd
        out[positions] = d
    return out


@pytest.mark.parametrize("seed", range(20))
def test_one_group_z_and_fill_without_gathers_give_the_gathered_bits(seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 3000))
    x = rng.standard_normal(n) * rng.uniform(0.01, 10) + rng.uniform(-5, 5)
    whole = np.arange(n)
    assert _zscore_positions(x, np.isfinite(x), [whole]).tobytes() == _gathered_z(x, whole).tobytes()
    prior = Prior(mean=0.3, sd=0.2, weight=1.5, sd_weight=4.0)
    values = x[whole]
    m = float(values.mean())
    s2 = float(np.dot(values - m, values - m) / n)
    mean, var = (n * m + 1.5 * 0.3) / (n + 1.5), (n * s2 + 4.0 * 0.2**2) / (n + 4.0)
    expected = np.zeros(n)
    expected[whole] = (values - mean) / np.sqrt(var)
    assert calibrated_z(x, prior).tobytes() == expected.tobytes()
    assert calibrated_z(x, prior, [whole]).tobytes() == expected.tobytes()
    sample = np.unique(rng.integers(0, n, size=max(2, n // 5)))
    labels = np.zeros(n, np.int64)
    sampled = x[sample]
    mean_s = sampled.mean()
    d = sampled - mean_s
    sd = float(np.sqrt(np.dot(d, d) / d.size))
    expected = np.zeros(n)
    if sd > 0:
        expected[whole] = (x[whole] - mean_s) / sd
    assert zscore_sampled(x, [whole], labels, sample).tobytes() == expected.tobytes()
    where = np.unique(np.concatenate([sample, rng.integers(0, n, size=n // 3)]))
    exact = rng.standard_normal(where.size)
    slope_labels = np.zeros(n, np.int64)
    filled = fill_by_fit(n, where, exact, x, sample, slope_labels)
    outside = np.setdiff1d(whole, where)
    if outside.size:  # a second label on one position out of the sample: the same line, the general path
        two_labels = slope_labels.copy()
        two_labels[outside[0]] = 1
        assert filled.tobytes() == fill_by_fit(n, where, exact, x, sample, two_labels).tobytes()


SUMMER_JOBS = {
    "en": ["Works at the pool this summer", "Lifeguard at the beach this summer"],
    "fr": ["Bosse chez un glacier cet été", "Travaille au camping cet été"],
    "zh": ["暑假在咖啡店打工", "暑假在书店打工"],
}
SAID = datetime(2026, 6, 10, 9, tzinfo=timezone.utc)
ENDED = datetime(2026, 10, 1, 9, tzinfo=timezone.utc)


def _pool_and_list(lang: str) -> tuple[Pool, list[Memory]]:
    """800 memories older than June 2026, and the summer jobs said then (the newest: the
    rank puts them first), as a pool and as a plain list."""
    rng = random.Random(3)
    memories = [
        Memory(
            i + 1,
            1,
            f"{rng.choice(TEXTS[lang])} {i}",
            kind=rng.choice(["fact", "preference", "episode", "rule"]) if i % 97 else "rule",
            scope="story" if rng.random() < 0.2 else "global",
            story_id=rng.choice([5, 6]),
            pinned=rng.random() < 0.02,
            confidence=rng.choice([0.7, 1.0]),
            created_at=SAID - timedelta(days=30 + rng.randrange(900)),
            updated_at=SAID - timedelta(days=30 + rng.randrange(400)),
        )
        for i in range(800)
    ]
    for k, job in enumerate(SUMMER_JOBS[lang] * 3):  # at several places among the ids
        at = (100 + 250 * k) % 790
        memories[at] = replace(memories[at], text=job, kind="fact", scope="global", pinned=False, updated_at=SAID)
    return Pool(memories), memories


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
@pytest.mark.parametrize("scored", [True, False])
def test_ended_reselection_on_a_pool_gives_the_plain_lists_result(lang: str, scored: bool) -> None:
    pool, plain = _pool_and_list(lang)
    jobs = {m.id for m in plain if m.text in SUMMER_JOBS[lang]}
    rng = np.random.default_rng(5)
    low = rng.uniform(-1, 0.3, len(plain))  # below the semantic floor: the global pass by rank
    # the jobs best among them (the global pass ranks by score where scores exist)
    scores = {m.id: 0.31 if m.id in jobs else float(v) for m, v in zip(plain, low)} if scored else None
    config = SelectionConfig()
    for story in (5, None):
        select(pool, scores, config, NOW, story)  # the pool's story column read before the demotion
        first = select(plain, scores, config, ENDED, story)
        assert jobs & {s.memory.id for s in first.memories if s.pass_name in ("global", "quota")}  # a reselection
        a = select_current(pool, scores, config, ENDED, story)
        b = select_current(plain, scores, config, ENDED, story)
        assert [(s.memory, s.pass_name, s.reason, s.score) for s in a.memories] == [
            (s.memory, s.pass_name, s.reason, s.score) for s in b.memories
        ], (lang, story)
        assert [s.memory for s in a.rules] == [s.memory for s in b.rules]
        assert not jobs & {s.memory.id for s in a.memories if s.pass_name in ("global", "quota")}


def test_a_pools_changed_columns_are_those_of_the_changed_memories() -> None:
    pool, plain = _pool_and_list("en")
    pool.static().own_story(5)
    positions = np.array([0, 7, 96, 400, 799])
    demoted = [replace(plain[i], scope=HISTORY, kind=HISTORY) for i in positions]
    changed = pool.replaced(positions, demoted, HISTORY, HISTORY).static()
    items = list(plain)
    for i, m in zip(positions.tolist(), demoted):
        items[i] = m
    read = Pool(items).static()
    for name in ("ids", "kind", "rule", "pinned", "is_global", "is_story", "neg_conf"):
        assert getattr(changed, name).tobytes() == getattr(read, name).tobytes(), name
    assert changed.id_list == read.id_list and changed.stories == read.stories
    for story in (5, 6, None):
        assert changed.own_story(story).tobytes() == read.own_story(story).tobytes()
        assert all(a.tobytes() == b.tobytes() for a, b in zip(changed.heads(story), read.heads(story)))
