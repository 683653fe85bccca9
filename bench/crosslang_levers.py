"""Cross-language levers beyond linear weights, chosen or rejected by cross-validation (issue #18).

``multilingual2/suite-a.json`` misses gold memories written in another language than the
question (docs/journal.md, "Cross-validated levers (issue #18)"). Linear re-weighting of
USE against e5 was rejected there; this script measures other families, each a
separately named field of :class:`~souvenir.read.scoring.ScoringConfig`
(:mod:`souvenir.read.scoring.crosslang`):

- BM25's z within each memory language (``lexical_lang``), USE's likewise (``dense_lang``),
  USE's cosine centred per language (``dense_centre``);
- max-based fusion across languages: e5's z floored at a share of USE's for memories in
  another language (``cross_use_max``; ``use_max_all``: for every memory; ``use_max_rez``:
  the floored term z-scored again within each language; ``use_max_top``: only for USE's
  first N);
- reciprocal-rank fusion of the USE, e5 and BM25 rankings (``rank_fusion``, ``_k``,
  ``_cross``).

Two readings, both over the nine folds of ``bench/cv_levers.py`` (six LoCoMo
conversations, three multilingual files; ``bench/cv_data.py`` reads their signals):

1. *isolated*: per lever group, on top of each fold's own chain configuration (the
   chain of ``cv_levers.GROUPS`` run without that fold), the group's best variant on the
   eight training folds (by J, no bar) is applied to the held-out fold: the held-out gain
   of the group if it were always taken. Beside it, every variant's in-sample figures on
   top of the defaults before these levers (every new field off).
2. *chain*: ``cv_levers.GROUPS`` followed by the new groups, cross-validated exactly as
   ``bench/cv_levers.py`` does (bar 0.002): what would be kept, in-sample and held out —
   once with every new group, once with the one kept (BM25 z within languages).
3. *fine*: recall@5 / @10 / @24 and MRR of the fused order with and without BM25's z
   within languages, per dataset: where recall@24 is saturated (``ml``, ``ml2b``) they
   still show which way a lever moves the gold.

    .venv/bin/python -m bench.crosslang_levers --data /tmp/cv [--json FILE]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import fields
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load, log  # noqa: E402
from bench.cv_levers import GROUPS as ALL_GROUPS  # noqa: E402
from bench.cv_evaluator import Evaluator, _split  # noqa: E402
from bench.cv_levers import START, _fmt, crossvalidate, cv_figures, figures, lever_table, objective  # noqa: E402

from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402

#: The new fields off (the start of every chain also has them off).
OFF: dict = {
    "lexical_lang": 0.0,
    "dense_lang": 0.0,
    "dense_centre": False,
    "window_centre": False,
    "cross_use_max": 0.0,
    "use_max_all": False,
    "use_max_rez": False,
    "use_max_top": 0,
    "rank_fusion": 0.0,
    "rank_fusion_k": 10.0,
    "rank_fusion_cross": False,
}

#: ``cv_levers.GROUPS`` without the group this script added to it (its last one).
GROUPS = [g for g in ALL_GROUPS if g[0] != "BM25 z within languages"]

NEW_GROUPS: list[tuple[str, list[dict]]] = [
    ("BM25 z within languages", [{"lexical_lang": s} for s in (0.5, 0.75, 1.0)]),
    ("USE z within languages", [{"dense_lang": s} for s in (0.25, 0.5, 1.0)]),
    ("USE centred per language", [{"dense_centre": True}]),
    ("e5 centred per language (instead of z within)", [{"window_centre": True}]),
    (
        "max(e5 z, s x USE z) across languages",
        [{"cross_use_max": s} for s in (0.5, 0.75, 1.0)]
        + [{"cross_use_max": s, "use_max_rez": True} for s in (0.75, 1.0)]
        + [{"cross_use_max": s, "use_max_all": True, "use_max_rez": True} for s in (0.75, 1.0)]
        + [{"cross_use_max": s, "use_max_top": t} for s in (0.75, 1.0) for t in (10, 20)],
    ),
    (
        "reciprocal-rank fusion",
        [{"rank_fusion": w, "rank_fusion_k": k} for w in (0.5, 1.0, 2.0) for k in (3.0, 10.0, 60.0)]
        + [{"rank_fusion": w, "rank_fusion_k": 10.0, "rank_fusion_cross": True} for w in (0.5, 1.0, 2.0)],
    ),
]


def isolated(ev: Evaluator, datasets: list, base_chain: dict, default: dict) -> list[dict]:
    """Per new group: every variant's in-sample figures on the defaults, and the held-out
    gain of the group's best-on-training variant on top of each fold's own configuration."""
    rows = []
    for name, variants in NEW_GROUPS:
        in_sample = [{"variant": v, "figures": figures(ev, datasets, default | v)} for v in variants]
        held: dict[str, dict] = {}
        for ds in datasets:
            train = [d for d in datasets if d is not ds]
            cfg = base_chain["folds"][ds.name]["cfg"] | OFF
            j0 = objective(figures(ev, train, cfg))
            best, best_j = None, -1.0
            for v in variants:
                j = objective(figures(ev, train, cfg | v))
                if j > best_j:
                    best, best_j = v, j
            before, after = ev.recall(ds, cfg), ev.recall(ds, cfg | best)
            entry = {
                "variant": best,
                "train_J_gain": best_j - j0,
                "before": float(before.mean()),
                "after": float(after.mean()),
                "n": len(before),
            }
            if ds.kind == "suite":
                cross = np.array([q.cross for q in ds.queries])
                entry["cross_before"] = float(before[cross].mean())
                entry["cross_after"] = float(after[cross].mean())
            else:
                entry["delta_sum"] = float((after - before).sum())
            held[ds.name] = entry
        rows.append({"group": name, "in_sample": in_sample, "held_out": held})
        loc = [h for k, h in held.items() if not k.startswith("ml")]
        gain = sum(h["delta_sum"] for h in loc) / max(1, sum(h["n"] for h in loc))
        log(
            f"{name}: held-out LoCoMo {gain:+.4f}; "
            + "; ".join(
                f"{k} {h['before']:.3f}/{h.get('cross_before', 0):.3f} -> {h['after']:.3f}/{h.get('cross_after', 0):.3f}"
                for k, h in held.items()
                if k.startswith("ml")
            )
        )
    return rows


def run_chain(ev: Evaluator, datasets: list, bar: float, groups: list, label: str) -> dict:
    """``cv_levers.GROUPS`` then ``groups``, cross-validated as ``bench/cv_levers.py`` does."""
    result = crossvalidate(ev, datasets, bar, GROUPS + groups, START | OFF)
    ins = figures(ev, datasets, result["in_sample"][-1]["cfg"])
    cv = cv_figures(ev, datasets, result["folds"])
    print(f"chain [{label}] in-sample:  {_fmt(ins)}")
    print(f"chain [{label}] cross-val.: {_fmt(cv)}")
    print(f"chain [{label}] configuration: {json.dumps(result['in_sample'][-1]['cfg'], sort_keys=True)}")
    table = lever_table(ev, datasets, result)
    for row in table[len(GROUPS) :]:
        print(json.dumps(row))
    kept = {}
    for name, fold in result["folds"].items():
        kept[name] = [s["group"] for s in fold["steps"][len(GROUPS) + 1 :] if s["kept"]]
        print(
            f"chain [{label}] fold {name}: new groups kept {kept[name]}; held out "
            f"{fold['held_out'][len(GROUPS)]:.4f} -> {fold['held_out'][-1]:.4f}"
        )
    return {
        "in_sample": ins,
        "cv": cv,
        "levers": table[len(GROUPS) :],
        "kept": kept,
        "cfg": result["in_sample"][-1]["cfg"],
    }


def fine(ev: Evaluator, datasets: list, configs: list[dict]) -> dict:
    """A finer reading than the selection's recall@24, per dataset and configuration: the
    fused score's own order, its recall@5, @10, @24 and the mean reciprocal rank of the
    gold memories (averaged per question) — it moves where recall@24 is saturated."""
    out: dict = {}
    for ds in datasets:
        pool, ids, cu, ce = ev._pre[ds.name]
        rows = []
        for cfg in configs:
            scoring, _, _ = _split(cfg)
            scorer = Scorer(scoring)
            rec: dict[int, list[float]] = {5: [], 10: [], 24: []}
            mrr = []
            for i, q in enumerate(ds.queries):
                s = ev._scores(scorer, ds, pool, ids, cu[i], ce[i], q.text).array
                order = np.argsort(-s, kind="stable")
                srcs = [ds.sources.get(ds.memories[j].id, set()) for j in order]
                for k in rec:
                    found = set().union(*srcs[:k])
                    rec[k].append(len(q.gold & found) / len(q.gold))
                golds = [r for r, src in enumerate(srcs) if src & q.gold]
                mrr.append(float(np.mean([1 / (1 + r) for r in golds])) if golds else 0.0)
            rows.append(
                {
                    "lexical_lang": cfg.get("lexical_lang"),
                    "r5": float(np.mean(rec[5])),
                    "r10": float(np.mean(rec[10])),
                    "r24": float(np.mean(rec[24])),
                    "mrr": float(np.mean(mrr)),
                }
            )
        out[ds.name] = rows
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--bar", type=float, default=0.002)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--skip-chain", action="store_true", help="the isolated reading only")
    ap.add_argument("--group", default="", help="only the new group whose name starts so")
    args = ap.parse_args()
    if args.group:
        NEW_GROUPS[:] = [g for g in NEW_GROUPS if g[0].startswith(args.group)]
    datasets = load(args.data)
    log(f"{len(datasets)} datasets: {', '.join(d.name for d in datasets)}")
    ev = Evaluator(datasets)
    default = {f.name: getattr(ScoringConfig(), f.name) for f in fields(ScoringConfig)}
    log(f"default: {_fmt(figures(ev, datasets, default))}")
    before = default | OFF  # the defaults before these levers
    log(f"before: {_fmt(figures(ev, datasets, before))}")
    t0 = time.monotonic()
    base = crossvalidate(ev, datasets, args.bar, GROUPS, START | OFF)
    log(
        f"base chain ({time.monotonic() - t0:.0f} s): in-sample "
        f"{_fmt(figures(ev, datasets, base['in_sample'][-1]['cfg']))}; cross-validated "
        f"{_fmt(cv_figures(ev, datasets, base['folds']))}"
    )
    out: dict = {
        "default": figures(ev, datasets, default),
        "before": figures(ev, datasets, before),
        "isolated": isolated(ev, datasets, base, before),
    }
    for row in out["isolated"]:
        print(f"== {row['group']}")
        for v in row["in_sample"]:
            print(f"  in-sample {json.dumps(v['variant']):70s} {_fmt(v['figures'])}")
        for k, h in row["held_out"].items():
            print(
                f"  held out {k:8s} {json.dumps(h['variant']):70s} {h['before']:.4f} -> {h['after']:.4f}"
                + (f"  cross {h['cross_before']:.3f} -> {h['cross_after']:.3f}" if "cross_before" in h else "")
            )
    if not args.skip_chain:
        out["chains"] = {}
        for label, groups in (("all new groups", NEW_GROUPS), ("BM25 z within languages only", NEW_GROUPS[:1])):
            out["chains"][label] = run_chain(ev, datasets, args.bar, groups, label)
    out["fine"] = fine(ev, datasets, [before, before | {"lexical_lang": 1.0}])
    for name, rows in out["fine"].items():
        print(
            f"fine {name}: "
            + "  |  ".join(
                f"lexical_lang {r['lexical_lang']}: r@5 {r['r5']:.3f} r@10 {r['r10']:.3f} r@24 {r['r24']:.3f} "
                f"MRR {r['mrr']:.4f}"
                for r in rows
            )
        )
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
