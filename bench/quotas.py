"""Seed 000's quotas on a typed corpus: do promises and preferences keep their places?

The public suites hold facts only, LoCoMo turns are episodes: neither can show the quota
pass at work. Here each suite's memories are typed by a lexical rule (a preference word —
likes, aime, suka, 喜欢… — makes a ``preference``; a future or commitment word — will,
promised, va, prévoit, akan, janji, 要, 打算… — a ``promise``; else a ``fact``), keeping
their vectors, and every query of the suite asks the product's selection, as
``bench/cv_levers.py`` runs it, under three passes:

- ``seed rank``: the passes before issue #18 (no protection; quota and rescue by rank);
- ``score first``: quota and rescue passes by score before recency;
- ``protected``: and promises / preferences that clear the relevance floor keep their
  quota places (the product's default).

Per variant: recall@24, and over all queries the protected-kind memories that clear the
floor (capped at their quota: what the quota promises them) against the places they got.

    .venv/bin/python -m bench.quotas --data /tmp/cv [--floor 1.8]
"""

from __future__ import annotations

import argparse
import copy
import re
from dataclasses import fields, replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402

from souvenir.read.scoring import SCORE_FLOOR, ScoringConfig  # noqa: E402
from souvenir.read.selection import DEFAULT_QUOTAS, PROTECTED_KINDS  # noqa: E402

_PREFERENCE = re.compile(
    r"\b(likes?|loves?|prefers?|enjoys?|hates?|dislikes?|aime|adore|préfère|déteste|"
    r"suka|gemar|minat|benci)\b|喜欢|爱吃|讨厌|偏爱",
    re.I,
)
_PROMISE = re.compile(
    r"\b(will|going to|plans?|promised?|intends?|va|vont|prévoit|compte|promis|"
    r"akan|janji|berjanji|bercadang|merancang)\b|打算|答应|计划|将要|准备",
    re.I,
)


def typed(ds):
    """A copy of ``ds`` whose memories are typed by the lexical rule (vectors kept)."""
    out = copy.copy(ds)
    kinds = []
    for m in ds.memories:
        kinds.append("preference" if _PREFERENCE.search(m.text) else "promise" if _PROMISE.search(m.text) else "fact")
    out.memories = [replace(m, kind=k) for m, k in zip(ds.memories, kinds)]
    out.name = ds.name + "-typed"
    return out


VARIANTS = {
    "seed rank": {"rescue_by_score": False},
    "score first": {},
    "protected (default)": {"relevance_floor": None},  # filled with --floor
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--floor", type=float, default=SCORE_FLOOR)
    args = ap.parse_args()
    suites = [typed(d) for d in load(args.data) if d.kind == "suite"]
    ev = Evaluator(suites)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    VARIANTS["protected (default)"] = {"relevance_floor": args.floor}
    for ds in suites:
        counts = {k: sum(m.kind == k for m in ds.memories) for k in ("fact", "preference", "promise")}
        print(f"{ds.name}: {len(ds.memories)} memories {counts}, {len(ds.queries)} queries")
        for name, variant in VARIANTS.items():
            cfg = base | variant
            owed = placed = 0
            recall = []
            for q, (result, scores) in zip(ds.queries, ev.selections(ds, cfg)):
                chosen = {s.memory.id for s in result.memories}
                found: set[str] = set()
                for s in result.memories:
                    found |= ds.sources.get(s.memory.id, set())
                recall.append(len(q.gold & found) / len(q.gold))
                for kind in PROTECTED_KINDS:
                    above = [m.id for m in ds.memories if m.kind == kind and scores.get(m.id, -np.inf) >= args.floor]
                    above.sort(key=lambda i: -scores[i])
                    owed_k = above[: DEFAULT_QUOTAS[kind]]
                    owed += len(owed_k)
                    placed += sum(i in chosen for i in owed_k)
            print(
                f"  {name:<20} recall@24 {np.mean(recall):.3f}   promises + preferences above the floor "
                f"{args.floor:g} (up to their quota): {placed}/{owed} placed"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
