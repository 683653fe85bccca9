"""Pseudo-relevance feedback on BM25 terms (RM3-style): the words the best memories share.

After a first ranking, the ``top`` best memories are taken as relevant; each term t of
their BM25 tokens gets the relevance model's weight

    p(t | R) = Σ_d  p(d) · tf(t, d) / |d|,    p(d) = exp((s_d − max s) / T) / Σ exp((s − max s) / T)

(``s``: the first ranking's score, on the fused z scale, so one unit of score is one
standard deviation of the signals; T a temperature, 0 = every one of the best alike). The ``terms`` heaviest terms that are not already the
message's own, nor the speakers' names, held by at least ``min_docs`` of the best memories
(a word of one memory only says nothing the memory's own score did not), form a second,
weighted BM25 query. Differs from Rocchio on vectors (rejected in session 6, it moves the
query towards the first hits' theme) in that it reads words, and from the "second hop"
(the rarest words of the best 3, rejected) in that it keeps the words the best share.

Pure: token lists and scores in, a term → weight dict out. Language-neutral: the tokens
are :func:`souvenir.read.scoring.bm25.bm25_tokens` (content words of fr / en / zh / ms).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence

import numpy as np

__all__ = ["relevance_terms"]


def relevance_terms(
    tokens: Sequence[Sequence[str]],
    score: np.ndarray,
    top: int,
    terms: int,
    exclude: Collection[str] = (),
    min_docs: int = 2,
    temperature: float = 1.0,
) -> dict[str, float]:
    """The expansion query of the relevance model: term → p(t | R), its ``terms``
    heaviest terms (ties by the term, so the result does not depend on dict order),
    renormalised to sum to 1; p(d) ∝ exp((s_d − max s) / ``temperature``) (0: every one
    of the best alike). ``tokens``: each memory's BM25 tokens (the order of
    ``score``); ``exclude``: terms never taken (the message's, the names). Empty when
    ``top`` or ``terms`` is 0, or no term qualifies."""
    n = len(score)
    if top <= 0 or terms <= 0 or n == 0:
        return {}
    k = min(top, n)
    best = np.argpartition(-score, k - 1)[:k] if k < n else np.arange(n)
    s = score[best].astype(np.float64)
    p = np.exp((s - s.max()) / temperature) if temperature > 0 else np.ones(k)
    p /= p.sum()
    weight: dict[str, float] = {}
    holders: Counter[str] = Counter()
    skip = set(exclude)
    for i, pd in zip(best.tolist(), p.tolist()):
        doc = tokens[i]
        if not doc or pd <= 0:  # pd 0: a memory left out (score −inf)
            continue
        counts = Counter(t for t in doc if t not in skip)
        for t, tf in counts.items():
            weight[t] = weight.get(t, 0.0) + pd * tf / len(doc)
            holders[t] += 1
    kept = [(w, t) for t, w in weight.items() if holders[t] >= min_docs]
    kept.sort(key=lambda wt: (-wt[0], wt[1]))
    kept = kept[:terms]
    total = sum(w for w, _ in kept)
    return {t: w / total for w, t in kept} if total > 0 else {}
