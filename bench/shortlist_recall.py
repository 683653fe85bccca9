"""Recall of the large-user path (``souvenir.read.scoring.shortlist``) forced at LoCoMo's scale.

The shortlist only applies above ``ScoringConfig.shortlist_from`` (10,000) memories, and
LoCoMo's conversations hold 400-700 turns: the product's LoCoMo figures never take it. This
script forces it (``shortlist_from=1``) with shortlists of a few times the 24 places
(at 100,000 memories the default 1,000 is 42 times the places) and reports the product's
recall@24 on LoCoMo raw turns beside the exact score, on the cached stores of
``souvenir bench recall --cache``:

    .venv/bin/python -m bench.shortlist_recall ../shared/data/locomo --cache /tmp/locomo-cache [--json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from souvenir.bench.recall import run_recall
from souvenir.ground.config import Settings
from souvenir.read.scoring import ScoringConfig

#: (label, configuration): the exact score, then shortlists of 2, 4 and 8 times 24 places.
CONFIGURATIONS = (
    ("exact (the product at LoCoMo's size)", ScoringConfig()),
    *(
        (
            f"shortlist {k} + sample 20 per language",
            ScoringConfig(shortlist_from=1, shortlist_size=k, sample_per_group=20),
        )
        for k in (48, 96, 192)
    ),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for label, config in CONFIGURATIONS:
        report = run_recall(args.locomo, Settings(), modes=("raw",), baselines=(), cache=args.cache, scoring=config)
        product = report["modes"]["raw"]["product"]
        rows.append(
            {"configuration": label, "recall@24": product["recall@24"], "by_category": product.get("by_category")}
        )
        if not args.json:
            print(f"{label}: recall@24 {product['recall@24']}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
