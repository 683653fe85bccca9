"""Seed 000's read path in pure Python: the reference ``souvenir bench latency`` times beside
the product's.

Seed 000 (« Vingt-quatre places, six passes » and « Borner le nombre de candidats »): every
active memory is a candidate; the message's vector is compared by cosine to every memory's
vector, « Le scorage est du Python pur, sans bibliothèque de vecteurs : 1,5 ms pour 100
souvenirs, 13,4 ms pour 1 000, 40,4 ms pour 3 000 »; then the pure selection function runs
its six passes over the list ranked by (pinned, own story, kind, confidence, recency).

Written from the seed's text. The reserve and the pinned loop are its code, quoted; the
rest is what its text says, written the plainest way (lists, sorted, sets). Where the
product (``souvenir.read.selection``) later added something, this file keeps the seed's version:

* rank: the seed's five keys, ties left in input order (the store's id order); the product
  adds cosine, then id;
* global pass: global memories by rank up to their quarter; the product takes those the
  message recalls first, by cosine.

Only the timing is compared, not the picks (``tests/test_bench_latency.py`` checks that
both agree where these differences cannot show). The seed does not say its vector
dimension: the benchmark uses the default embedder's (512 for USE).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Mapping, Sequence

LIMIT = 24
GLOBAL_CONTEXT_SHARE = 0.25
SEMANTIC_LIMIT = 16
TYPE_QUOTAS = {"fact": 6, "preference": 5, "promise": 4, "episode": 5}
TYPE_ORDER = {"fact": 0, "preference": 1, "promise": 2, "episode": 3}
_OLDEST = -1e18  # an undated memory ranks last on recency


def index(vectors: Mapping[int, Sequence[float]]) -> dict[int, tuple[list[float], float]]:
    """The derived index, built in the background (not timed): id -> (vector, its norm)."""
    return {memory_id: (list(v), math.sqrt(sum(map(operator.mul, v, v)))) for memory_id, v in vectors.items()}


def semantic_scores(query: Sequence[float], indexed: Mapping[int, tuple[list[float], float]]) -> dict[int, float]:
    """Memory id -> cosine to the message, for every memory that has a vector: one dot
    product per memory in plain Python (norms come from the index)."""
    query = list(query)
    query_norm = math.sqrt(sum(map(operator.mul, query, query)))
    if not query_norm:
        return {}
    return {
        memory_id: (sum(map(operator.mul, query, vector)) / (query_norm * norm) if norm else 0.0)
        for memory_id, (vector, norm) in indexed.items()
    }


def select(
    memories: Sequence, scores: Mapping[int, float], story_id: int | None, threshold: float, limit: int = LIMIT
) -> tuple[list[tuple[object, str]], list[object]]:
    """The six passes: ([(memory, reason)] within ``limit``, rules outside it)."""

    def rank(memory):
        moment = memory.updated_at or memory.created_at
        return (
            not memory.pinned,
            not (memory.scope == "story" and memory.story_id == story_id),
            TYPE_ORDER.get(memory.kind, 4),
            -memory.confidence,
            -(moment.timestamp() if moment else _OLDEST),
        )

    rules = sorted((m for m in memories if m.kind == "rule"), key=rank)
    ordered = sorted((m for m in memories if m.kind != "rule"), key=rank)
    semantic_ids = {i for i, s in scores.items() if s >= threshold}
    selected: list[tuple[object, str]] = []
    taken: set[int] = set()

    def add(memory, reason: str) -> None:
        if len(selected) < limit and memory.id not in taken:
            selected.append((memory, reason))
            taken.add(memory.id)

    # 1. reserve, 2. pinned: seed 000's code.
    reserve_candidates = sum(
        1 for memory in ordered if not memory.pinned and (memory.scope == "global" or memory.id in semantic_ids)
    )
    reserve = min(
        max(1, round(limit * GLOBAL_CONTEXT_SHARE)),
        reserve_candidates,
    )
    for memory in ordered:
        if memory.pinned:
            if len(selected) >= limit - reserve:
                break
            add(memory, "Épinglé")
    # 3. globals, up to their quarter.
    quarter = round(limit * GLOBAL_CONTEXT_SHARE)
    globals_taken = 0
    for memory in ordered:
        if globals_taken >= quarter:
            break
        if memory.scope == "global" and memory.id not in taken:
            add(memory, "Global")
            globals_taken += 1
    # 4. semantic: what the message recalls, by cosine, up to 16.
    recalled = sorted((m for m in ordered if m.id in semantic_ids and m.id not in taken), key=lambda m: -scores[m.id])
    for memory in recalled[:SEMANTIC_LIMIT]:
        add(memory, f"Sémantique {scores[memory.id]:.2f}")
    # 5. a quota per kind, counting what the earlier passes hold.
    for kind, places in TYPE_QUOTAS.items():
        held = sum(1 for m, _ in selected if m.kind == kind)
        for memory in ordered:
            if held >= places:
                break
            if memory.kind == kind and memory.id not in taken:
                add(memory, f"Quota {kind}")
                held += 1
    # 6. rescue: the rest by rank.
    for memory in ordered:
        if len(selected) >= limit:
            break
        add(memory, "Repêchage")
    return selected, rules


def read_path(
    memories: Sequence,
    indexed: Mapping[int, tuple[list[float], float]],
    query: Sequence[float],
    story_id: int | None,
    threshold: float,
) -> tuple[list[tuple[object, str]], list[object]]:
    """Scoring then selection, as one turn of seed 000 runs them (``indexed`` from :func:`index`)."""
    return select(memories, semantic_scores(query, indexed), story_id, threshold)
