"""What the fused score reads of one user's candidates that does not depend on the message
(:class:`UserColumns`, kept by :class:`~souvenir.read.scoring.Scorer` per user until the
candidates change): ids, sessions and their neighbours, memory languages, speakers, days,
BM25 tokens and index, the priors' columns (length, dated, acts) and the
relation columns, each
read once. At 100,000 memories building it is most of a first query's cost; after new
memories are appended, :meth:`UserColumns.extended` reads only them (the same bits as a
rebuild; docs/benchmarks.md, "Scoring columns after a write")."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import numpy as np

from souvenir.read.scoring.acts import asks, reports_an_event
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens
from souvenir.read.scoring.conversation import sounds_good
from souvenir.read.scoring.instance_kinds import kind_masks
from souvenir.read.scoring.levers import ScoringConfig
from souvenir.read.scoring.session_columns import neighbour_table
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.periods import names_a_date
from souvenir.read.scoring.relatives import KinColumns
from souvenir.read.scoring.shortlist import stratified_sample
from souvenir.ground.types import Memory

__all__ = ["UserColumns"]


class UserColumns:
    """What the score reads of the candidates that does not depend on the message."""

    def __init__(self, candidates: Sequence[Memory], config: ScoringConfig) -> None:
        self.ids = np.fromiter((m.id for m in candidates), dtype=np.int64, count=len(candidates))
        id_list = self.ids.tolist()
        sessions = [m.session for m in candidates]
        self.neighbours = neighbour_table(id_list, sessions, config.neighbour_reach)
        self.has_sessions = self.neighbours is not None
        self._codes: dict[str, int] = {}
        self.sessions = _session_codes(self._codes, sessions)
        languages = np.array([memory_language(m.text) for m in candidates])
        self.language_names, self.languages = np.unique(languages, return_inverse=True)
        self.languages = self.languages.reshape(-1)  # group numbers
        self._group_languages()
        self.speakers = np.array([m.speaker for m in candidates], dtype=object)
        self.speaker_names = sorted({m.speaker for m in candidates if m.speaker})
        self.days = _days(candidates)
        self.tokens = [bm25_tokens(m.text) for m in candidates]
        self.lexical = LexicalIndex(self.tokens, k1=config.bm25_k1, b=config.bm25_b)
        self._candidates = candidates
        self._reach = config.neighbour_reach
        self._bm25 = (config.bm25_k1, config.bm25_b)
        self._dated: np.ndarray | None = None
        self._lengths: np.ndarray | None = None
        self._acts: tuple[np.ndarray, np.ndarray] | None = None
        self._kinds: np.ndarray | None = None
        self._good: np.ndarray | None = None
        self._kin: KinColumns | None = None
        self._samples: dict[int, np.ndarray] = {}
        #: the fused score's terms that do not depend on the message (``fuse(kept=…)``)
        self.kept: dict = {}

    def _group_languages(self) -> None:
        self.language_positions = [
            np.flatnonzero(self.languages == g) for g in range(int(self.languages.max(initial=-1)) + 1)
        ]

    def extended(self, candidates: Sequence[Memory], config: ScoringConfig) -> UserColumns:
        """The columns of ``candidates``, which are this object's candidates followed by new
        memories: exactly those a rebuild reads (every array the same bits), reading only
        the new memories, their sessions' neighbours and the BM25 terms they hold. A rebuild
        when the configuration's columns differ or nothing was held. This object is left as
        it was (another reader may hold it)."""
        n = len(self.ids)
        if (
            n == 0
            or len(candidates) < n
            or (config.neighbour_reach, config.bm25_k1, config.bm25_b) != (self._reach, *self._bm25)
        ):
            return UserColumns(candidates, config)
        more = candidates[n:]
        if not more:
            return self
        new = object.__new__(UserColumns)
        new._reach, new._bm25, new._candidates = self._reach, self._bm25, candidates
        added = np.fromiter((m.id for m in more), dtype=np.int64, count=len(more))
        new.ids = np.concatenate([self.ids, added])
        new._codes = dict(self._codes)
        new.sessions = np.concatenate([self.sessions, _session_codes(new._codes, [m.session for m in more])])
        new.neighbours = _extended_neighbours(self.neighbours, new.ids, new.sessions, n, self._reach)
        new.has_sessions = new.neighbours is not None
        languages = np.array([memory_language(m.text) for m in more])
        names = np.unique(np.concatenate([self.language_names, languages]))
        old = self.languages
        if not np.array_equal(names, self.language_names):  # a new language: the groups renumbered
            old = np.searchsorted(names, self.language_names)[old]
        new.language_names = names
        new.languages = np.concatenate([old, np.searchsorted(names, languages)])
        new._group_languages()
        new.speakers = np.concatenate([self.speakers, np.array([m.speaker for m in more], dtype=object)])
        new.speaker_names = sorted(set(self.speaker_names) | {m.speaker for m in more if m.speaker})
        new.days = np.concatenate([self.days, _days(more)])
        tokens = [bm25_tokens(m.text) for m in more]
        new.tokens = self.tokens + tokens
        new.lexical = self.lexical.extended(tokens)
        new._dated = None if self._dated is None else np.concatenate([self._dated, _dated(more)])
        new._lengths = None  # read again from the index's lengths (one pass of log1p)
        if self._acts is None:
            new._acts = None
        else:
            events, questions = _acts(more)
            new._acts = (np.concatenate([self._acts[0], events]), np.concatenate([self._acts[1], questions]))
        new._kinds = None if self._kinds is None else np.concatenate([self._kinds, kind_masks([m.text for m in more])])
        new._good = None if self._good is None else np.concatenate([self._good, _good(more)])
        new._kin = None if self._kin is None else self._kin.extended([m.text for m in candidates])
        new._samples = {}
        new.kept = {}
        return new

    def lengths(self) -> np.ndarray:
        """log(1 + content words) per memory (the length prior), read once."""
        if self._lengths is None:
            self._lengths = np.log1p(self.lexical.lengths)  # each memory's number of tokens
        return self._lengths

    def candidate_texts(self) -> list[str]:
        """The candidates' texts (read by :func:`~souvenir.read.scoring.inference.for_inference`
        only when its levers are on)."""
        return [m.text for m in self._candidates]

    def kin(self) -> KinColumns:
        """The relation columns (:class:`~souvenir.read.scoring.relatives.KinColumns`: the
        memories naming each relation and each name the store gives one), read once, only
        when a message names a relation."""
        if self._kin is None:
            self._kin = KinColumns(self.candidate_texts())
        return self._kin

    def acts(self) -> tuple[np.ndarray, np.ndarray]:
        """Per memory: reports an event, ends on a question (:mod:`souvenir.read.scoring.acts`),
        read once."""
        if self._acts is None:
            self._acts = _acts(self._candidates)
        return self._acts

    def kinds(self) -> np.ndarray:
        """Per memory (uint32): the kinds it names an instance of, as bits
        (:func:`~souvenir.read.scoring.instance_kinds.kind_masks`), read once — a list question
        then reads one column, not every text (~9 µs a memory)."""
        if self._kinds is None:
            self._kinds = kind_masks([m.text for m in self._candidates])
        return self._kinds

    def good(self) -> np.ndarray:
        """Per memory: it sounds good or states a preference (kind ``preference``;
        :func:`~souvenir.read.scoring.conversation.sounds_good`), read once, only when a
        message sounds low and the mood term is on."""
        if self._good is None:
            self._good = _good(self._candidates)
        return self._good

    def preferences(self) -> np.ndarray:
        """Per memory: its kind is ``preference`` (a stored kind: no text is read)."""
        return np.fromiter((m.kind == "preference" for m in self._candidates), dtype=bool, count=len(self._candidates))

    def dated(self) -> np.ndarray:
        """Per memory: its text names a date (:func:`names_a_date`), read once, only when
        the lever is on (a few regular expressions a memory)."""
        if self._dated is None:
            self._dated = _dated(self._candidates)
        return self._dated

    def sample(self, per_group: int) -> np.ndarray:
        """The large-user path's fixed sample (:func:`stratified_sample` by language)."""
        found = self._samples.get(per_group)
        if found is None:
            found = self._samples[per_group] = stratified_sample(self.languages, per_group)
        return found


def _session_codes(codes: dict[str, int], sessions: Sequence[str | None]) -> np.ndarray:
    """Each session's number (in order of first appearance, ``codes`` extended), −1 for none."""
    return np.fromiter(
        (-1 if s is None else codes.setdefault(s, len(codes)) for s in sessions), dtype=np.int64, count=len(sessions)
    )


def _days(memories: Sequence[Memory]) -> np.ndarray:
    return np.fromiter(
        (m.created_at.date().toordinal() if m.created_at else -1 for m in memories), dtype=np.int64, count=len(memories)
    )


def _acts(memories: Sequence[Memory]) -> tuple[np.ndarray, np.ndarray]:
    texts = [m.text for m in memories]
    return (
        np.fromiter(map(reports_an_event, texts), dtype=bool, count=len(texts)),
        np.fromiter(map(asks, texts), dtype=bool, count=len(texts)),
    )


def _good(memories: Sequence[Memory]) -> np.ndarray:
    return np.fromiter(
        (m.kind == "preference" or sounds_good(m.text) for m in memories), dtype=bool, count=len(memories)
    )


def _dated(memories: Sequence[Memory]) -> np.ndarray:
    return np.fromiter(
        (names_a_date(m.text, m.created_at or datetime(1970, 1, 1)) for m in memories), dtype=bool, count=len(memories)
    )


def _extended_neighbours(
    table: np.ndarray | None, ids: np.ndarray, sessions: np.ndarray, first: int, reach: int
) -> np.ndarray | None:
    """:func:`~souvenir.read.scoring.session_columns.neighbour_table` of all the memories, from
    ``table`` (that of the ``first`` ones): the sessions of the new memories are laid out
    again, whole (a new memory may fall between two earlier ones by id); the others kept."""
    touched = np.unique(sessions[first:])
    touched = touched[touched >= 0]
    if reach <= 0 or (table is None and not touched.size):
        return None
    out = np.full((2 * reach, len(ids)), -1, dtype=np.int64)
    if table is not None:
        out[:, :first] = table
    id_list = ids.tolist()
    for code in touched.tolist():
        rows = np.flatnonzero(sessions == code)
        out[:, rows] = -1
        order = np.asarray(sorted(rows.tolist(), key=lambda i: id_list[i]), dtype=np.int64)
        size = len(order)
        for r in range(1, min(reach, size - 1) + 1):
            out[reach - r, order[r:]] = order[:-r]  # the one r before
            out[reach + r - 1, order[:-r]] = order[r:]  # the one r after
    return out
