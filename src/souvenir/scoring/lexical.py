"""BM25 over a user's memories, on the project's content words (fr / en / zh / ms).

Why these tokens: fusing BM25 over plain ``\\w+`` tokens into the dense score costs
cross-language recall (stop words and "user / utilisateur / pengguna / 用户" match across
every memory: multilingual suite cross-language 0.871 → 0.840), while over content words
(:func:`souvenir.lexical.tokenize` — jieba for Chinese —, minus stop words and negators,
light stem, then a crude English suffix strip) BM25 stays silent across languages and lifts
LoCoMo recall@24 from 0.440 to 0.688 (docs/benchmarks.md, "Recall levers").

Okapi BM25 as ``rank_bm25.BM25Okapi`` computes it: k1 1.5, b 0.75, a negative idf replaced
by 0.25 × the mean idf (k1 / b variants measured, none gained ≥ 0.002).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from souvenir.lexical import normalize, tokenize
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import light_stem
from souvenir.lexical.vocab import NEGATORS

__all__ = ["LexicalIndex", "bm25_tokens", "en_stem"]

_SUFFIXES = ("ational", "ization", "fulness", "ousness", "iveness", "ations", "ation",
             "ments", "ment", "ness", "ingly", "ings", "ing", "edly", "ies", "ied", "ers",
             "er", "ed", "ly", "es", "s")


def en_stem(word: str) -> str:
    """A crude English suffix stripper on ASCII alphabetic words of 5+ letters, keeping a
    stem of 3+ letters ("running" → "run", "parties" → "party"); other words unchanged."""
    if len(word) < 5 or not word.isascii() or not word.isalpha():
        return word
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                stem += "y"
            if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsz":
                stem = stem[:-1]
            return stem
    return word


@lru_cache(maxsize=200_000)
def bm25_tokens(text: str) -> tuple[str, ...]:
    """The index terms of ``text`` (term frequency kept, order of appearance)."""
    return tuple(en_stem(light_stem(t)) for t in tokenize(normalize(text))
                 if t not in STOP_WORDS and t not in NEGATORS and not t.endswith("'"))


class LexicalIndex:
    """An inverted BM25 index over one user's documents (built once, queried many times).

    ``docs``: one token sequence per memory, in the caller's order; :meth:`scores` returns
    a float64 array of that length. Build cost is linear in the tokens; a query costs the
    postings of its terms only.
    """

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75,
                 epsilon: float = 0.25) -> None:
        self.size = len(docs)
        lengths = np.array([len(d) for d in docs], dtype=np.float64)
        avgdl = float(lengths.mean()) if self.size and lengths.sum() else 1.0
        postings: dict[str, tuple[list[int], list[int]]] = {}
        for i, doc in enumerate(docs):
            for term, tf in Counter(doc).items():
                entry = postings.setdefault(term, ([], []))
                entry[0].append(i)
                entry[1].append(tf)
        n = self.size
        idf = {t: math.log(n - len(p[0]) + 0.5) - math.log(len(p[0]) + 0.5) for t, p in postings.items()}
        floor = epsilon * (sum(idf.values()) / len(idf)) if idf else 0.0
        norm = k1 * (1 - b + b * lengths / avgdl)
        self._postings: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for term, (rows, tfs) in postings.items():
            r = np.asarray(rows, dtype=np.int64)
            tf = np.asarray(tfs, dtype=np.float64)
            weight = idf[term] if idf[term] >= 0 else floor
            self._postings[term] = (r, tf * (k1 + 1) / (tf + norm[r]) * weight)

    def scores(self, query: Sequence[str]) -> np.ndarray:
        """BM25 of every document for the query terms (a repeated term counts twice)."""
        out = np.zeros(self.size, dtype=np.float64)
        for term, count in Counter(query).items():
            hit = self._postings.get(term)
            if hit is not None:
                out[hit[0]] += count * hit[1]  # a term's rows are distinct
        return out
