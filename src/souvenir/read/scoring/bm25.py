"""BM25 over a user's memories, on the project's content words (fr / en / zh / ms).

Why these tokens: fusing BM25 over plain ``\\w+`` tokens into the dense score costs
cross-language recall (stop words and "user / utilisateur / pengguna / 用户" match across
every memory: multilingual suite cross-language 0.871 → 0.840), while over content words
(:func:`souvenir.lexical.tokenize` — jieba for Chinese —, minus stop words and negators,
light stem, then a crude English suffix strip) BM25 stays silent across languages and lifts
LoCoMo recall@24 from 0.440 to 0.688 (docs/benchmarks.md, "Recall levers").

Okapi BM25 as ``rank_bm25.BM25Okapi`` computes it (a negative idf replaced by 0.25 × the
mean idf); the read path uses k1 1.2, b 0.4 (:class:`souvenir.read.scoring.ScoringConfig`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np

from souvenir.lexical import normalize, tokenize
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import light_stem
from souvenir.lexical.vocab import NEGATORS
from souvenir.read.scoring.memory_language import memory_language
from souvenir.lexical.text_cache import text_cache

__all__ = ["LexicalIndex", "bm25_tokens", "en_stem"]

_SUFFIXES = (
    "ational",
    "ization",
    "fulness",
    "ousness",
    "iveness",
    "ations",
    "ation",
    "ments",
    "ment",
    "ness",
    "ingly",
    "ings",
    "ing",
    "edly",
    "ies",
    "ied",
    "ers",
    "er",
    "ed",
    "ly",
    "es",
    "s",
)


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


def _singular(word: str, english: bool) -> str:
    """English "-ies" plurals to "-y" ("activities" → "activity", "families" → "family",
    so that they stem as their singular does); otherwise :func:`light_stem`. Only in an
    English text: French "amies", "copies" keep light_stem's "amie", "copie"."""
    if english and len(word) > 4 and word.endswith("ies") and word.isascii() and word.isalpha():
        return word[:-3] + "y"
    return light_stem(word)


@text_cache(200_000)
def bm25_tokens(text: str) -> tuple[str, ...]:
    """The index terms of ``text`` (term frequency kept, order of appearance)."""
    english = memory_language(text) == "en"
    return tuple(
        en_stem(_singular(t, english))
        for t in tokenize(normalize(text))
        if t not in STOP_WORDS and t not in NEGATORS and not t.endswith("'")
    )


def _post(postings: dict[str, tuple[list[int], list[int]]], docs: Sequence[Sequence[str]], first: int) -> None:
    """Append each document's (position, term frequency) to its terms' postings."""
    for i, doc in enumerate(docs, first):
        for term, tf in Counter(doc).items():
            entry = postings.get(term)
            if entry is None:
                postings[term] = ([i], [tf])
            else:
                entry[0].append(i)
                entry[1].append(tf)


class LexicalIndex:
    """An inverted BM25 index over one user's documents (built once, queried many times).

    ``docs``: one token sequence per memory, in the caller's order; :meth:`scores` returns
    a float64 array of that length. Building costs one pass over the tokens; a term's
    weights are computed the first time a query asks for it, so a query costs the postings
    of its own terms only.
    """

    def __init__(self, docs: Sequence[Sequence[str]], k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25) -> None:
        self.size = len(docs)
        self.k1 = k1
        self.b = b
        self.epsilon = epsilon
        #: each document's number of terms (float64), in the documents' order
        self.lengths = np.array([len(d) for d in docs], dtype=np.float64)
        self._raw: dict[str, tuple[list[int], list[int]]] = {}
        _post(self._raw, docs, 0)
        self._setup()

    def _setup(self) -> None:
        lengths = self.lengths
        avgdl = float(lengths.mean()) if self.size and lengths.sum() else 1.0
        self._norm = self.k1 * (1 - self.b + self.b * lengths / avgdl)
        self._floor_value: float | None = None
        self._weights: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def extended(self, docs: Sequence[Sequence[str]]) -> LexicalIndex:
        """This index followed by ``docs``: the same bits as an index built over all the
        documents (every idf, the average length and the negative-idf floor read again over
        the whole collection), without reading the earlier documents' terms again. This
        index is left as it was (a reader may be using it): the postings of the new
        documents' terms are copied, the others shared."""
        new = object.__new__(LexicalIndex)
        new.size = self.size + len(docs)
        new.k1, new.b, new.epsilon = self.k1, self.b, self.epsilon
        new.lengths = np.concatenate([self.lengths, np.array([len(d) for d in docs], dtype=np.float64)])
        more: dict[str, tuple[list[int], list[int]]] = {}
        _post(more, docs, self.size)
        raw = dict(self._raw)
        for term, (rows, tfs) in more.items():
            base = raw.get(term)
            raw[term] = (rows, tfs) if base is None else (base[0] + rows, base[1] + tfs)
        new._raw = raw
        new._setup()
        return new

    @property
    def _floor(self) -> float:
        """ε × the mean idf over every term (in order of first appearance), read the first
        time a term's idf is negative."""
        if self._floor_value is None:
            n = self.size
            idfs = [math.log(n - len(r) + 0.5) - math.log(len(r) + 0.5) for r, _ in self._raw.values()]
            self._floor_value = self.epsilon * (sum(idfs) / len(idfs)) if idfs else 0.0
        return self._floor_value

    def _postings(self, term: str) -> tuple[np.ndarray, np.ndarray] | None:
        hit = self._weights.get(term)
        if hit is None:
            raw = self._raw.get(term)
            if raw is None:
                return None
            rows = np.asarray(raw[0], dtype=np.int64)
            tf = np.asarray(raw[1], dtype=np.float64)
            idf = math.log(self.size - len(rows) + 0.5) - math.log(len(rows) + 0.5)
            weight = idf if idf >= 0 else self._floor
            hit = (rows, tf * (self.k1 + 1) / (tf + self._norm[rows]) * weight)
            self._weights[term] = hit  # same value if two threads race: no lock needed
        return hit

    def holders(self, term: str) -> np.ndarray | None:
        """Positions of the documents holding ``term`` (int64, ascending), ``None`` if none."""
        hit = self._postings(term)
        return None if hit is None else hit[0]

    def document_frequency(self, term: str) -> int:
        """How many documents hold ``term``."""
        raw = self._raw.get(term)
        return 0 if raw is None else len(raw[0])

    def weighted_scores(self, query: Mapping[str, float]) -> np.ndarray:
        """BM25 of every document for a weighted query: Σ weight(t) · BM25 term score."""
        out = np.zeros(self.size, dtype=np.float64)
        for term, weight in query.items():
            hit = self._postings(term)
            if hit is not None and weight:
                out[hit[0]] += weight * hit[1]
        return out

    def scores(self, query: Sequence[str]) -> np.ndarray:
        """BM25 of every document for the query terms (a repeated term counts twice)."""
        out = np.zeros(self.size, dtype=np.float64)
        for term, count in Counter(query).items():
            hit = self._postings(term)
            if hit is not None:
                out[hit[0]] += count * hit[1]  # a term's rows are distinct
        return out
