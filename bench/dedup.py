"""Dedup of one candidate against N stored memories of the same user: fast path vs naive loop.

The fast path is ``souvenir.dedup.best_match`` + ``best_correction`` (what ``decide`` runs);
the reference is seed 000's formula applied to every stored memory (``naive_best_match``
+ ``naive_best_correction``), timed in the same run on the same corpus. Both must return
the same decision (checked here too). Corpus: ``souvenir.bench.synthetic.make_corpus``
(multilingual sentences, half of them near variants).

    .venv/bin/python bench/dedup.py [--sizes 100,1000,3000] [--queries 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from souvenir.bench.synthetic import _mutate, make_corpus
from souvenir.dedup import (
    best_correction, best_match, fingerprint, naive_best_correction, naive_best_match,
)


def _time(fn, queries, stored) -> tuple[list[float], list]:
    timings, answers = [], []
    for query in queries:
        start = time.perf_counter()
        answers.append((fn[0](query, stored), fn[1](query, stored)))
        timings.append((time.perf_counter() - start) * 1000)
    return timings, answers


def run(sizes: list[int], n_queries: int) -> list[dict]:
    rows = []
    for size in sizes:
        corpus = make_corpus(size + n_queries, seed=5)
        stored = [(i, fingerprint(t)) for i, t in enumerate(corpus[:size])]
        rng = random.Random(1)
        queries = [fingerprint(_mutate(rng.choice(corpus[:size]), rng)) for _ in range(n_queries)]
        fast, fast_answers = _time((best_match, best_correction), queries, stored)
        naive, naive_answers = _time((naive_best_match, naive_best_correction), queries, stored)
        rows.append({
            "memories": size,
            "p50_ms": round(statistics.median(fast), 3),
            "p99_ms": round(sorted(fast)[int(0.99 * (len(fast) - 1))], 3),
            "reference_p50_ms": round(statistics.median(naive), 3),
            "same_decisions": fast_answers == naive_answers,
        })
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,3000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = run([int(s) for s in args.sizes.split(",")], args.queries)
    if args.json:
        print(json.dumps({"dedup": rows}, indent=2))
        return
    print("| stored memories | fast p50 ms | fast p99 ms | naive loop p50 ms | same decisions |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['memories']:,} | {r['p50_ms']} | {r['p99_ms']} | {r['reference_p50_ms']} | {r['same_decisions']} |")


if __name__ == "__main__":
    main()
