"""Words that go with the question's words in this user's own memories (pure, no model).

"Would Melanie prefer a national park or a theme park?" shares no word with "we went
camping in the mountains", but in Melanie's memories "park" may stand beside "camping",
"hike" or "nature". :func:`cooccurring` reads, for each content word of the question,
the memories that hold it (the named speaker's own when the question names one), and
scores every other word of those memories by how much more often it appears there than
in the user's memories at large (pointwise mutual information, each question word
weighted by its idf):

    a(u) = Σ_t idf(t) · log( co(t, u) · N / (df(t) · df(u)) )   over t with co(t, u) ≥ min_docs

``co(t, u)`` counts the memories holding both, ``df`` the memories holding one, ``N`` the
memories read. The ``terms`` best words with a(u) > 0, absent from the question, are a
second BM25 query (weights a(u) / max a), added to the score as the second hop is
(``ScoringConfig.expansion_mode`` "cooccur", ``expansion_weight``). Unlike the second hop
and RM3 it reads every memory holding a question word, not the first stage's best ones.
Research (off): docs/journal.md, "Session 14, lane recall".

Cost: one pass over the memories that hold a question word (a rare word: a few; a
word in 10 % of the memories: that tenth); a word held by more than ``max_share`` of them
is neither read nor given (it carries no topic).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence

import numpy as np

from souvenir.read.scoring.bm25 import LexicalIndex

__all__ = ["cooccurring"]


def cooccurring(
    tokens: Sequence[Sequence[str]],
    lexical: LexicalIndex,
    query: Sequence[str],
    skip: Collection[str],
    within: np.ndarray | None = None,
    terms: int = 8,
    min_docs: int = 2,
    max_share: float = 0.1,
    neighbours: np.ndarray | None = None,
) -> dict[str, float]:
    """Expansion word → weight in (0, 1] (empty: none found).

    ``tokens``: each memory's BM25 tokens, in ``lexical``'s order; ``query``: the
    question's BM25 tokens; ``skip``: words never read nor given (the speakers' names);
    ``within``: bool per memory, the memories counted (``None``: all); ``terms``: at most
    this many words; ``min_docs``: a word must share this many memories with a question
    word; ``max_share``: a question word held by more than this share of the memories read
    is left out, and so is an expansion word held by more than that share;
    ``neighbours``: (2·reach, n) positions of each memory's session neighbours (−1 none,
    :func:`~souvenir.read.scoring.fusion.neighbour_table`): a memory's words are its own and
    its neighbours' (a topic spans the turns around it; every memory is read once).
    """
    keep = np.ones(len(tokens), dtype=bool) if within is None else np.asarray(within, dtype=bool)
    n = int(keep.sum())
    if n == 0:
        return {}
    asked = [t for t in dict.fromkeys(query) if t not in skip]
    units: Sequence[Collection[str]] = tokens
    if neighbours is not None:
        units = [
            set(tokens[i]).union(*(tokens[j] for j in neighbours[:, i].tolist() if j >= 0)) for i in range(len(tokens))
        ]
    holders: dict[str, np.ndarray] = {}
    for t in asked:
        rows = (
            lexical.holders(t)
            if neighbours is None
            else np.array([i for i, d in enumerate(units) if t in d], dtype=np.int64)
        )
        if rows is not None and rows.size:
            rows = rows[keep[rows]]
            if 0 < rows.size <= max(min_docs, max_share * n):
                holders[t] = rows
    if not holders:
        return {}
    df: Counter[str] = Counter()
    for i in np.flatnonzero(keep).tolist():
        df.update(set(units[i]))
    common = max(min_docs, max_share * n)  # a word of more memories carries no topic
    score: dict[str, float] = {}
    for rows in holders.values():
        idf = math.log((n - rows.size + 0.5) / (rows.size + 0.5))
        if idf <= 0:
            continue
        co: Counter[str] = Counter()
        for i in rows.tolist():
            co.update(set(units[i]))
        for u, c in co.items():
            if c < min_docs or u in skip or u in holders or u in asked or df[u] > common:
                continue
            pmi = math.log(c * n / (rows.size * df[u]))
            if pmi > 0:
                score[u] = score.get(u, 0.0) + idf * pmi
    best = sorted(score.items(), key=lambda kv: (-kv[1], kv[0]))[:terms]
    if not best:
        return {}
    top = best[0][1]
    return {u: s / top for u, s in best}
