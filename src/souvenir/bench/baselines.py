"""The rankings a user would pick instead of Souvenir, over the same memories.

Each baseline ranks one store's active memories for a question and the recall benchmark
takes its first 24 (the same k as the product's selection):

- ``bm25``    BM25 Okapi (``rank-bm25``, its default k1 = 1.5, b = 0.75) over lower-cased
              word tokens, every CJK character a token of its own; no stop words, no stems.
- ``dense``   cosine to the question with the store's own vectors (the default embedder).
- ``recency`` the newest memories first (``updated_at``, then id), whatever the question.
- ``mem0``    see :mod:`souvenir.bench.mem0_baseline` (run in its own virtual environment).

Pure: memories and vectors in, ranked memory ids out. Ties end on the id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from souvenir.bench.recall_metrics import rank_scores
from souvenir.ground.types import Memory

#: Baselines computed in-process, in report order (``mem0`` runs apart).
LOCAL_BASELINES: tuple[str, ...] = ("bm25", "dense", "recency")
BASELINES: tuple[str, ...] = (*LOCAL_BASELINES, "mem0")

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")


def bm25_tokens(text: str) -> list[str]:
    """Lower-cased ``\\w+`` tokens; every CJK character is its own token.

    >>> bm25_tokens("Caroline's 猫 likes Paris")
    ['caroline', 's', '猫', 'likes', 'paris']
    """
    return _TOKEN.findall(text.lower())


class Bm25Ranking:
    """BM25 over a fixed list of memories (built once per store, asked per question)."""

    def __init__(self, memories: Sequence[Memory]) -> None:
        from rank_bm25 import BM25Okapi

        self._ids = [m.id for m in memories]
        self._model = BM25Okapi([bm25_tokens(m.text) or [""] for m in memories]) if memories else None

    def rank(self, question: str) -> list[int]:
        """Memory ids by descending BM25 score of ``question``."""
        if self._model is None:
            return []
        scores = self._model.get_scores(bm25_tokens(question))
        return rank_scores(dict(zip(self._ids, scores.tolist())))


def dense_ranking(cosines: Mapping[int, float]) -> list[int]:
    """Memory ids by descending cosine (the store's vectors against the question's)."""
    return rank_scores(cosines)


def recency_ranking(memories: Sequence[Memory]) -> list[int]:
    """Memory ids newest first (``updated_at`` desc, then id desc); undated ones last."""
    dated = sorted((m for m in memories if m.updated_at is not None), key=lambda m: (m.updated_at, m.id), reverse=True)
    undated = sorted((m for m in memories if m.updated_at is None), key=lambda m: -m.id)
    return [m.id for m in dated + undated]
