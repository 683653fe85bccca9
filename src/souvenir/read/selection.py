"""The read path: choose the memories that enter the context, and say why each one.

One pure function, :func:`select`: candidates in, at most ``limit`` memories out (24 by
default), each with the pass that admitted it and a sentence for the diagnostics page.
Rules are outside the budget: all of them, always. Six passes, in order (seed 000,
"Vingt-quatre places, six passes"):

1. reserve   a quarter of the places is kept for global and semantic memories, bounded by
             how many such candidates exist (no places frozen for nothing);
2. pinned    hand-pinned memories, by rank, until ``limit - reserve`` places are taken;
3. global    global-scope memories up to their quarter: those the message recalls
             (cosine >= threshold) by descending cosine first, then the rest by rank;
4. semantic  cosine >= threshold (inclusive), by descending cosine, up to 16 places;
5. quota     per kind (6 facts, 5 preferences, 4 promises, 5 episodes), counting what the
             earlier passes already hold of that kind, by rank within the kind;
6. rescue    the rest by rank until the budget is full.

Rank = pinned first, the current story's own memories first, kind (fact, preference,
promise, episode, others), confidence desc, recency (``updated_at``) desc, cosine desc,
id asc. Every ordering ends on the id, so the result does not depend on input order.

Two protections of seed 000 that large stores had lost (issue #18), both on by default:

- *protected quotas*: promises and preferences whose score clears ``relevance_floor``
  keep their quota places: the semantic pass leaves room for them (bounded by the real
  candidates, as the reserve is), so 18 semantic and 6 global places no longer leave
  open promises none;
- *score before recency*: where scores exist, the quota and rescue passes order by
  score before the rank's confidence and recency (``rescue_by_score``), so a place left
  over goes to the best-scored memory, not to the one updated today. Memories without a
  score (not embedded yet) come first, by the seed's rank: a memory written this turn is
  still served by recency; a degraded turn (no scores at all) is the seed's rank.

Cost: the candidates are read once into numpy columns (kind, pinned, scope, story,
confidence, id, cosine); each pass then takes its few winners with a partition instead
of sorting everything, and dates are read only for memories still tied at the boundary.
Candidates given as a :class:`Pool` keep their columns from one turn to the next, and
scores given as :class:`Scores` are aligned on them with one ``searchsorted``; neither
changes a result (``docs/benchmarks.md``, "Latency").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from itertools import repeat
from types import MappingProxyType

import numpy as np

from souvenir.candidates.pool import Pool
from souvenir.read.lexicographic import best as _best
from souvenir.candidates.position_sets import union, unique
from souvenir.candidates.moments import age_text, aware, cosine_text
from souvenir.candidates.score_map import LazyScores, Scores
from souvenir.candidates.selection_columns import KIND_CODE, RULE, SelectionColumns
from souvenir.ground.types import CANDIDATE_KINDS, Memory, Selection, SelectionResult

__all__ = ["DEFAULT_QUOTAS", "PASSES", "PROTECTED_KINDS", "Pool", "Scores", "SelectionConfig", "select"]

#: Pass names, in the order the passes run (rules first: they are outside the budget).
PASSES: tuple[str, ...] = ("rule", "pinned", "global", "semantic", "quota", "rescue")

#: Kinds whose quota places the semantic pass leaves free when they clear the relevance
#: floor (issue #18: on a large store 18 semantic + 6 global places gave 4 open promises none).
PROTECTED_KINDS: tuple[str, ...] = ("promise", "preference")

#: Places per kind in the quota pass (seed 000: "6 faits, 5 préférences, 4 promesses, 5 épisodes").
DEFAULT_QUOTAS: Mapping[str, int] = MappingProxyType({"fact": 6, "preference": 5, "promise": 4, "episode": 5})

_KIND_CODE = KIND_CODE
_RULE = RULE


@dataclass(frozen=True, slots=True)
class SelectionConfig:
    """The numbers of the read path; every default is a value measured in seed 000.

    - ``limit``: places in the context (24), rules not counted.
    - ``global_share``: share kept for durable memories; ``round(limit * share)`` is both
      the reserve's ceiling and the global pass's quarter (6 of 24).
    - ``semantic_slots``: places of the semantic pass; raised from 8 to 16 when recall
      depth degraded around 200 memories.
    - ``semantic_threshold``: inclusive cosine floor of the semantic pass. 0.32 was read
      on seed 000's embedding model; each embedder needs its own value.
    - ``quotas``: places per kind in the quota pass.
    - ``score_name``: what the scores are, in the reasons ("cosine", or "score" for the
      fused score of :mod:`souvenir.read.scoring`).
    - ``protected_kinds`` / ``relevance_floor``: kinds whose quota places are kept from
      the semantic pass for the memories scoring at least ``relevance_floor`` (inclusive;
      ``None`` = no protection). The engine passes the floor read for its score
      (docs/journal.md, "Seed 000's protections on large stores").
    - ``rescue_by_score``: the quota and rescue passes order by score before confidence
      and recency (``False``: seed 000's rank alone).
    """

    limit: int = 24
    global_share: float = 0.25
    semantic_slots: int = 16
    semantic_threshold: float = 0.32
    quotas: Mapping[str, int] = field(default_factory=lambda: DEFAULT_QUOTAS)
    score_name: str = "cosine"
    protected_kinds: tuple[str, ...] = PROTECTED_KINDS
    relevance_floor: float | None = None
    rescue_by_score: bool = True

    def __post_init__(self) -> None:
        if self.limit < 0 or self.semantic_slots < 0:
            raise ValueError("limit and semantic_slots must be >= 0")
        if not 0.0 <= self.global_share <= 1.0:
            raise ValueError("global_share must be between 0 and 1")
        for kind, places in self.quotas.items():
            if kind not in _KIND_CODE or places < 0:
                raise ValueError(f"bad quota {kind!r}: {places!r} (kinds: {CANDIDATE_KINDS})")
        object.__setattr__(self, "quotas", MappingProxyType(dict(self.quotas)))
        for kind in self.protected_kinds:
            if kind not in _KIND_CODE:
                raise ValueError(f"bad protected kind {kind!r} (kinds: {CANDIDATE_KINDS})")
        object.__setattr__(self, "protected_kinds", tuple(self.protected_kinds))

    @property
    def quarter(self) -> int:
        """Places of the global pass, also the reserve's ceiling: ``round(limit * global_share)``."""
        return round(self.limit * self.global_share)


def select(
    memories: Sequence[Memory],
    scores: Mapping[int, float] | None,
    config: SelectionConfig,
    now: datetime,
    story_id: int | None = None,
    exclude: Collection[int] = (),
) -> SelectionResult:
    """Choose the context for one message.

    ``memories``: the user's active candidates (global, or of the current story); a
    :class:`Pool` keeps its columns for the next call.
    ``scores``: memory id -> cosine similarity to the message (a mapping, or
    :class:`Scores` for the fast path); a memory missing from it
    (not embedded yet) is still served by the deterministic passes. ``None`` means the
    query could not be embedded: no semantic pass, and the result is marked degraded.
    ``now`` only dates the reasons ("updated 3 days ago"); ``story_id`` is the current
    story (its ``scope == "story"`` memories rank first). ``exclude``: memory ids that take
    no place (the memories the model's prompt already shows, :mod:`souvenir.read.in_prompt`);
    rules are kept all the same.

    Returns ``memories`` (at most ``config.limit``, in the order the passes admitted
    them) and ``rules`` (every ``kind == "rule"`` memory, by rank, outside the budget).
    """
    if isinstance(scores, LazyScores) and not scores.completed:
        proved = _proved(memories, scores, config, now, story_id, exclude)
        if proved is not None:
            return proved
        scores.complete()
    run, rule_sel = _run(_Columns(memories, scores, story_id), config, now, exclude)
    degraded = scores is None
    return SelectionResult(
        memories=run.selected,
        rules=rule_sel,
        degraded=degraded,
        degraded_cause="no query scores: semantic pass skipped" if degraded else None,
    )


#: Rounds of :func:`_proved` before the complete scores are made instead.
_PROOF_ROUNDS = 6
#: Positions :func:`_proved` makes exact at most (beyond them, the complete scores).
_PROOF_MOST = 20_000


def _run(cols: _Columns, config: SelectionConfig, now: datetime, exclude: Collection[int]) -> tuple[_Run, list]:
    """The rules and the six passes over ``cols``: (the run, the rules' selections)."""
    run = _Run(cols, config, now)
    rules = cols.rule
    run.avail &= ~rules
    if len(exclude):
        run.avail &= ~np.isin(cols.ids, np.fromiter(exclude, np.int64, len(exclude)))
    order = _best(np.flatnonzero(rules), int(rules.sum()), cols.rank_keys)
    run.doubt(order, order)
    rule_sel = [run.selection(i, "rule", "rule: always in the context, outside the budget") for i in order]
    run.passes()
    return run, rule_sel


def _proved(
    memories: Sequence[Memory],
    scores: LazyScores,
    config: SelectionConfig,
    now: datetime,
    story_id: int | None,
    exclude: Collection[int],
) -> SelectionResult | None:
    """:func:`select` over scores exact at some memories and bounded above elsewhere
    (:class:`~souvenir.candidates.score_map.LazyScores`), or ``None`` when no proof was reached.

    Each ordering the passes use ranks a memory no better when its score falls (the score
    enters every key as −score, after keys that do not depend on it), and a memory whose
    bound clears a floor is a superset of those whose score does. So a run on the bounds
    whose every chosen memory is exact, and whose counts (the reserve's candidates, the
    protected quotas' relevant memories) are the same with and without the bounded
    memories as far as they are read (a ``min`` with a number of places), is the run on
    the scores: every bounded memory it passed over would be passed over with its score.
    Otherwise the memories in doubt are made exact and the run is made again."""
    for _ in range(_PROOF_ROUNDS):
        cols = _Columns(memories, scores, story_id)
        run, rule_sel = _run(cols, config, now, exclude)
        if not run.doubts:
            return SelectionResult(memories=run.selected, rules=rule_sel, degraded=False, degraded_cause=None)
        doubts = unique(np.concatenate(run.doubts))
        if doubts.size > _PROOF_MOST:
            return None
        scores.refine(cols.ids[doubts])
    return None


class _Columns:
    """The candidates as numpy columns for one turn (dates are read lazily by :class:`SelectionColumns`)."""

    def __init__(self, memories: Sequence[Memory], scores: Mapping[int, float] | None, story_id: int | None) -> None:
        if not isinstance(memories, (list, tuple)):
            memories = list(memories)
        self.memories = memories
        n = len(memories)
        self.n = n
        static = memories.static() if isinstance(memories, Pool) else SelectionColumns(memories)
        kind = static.kind
        self.kind = kind
        self.rule = static.rule
        self.pinned = static.pinned
        self.is_global = static.is_global
        own_story = static.own_story(story_id)
        self.ids = static.ids
        self.neg_conf = static.neg_conf
        #: whether each value of ``cos`` is the score (not only its bound); ``None``: all are
        self.exact: np.ndarray | None = None
        if isinstance(scores, LazyScores) and not scores.completed:
            cos, self.exact = scores.bounded(self.ids)
        elif isinstance(scores, Scores):
            cos = scores.lookup(self.ids) if scores else np.full(n, np.nan)
        elif scores:
            cos = np.fromiter(map(scores.get, static.id_list, repeat(np.nan)), float, n)
        else:
            cos = np.full(n, np.nan)
        self.cos = cos
        negated = np.negative(cos)
        missing = np.isnan(cos)
        scored = negated  # every memory scored (the fused score's turn): one column for both keys
        if missing.any():
            scored = np.where(missing, -np.inf, negated)
            negated[missing] = np.inf
        self.neg_cos = negated  # no vector: last on cosine
        # Categorical head of the rank (pinned, own story, kind) and place (below): kept columns.
        self.head, self.place = static.heads(story_id)
        self.own_story = own_story
        self._static = static
        # The recency key reads the pool's columns, not this object: a bound method here made a
        # cycle (these columns -> their keys -> the method -> these columns) that only the cycle
        # collector frees, and a ``gc.freeze`` of a large user's settling (``settle_pool``) pinned
        # it for good with the whole pool it holds — an erased user's memories stayed in the
        # process (session 22, harden7).
        recency = partial(static.neg_recency, memories)
        self.rank_keys: tuple = (self.head, self.neg_conf, recency, self.neg_cos, self.ids)
        self.cosine_keys: tuple = (self.neg_cos,) + self.rank_keys
        # Score before confidence and recency (quota and rescue passes when scores exist):
        # pinned and own story first, then the score, then the seed's rank. A memory
        # without a score (written this turn, not embedded yet) comes first: seed 000
        # serves it by recency through these passes.
        self.scored_keys: tuple = (self.place, scored) + self.rank_keys

    def neg_recency(self, idx: np.ndarray) -> np.ndarray:
        """Minus the date in microseconds (newest first), read only for ``idx``."""
        return self._static.neg_recency(self.memories, idx)


class _Run:
    """The six passes over one :class:`_Columns`; ``avail`` marks what is still selectable."""

    def __init__(self, cols: _Columns, config: SelectionConfig, now: datetime) -> None:
        self.cols = cols
        self.config = config
        self.now = aware(now)
        self.avail = np.ones(cols.n, bool)
        self.selected: list[Selection] = []
        thr = config.semantic_threshold
        with np.errstate(invalid="ignore"):
            self.eligible = cols.cos >= thr  # NaN (no vector) is never eligible
        self._held = [0] * (_RULE + 1)  # places given per kind code (rules never count)
        self._protected: dict[int, np.ndarray] | None = None  # kind code -> relevant positions
        self._relevant: np.ndarray | None = None  # scores at least the relevance floor (relevant())
        #: positions whose bound (not their score) decided something (:func:`_proved`)
        self.doubts: list[np.ndarray] = []

    def doubt(self, chosen: np.ndarray, among: np.ndarray) -> None:
        """When a bounded memory is among ``chosen``: the bounded memories of ``among`` with
        the best bounds are in doubt (those chosen and as many again, at least 64)."""
        exact = self.cols.exact
        if exact is None or exact[chosen].all():
            return
        open_ = among[~exact[among]]
        m = min(open_.size, max(64, 2 * chosen.size))
        if m < open_.size:
            open_ = open_[np.argpartition(-self.cols.cos[open_], m - 1)[:m]]
        self.doubts.append(union(open_, chosen[~exact[chosen]]))

    def counted(self, mask: np.ndarray, places: int, positions: np.ndarray | None = None) -> int:
        """``min(places, count of mask)`` (``mask`` over ``positions`` when given, else over
        every candidate), noting a doubt when bounded memories change it."""
        found = int(np.count_nonzero(mask))
        exact = self.cols.exact
        if exact is not None and found > 0:
            sure = exact[positions] if positions is not None else exact
            if min(places, int(np.count_nonzero(mask & sure))) != min(places, found):
                doubt = np.flatnonzero(mask & ~sure)
                self.doubts.append(doubt if positions is None else positions[doubt])
        return min(places, found)

    def room(self) -> int:
        return self.config.limit - len(self.selected)

    def take(self, mask: np.ndarray, places: int, keys: tuple) -> np.ndarray:
        """The ``places`` best of ``mask & avail`` under ``keys``, now unavailable."""
        places = min(places, self.room())
        if places <= 0:
            return np.empty(0, np.int64)
        among = np.flatnonzero(mask & self.avail)
        chosen = _best(among, places, keys)
        self.doubt(chosen, among)
        self.avail[chosen] = False
        return chosen

    def selection(self, i: int, pass_name: str, reason: str) -> Selection:
        c = self.cols.cos[i]
        return Selection(
            memory=self.cols.memories[i], pass_name=pass_name, reason=reason, score=None if np.isnan(c) else float(c)
        )

    def add(self, i: int, pass_name: str, reason: str) -> None:
        self.selected.append(self.selection(i, pass_name, reason))
        self._held[self.cols.kind[i]] += 1

    def passes(self) -> None:
        cols, cfg = self.cols, self.config
        thr, quarter = cfg.semantic_threshold, cfg.quarter
        free = self.avail & ~cols.pinned
        by_score = cfg.rescue_by_score and bool(np.isfinite(cols.cos).any())
        ranked = cols.scored_keys if by_score else cols.rank_keys
        # 1. reserve: bounded by the real global or semantic candidates.
        reserve = self.counted(free & (cols.is_global | self.eligible), max(1, quarter))
        # 2. pinned, until limit - reserve.
        cap = cfg.limit - reserve
        note = (
            f"{reserve} kept in reserve for global and semantic memories"
            if reserve
            else "none kept in reserve: no global or semantic candidate"
        )
        for i in self.take(cols.pinned, cap, cols.rank_keys):
            self.add(i, "pinned", f"pinned: marked by hand, one of {cap} places ({note})")
        # 3. global: recalled ones by cosine first, then by rank.
        kept = f"one of the {quarter} places kept for what is durable about the user"
        glob = free & cols.is_global
        for i in self.take(glob & self.eligible, quarter, cols.cosine_keys):
            self.add(i, "global", f"global: {cfg.score_name} {cosine_text(cols.cos[i], thr)} ≥ {thr:g}, {kept}")
        done = sum(s.pass_name == "global" for s in self.selected)
        for i in self.take(glob, quarter - done, ranked):
            self.add(i, "global", f"global: {kept}, by rank ({self.rank_note(i)})")
        # 4. semantic: cosine >= threshold, by descending cosine, leaving the protected
        #    quotas their places (recounted once: the pass may take some of them itself).
        slots = cfg.semantic_slots
        for _ in range(2):
            for i in self.take(self.eligible, min(slots, self.room() - self.protected_need()), cols.cosine_keys):
                self.add(i, "semantic", f"semantic: {cfg.score_name} {cosine_text(cols.cos[i], thr)} ≥ {thr:g}")
                slots -= 1
        # 5. quotas per kind, counting what earlier passes already hold of that kind: first
        #    the protected kinds' memories that clear the relevance floor, then every kind.
        if cfg.relevance_floor is not None:
            floor = cfg.relevance_floor
            for kind in cfg.protected_kinds:
                places, held = cfg.quotas.get(kind, 0), self.held(kind)
                for n, i in enumerate(
                    self.take((cols.kind == _KIND_CODE[kind]) & self.relevant(), places - held, cols.cosine_keys)
                ):
                    self.add(
                        i,
                        "quota",
                        f"quota: {kind} {held + n + 1}/{places}, kept for it: "
                        f"{cfg.score_name} {cosine_text(cols.cos[i], floor)} ≥ {floor:g}",
                    )
        for kind, places in cfg.quotas.items():
            held = self.held(kind)
            for n, i in enumerate(self.take(cols.kind == _KIND_CODE[kind], places - held, ranked)):
                self.add(i, "quota", f"quota: {kind} {held + n + 1}/{places} ({self.rank_note(i)})")
        # 6. rescue: the rest by rank (by score first where scores exist).
        for i in self.take(self.avail, self.room(), ranked):
            self.add(
                i,
                "rescue",
                f"rescue: place {len(self.selected) + 1}/{cfg.limit} by "
                f"{'score, then rank' if by_score else 'rank'} ({self.rank_note(i)})",
            )

    def held(self, kind: str) -> int:
        """Places already given to memories of ``kind`` (counted by :meth:`add`)."""
        return self._held[_KIND_CODE[kind]]

    def relevant(self) -> np.ndarray:
        """Scores at least the relevance floor (inclusive; NaN never): read once a run (the
        scores do not change within it), ``eligible`` itself when the floor is the
        threshold (the fused score's defaults); never written."""
        if self._relevant is None:
            floor = self.config.relevance_floor
            if floor == self.config.semantic_threshold:
                self._relevant = self.eligible
            else:
                with np.errstate(invalid="ignore"):
                    self._relevant = self.cols.cos >= floor
        return self._relevant

    def protected_need(self) -> int:
        """Places the protected quotas still need: per protected kind, its available
        memories that clear the relevance floor, up to its quota minus what is held."""
        cfg, cols = self.config, self.cols
        if cfg.relevance_floor is None or not cfg.protected_kinds:
            return 0
        if self._protected is None:  # once: a count over every candidate cost 1-2 ms at 100,000
            self._protected = {
                code: np.flatnonzero(self.relevant() & (cols.kind == code))
                for code in {_KIND_CODE[kind] for kind in cfg.protected_kinds}
            }
        need = 0
        for kind in cfg.protected_kinds:
            places = cfg.quotas.get(kind, 0) - self.held(kind)
            if places > 0:
                relevant = self._protected[_KIND_CODE[kind]]
                need += self.counted(self.avail[relevant], places, relevant)
        return need

    def rank_note(self, i: int) -> str:
        """What the rank saw: pinned, story, kind, confidence, age."""
        m = self.cols.memories[i]
        where = "this story's" if self.cols.own_story[i] else m.scope
        pinned = "pinned, " if m.pinned else ""
        return f"{pinned}{where} {m.kind}, confidence {m.confidence:.2f}, {age_text(m, self.now)}"
