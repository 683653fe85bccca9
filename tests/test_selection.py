"""The read path's six passes (seed 000, "Vingt-quatre places, six passes").

Most properties are checked against ``reference``: the spec written as plainly as
possible (full sorts, no numpy), so that the fast implementation must agree with it on
any input, ties included.
"""

from __future__ import annotations

import math
import random
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from souvenir.read.selection import PASSES, SelectionConfig, select
from souvenir.ground.types import Memory

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)
DAY = timedelta(days=1)
STORY = 1
TYPE_ORDER = {"fact": 0, "preference": 1, "promise": 2, "episode": 3}

settings.register_profile("selection", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("selection")


def mem(
    id: int,
    kind: str = "fact",
    scope: str = "story",
    pinned: bool = False,
    confidence: float = 1.0,
    age_days: float | None = 1,
    story_id: int | None = STORY,
) -> Memory:
    when = None if age_days is None else NOW - age_days * DAY
    return Memory(
        id=id,
        user_id=1,
        text=f"memory {id}",
        kind=kind,
        scope=scope,
        story_id=story_id if scope == "story" else None,
        confidence=confidence,
        pinned=pinned,
        created_at=when,
        updated_at=when,
    )


def reference(memories, scores, config, story_id=STORY):
    """Seed 000's passes, literally, with issue #18's two protections (score before
    recency in the quota and rescue passes; protected quotas above a relevance floor):
    [(id, pass)] in the budget, rule ids by rank."""
    thr, limit, floor = config.semantic_threshold, config.limit, config.relevance_floor
    quarter = round(limit * config.global_share)

    def cos(m):
        c = None if scores is None else scores.get(m.id)
        return None if c is None or math.isnan(c) else c

    def eligible(m):
        return cos(m) is not None and cos(m) >= thr

    def relevant(m):
        return floor is not None and cos(m) is not None and cos(m) >= floor

    def own(m):
        return m.scope == "story" and m.story_id == story_id

    def rank(m):
        d = m.updated_at or m.created_at
        return (
            not m.pinned,
            not own(m),
            TYPE_ORDER.get(m.kind, 4),
            -m.confidence,
            -(d.timestamp() if d else -1e18),
            -(cos(m) if cos(m) is not None else -9),
            m.id,
        )

    def ranked(m):
        if not config.rescue_by_score:
            return rank(m)
        return (not m.pinned, not own(m), -cos(m) if cos(m) is not None else -math.inf, rank(m))

    rules = sorted((m for m in memories if m.kind == "rule"), key=rank)
    pool = sorted((m for m in memories if m.kind != "rule"), key=rank)
    chosen, taken = [], set()
    kind_of = {m.id: m.kind for m in pool}

    def add(m, pass_name):
        if len(chosen) < limit and m.id not in taken:
            chosen.append((m.id, pass_name))
            taken.add(m.id)

    def held(kind):
        return sum(1 for i, _ in chosen if kind_of[i] == kind)

    def need():
        if floor is None:
            return 0
        return sum(
            min(
                max(0, config.quotas.get(kind, 0) - held(kind)),
                sum(1 for m in pool if m.kind == kind and m.id not in taken and relevant(m)),
            )
            for kind in config.protected_kinds
        )

    reserve_candidates = sum(1 for m in pool if not m.pinned and (m.scope == "global" or eligible(m)))
    reserve = min(max(1, quarter), reserve_candidates)
    for m in pool:
        if m.pinned:
            if len(chosen) >= limit - reserve:
                break
            add(m, "pinned")
    globs = [m for m in pool if m.scope == "global" and not m.pinned and m.id not in taken]
    by_cos = sorted((m for m in globs if eligible(m)), key=lambda m: (-cos(m), rank(m)))
    for m in (by_cos + sorted((m for m in globs if not eligible(m)), key=ranked))[:quarter]:
        add(m, "global")
    slots = config.semantic_slots
    for _ in range(2):
        room = min(slots, limit - len(chosen) - need())
        sem = sorted((m for m in pool if eligible(m) and m.id not in taken), key=lambda m: (-cos(m), rank(m)))
        for m in sem[: max(0, room)]:
            add(m, "semantic")
            slots -= 1
    for kind in config.protected_kinds if floor is not None else ():
        room = max(0, config.quotas.get(kind, 0) - held(kind))
        for m in sorted(
            (m for m in pool if m.kind == kind and m.id not in taken and relevant(m)), key=lambda m: (-cos(m), rank(m))
        )[:room]:
            add(m, "quota")
    for kind, places in config.quotas.items():
        room = max(0, places - held(kind))
        for m in sorted((m for m in pool if m.kind == kind and m.id not in taken), key=ranked)[:room]:
            add(m, "quota")
    for m in sorted(pool, key=ranked):
        add(m, "rescue")
    return chosen, [m.id for m in rules]


def picks(result):
    return [(s.memory.id, s.pass_name) for s in result.memories]


def full(result):
    return (
        [(s.memory.id, s.pass_name, s.reason, s.score) for s in result.memories],
        [(s.memory.id, s.reason, s.score) for s in result.rules],
    )


# -- strategies -----------------------------------------------------------------------------

COSINES = st.sampled_from([-0.2, 0.1, 0.3199, 0.32, 0.32, 0.5, 0.9])


@st.composite
def corpora(draw, max_size=60):
    """Small corpora with many ties (few confidences, dates and cosines), some unscored."""
    n = draw(st.integers(0, max_size))
    ids = draw(st.lists(st.integers(1, 10_000), min_size=n, max_size=n, unique=True))
    memories, scores = [], {}
    for i in ids:
        memories.append(
            mem(
                i,
                kind=draw(st.sampled_from(["fact", "preference", "promise", "episode", "rule", "note"])),
                scope=draw(st.sampled_from(["global", "story"])),
                story_id=draw(st.sampled_from([STORY, STORY, 2])),
                pinned=draw(st.booleans()),
                confidence=draw(st.sampled_from([0.6, 0.9, 1.0])),
                age_days=draw(st.sampled_from([None, 0, 1, 1, 30])),
            )
        )
        if draw(st.integers(0, 5)):  # about one memory in six is not embedded yet
            scores[i] = draw(COSINES)
    degraded = draw(st.integers(0, 9)) == 0
    return memories, (None if degraded else scores)


configs = st.builds(
    SelectionConfig,
    limit=st.integers(0, 30),
    global_share=st.sampled_from([0.0, 0.1, 0.25, 0.5, 1.0]),
    semantic_slots=st.integers(0, 20),
    semantic_threshold=st.just(0.32),
    quotas=st.fixed_dictionaries(
        {}, optional={k: st.integers(0, 7) for k in ("fact", "preference", "promise", "episode")}
    ),
    relevance_floor=st.sampled_from([None, 0.1, 0.3199, 0.5]),
    rescue_by_score=st.booleans(),
)


# -- properties -----------------------------------------------------------------------------


@given(corpora(), configs)
def test_agrees_with_the_plain_reference(corpus, config):
    memories, scores = corpus
    result = select(memories, scores, config, NOW, STORY)
    expected, rule_ids = reference(memories, scores, config)
    assert picks(result) == expected
    assert [s.memory.id for s in result.rules] == rule_ids


@given(corpora(), configs)
def test_never_over_the_limit_and_fills_it_when_it_can(corpus, config):
    memories, scores = corpus
    result = select(memories, scores, config, NOW, STORY)
    ids = [s.memory.id for s in result.memories]
    assert len(ids) == len(set(ids)) <= config.limit
    assert len(ids) == min(config.limit, sum(m.kind != "rule" for m in memories))
    assert all(s.pass_name in PASSES[1:] for s in result.memories)


@given(corpora(), configs, st.randoms(use_true_random=False))
def test_deterministic_and_input_order_is_irrelevant(corpus, config, rnd):
    memories, scores = corpus
    first = full(select(memories, scores, config, NOW, STORY))
    assert full(select(memories, scores, config, NOW, STORY)) == first
    shuffled = list(memories)
    rnd.shuffle(shuffled)
    assert full(select(tuple(shuffled), scores, config, NOW, STORY)) == first


@given(corpora(), configs)
def test_rules_are_all_served_outside_the_budget(corpus, config):
    memories, scores = corpus
    result = select(memories, scores, config, NOW, STORY)
    assert sorted(s.memory.id for s in result.rules) == sorted(m.id for m in memories if m.kind == "rule")
    assert all(s.pass_name == "rule" for s in result.rules)
    assert all(s.memory.kind != "rule" for s in result.memories)


@given(corpora(), configs)
def test_pinned_capped_at_limit_minus_a_reserve_bounded_by_real_candidates(corpus, config):
    memories, scores = corpus
    result = select(memories, scores, config, NOW, STORY)
    semantic_ids = {i for i, c in (scores or {}).items() if c >= config.semantic_threshold}
    candidates = sum(
        1 for m in memories if m.kind != "rule" and not m.pinned and (m.scope == "global" or m.id in semantic_ids)
    )
    reserve = min(max(1, round(config.limit * config.global_share)), candidates)
    pinned = sum(s.pass_name == "pinned" for s in result.memories)
    available = sum(1 for m in memories if m.kind != "rule" and m.pinned)
    assert pinned == max(0, min(available, config.limit - reserve))


@given(corpora(), configs)
def test_semantic_pass_is_honest(corpus, config):
    memories, scores = corpus
    result = select(memories, scores, config, NOW, STORY)
    semantic = [s for s in result.memories if s.pass_name == "semantic"]
    assert len(semantic) <= config.semantic_slots
    for s in semantic:
        assert s.score is not None and s.score >= config.semantic_threshold
        assert s.reason.startswith("semantic: cosine ")
    for s in result.memories + result.rules:
        assert s.reason.startswith(s.pass_name + ":")
        assert s.score == (None if scores is None else scores.get(s.memory.id))


@given(corpora(), configs)
def test_degraded_turn_has_no_semantic_pass_and_counts_nothing(corpus, config):
    memories, _ = corpus
    result = select(memories, None, config, NOW, STORY)
    assert result.degraded and result.degraded_cause
    assert all(s.pass_name != "semantic" and s.score is None for s in result.memories)


@given(st.integers(0, 12), st.integers(0, 10))
def test_reserve_freezes_no_place_for_nothing(globals_count, extra_pinned):
    """With few real global candidates, the pinned take every place they leave."""
    config = SelectionConfig()
    memories = [mem(i, pinned=True) for i in range(1, 25 + extra_pinned)]
    memories += [mem(100 + i, scope="global") for i in range(globals_count)]
    result = select(memories, {}, config, NOW, STORY)
    reserve = min(6, globals_count)
    assert sum(s.pass_name == "pinned" for s in result.memories) == 24 - reserve
    assert sum(s.pass_name == "global" for s in result.memories) == reserve
    assert len(result.memories) == 24


# -- seed 000's measured cases --------------------------------------------------------------


def test_26_pinned_and_10_relevant_globals_keep_durable_and_semantic_memories():
    """Before the reserve: 24 pinned, 0 global, 0 semantic (seed 000)."""
    memories = [mem(i, pinned=True, age_days=i) for i in range(1, 27)]
    memories += [mem(100 + i, scope="global", kind="preference") for i in range(10)]
    memories += [mem(200 + i, kind="episode") for i in range(5)]
    scores = {100 + i: 0.40 + i / 100 for i in range(10)} | {200 + i: 0.6 for i in range(5)}
    result = select(memories, scores, SelectionConfig(), NOW, STORY)
    passes = [s.pass_name for s in result.memories]
    assert len(passes) == 24
    assert passes.count("pinned") == 18
    assert passes.count("global") == 6
    assert [s.memory.id for s in result.memories if s.pass_name == "global"] == [109, 108, 107, 106, 105, 104]
    assert all(s.score >= 0.32 for s in result.memories if s.pass_name == "global")


def test_19_rules_leave_the_24_places_to_memories():
    """A profile with 19 rules had 19 of 24 places taken; rules are now outside the budget."""
    memories = [mem(i, kind="rule", pinned=i % 2 == 0) for i in range(1, 20)]
    memories += [mem(100 + i, kind=("fact", "preference", "promise", "episode")[i % 4]) for i in range(40)]
    result = select(memories, {}, SelectionConfig(), NOW, STORY)
    assert len(result.memories) == 24 and len(result.rules) == 19
    assert {s.memory.kind for s in result.memories} <= {"fact", "preference", "promise", "episode"}


def test_freed_places_go_to_rescue_not_to_the_kinds():
    memories = [mem(i, kind="rule") for i in range(1, 20)]
    memories += [mem(100 + i, kind="fact", confidence=0.9 + i / 1000) for i in range(30)]
    result = select(memories, {}, SelectionConfig(), NOW, STORY)
    assert [s.pass_name for s in result.memories] == ["quota"] * 6 + ["rescue"] * 18
    assert result.memories[0].reason.startswith("quota: fact 1/6")
    assert result.memories[6].reason.startswith("rescue: place 7/24 by rank")


def test_threshold_is_inclusive():
    """R19: 0.32 is a semantic pick, 0.3199 is not."""
    memories = [mem(1, kind="episode"), mem(2, kind="episode"), mem(3, kind="preference")]
    result = select(memories, {1: 0.34, 2: 0.32, 3: 0.3199}, SelectionConfig(), NOW, STORY)
    by_id = {s.memory.id: s for s in result.memories}
    assert by_id[1].pass_name == by_id[2].pass_name == "semantic"
    assert by_id[2].reason == "semantic: cosine 0.320 ≥ 0.32"
    assert by_id[3].pass_name == "quota" and by_id[3].reason.startswith("quota: preference 1/5")


def test_reason_never_rounds_across_the_threshold():
    config = SelectionConfig(semantic_threshold=0.3204)
    result = select([mem(1)], {1: 0.32041}, config, NOW, STORY)
    assert result.memories[0].reason == "semantic: cosine 0.32041 ≥ 0.3204"


def test_quota_counts_what_earlier_passes_hold():
    memories = [mem(i, kind="promise") for i in range(1, 4)]
    memories += [mem(10 + i, kind="promise") for i in range(5)]
    memories += [mem(30 + i, kind="fact") for i in range(30)]
    scores = {1: 0.9, 2: 0.8, 3: 0.7}
    result = select(memories, scores, SelectionConfig(), NOW, STORY)
    quota_promises = [s for s in result.memories if s.pass_name == "quota" and s.memory.kind == "promise"]
    assert [s.reason.split(" (")[0] for s in quota_promises] == ["quota: promise 4/4"]


def test_unembedded_memory_is_still_served_by_rank():
    """A memory created this turn has no vector yet; recency serves it (seed 000)."""
    memories = [mem(i, age_days=10) for i in range(1, 40)] + [mem(99, age_days=0)]
    scores = {i: 0.1 for i in range(1, 40)}
    result = select(memories, scores, SelectionConfig(), NOW, STORY)
    first = result.memories[0]
    assert first.memory.id == 99 and first.score is None and first.pass_name == "quota"
    assert "updated today" in first.reason


def test_story_memories_rank_before_globals_and_other_stories():
    memories = [mem(1, scope="global"), mem(2, story_id=2), mem(3)]
    config = SelectionConfig(limit=1, global_share=0.0)
    assert picks(select(memories, {}, config, NOW, STORY)) == [(3, "quota")]
    assert picks(select(memories, {}, config, NOW, 2)) == [(2, "quota")]


def test_recency_then_cosine_then_id_break_ties():
    memories = [mem(5, age_days=2), mem(4, age_days=1), mem(3, age_days=1), mem(2, age_days=1)]
    result = select(memories, {3: 0.2, 2: 0.1}, SelectionConfig(limit=4, rescue_by_score=False), NOW, STORY)
    assert [s.memory.id for s in result.memories] == [3, 2, 4, 5]


def test_leftover_places_go_by_score_before_recency():
    """Issue #18 (PerLTQA): a place the quota or rescue pass gives goes to the best score,
    not to the memory updated today; unscored memories (written this turn) keep recency."""
    memories = [mem(1, age_days=0), mem(2, age_days=30), mem(3, age_days=30), mem(4, age_days=0)]
    scores = {1: -0.5, 2: 0.2, 3: 0.1}  # 4: not embedded yet
    result = select(memories, scores, SelectionConfig(limit=3), NOW, STORY)
    assert [s.memory.id for s in result.memories] == [4, 2, 3]
    assert "by score, then rank" not in result.memories[0].reason  # the quota pass here
    seed = select(memories, scores, SelectionConfig(limit=3, rescue_by_score=False), NOW, STORY)
    assert [s.memory.id for s in seed.memories] == [1, 4, 2]  # updated today first


def test_protected_quotas_keep_relevant_promises_on_a_full_store():
    """Issue #18: with 18 semantic and 6 global places, 4 open promises got none. Those
    that clear the relevance floor keep their quota; those under it do not."""
    facts = [mem(i, kind="fact", scope="global") for i in range(1, 201)]
    promises = [mem(i, kind="promise", scope="global") for i in range(301, 306)]
    prefs = [mem(i, kind="preference", scope="global") for i in range(401, 403)]
    scores = {m.id: 5.0 - m.id / 100 for m in facts}  # 200 facts, all above the floor 2.0
    scores |= {301: 1.2, 302: 1.0, 303: 0.9, 304: 0.8, 305: -1.0, 401: 0.5, 402: 1.5}
    config = SelectionConfig(semantic_threshold=2.0, semantic_slots=18, relevance_floor=0.7, score_name="score")
    result = select(facts + promises + prefs, scores, config, NOW)
    chosen = {s.memory.id: s for s in result.memories}
    assert len(result.memories) == 24
    assert {301, 302, 303, 304, 402} <= set(chosen) and 305 not in chosen and 401 not in chosen
    assert all(chosen[i].pass_name == "quota" for i in (301, 302, 303, 304, 402))
    assert "kept for it: score 1.200 ≥ 0.7" in chosen[301].reason
    semantic = [s for s in result.memories if s.pass_name == "semantic"]
    assert len(semantic) == 24 - 6 - 5  # the semantic pass left the five places free
    unprotected = select(
        facts + promises + prefs, scores, SelectionConfig(semantic_threshold=2.0, semantic_slots=18), NOW
    )
    assert not {301, 302, 303, 304, 402} & {s.memory.id for s in unprotected.memories}


def test_naive_and_missing_dates_do_not_break_the_rank():
    naive = Memory(id=1, user_id=1, text="a", updated_at=datetime(2025, 12, 31))
    aware = Memory(id=2, user_id=1, text="b", updated_at=datetime(2025, 12, 30, tzinfo=timezone.utc))
    undated = Memory(id=3, user_id=1, text="c")
    result = select([undated, aware, naive], {}, SelectionConfig(), NOW.replace(tzinfo=None))
    assert [s.memory.id for s in result.memories] == [1, 2, 3]
    assert "undated" in result.memories[2].reason


def test_empty_input_and_zero_limit():
    assert select([], {}, SelectionConfig(), NOW).memories == []
    result = select([mem(1), mem(2, kind="rule")], {1: 0.9}, SelectionConfig(limit=0), NOW, STORY)
    assert result.memories == [] and [s.memory.id for s in result.rules] == [2]


def test_config_is_validated_and_frozen():
    with pytest.raises(ValueError):
        SelectionConfig(limit=-1)
    with pytest.raises(ValueError):
        SelectionConfig(global_share=1.5)
    with pytest.raises(ValueError):
        SelectionConfig(quotas={"rule": 3})
    config = SelectionConfig(quotas={"fact": 2})
    with pytest.raises(TypeError):
        config.quotas["fact"] = 3  # type: ignore[index]
    assert SelectionConfig().quarter == 6


@pytest.mark.parametrize("seed", range(3))
def test_large_tied_corpus_agrees_with_reference(seed):
    """Thousands of memories with heavy ties exercise the partition path."""
    rnd = random.Random(seed)
    memories = [
        mem(
            i,
            kind=rnd.choice(["fact", "preference", "promise", "episode", "episode", "rule"]),
            scope=rnd.choice(["global", "story", "story"]),
            pinned=rnd.random() < 0.01,
            confidence=rnd.choice([0.9, 1.0]),
            age_days=rnd.choice([1, 2]),
        )
        for i in range(1, 3001)
    ]
    scores = {m.id: round(rnd.gauss(0.1, 0.12), 2) for m in memories if rnd.random() < 0.9}
    config = SelectionConfig()
    result = select(memories, scores, config, NOW, STORY)
    expected, rule_ids = reference(memories, scores, config)
    assert picks(result) == expected
    assert [s.memory.id for s in result.rules] == rule_ids
