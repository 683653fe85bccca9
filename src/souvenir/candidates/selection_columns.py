"""The turn-independent selection columns of some candidates (kind, pinned, scope, story,
confidence, id), read once and kept by a :class:`~souvenir.candidates.pool.Pool`."""

from __future__ import annotations

import operator
import threading
from collections.abc import Sequence
from itertools import repeat

import numpy as np

from souvenir.candidates.moments import micros
from souvenir.ground.types import CANDIDATE_KINDS, Memory

__all__ = ["KIND_CODE", "OTHER_KIND", "RULE", "SelectionColumns"]

# Kind order of the rank; a kind outside it ranks after "episode". Rules get their own
# code so that they can be set apart; they never meet the other kinds in a ranking.
KIND_CODE = {kind: code for code, kind in enumerate(CANDIDATE_KINDS)}
OTHER_KIND = len(CANDIDATE_KINDS)
RULE = OTHER_KIND + 1

# Bits of the packed byte per memory (see _read).
_KIND_BITS = {**KIND_CODE, "rule": RULE}
_SCOPE_BITS = {"global": 16, "story": 32}


class SelectionColumns:
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
        self.rule = kind == RULE
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

    def changed(self, positions: np.ndarray, kind: str, scope: str) -> SelectionColumns:
        """These columns with the memories at ``positions`` of ``kind`` and ``scope`` (what
        :func:`_read` makes of them; ids, dates, confidence, stories and pinned unchanged)."""
        out = SelectionColumns.__new__(SelectionColumns)
        for name in ("ids", "id_list", "stories", "neg_conf", "pinned"):  # shared: never written
            setattr(out, name, getattr(self, name))
        code = _KIND_BITS.get(kind, OTHER_KIND)
        changes = (
            ("kind", code),
            ("rule", code == RULE),
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

    def concat(self, tail: SelectionColumns) -> SelectionColumns:
        """The columns of these memories followed by ``tail``'s (the dates read so far and
        the stories already compared are kept)."""
        out = SelectionColumns.__new__(SelectionColumns)
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
            put(kinds.get(m.kind, OTHER_KIND) + scopes.get(m.scope, 0) + (8 if m.pinned else 0))
            put_id(m.id)
            put_conf(m.confidence)
            put_story(m.story_id)
    return packed, ids, conf, stories
