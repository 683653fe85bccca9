"""CPU per ``admission.decide`` against n synthetic stored memories (issue #28/#26).

Usage: ``python bench/decide_cost.py N [--json] [--dump K] [--index] [--candidates K]``.
Prints, for 50 candidates (``--candidates K``: K), the action, target id and CPU seconds (``time.process_time``) of one
decide against N stored memories (``souvenir.bench.synthetic.make_corpus``, seed 5). ``--json``
prints one summary object (n, median/mean/max CPU s, and the mean without the first, cold decide). ``--dump K`` prints (action, target id,
reason) for K candidates instead, with no timing: the byte-for-byte check that a speed change
keeps every decision. ``--index``: decide with the user's :class:`~souvenir.write.pool_reach.PoolIndex`
(built once before the first candidate, as a writer keeps it; its build CPU is reported apart, with
the mean share of the memories the pairwise readers read).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from datetime import datetime, timezone

from souvenir.bench.synthetic import make_corpus
from souvenir.ground.types import Candidate, Memory
from souvenir.write import admission


def main(argv: list[str]) -> None:
    n = int(argv[0])
    as_json = "--json" in argv
    dump = int(argv[argv.index("--dump") + 1]) if "--dump" in argv else 0
    k = dump or (int(argv[argv.index("--candidates") + 1]) if "--candidates" in argv else 50)
    use_index = "--index" in argv
    now = datetime(2026, 12, 1, tzinfo=timezone.utc)
    corpus = make_corpus(n + k, seed=5)
    mem = [Memory(id=i + 1, user_id=1, text=t, created_at=now, updated_at=now) for i, t in enumerate(corpus[:n])]
    index = None
    if use_index:
        from souvenir.write.pool_reach import PoolIndex  # not on a base without it (before/after runs)

        index = PoolIndex()
    t = time.process_time()
    if index is not None:
        index.sync(mem)
    build = time.process_time() - t
    costs: list[float] = []
    shares: list[float] = []
    for q in corpus[n : n + k]:
        c = Candidate(text=q, kind="fact", scope="global", time=now)
        t = time.process_time()
        if index is not None:
            index.sync(mem)  # what a writer does before each decide (nothing changed: a walk of the ids)
        d = admission.decide(c, mem, now) if index is None else admission.decide(c, mem, now, index)
        cost = time.process_time() - t
        if index is not None:
            shares.append(len(index.near(q, mem)) / max(1, n))
        costs.append(cost)
        target = getattr(d, "target_id", "")
        if dump:
            print(d.action, target, getattr(d, "reason", ""))
        elif not as_json:
            print(d.action, target, round(cost, 4))
    if as_json and not dump:
        summary = {
            "n": n,
            "candidates": k,
            "median_cpu_s": round(statistics.median(costs), 4),
            "mean_cpu_s": round(statistics.mean(costs), 4),
            "max_cpu_s": round(max(costs), 4),
            "warm_mean_cpu_s": round(statistics.mean(costs[1:]), 4),
        }
        if index is not None:
            summary["index_build_cpu_s"] = round(build, 3)
            summary["mean_share_read"] = round(statistics.mean(shares), 4)
        print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1:])
