"""What the fused score reads of one user's candidates that does not depend on the message
(:class:`UserColumns`, kept by :class:`~souvenir.read.scoring.Scorer` per user until the
candidates change): ids, sessions and their neighbours, memory languages, speakers, days,
BM25 tokens and index, and the priors' columns (length, dated, acts, information), each
read once. At 100,000 memories building it is most of a first query's cost."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import numpy as np

from souvenir.read.scoring.acts import asks, reports_an_event
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens
from souvenir.read.scoring.fusion import ScoringConfig, neighbour_table
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.periods import names_a_date
from souvenir.read.scoring.shortlist import stratified_sample
from souvenir.types import Memory

__all__ = ["UserColumns"]


class UserColumns:
    """What the score reads of the candidates that does not depend on the message."""

    def __init__(self, candidates: Sequence[Memory], config: ScoringConfig) -> None:
        self.ids = np.fromiter((m.id for m in candidates), dtype=np.int64, count=len(candidates))
        id_list = self.ids.tolist()
        sessions = [m.session for m in candidates]
        self.neighbours = neighbour_table(id_list, sessions, config.neighbour_reach)
        self.has_sessions = self.neighbours is not None
        codes: dict[str, int] = {}
        self.sessions = np.fromiter(
            (-1 if s is None else codes.setdefault(s, len(codes)) for s in sessions),
            dtype=np.int64,
            count=len(sessions),
        )
        languages = np.array([memory_language(m.text) for m in candidates])
        self.language_names, self.languages = np.unique(languages, return_inverse=True)
        self.languages = self.languages.reshape(-1)  # group numbers
        self.language_positions = [
            np.flatnonzero(self.languages == g) for g in range(int(self.languages.max(initial=-1)) + 1)
        ]
        self.speakers = np.array([m.speaker for m in candidates], dtype=object)
        self.speaker_names = sorted({m.speaker for m in candidates if m.speaker})
        self.days = np.fromiter(
            (m.created_at.date().toordinal() if m.created_at else -1 for m in candidates),
            dtype=np.int64,
            count=len(candidates),
        )
        self.tokens = [bm25_tokens(m.text) for m in candidates]
        self.lexical = LexicalIndex(self.tokens, k1=config.bm25_k1, b=config.bm25_b)
        self._candidates = candidates
        self._dated: np.ndarray | None = None
        self._lengths: np.ndarray | None = None
        self._information: np.ndarray | None = None
        self._acts: tuple[np.ndarray, np.ndarray] | None = None
        self._samples: dict[int, np.ndarray] = {}
        #: the fused score's terms that do not depend on the message (``fuse(kept=…)``)
        self.kept: dict = {}

    def lengths(self) -> np.ndarray:
        """log(1 + content words) per memory (the length prior), read once."""
        if self._lengths is None:
            self._lengths = np.log1p(np.fromiter(map(len, self.tokens), dtype=np.float64, count=len(self.tokens)))
        return self._lengths

    def information(self) -> np.ndarray:
        """Σ idf of each memory's distinct BM25 terms (the information prior), read once."""
        if self._information is None:
            self._information = np.fromiter(
                (self.lexical.information(t) for t in self.tokens), dtype=np.float64, count=len(self.tokens)
            )
        return self._information

    def candidate_texts(self) -> list[str]:
        """The candidates' texts (read by :func:`~souvenir.read.scoring.inference.for_inference`
        only when its levers are on)."""
        return [m.text for m in self._candidates]

    def acts(self) -> tuple[np.ndarray, np.ndarray]:
        """Per memory: reports an event, ends on a question (:mod:`souvenir.read.scoring.acts`),
        read once."""
        if self._acts is None:
            texts = [m.text for m in self._candidates]
            self._acts = (
                np.fromiter(map(reports_an_event, texts), dtype=bool, count=len(texts)),
                np.fromiter(map(asks, texts), dtype=bool, count=len(texts)),
            )
        return self._acts

    def dated(self) -> np.ndarray:
        """Per memory: its text names a date (:func:`names_a_date`), read once, only when
        the lever is on (a few regular expressions a memory)."""
        if self._dated is None:
            self._dated = np.fromiter(
                (names_a_date(m.text, m.created_at or datetime(1970, 1, 1)) for m in self._candidates),
                dtype=bool,
                count=len(self._candidates),
            )
        return self._dated

    def sample(self, per_group: int) -> np.ndarray:
        """The large-user path's fixed sample (:func:`stratified_sample` by language)."""
        found = self._samples.get(per_group)
        if found is None:
            found = self._samples[per_group] = stratified_sample(self.languages, per_group)
        return found
