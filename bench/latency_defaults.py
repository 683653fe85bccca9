"""What issue #18's read path costs, against the read path before it, timed interleaved.

On a machine shared by several engineers an absolute latency moves with everyone's load;
the difference between two read paths timed turn by turn in one process, on the same
store and queries, does not move much. This script fills a store as ``souvenir bench
latency`` does (``souvenir.bench.latency.fill``: synthetic memories, random unit vectors),
then alternates the selection step (candidates, fused scores with the query vectors
given, the six passes) under the defaults before issue #18 (2eff938's weights, floor
2.0, seed rank, no protected quotas) and under today's defaults.

    .venv/bin/python -m bench.latency_defaults [--sizes 3000,100000] [--queries 100]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from souvenir.bench.latency import fill, selection_step, unit_vectors, window_dim  # noqa: E402
from souvenir.bench.timing import timed  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402

BEFORE = ScoringConfig(w_lexical=1.5, neighbour_reach=2, speaker_penalty=2.0, window_global=0.5, relative_periods=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="3000,100000")
    ap.add_argument("--queries", type=int, default=100)
    args = ap.parse_args()
    out = {"load": os.getloadavg()}
    for size in [int(s) for s in args.sizes.split(",")]:
        with tempfile.TemporaryDirectory(prefix="lat-defaults-") as tmp:
            rt = open_runtime(Settings(database_url=f"sqlite:///{tmp}/l.db", _env_file=None))
            try:
                user_id, story_id = fill(rt, size, 512)
                engine = rt.engine
                now_scorer, now_config = engine.scorer, engine.selection_config
                old_scorer = Scorer(BEFORE)
                old_config = replace(now_config, semantic_threshold=2.0, relevance_floor=None, rescue_by_score=False)
                rng = np.random.default_rng(1)
                wdim = window_dim(rt)
                times: dict[str, list[float]] = {"before": [], "now": []}
                for k in range(args.queries + 2):
                    q, w = unit_vectors(rng, 1, 512)[0], unit_vectors(rng, 1, wdim)[0]
                    for name, scorer, config in (("before", old_scorer, old_config), ("now", now_scorer, now_config)):
                        engine.scorer, engine.selection_config = scorer, config
                        ms = timed(lambda: selection_step(engine, user_id, story_id, q, w))[0]
                        if k >= 2:  # the first calls fill the caches
                            times[name].append(ms)
                row = {
                    name: {
                        "p50_ms": round(statistics.median(v), 3),
                        "p90_ms": round(sorted(v)[int(0.9 * (len(v) - 1))], 3),
                    }
                    for name, v in times.items()
                }
                row["ratio_p50"] = round(row["now"]["p50_ms"] / row["before"]["p50_ms"], 3)
                out[str(size)] = row
                print(size, json.dumps(row), flush=True)
            finally:
                rt.close()
    out["load_end"] = os.getloadavg()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
