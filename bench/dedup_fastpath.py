"""Dedup of one candidate against N stored memories of the same user: fast path vs naive loop.

The measurement is :func:`souvenir.bench.dedup_speed.run_dedup` (its docstring says what is
timed); ``souvenir bench latency`` runs it too, beside the read path.

    .venv/bin/python -m bench.dedup_fastpath [--sizes 100,1000,3000] [--queries 200] [--json]
"""

from __future__ import annotations

import argparse
import json

from souvenir.bench.dedup_speed import run_dedup


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,3000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = run_dedup([int(s) for s in args.sizes.split(",")], args.queries)
    if args.json:
        print(json.dumps({"dedup": rows}, indent=2))
        return
    print("| stored memories | fast p50 ms | fast p99 ms | naive loop p50 ms | same decisions |")
    print("|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['memories']:,} | {r['p50_ms']} | {r['p99_ms']} | {r['reference_p50_ms']} | {r['same_decisions']} |"
        )


if __name__ == "__main__":
    main()
