"""Search: a user's memories ranked for a query, as the read path scores them, without
moving anything (:class:`Search`, and its pure ranking).

A search sees the candidates a context would see for the same story (the user's global
memories, plus the story's own when ``story`` is named) and scores them with the same
score (the fused score, or the cosine on ``SOUVENIR_SCORING=cosine``). Then it filters by
kind, scope and date and ranks: scored memories by score, highest first, then those
without a score (no vector yet, or no embedder) by date, newest first. Unlike a context it
is not a turn: no forgetting counter moves, no selection is kept for diagnostics, no
degraded-turn event is written (a failed embedder still marks the answer ``degraded``
with its cause, and is counted in the engine's ``counters["searches_degraded"]``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from collections import Counter

from souvenir.engine.cache_budget import read_long
from souvenir.engine.identity import check_ids
from souvenir.engine.identity import story_id as story_id_of
from souvenir.engine.query_scores import QueryScorer
from souvenir.ground.errors import InputError
from souvenir.ground.limits import check_text
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import as_utc, utcnow
from souvenir.ground.types import Memory

__all__ = ["MAX_RESULTS", "Search", "SearchFilter", "rank"]

#: Most results one search returns.
MAX_RESULTS = 100


@dataclass(frozen=True, slots=True)
class SearchFilter:
    """Which memories a search may return. ``kinds``: any of them (``None`` = all);
    ``scope``: ``global`` or ``story`` (``None`` = both); ``since`` (inclusive) and
    ``until`` (exclusive) bound the date of the memory's current wording (``updated_at``)."""

    kinds: frozenset[str] | None = None
    scope: str | None = None
    since: datetime | None = None
    until: datetime | None = None

    def admits(self, memory: Memory) -> bool:
        if self.kinds is not None and memory.kind not in self.kinds:
            return False
        if self.scope is not None and memory.scope != self.scope:
            return False
        if self.since is None and self.until is None:
            return True
        when = as_utc(memory.updated_at)
        if when is None:
            return False
        since, until = as_utc(self.since), as_utc(self.until)
        return (since is None or when >= since) and (until is None or when < until)


def rank(
    candidates: Sequence[Memory], scores: Mapping[int, float] | None, where: SearchFilter, limit: int
) -> list[tuple[Memory, float | None]]:
    """The ``limit`` best of ``candidates`` that ``where`` admits, with their score (``None``
    when the memory has none). Pure and deterministic: the same set in any order gives the
    same answer (ties by newer date, then lower id)."""
    found: list[tuple[Memory, float | None]] = []
    for memory in candidates:
        if not where.admits(memory):
            continue
        score = scores.get(memory.id) if scores else None
        found.append((memory, None if score is None or math.isnan(score) else float(score)))

    def key(item: tuple[Memory, float | None]) -> tuple[int, float, float, int]:
        memory, score = item
        when = as_utc(memory.updated_at)
        stamp = when.timestamp() if when is not None else float("-inf")
        return (score is None, -(score or 0.0), -stamp, memory.id)

    return sorted(found, key=key)[: max(0, limit)]


class Search:
    """Searches over ``store``, scored by ``scores``; a degraded search is counted in
    ``counters``."""

    def __init__(self, store: Store, scores: QueryScorer, counters: Counter[str]) -> None:
        self.store = store
        self.scores = scores
        self.counters = counters

    def search(
        self,
        channel: str,
        external_id: str,
        query: str,
        where: SearchFilter = SearchFilter(),
        story: str | None = None,
        limit: int = 10,
        now: datetime | None = None,
    ) -> tuple[list[tuple[Memory, float | None]], str | None]:
        """The user's memories ranked for ``query`` (see the module docstring): (memory,
        score) pairs, best first, at most ``limit`` (1 to :data:`MAX_RESULTS`), and the
        degradation's cause (``None`` when every signal scored). An unknown user or story
        finds nothing of it. Raises :class:`~souvenir.ground.errors.InputError` for an unusable
        query, ids or limit."""
        now = now or utcnow()
        check_ids(channel, external_id, story)
        query = check_text(query, "query")
        read_long(query)  # a long query's readings are not kept for ever (cache_budget)
        if not 1 <= limit <= MAX_RESULTS:
            raise InputError(f"limit must be 1 to {MAX_RESULTS}, not {limit}")
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            return [], None
        story_id = story_id_of(self.store, user_id, story, False, now)
        if story and story_id is None:
            story_id = -1  # an unknown story: only global memories qualify
        candidates = self.store.candidates(user_id, story_id)
        scores, cause = self.scores.scores(user_id, query, candidates, now)
        if cause is not None:
            self.counters["searches_degraded"] += 1
        return rank(candidates, scores, where, limit), cause
