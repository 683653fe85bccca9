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

import operator
import threading
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from itertools import count, repeat
from types import MappingProxyType

import numpy as np

from souvenir.read.lexicographic import best as _best
from souvenir.read.moments import age_text, aware, cosine_text, micros
from souvenir.read.score_map import Scores
from souvenir.types import CANDIDATE_KINDS, Memory, Selection, SelectionResult

__all__ = ["DEFAULT_QUOTAS", "PASSES", "PROTECTED_KINDS", "Pool", "Scores", "SelectionConfig", "select"]

#: Pass names, in the order the passes run (rules first: they are outside the budget).
PASSES: tuple[str, ...] = ("rule", "pinned", "global", "semantic", "quota", "rescue")

#: Kinds whose quota places the semantic pass leaves free when they clear the relevance
#: floor (issue #18: on a large store 18 semantic + 6 global places gave 4 open promises none).
PROTECTED_KINDS: tuple[str, ...] = ("promise", "preference")

#: Places per kind in the quota pass (seed 000: "6 faits, 5 préférences, 4 promesses, 5 épisodes").
DEFAULT_QUOTAS: Mapping[str, int] = MappingProxyType({"fact": 6, "preference": 5, "promise": 4, "episode": 5})

# Kind order of the rank; a kind outside it ranks after "episode". Rules get their own
# code so that they can be set apart; they never meet the other kinds in a ranking.
_KIND_CODE = {kind: code for code, kind in enumerate(CANDIDATE_KINDS)}
_OTHER_KIND = len(CANDIDATE_KINDS)
_RULE = _OTHER_KIND + 1


# Bits of the packed byte per memory (see _read).
_KIND_BITS = {**_KIND_CODE, "rule": _RULE}
_SCOPE_BITS = {"global": 16, "story": 32}


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
    cols = _Columns(memories, scores, story_id)
    run = _Run(cols, config, now)
    rules = cols.rule
    run.avail &= ~rules
    if len(exclude):
        run.avail &= ~np.isin(cols.ids, np.fromiter(exclude, np.int64, len(exclude)))
    rule_sel = [
        run.selection(i, "rule", "rule: always in the context, outside the budget")
        for i in _best(np.flatnonzero(rules), int(rules.sum()), cols.rank_keys)
    ]
    run.passes()
    degraded = scores is None
    return SelectionResult(
        memories=run.selected,
        rules=rule_sel,
        degraded=degraded,
        degraded_cause="no query scores: semantic pass skipped" if degraded else None,
    )


_SERIALS = count()
#: how many of the pools it extends a pool remembers
_BASES = 8


class Pool(tuple):
    """Candidates (a tuple of :class:`Memory`) whose selection columns are read once.

    :func:`select` reads every candidate into numpy columns before its passes; at 100,000
    memories that read is most of its cost. A ``Pool`` keeps the columns that do not depend
    on the turn (kind, pinned, scope, story, confidence, id), so that a caller serving the
    same candidates again (the store's read cache) pays it once. Immutable: the columns
    can never go stale. ``select(Pool(ms), …)`` returns exactly what ``select(ms, …)`` does.
    """

    _static: _Static | None
    #: this pool's number (one per pool made in the process)
    serial: int
    #: the pools this one extends (:meth:`extended`), serial → length, the last few
    bases: dict[int, int]

    def __new__(cls, memories: Iterable[Memory] = ()) -> Pool:
        self = super().__new__(cls, memories)
        self._static = None
        self.serial = next(_SERIALS)
        self.bases = {}
        return self

    def static(self) -> _Static:
        if self._static is None:  # two threads may both build it: same value, no harm
            self._static = _Static(self)
        return self._static

    def replaced(self, positions: np.ndarray, memories: Sequence[Memory], kind: str, scope: str) -> Pool:
        """This pool with the memory at each of ``positions`` replaced by the one of
        ``memories`` at the same index, those being the same memories (id, date, confidence,
        story, pinned) under another ``kind`` and ``scope``: the columns are this pool's,
        changed at those positions only (the same columns as a pool read whole; the reselection
        of :mod:`souvenir.read.ended`)."""
        items = list(self)
        for i, memory in zip(positions.tolist(), memories):
            items[i] = memory
        pool = Pool(items)
        pool._static = self.static().changed(positions, kind, scope)
        return pool

    def extended(self, more: Sequence[Memory]) -> Pool:
        """This pool followed by ``more``, its columns read for ``more`` only (the store's
        read cache after new memories were written)."""
        pool = Pool(tuple.__add__(self, tuple(more)))
        pool.bases = dict(list(self.bases.items())[1 - _BASES :])
        pool.bases[self.serial] = len(self)
        if self._static is not None and more:
            pool._static = self._static.concat(_Static(more))
        elif self._static is not None:
            pool._static = self._static
        return pool


class _Static:
    """The turn-independent columns of some candidates (kept by a :class:`Pool`)."""

    __slots__ = (
        "ids",
        "id_list",
        "stories",
        "kind",
        "rule",
        "pinned",
        "is_global",
        "is_story",
        "neg_conf",
        "_own",
        "_heads",
        "_micros",
        "_known",
        "_lock",
    )

    def __init__(self, memories: Sequence[Memory]) -> None:
        n = len(memories)
        packed, ids, conf, stories = _read(memories)
        code = np.fromiter(packed, np.uint8, n)
        self.id_list = ids
        self.ids = np.fromiter(ids, np.int64, n)
        self.stories = stories
        kind = (code & 7).astype(np.int8)
        self.kind = kind
        self.rule = kind == _RULE
        self.pinned = (code & 8) != 0
        self.is_global = (code & 16) != 0
        self.is_story = (code & 32) != 0
        confidence = np.fromiter(conf, float, n)
        self.neg_conf = np.where(np.isnan(confidence), np.inf, -confidence)
        self._own: dict = {}
        self._heads: dict = {}
        self._micros = np.zeros(n, np.int64)
        self._known = np.zeros(n, bool)
        self._lock = threading.Lock()

    def neg_recency(self, memories: Sequence[Memory], idx: np.ndarray) -> np.ndarray:
        """Minus the date in microseconds (newest first), read only for ``idx``, then kept."""
        with self._lock:
            missing = idx[~self._known[idx]]
            if missing.size:
                get = memories.__getitem__
                self._micros[missing] = np.fromiter(map(micros, map(get, missing.tolist())), np.int64, missing.size)
                self._known[missing] = True
            return -self._micros[idx]

    def changed(self, positions: np.ndarray, kind: str, scope: str) -> _Static:
        """These columns with the memories at ``positions`` of ``kind`` and ``scope`` (what
        :func:`_read` makes of them; ids, dates, confidence, stories and pinned unchanged)."""
        out = _Static.__new__(_Static)
        for name in ("ids", "id_list", "stories", "neg_conf", "pinned"):  # shared: never written
            setattr(out, name, getattr(self, name))
        code = _KIND_BITS.get(kind, _OTHER_KIND)
        changes = (
            ("kind", code),
            ("rule", code == _RULE),
            ("is_global", scope == "global"),
            ("is_story", scope == "story"),
        )
        for name, value in changes:
            column = getattr(self, name).copy()
            column[positions] = value
            setattr(out, name, column)
        with self._lock:
            out._micros = self._micros.copy()
            out._known = self._known.copy()
            own = dict(self._own)
        out._own = {}
        for story, mask in own.items():  # the stories compared so far: changed at those positions
            mask = mask.copy()
            mask[positions] = out.is_story[positions] & np.array(
                [self.stories[i] == story for i in positions.tolist()], dtype=bool
            )
            out._own[story] = mask
        out._heads = {}
        out._lock = threading.Lock()
        return out

    def concat(self, tail: _Static) -> _Static:
        """The columns of these memories followed by ``tail``'s (the dates read so far and
        the stories already compared are kept)."""
        out = _Static.__new__(_Static)
        for name in ("ids", "kind", "rule", "pinned", "is_global", "is_story", "neg_conf"):
            setattr(out, name, np.concatenate([getattr(self, name), getattr(tail, name)]))
        out.id_list = self.id_list + tail.id_list
        out.stories = self.stories + tail.stories
        with self._lock:
            out._micros = np.concatenate([self._micros, tail._micros])
            out._known = np.concatenate([self._known, tail._known])
            own = dict(self._own)
        out._own = {story: np.concatenate([mask, tail.own_story(story)]) for story, mask in own.items()}
        out._heads = {}
        out._lock = threading.Lock()
        return out

    def heads(self, story_id: int | None) -> tuple[np.ndarray, np.ndarray]:
        """(head, place) for ``story_id``, kept for a few stories: int16, not pinned·16 + not
        own story·8 + kind code, and not pinned·2 + not own story (smaller is better)."""
        held = self._heads.get(story_id)
        if held is None:
            own_story = self.own_story(story_id)
            held = (
                (~self.pinned).astype(np.int16) * 16 + (~own_story) * 8 + self.kind,
                (~self.pinned).astype(np.int16) * 2 + (~own_story),
            )
            if len(self._heads) >= 8:
                self._heads.clear()
            self._heads[story_id] = held
        return held

    def own_story(self, story_id: int | None) -> np.ndarray:
        """Scope ``story`` and ``m.story_id == story_id`` (kept for the last few stories)."""
        own = self._own.get(story_id)
        if own is None:
            same = np.fromiter(map(operator.eq, self.stories, repeat(story_id)), bool, len(self.stories))
            own = self.is_story & same
            if len(self._own) >= 8:
                self._own.clear()
            self._own[story_id] = own
        return own


class _Columns:
    """The candidates as numpy columns for one turn (dates are read lazily by :class:`_Static`)."""

    def __init__(self, memories: Sequence[Memory], scores: Mapping[int, float] | None, story_id: int | None) -> None:
        if not isinstance(memories, (list, tuple)):
            memories = list(memories)
        self.memories = memories
        n = len(memories)
        self.n = n
        static = memories.static() if isinstance(memories, Pool) else _Static(memories)
        kind = static.kind
        self.kind = kind
        self.rule = static.rule
        self.pinned = static.pinned
        self.is_global = static.is_global
        own_story = static.own_story(story_id)
        self.ids = static.ids
        self.neg_conf = static.neg_conf
        if isinstance(scores, Scores):
            cos = scores.lookup(self.ids) if scores else np.full(n, np.nan)
        elif scores:
            cos = np.fromiter(map(scores.get, static.id_list, repeat(np.nan)), float, n)
        else:
            cos = np.full(n, np.nan)
        self.cos = cos
        self.neg_cos = np.where(np.isnan(cos), np.inf, -cos)  # no vector: last on cosine
        # Categorical head of the rank (pinned, own story, kind) and place (below): kept columns.
        self.head, self.place = static.heads(story_id)
        self.own_story = own_story
        self._static = static
        self.rank_keys: tuple = (self.head, self.neg_conf, self.neg_recency, self.neg_cos, self.ids)
        self.cosine_keys: tuple = (self.neg_cos,) + self.rank_keys
        # Score before confidence and recency (quota and rescue passes when scores exist):
        # pinned and own story first, then the score, then the seed's rank. A memory
        # without a score (written this turn, not embedded yet) comes first: seed 000
        # serves it by recency through these passes.
        self.scored_keys: tuple = (self.place, np.where(np.isnan(cos), -np.inf, -cos)) + self.rank_keys

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

    def room(self) -> int:
        return self.config.limit - len(self.selected)

    def take(self, mask: np.ndarray, places: int, keys: tuple) -> np.ndarray:
        """The ``places`` best of ``mask & avail`` under ``keys``, now unavailable."""
        places = min(places, self.room())
        if places <= 0:
            return np.empty(0, np.int64)
        chosen = _best(np.flatnonzero(mask & self.avail), places, keys)
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
        candidates = int((free & (cols.is_global | self.eligible)).sum())
        reserve = min(max(1, quarter), candidates)
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
        """Scores at least the relevance floor (inclusive; NaN never)."""
        with np.errstate(invalid="ignore"):
            return self.cols.cos >= self.config.relevance_floor

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
                need += min(places, int(np.count_nonzero(self.avail[self._protected[_KIND_CODE[kind]]])))
        return need

    def rank_note(self, i: int) -> str:
        """What the rank saw: pinned, story, kind, confidence, age."""
        m = self.cols.memories[i]
        where = "this story's" if self.cols.own_story[i] else m.scope
        pinned = "pinned, " if m.pinned else ""
        return f"{pinned}{where} {m.kind}, confidence {m.confidence:.2f}, {age_text(m, self.now)}"


def _read(memories: Sequence[Memory]) -> tuple[list, list, list, list]:
    """One pass over the candidates: (packed byte, id, confidence, story id) lists.

    The packed byte holds bits 0-2 kind code, 3 pinned, 4 scope global, 5 scope story. A
    plain loop reads each object once (the bulk of the cost at 100,000 memories); unknown
    kinds or scopes take a slower path.
    """
    packed: list[int] = []
    ids: list[int] = []
    conf: list[float] = []
    stories: list = []
    put, put_id, put_conf, put_story = packed.append, ids.append, conf.append, stories.append
    kinds, scopes = _KIND_BITS, _SCOPE_BITS
    try:
        for m in memories:
            put(kinds[m.kind] + scopes[m.scope] + (8 if m.pinned else 0))
            put_id(m.id)
            put_conf(m.confidence)
            put_story(m.story_id)
    except KeyError:
        for column in (packed, ids, conf, stories):
            column.clear()
        for m in memories:
            put(kinds.get(m.kind, _OTHER_KIND) + scopes.get(m.scope, 0) + (8 if m.pinned else 0))
            put_id(m.id)
            put_conf(m.confidence)
            put_story(m.story_id)
    return packed, ids, conf, stories
