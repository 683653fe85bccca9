"""Where LoCoMo's missed evidence ranks, by the speakers a question names, and what the
union of each named person's best places would recall (issue #28, session 14).

For every question of ``--categories`` (default multi-hop and open-domain) with a miss under
the defaults (``--base`` overrides them): each missed evidence turn's rank in the fused
score and each score part minus the 24th selected memory's; summed per kind (category ×
speakers named: 0, 1, 2) as the rank quartiles, the count ranked 24–47, and the mean part
gaps. Then, for the questions naming both speakers, recall@24 of the selection against that
of each person's best 12 (the union of two per-person sub-queries: the speaker terms are a
constant per person, so each person's order is the defaults'), and how many of the 24 places
the less-selected speaker already holds.

    .venv/bin/python -m bench.miss_ranks --data /tmp/cv [--categories 1,3] [--base '{…}'] [--list]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import load  # noqa: E402
from bench.cv_evaluator import Evaluator, _split  # noqa: E402

from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.fusion import holds_name  # noqa: E402
from souvenir.read.selection import select  # noqa: E402


def _recall(chosen: list[int], ids: np.ndarray, sources: dict, gold: set[str]) -> float:
    found: set[str] = set()
    for i in chosen:
        found |= sources.get(int(ids[i]), set())
    return len(gold & found) / len(gold)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--categories", default="1,3")
    ap.add_argument("--base", default="{}")
    ap.add_argument("--list", action="store_true", help="print every missed turn")
    args = ap.parse_args()
    cats = set(args.categories.split(","))
    datasets = [d for d in load(args.data) if d.kind == "locomo"]
    ev = Evaluator(datasets)
    default = ScoringConfig()
    cfg = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)} | json.loads(args.base)
    scoring, selection, _ = _split(cfg)
    ranks: dict[str, list[int]] = defaultdict(list)
    gaps: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    pair: dict[str, list[float]] = defaultdict(list)
    for ds in datasets:
        names = sorted({m.speaker for m in ds.memories if m.speaker})
        pool, ids, cu, ce = ev._pre[ds.name]
        scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        speakers = np.array([m.speaker for m in ds.memories], dtype=object)  # candidates' order = ids
        for i, q in enumerate(ds.queries):
            named = [s for s in names if holds_name(q.text, s)]
            if q.group not in cats and len(named) != 2:
                continue
            parts: dict = {}
            dense = ev._side(ds.q_use[i], ids, cu[i])
            window = ev._side(ds.q_e5[i], ids, ce[i])
            scores = scorer.scores(0, pool, q.text, ds.now, dense, window, parts=parts)
            assert np.array_equal(np.asarray(scores.ids), ids)
            order = np.argsort(-scores.array, kind="stable")
            chosen = {s.memory.id for s in select(pool, scores, selection, ds.now).memories}
            if len(named) == 2:
                base = order[:24].tolist()
                union = [j for s in named for j in [k for k in order.tolist() if speakers[k] == s][:12]]
                pair[f"c{q.group} selection"].append(_recall(base, ids, ds.sources, q.gold))
                pair[f"c{q.group} union"].append(_recall(union, ids, ds.sources, q.gold))
                pair["less-selected speaker's places"].append(min(int((speakers[base] == s).sum()) for s in named))
            if q.group not in cats:
                continue
            rank = np.empty(len(order), dtype=np.int64)
            rank[order] = np.arange(len(order))
            kind = f"c{q.group}, {len(named)} named"
            terms = {
                k: np.asarray(v) for k, v in parts.items() if k != "ids" and np.ndim(v) == 1 and len(v) == len(ids)
            }
            at24 = order[23]
            for j, m in enumerate(ds.memories):
                got = ds.sources.get(m.id, set()) & q.gold
                if not got or m.id in chosen:
                    continue
                ranks[kind].append(int(rank[j]))
                for k, v in terms.items():
                    gaps[kind][k].append(float(v[j] - v[at24]))
                if args.list:
                    print(f"{ds.name} {kind} rank {rank[j]}: {q.text} <- {m.text[:100]!r}")
    for kind in sorted(ranks):
        r = np.array(ranks[kind])
        top = sorted(((float(np.mean(v)), k) for k, v in gaps[kind].items()))[:3]
        print(
            f"{kind}: {r.size} missed turns, ranks {np.percentile(r, [25, 50, 75]).round().astype(int).tolist()}, "
            f"24–47: {int(((r >= 24) & (r < 48)).sum())}; below the 24th: " + ", ".join(f"{k} {v:+.2f}" for v, k in top)
        )
    for k in sorted(pair):
        print(f"two names, {k}: {len(pair[k])} questions, mean {np.mean(pair[k]):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
