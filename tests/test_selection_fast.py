"""The selection's fast inputs (:class:`~souvenir.read.selection.Pool`, :class:`~souvenir.read.selection.Scores`)
change nothing in what it returns.

``test_outputs_unchanged_since_the_restructure`` pins the full output (ids, passes, reasons,
scores, rules) of seeded corpora to a digest taken with the implementation before the
columns were cached in a ``Pool``: the restructure must stay bit-identical.
"""

from __future__ import annotations

import hashlib
import random
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from souvenir.read.selection import Pool, Scores, SelectionConfig, select
from souvenir.ground.types import Memory

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
KINDS = ["fact", "preference", "promise", "episode", "episode", "rule", "note"]


def corpus(seed: int, size: int) -> tuple[list[Memory], dict[int, float] | None, int | None]:
    """Seeded memories with ties (few dates, confidences), stories, pins, unscored ones."""
    rnd = random.Random(seed)
    story = rnd.choice([None, 1, 2])
    memories, scores = [], {}
    for i in rnd.sample(range(1, 10 * size + 2), size):
        scope = rnd.choice(["global", "story", "story"])
        when = rnd.choice(
            [None, NOW - timedelta(days=rnd.choice([0, 1, 1, 30])), NOW - timedelta(seconds=rnd.randrange(10**7))]
        )
        if when is not None and rnd.random() < 0.1:
            when = when.replace(tzinfo=None)  # naive dates are read as UTC
        memories.append(
            Memory(
                id=i,
                user_id=1,
                text=f"m{i}",
                kind=rnd.choice(KINDS),
                scope=scope,
                story_id=rnd.choice([1, 1, 2, None]) if scope == "story" else None,
                confidence=rnd.choice([0.6, 0.9, 1.0, 0.95]),
                pinned=rnd.random() < 0.05,
                created_at=when,
                updated_at=when if rnd.random() < 0.9 else None,
            )
        )
        if rnd.random() < 0.85:
            scores[i] = rnd.choice([round(rnd.gauss(0.1, 0.2), 6), 0.05, 0.32, 0.3199])
    return memories, (None if rnd.random() < 0.05 else scores), story


def fast(memories: list[Memory], scores: dict[int, float] | None) -> tuple[Pool, Scores | None]:
    """The same input as the store's read cache and the vector index hand it over."""
    return Pool(sorted(memories, key=lambda m: m.id)), (
        None if scores is None else Scores(list(scores), list(scores.values()))
    )


def digest(configs: list[SelectionConfig], fast_inputs: bool = False) -> str:
    h = hashlib.sha256()
    for seed in range(120):
        size = [0, 1, 5, 30, 200, 3000][seed % 6]
        memories, scores, story = corpus(seed, size)
        if fast_inputs:
            memories, scores = fast(memories, scores)
        result = select(memories, scores, configs[seed % len(configs)], NOW, story)
        for s in result.memories + result.rules:
            h.update(repr((s.memory.id, s.pass_name, s.reason, s.score)).encode())
        h.update(repr(result.degraded_cause).encode())
    return h.hexdigest()


SEED_RANK = {"rescue_by_score": False}  # the passes as they were before issue #18
CONFIGS = [
    SelectionConfig(**SEED_RANK),
    SelectionConfig(semantic_threshold=0.05, **SEED_RANK),
    SelectionConfig(limit=10, global_share=0.5, semantic_slots=3, quotas={"fact": 2, "episode": 7}, **SEED_RANK),
    SelectionConfig(limit=30, global_share=0.0, semantic_slots=20, **SEED_RANK),
]
#: Today's passes: score before recency, protected quotas (relevance floors on the corpus' scale).
NEW_CONFIGS = [
    SelectionConfig(relevance_floor=0.1),
    SelectionConfig(semantic_threshold=0.05),
    SelectionConfig(
        limit=10,
        global_share=0.5,
        semantic_slots=3,
        quotas={"fact": 2, "episode": 7, "promise": 2},
        relevance_floor=0.0,
    ),
    SelectionConfig(limit=30, global_share=0.0, semantic_slots=20, relevance_floor=0.3199),
]


BEFORE = "73b2699246289dec33f3b811633e528722738bc741f4e244c96d283d27e7c187"


def test_outputs_unchanged_since_the_restructure():
    assert digest(CONFIGS) == BEFORE


def test_pool_and_scores_inputs_give_the_same_outputs():
    assert digest(CONFIGS, fast_inputs=True) == BEFORE
    assert digest(NEW_CONFIGS, fast_inputs=True) == digest(NEW_CONFIGS)


def full(result):
    return (
        [(s.memory.id, s.pass_name, s.reason, s.score) for s in result.memories],
        [(s.memory.id, s.pass_name, s.reason, s.score) for s in result.rules],
        result.degraded_cause,
    )


@settings(deadline=None, max_examples=60)
@given(st.integers(0, 10**6), st.sampled_from([0, 1, 7, 40, 300]), st.sampled_from(CONFIGS + NEW_CONFIGS))
def test_a_pool_reused_across_turns_and_stories_answers_like_a_list(seed, size, config):
    memories, scores, _ = corpus(seed, size)
    pool, fast_scores = fast(memories, scores)
    for story in (None, 1, 2, 1, None):  # the pool keeps its columns between calls
        assert full(select(pool, fast_scores, config, NOW, story)) == full(select(memories, scores, config, NOW, story))


def test_scores_read_like_a_dict():
    scores = Scores([7, 3, 5], [0.7, 0.3, 0.5])  # sorted on construction
    assert list(scores) == [3, 5, 7] and all(type(i) is int for i in scores)
    assert dict(scores) == {3: 0.3, 5: 0.5, 7: 0.7} and len(scores) == 3
    assert scores[5] == 0.5 and type(scores[5]) is float
    assert scores.get(4) is None and scores.get("5") is None and 9 not in scores
    assert not Scores([], []) and Scores([], []).get(1) is None
    with pytest.raises(ValueError):
        Scores([1, 1], [0.1, 0.2])
    with pytest.raises(ValueError):
        Scores([1, 2], [0.1])


@given(st.dictionaries(st.integers(-(2**40), 2**40), st.floats(allow_nan=False), max_size=30))
def test_scores_keys_values_and_items_are_a_mappings(plain):
    scores = Scores(list(plain), list(plain.values()))
    assert sorted(scores.values()) == sorted(plain.values()) and all(type(v) is float for v in scores.values())
    assert list(scores.keys()) == sorted(plain) and dict(scores.items()) == plain
    assert [scores[k] for k in scores] == list(scores.values()) == scores.array.tolist()


def test_a_pool_is_an_immutable_tuple_of_memories():
    memories, _, _ = corpus(3, 10)
    pool = Pool(memories)
    assert list(pool) == memories and isinstance(pool, tuple) and len(pool) == 10
    with pytest.raises(TypeError):
        pool[0] = memories[1]  # type: ignore[index]


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 10**6), st.sampled_from([1, 7, 40, 300]), st.sampled_from(CONFIGS + NEW_CONFIGS), st.data())
def test_an_extended_pool_answers_like_a_list(seed, size, config, data):
    """New memories appended to a pool whose columns were read (the read cache after a write)."""
    memories, scores, _ = corpus(seed, size)
    pool, fast_scores = fast(memories, scores)
    cut = data.draw(st.integers(0, len(pool)))
    head = Pool(pool[:cut])
    for story in (None, 1):
        select(head, fast_scores, config, NOW, story)  # reads columns, dates, own stories
    extended = head.extended(pool[cut:])
    assert list(extended) == list(pool)
    for story in (None, 1, 2):
        assert full(select(extended, fast_scores, config, NOW, story)) == full(
            select(memories, scores, config, NOW, story)
        )
