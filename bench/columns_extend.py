"""The cost of a user's scoring columns (:class:`~souvenir.read.scoring.user_columns.UserColumns`)
on the first query after a write, at 100,000 memories: a rebuild from scratch against an
extension by the new memories (the store's read cache hands the scorer ``Pool.extended``).

    nice -n 10 .venv/bin/python bench/columns_extend.py [--size 100000] [--more 3] [--repeat 5]

Synthetic memories (en / fr / zh / ms, sessions of 20, two speakers, one day per session);
the text caches (tokens, language) are warm, as in a running engine. Prints the median
wall seconds of each, and of ``Scorer.scores`` (columns + one query) on the extended pool,
on the same memories in a pool of their own (extended after comparing the start's marks)
and by a scorer holding nothing (the columns built, as after any write before).
Results: docs/benchmarks.md, "Scoring columns after a write".
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from datetime import datetime, timedelta

from souvenir.read.scoring import Scorer
from souvenir.read.scoring.user_columns import UserColumns
from souvenir.read.selection import Pool
from souvenir.ground.types import Memory

_WORDS = {
    "en": "I went hiking with my sister last weekend near the lake and we cooked pasta".split(),
    "fr": "je suis allée au marché avec ma mère samedi pour acheter des pommes et du fromage".split(),
    "zh": list("我上周和姐姐去湖边爬山然后我们一起做了意大利面还买了苹果"),
    "ms": "saya pergi ke pasar dengan ibu saya pada hari sabtu untuk membeli epal".split(),
}


def memories(start: int, count: int, seed: int) -> list[Memory]:
    rng = random.Random(seed)
    out = []
    base = datetime(2024, 1, 1)
    for i in range(start, start + count):
        lang = rng.choice(("en", "en", "fr", "zh", "ms"))
        words = rng.sample(_WORDS[lang], 8) + [f"topic{rng.randrange(20000)}"]
        text = ("" if lang == "zh" else " ").join(words)
        out.append(
            Memory(
                id=i + 1,
                user_id=1,
                text=text,
                session=f"s{i // 20}",
                speaker=("Ana", "Bo")[i % 2],
                created_at=base + timedelta(days=i // 20),
                content_hash=str(i),
            )
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--more", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    scorer = Scorer()
    cfg = scorer.config
    pool = Pool(memories(0, args.size, 1))
    old = UserColumns(pool, cfg)  # warms the text caches
    old.acts(), old.dated(), old.lengths()
    rebuild, extend, query, marks, cold = [], [], [], [], []
    now = datetime(2030, 1, 1)
    for r in range(args.repeat):
        more = memories(args.size + r * args.more, args.more, 100 + r)
        for m in more:  # their texts' caches warm too: only the columns are timed
            UserColumns([m], cfg)
        new = pool.extended(more)
        start = time.perf_counter()
        fresh = UserColumns(new, cfg)
        fresh.acts(), fresh.dated(), fresh.lengths()
        rebuild.append(time.perf_counter() - start)
        if hasattr(UserColumns, "extended"):
            start = time.perf_counter()
            grown = old.extended(new, cfg)
            grown.acts(), grown.dated(), grown.lengths()
            extend.append(time.perf_counter() - start)
        scorer.scores(1, pool, "what did I cook at the lake?", now)
        start = time.perf_counter()
        scorer.scores(1, new, "what did I cook at the lake?", now)
        query.append(time.perf_counter() - start)
        scorer.scores(1, pool, "what did I cook at the lake?", now)
        start = time.perf_counter()  # the same candidates in a pool of their own: their marks compared
        scorer.scores(1, Pool(new), "what did I cook at the lake?", now)
        marks.append(time.perf_counter() - start)
        start = time.perf_counter()  # nothing held: the columns built (before, after any write)
        Scorer(cfg).scores(1, new, "what did I cook at the lake?", now)
        cold.append(time.perf_counter() - start)
    print(f"size {args.size} +{args.more}, load {os.getloadavg()[0]:.2f}")
    print(f"rebuild  median {statistics.median(rebuild):.3f} s  {[round(x, 3) for x in rebuild]}")
    if extend:
        print(f"extend   median {statistics.median(extend):.4f} s  {[round(x, 4) for x in extend]}")
    print(f"first query after write (Scorer.scores) median {statistics.median(query):.3f} s")
    print(f"the same, a pool not extended (start's marks compared) median {statistics.median(marks):.3f} s")
    print(f"the same, columns built (nothing held; before, after any write) median {statistics.median(cold):.3f} s")


if __name__ == "__main__":
    main()
