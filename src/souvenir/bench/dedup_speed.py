"""Dedup of one candidate against N stored memories of the same user: fast path vs naive loop.

The fast path is ``souvenir.write.dedup.best_match`` + the proposition scan of corrections on the
memories the candidate reaches (:class:`~souvenir.write.pool_reach.PoolIndex`), on fingerprints and
propositions, as ``admission.decide`` runs them; the reference is seed
000's formula applied to every stored memory (``naive_best_match``) + the same scan, timed in the same run on
the same corpus. Both must return the same decision (``same_decisions``). Corpus:
:func:`souvenir.bench.synthetic.make_corpus` (multilingual sentences, half of them near
variants); each candidate is a near variant or a trap drawn from the stored ones.
Used by ``bench/dedup_fastpath.py`` and ``souvenir bench latency``.
"""

from __future__ import annotations

import random

from souvenir.bench.synthetic import _mutate, make_corpus
from souvenir.bench.timing import p50, p99, timed
from souvenir.write.dedup import best_match, fingerprint, naive_best_match
from souvenir.lexical.proposition import is_flip, proposition
from souvenir.ground.types import Memory
from souvenir.write.pool_reach import PoolIndex


def flips(query, stored) -> list[int]:
    """The stored memories the query contradicts (admission's rule 4, without the referents
    check): one proposition a memory, cached, and a set comparison each."""
    new = proposition(query.text)
    return [i for i, fp in stored if is_flip(new, proposition(fp.text))]


def _near_flips(index: PoolIndex, memories: list[Memory]):
    """:func:`flips` on the memories the candidate reaches (``PoolIndex.near``), as ``admission.decide``
    reads them: the same answer (a flip shares a reach key)."""
    by_id = {m.id: fp for m, fp in zip(memories, index.prints(memories))}

    def near_flips(query, stored) -> list[int]:
        return flips(query, [(m.id, by_id[m.id][1]) for m in index.near(query.text, memories)])

    return near_flips


FAST = (best_match, flips)
NAIVE = (naive_best_match, flips)


def _time(fns, queries, stored) -> tuple[list[float], list]:
    timings, answers = [], []
    for query in queries:
        ms, answer = timed(lambda: (fns[0](query, stored), fns[1](query, stored)))
        timings.append(ms)
        answers.append(answer)
    return timings, answers


def _kept(texts: list[str]) -> tuple[PoolIndex, list[Memory], float]:
    """The user's :class:`PoolIndex` over ``texts`` (ids = positions), as a writer keeps it, and the
    milliseconds its build took (once a process, then a write reads only the memories it adds)."""
    memories = [Memory(id=i, user_id=1, text=t) for i, t in enumerate(texts)]
    index = PoolIndex()
    ms, _ = timed(lambda: index.sync(memories))
    return index, memories, ms


def run_dedup(sizes: list[int], n_queries: int, reference_queries: int | None = None) -> list[dict]:
    """One row per size: ``{"memories", "p50_ms", "p99_ms", "reference_p50_ms",
    "same_decisions", "index_build_ms"}``; the fast path reads the user's kept
    :class:`~souvenir.write.pool_reach.PoolIndex` (built first, ``index_build_ms``). The naive reference runs on the first ``reference_queries``
    candidates only (all by default; it takes about 0.25 ms per stored memory; 0 = none,
    then ``reference_p50_ms`` and ``same_decisions`` are ``None``)."""
    rows = []
    for size in sizes:
        corpus = make_corpus(size + n_queries, seed=5)
        index, memories, build_ms = _kept(corpus[:size])
        stored = index.prints(memories)
        rng = random.Random(1)
        queries = [fingerprint(_mutate(rng.choice(corpus[:size]), rng)) for _ in range(n_queries)]
        fast, fast_answers = _time((best_match, _near_flips(index, memories)), queries, stored)
        k = n_queries if reference_queries is None else min(n_queries, reference_queries)
        naive, naive_answers = _time(NAIVE, queries[:k], stored)
        rows.append(
            {
                "memories": size,
                "p50_ms": p50(fast),
                "p99_ms": p99(fast),
                "reference_p50_ms": p50(naive),
                "reference_runs": k,
                "same_decisions": fast_answers[:k] == naive_answers if k else None,
                "index_build_ms": round(build_ms, 1),
            }
        )
    return rows
