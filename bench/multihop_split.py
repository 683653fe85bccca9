"""LoCoMo multi-hop recall@24 split by what the question names, for a few configurations.

Multi-hop (category 1) questions that name one speaker, two or none ("What do Jon and Gina
both have in common?"), broad or not (:func:`souvenir.read.scoring.breadth.broad_question`),
and every category, each configuration being today's defaults with the given overrides
(in-sample: all six conversations; held-out figures are ``bench/cv_levers.py``'s).

    .venv/bin/python -m bench.multihop_split --data /work/cache/cv \\
        --grid '[{}, {"neighbour_alpha": 0.5}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402

from souvenir.read.scoring import ScoringConfig  # noqa: E402
from souvenir.read.scoring.breadth import broad_question  # noqa: E402
from souvenir.read.scoring.fusion import named_speaker  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[{}]")
    args = ap.parse_args()
    datasets = [d for d in load(args.data) if d.kind == "locomo"]
    ev = Evaluator(datasets)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    labels = []
    for ds in datasets:
        names = sorted({m.speaker for m in ds.memories if m.speaker})
        for q in ds.queries:
            labels.append((q.group, named_speaker(q.text, names) is not None, broad_question(q.text)))
    cat = np.array([g for g, _, _ in labels])
    one = np.array([o for _, o, _ in labels])
    broad = np.array([b for _, _, b in labels])
    c1 = cat == "1"
    for over in json.loads(args.grid):
        r = np.concatenate([ev.recall(ds, base | over) for ds in datasets])
        parts = {
            "all": r.mean(),
            **{f"c{c}": r[cat == c].mean() for c in "1234"},
            "c1 one speaker": r[c1 & one].mean(),
            "c1 two/none": r[c1 & ~one].mean(),
            "c1 broad": r[c1 & broad].mean(),
            "c1 not broad": r[c1 & ~broad].mean(),
            "c4 broad": r[(cat == "4") & broad].mean(),
        }
        print(json.dumps(over), "  ".join(f"{k} {v:.4f}" for k, v in parts.items()), flush=True)
    print(f"questions: c1 {int(c1.sum())} (one speaker {int((c1 & one).sum())}, broad {int((c1 & broad).sum())})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
