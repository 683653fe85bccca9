"""Scores for one message over one user's candidates: the fused score's inputs assembled.

Pure given its inputs (the query vectors and the user's vectors are passed in; the engine
does the I/O); the only state is a memo of each user's BM25 index, keyed by the
candidates' (id, content hash) so that any write rebuilds it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from threading import Lock

import numpy as np

from souvenir.scoring.fusion import ScoringConfig, feedback_query, fuse, named_speaker
from souvenir.scoring.language import memory_language
from souvenir.scoring.lexical import LexicalIndex, bm25_tokens
from souvenir.scoring.periods import query_period
from souvenir.types import Memory

__all__ = ["DenseInput", "Scorer"]


@dataclass(frozen=True, slots=True)
class DenseInput:
    """One embedder's side of a query: the query's unit vector (d,), and the user's vectors
    (``ids`` with their rows of ``matrix``, n×d; ``None`` when none is embedded yet)."""

    query: np.ndarray
    ids: Sequence[int]
    matrix: np.ndarray | None


def _aligned(ids: Sequence[int], dense: DenseInput | None) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(rows n×d aligned to ``ids`` with zero rows where missing, mask of present rows)."""
    if dense is None or dense.matrix is None or dense.matrix.shape[1] != dense.query.shape[0]:
        return None, None
    pos = {mid: i for i, mid in enumerate(dense.ids)}
    take = np.array([pos.get(mid, -1) for mid in ids], dtype=np.int64)
    present = take >= 0
    rows = np.zeros((len(ids), dense.matrix.shape[1]), dtype=np.float32)
    rows[present] = dense.matrix[take[present]]
    return rows, present


def _cosines(rows: np.ndarray | None, present: np.ndarray | None, query: np.ndarray) -> np.ndarray | None:
    if rows is None:
        return None
    cos = (rows @ query.astype(np.float32)).astype(np.float64)
    cos[~present] = np.nan
    return cos


class Scorer:
    """The read path's scores (see :mod:`souvenir.scoring.fusion` for the formula)."""

    def __init__(self, config: ScoringConfig | None = None, max_users: int = 256) -> None:
        self.config = config or ScoringConfig()
        self._lexical: OrderedDict[int, tuple[int, LexicalIndex]] = OrderedDict()
        self._max_users = max_users
        self._lock = Lock()

    def _lexical_index(self, user_id: int, candidates: Sequence[Memory]) -> LexicalIndex:
        key = hash(tuple((m.id, m.content_hash) for m in candidates))
        with self._lock:
            hit = self._lexical.get(user_id)
            if hit is not None and hit[0] == key:
                self._lexical.move_to_end(user_id)
                return hit[1]
        index = LexicalIndex([bm25_tokens(m.text) for m in candidates])
        with self._lock:
            self._lexical[user_id] = (key, index)
            self._lexical.move_to_end(user_id)
            while len(self._lexical) > self._max_users:
                self._lexical.popitem(last=False)
        return index

    def scores(self, user_id: int, candidates: Sequence[Memory], message: str, now: datetime,
               dense: DenseInput | None = None, window: DenseInput | None = None) -> dict[int, float]:
        """Memory id → fused score (rounded to 6 decimals) for every candidate.

        ``dense``: the main embedder (USE); ``window``: the window embedder (e5 on each
        episode with its neighbours). Either may be ``None`` (off, failed, or nothing
        embedded yet): the other signals still score.
        """
        if not candidates:
            return {}
        cfg = self.config
        ids = [m.id for m in candidates]
        languages = [memory_language(m.text) for m in candidates]
        sessions = [m.session for m in candidates]
        speakers = [m.speaker for m in candidates]
        dates = [m.created_at.date() if m.created_at else None for m in candidates]
        lexical = self._lexical_index(user_id, candidates).scores(bm25_tokens(message))
        d_rows, d_present = _aligned(ids, dense)
        w_rows, w_present = _aligned(ids, window)
        U = _cosines(d_rows, d_present, dense.query) if dense is not None else None
        E = _cosines(w_rows, w_present, window.query) if window is not None else None
        common = dict(ids=ids, languages=languages, sessions=sessions, speakers=speakers, dates=dates)
        if cfg.feedback_top and cfg.feedback_beta and (U is not None or E is not None):
            plain = replace(cfg, neighbour_alpha=0.0, speaker_penalty=0.0, period_bonus=0.0)
            first = fuse(plain, dense=U, window=E, lexical=lexical, **common)
            if U is not None:
                U = self._feedback(dense.query, d_rows, d_present, first)  # type: ignore[union-attr]
            # The window vectors are left as they are where episodes carry neighbours: the
            # feedback was measured on memories embedded alone (docs/benchmarks.md).
            if E is not None and not any(s is not None for s in sessions):
                E = self._feedback(window.query, w_rows, w_present, first)  # type: ignore[union-attr]
        score = fuse(cfg, dense=U, window=E, lexical=lexical,
                     speaker=named_speaker(message, speakers), period=query_period(message, now),
                     **common)
        return dict(zip(ids, np.round(score, 6).tolist()))

    def _feedback(self, query: np.ndarray, rows: np.ndarray, present: np.ndarray,
                  first: np.ndarray) -> np.ndarray:
        ranked = np.where(present, first, -np.inf)
        q = feedback_query(query.astype(np.float32), rows, ranked, self.config.feedback_top,
                           self.config.feedback_beta)
        return _cosines(rows, present, q)  # type: ignore[return-value]
