"""Levers of the read path chosen by cross-validation across conversations and suites.

Issue #18: the fused score's weights had been read on six LoCoMo conversations and one
multilingual suite, and started to fit them. Here every weight is chosen again with
held-out discipline. Nine folds: the six LoCoMo conversations and the three public
multilingual files (``bench/cv_data.py`` reads their signals once through the product).
A *chain* starts from a neutral score (USE + e5 + BM25 z-scores, equal weights, nothing
else) and walks lever groups in a fixed order; at each group it keeps the variant that
raises the objective J on the training folds by at least ``--bar`` (0.002), else none.

    J = ½ · LoCoMo recall@24 (pooled over the training conversations' questions)
      + ½ · mean over the training suites of ½ (overall + cross-language recall@24)

The chain runs once on all nine folds (the *in-sample* configuration) and once per
held-out fold on the other eight. Reported: the in-sample figures, the cross-validated
figures (each fold measured with the configuration chosen without it), and per lever
group its in-sample gain and its held-out gain (on each fold, the step's effect on the
held-out fold when the chain of the other eight took that group). A lever that helps
in-sample but not held-out is rejected.

Everything runs through the product's code: :class:`souvenir.read.scoring.Scorer` and
:func:`souvenir.read.selection.select` with the engine's selection configuration, on the
stores' own memories, vectors and sources.
This module is the grid runner (chains, cross-validation, figures, the command line); the
evaluator is ``bench/cv_evaluator.py``, the datasets' extra signals ``bench/cv_inputs.py``.

    .venv/bin/python -m bench.cv_levers --data /tmp/cv [--json FILE]
    # the multi-hop groups only, from today's defaults (questions' e5 vectors as passages:
    # bench/e5_passages.py); or in-sample figures of a few overrides:
    ... bench/cv_levers.py --data /tmp/cv --e5-passages /tmp/cv-e5p --from-defaults
    ... bench/cv_levers.py --data /tmp/cv --grid '[{"speaker_bonus": 4.0}]'
    # session 7's multi-hop groups (SESSION7_GROUPS), from today's defaults:
    ... bench/cv_levers.py --data /tmp/cv --session7 [--groups "feedback on BM25"]
    # session 7 (docs/journal.md "Cross-language levers, session 7"): e5 vectors of another
    # build (bench/e5_prefixes.py) in place of the product's, or two sets compared by
    # cross-validation (each set's chain; the set chosen on the training folds' J); the
    # sparse latent terms (bench/e5_sparse.py); the cross-language centring groups
    ... bench/cv_levers.py --data /tmp/cv --e5 DIR --grid '[{}]'
    ... bench/cv_levers.py --data /tmp/cv --reread [--groups NONE] --e5-compare DIR_A,DIR_B
    ... bench/cv_levers.py --data /tmp/cv --crosslang7 [--sparse DIR [--sparse-top 32]]
    # session 8: the centring gated to single-language users (``qcentre_gate``,
    # ``qcentre_mean``) and the files' monolingual sub-folds: bench/cv_monocentre.py
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import fields
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402
from bench.cv_inputs import with_e5, with_passages, with_sparse  # noqa: E402

from souvenir.read.scoring import ScoringConfig  # noqa: E402

from bench.cv_groups import (  # noqa: E402  (re-exported: other benches import them from here)
    CROSSLANG7_GROUPS,
    GROUPS,
    MULTIHOP_GROUPS,
    REREAD_GROUPS,
    SESSION7_GROUPS,
    SPARSE_GROUP,
    START,
)


def plain_recall(ds: Dataset, which: str, k: int = 24) -> float:
    """recall@k of the plain cosine ranking of one embedder's vectors (a baseline)."""
    mem, q = (ds.use, ds.q_use) if which == "use" else (ds.e5, ds.q_e5)
    cos = np.nan_to_num(q.astype(np.float64) @ mem.T.astype(np.float64), nan=-9.0)
    out = []
    for i, query in enumerate(ds.queries):
        top = np.argsort(-np.round(cos[i], 6), kind="stable")[:k]
        found: set[str] = set()
        for j in top:
            found |= ds.sources.get(ds.memories[j].id, set())
        out.append(len(query.gold & found) / len(query.gold))
    return float(np.mean(out))


def score_distribution(ev: Evaluator, datasets: list[Dataset], cfg: dict) -> dict:
    """The fused score of relevant pairs (a query and one of its gold memories) and of the
    others, per dataset: percentiles, as ``bench/embedders.py`` reads a cosine floor."""
    out = {}
    for ds in datasets:
        rel, irr = [], []
        for q, (_, scores) in zip(ds.queries, ev.selections(ds, cfg)):
            for mid, value in zip(scores.ids.tolist(), scores.array.tolist()):
                (rel if ds.sources.get(mid, set()) & q.gold else irr).append(value)
        rel, irr = np.array(rel), np.array(irr)
        out[ds.name] = {
            "relevant": {p: float(np.percentile(rel, p)) for p in (5, 10, 25, 50)},
            "irrelevant": {p: float(np.percentile(irr, p)) for p in (50, 75, 90, 95, 99)},
            "n": [int(rel.size), int(irr.size)],
        }
    return out


def figures(ev: Evaluator, datasets: list[Dataset], cfg: dict) -> dict:
    """LoCoMo pooled (overall, per category) and each suite (overall, same, cross)."""
    out: dict = {}
    loc = [(ds, ev.recall(ds, cfg)) for ds in datasets if ds.kind == "locomo"]
    if loc:
        allr = np.concatenate([r for _, r in loc])
        cats = np.concatenate([[q.group for q in ds.queries] for ds, _ in loc])
        out["locomo"] = {"overall": float(allr.mean()), "n": int(allr.size)}
        for c in ("1", "2", "3", "4"):
            out["locomo"][c] = float(allr[cats == c].mean()) if (cats == c).any() else None
        out["locomo"]["by_conv"] = {ds.name: float(r.mean()) for ds, r in loc}
    for ds in datasets:
        if ds.kind != "suite":
            continue
        r = ev.recall(ds, cfg)
        cross = np.array([q.cross for q in ds.queries])
        out[ds.name] = {"overall": float(r.mean()), "same": float(r[~cross].mean()), "cross": float(r[cross].mean())}
    return out


def objective(fig: dict) -> float:
    parts = []
    if "locomo" in fig:
        parts.append(fig["locomo"]["overall"])
    suites = [v for k, v in fig.items() if k != "locomo"]
    if suites:
        parts.append(float(np.mean([(s["overall"] + s["cross"]) / 2 for s in suites])))
    return float(np.mean(parts))


def chain(ev: Evaluator, train: list[Dataset], bar: float, groups=None, start=None) -> list[dict]:
    """The greedy chain on ``train``: one step per group, ``{"group", "variant", "cfg",
    "J", "kept"}``; the first step is the start."""
    cfg = dict(start or START)
    j = objective(figures(ev, train, cfg))
    steps = [{"group": "start", "variant": dict(cfg), "cfg": dict(cfg), "J": j, "kept": True}]
    for name, variants in GROUPS if groups is None else groups:
        best, best_j = None, j
        for v in variants:
            trial = cfg | v
            if trial == cfg:
                continue
            tj = objective(figures(ev, train, trial))
            if tj > best_j:
                best, best_j = v, tj
        kept = best is not None and best_j - j >= bar
        if kept:
            cfg = cfg | best
            j = best_j
        steps.append({"group": name, "variant": best, "cfg": dict(cfg), "J": j if kept else best_j, "kept": kept})
    return steps


def _fmt(fig: dict) -> str:
    parts = []
    if "locomo" in fig:
        lo = fig["locomo"]
        parts.append(
            f"LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} c4 {lo['4']:.3f})"
        )
    for k, v in fig.items():
        if k != "locomo":
            parts.append(f"{k} {v['overall']:.3f}/{v['cross']:.3f}")
    return "  ".join(parts)


def crossvalidate(ev: Evaluator, datasets: list[Dataset], bar: float, groups=None, start=None) -> dict:
    """In-sample chain, one chain per held-out fold, and the cross-validated figures."""
    t0 = time.monotonic()
    full = chain(ev, datasets, bar, groups, start)
    log(
        f"in-sample chain: {len(full)} steps, J {full[-1]['J']:.4f} ({time.monotonic() - t0:.0f} s, "
        f"{ev.evaluations} evaluations)"
    )
    folds = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        steps = chain(ev, train, bar, groups, start)
        # the held-out fold's recall after each step of its own chain
        per_step = [float(ev.recall(held, s["cfg"]).mean()) for s in steps]
        folds[held.name] = {"steps": steps, "held_out": per_step, "cfg": steps[-1]["cfg"]}
        log(
            f"fold {held.name}: held-out {per_step[0]:.4f} -> {per_step[-1]:.4f} "
            f"kept {[s['group'] for s in steps if s['kept']][1:]} ({ev.evaluations} evaluations)"
        )
    return {"in_sample": full, "folds": folds}


def cv_figures(ev: Evaluator, datasets: list[Dataset], folds: dict) -> dict:
    """Each fold measured with its own chain's configuration, pooled like :func:`figures`."""
    return _pooled({ds.name: (ds, ev.recall(ds, folds[ds.name]["cfg"])) for ds in datasets})


def choose_sets(results: dict[str, dict]) -> dict:
    """Cross-validation of a choice between whole sets of signals (e5 vectors from two
    builds): ``results`` maps a set's label to its :func:`crossvalidate` result. The
    in-sample choice is the set whose chain ends with the highest J on all folds; each
    held-out fold takes the set whose chain on the other folds ends with the highest J
    (a tie: the first label). ``{"in_sample": label, "folds": {fold: label}}``."""
    labels = list(results)
    best = max(labels, key=lambda k: (results[k]["in_sample"][-1]["J"], -labels.index(k)))
    folds = {}
    for fold in results[labels[0]]["folds"]:
        folds[fold] = max(labels, key=lambda k: (results[k]["folds"][fold]["steps"][-1]["J"], -labels.index(k)))
    return {"in_sample": best, "folds": folds}


def compare_sets(sets: dict[str, list[Dataset]], bar: float, groups=None, start=None) -> dict:
    """The chain with each set of datasets (same folds, other signals), and the figures
    of the set chosen by :func:`choose_sets`: per set its in-sample and cross-validated
    figures; ``"chosen"``: the in-sample figures of the in-sample choice and the
    cross-validated figures where each fold is measured with its own choice and that
    set's chain without it."""
    out: dict = {"sets": {}}
    results, evs = {}, {}
    for label, datasets in sets.items():
        ev = evs[label] = Evaluator(datasets)
        result = results[label] = crossvalidate(ev, datasets, bar, groups, start)
        out["sets"][label] = {
            "in_sample": figures(ev, datasets, result["in_sample"][-1]["cfg"]),
            "cv": cv_figures(ev, datasets, result["folds"]),
            "J": result["in_sample"][-1]["J"],
            "cfg": result["in_sample"][-1]["cfg"],
            "fold_J": {k: f["steps"][-1]["J"] for k, f in result["folds"].items()},
        }
    choice = choose_sets(results)
    label = choice["in_sample"]
    per_fold = {}
    for fold, chosen in choice["folds"].items():
        ds = next(d for d in sets[chosen] if d.name == fold)
        per_fold[fold] = (ds, evs[chosen].recall(ds, results[chosen]["folds"][fold]["cfg"]))
    out["chosen"] = {
        "in_sample_set": label,
        "fold_sets": choice["folds"],
        "in_sample": out["sets"][label]["in_sample"],
        "cv": _pooled(per_fold),
    }
    return out


def _pooled(per_fold: dict) -> dict:
    """Figures as :func:`figures` reports them from per-fold (dataset, per-query recall)."""
    out: dict = {}
    loc = [v for v in per_fold.values() if v[0].kind == "locomo"]
    if loc:
        allr = np.concatenate([r for _, r in loc])
        cats = np.concatenate([[q.group for q in ds.queries] for ds, _ in loc])
        out["locomo"] = {
            "overall": float(allr.mean()),
            "n": int(allr.size),
            **{c: float(allr[cats == c].mean()) for c in ("1", "2", "3", "4")},
            "by_conv": {ds.name: float(r.mean()) for ds, r in loc},
        }
    for ds, r in per_fold.values():
        if ds.kind == "suite":
            cross = np.array([q.cross for q in ds.queries])
            out[ds.name] = {
                "overall": float(r.mean()),
                "same": float(r[~cross].mean()),
                "cross": float(r[cross].mean()),
            }
    return out


def lever_table(ev: Evaluator, datasets: list[Dataset], result: dict) -> list[dict]:
    """Per group: in-sample gain of the kept variant (J, LoCoMo, suites) and its held-out
    gain: over the folds whose chain kept that group, the held-out fold's recall after the
    step minus before it (LoCoMo folds pooled by questions, suites averaged)."""
    rows = []
    full = result["in_sample"]
    for k, step in enumerate(full[1:], start=1):
        name = step["group"]
        before = full[k - 1]["cfg"]
        fb, fa = figures(ev, datasets, before), figures(ev, datasets, full[k - 1]["cfg"] | (step["variant"] or {}))
        held_loc, held_suite, kept_in = [], [], 0
        for fname, fold in result["folds"].items():
            s = fold["steps"][k]
            if not s["kept"]:
                continue
            kept_in += 1
            ds = next(d for d in datasets if d.name == fname)
            delta = ev.recall(ds, s["cfg"]) - ev.recall(ds, fold["steps"][k - 1]["cfg"])
            (held_loc if ds.kind == "locomo" else held_suite).append(delta)
        rows.append(
            {
                "group": name,
                "variant": step["variant"],
                "kept_in_sample": step["kept"],
                "J_gain": objective(fa) - objective(fb),
                "locomo_gain": fa["locomo"]["overall"] - fb["locomo"]["overall"],
                "c1_gain": fa["locomo"]["1"] - fb["locomo"]["1"],
                "suite_gain": float(np.mean([fa[n]["overall"] - fb[n]["overall"] for n in fa if n != "locomo"])),
                "folds_keeping": kept_in,
                "held_locomo_gain": float(np.concatenate(held_loc).mean()) if held_loc else None,
                "held_locomo_n": int(sum(len(x) for x in held_loc)),
                "held_suite_gain": float(np.mean([x.mean() for x in held_suite])) if held_suite else None,
                "held_suite_n": len(held_suite),
            }
        )
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--bar", type=float, default=0.002)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--only", default="", help="comma list of dataset names")
    ap.add_argument(
        "--grid", help="JSON list of overrides of the defaults: print each one's in-sample figures, no chain"
    )
    ap.add_argument("--groups", default="", help="comma list: only the lever groups whose name holds one")
    ap.add_argument(
        "--from-defaults", action="store_true", help="chain only the multi-hop groups, from today's defaults (faster)"
    )
    ap.add_argument(
        "--session7", action="store_true", help="chain only session 7's multi-hop groups, from today's defaults"
    )
    ap.add_argument(
        "--e5-passages",
        type=Path,
        help="folder of e5p-NAME.npy: each question's e5 vector "
        "embedded as a passage (bench/e5_passages.py), for window_query_role",
    )
    ap.add_argument(
        "--e5",
        type=Path,
        help="folder of NAME.npz: every memory's and question's e5 "
        "vectors from another build (bench/e5_prefixes.py), in place of the product's",
    )
    ap.add_argument(
        "--e5-compare",
        help="two such folders, comma-separated: the chain with each "
        "set of e5 vectors, the set chosen by cross-validation (by the training folds' J)",
    )
    ap.add_argument(
        "--sparse",
        type=Path,
        help="folder of NAME.npz: sparse latent terms (bench/e5_sparse.py), for the lever group 'sparse latent terms'",
    )
    ap.add_argument(
        "--reread",
        action="store_true",
        help="chain only the three signals' weights, "
        "from today's defaults (with --e5-compare: each set's weights read again)",
    )
    ap.add_argument(
        "--crosslang7",
        action="store_true",
        help="chain only session 7's cross-language groups (and the sparse one with --sparse), from today's defaults",
    )
    ap.add_argument("--sparse-top", type=int, default=0, help="keep each text's N largest sparse entries")
    args = ap.parse_args()
    datasets = load(args.data)
    if args.e5_passages:
        with_passages(datasets, args.e5_passages)
    if args.e5:
        datasets = with_e5(datasets, args.e5)
    if args.sparse:
        with_sparse(datasets, args.sparse, args.sparse_top)
    if args.only:
        datasets = [d for d in datasets if d.name in args.only.split(",")]
    log(f"{len(datasets)} datasets: {', '.join(d.name for d in datasets)}")
    ev = Evaluator(datasets)
    t0 = time.monotonic()
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    fig_default = figures(ev, datasets, base)
    log(f"default ({time.monotonic() - t0:.1f} s): {_fmt(fig_default)}")
    if args.grid:
        # in-sample figures of the defaults with each override (no chain)
        for over in json.loads(args.grid):
            fig = figures(ev, datasets, base | over)
            print(f"{json.dumps(over)}  J {objective(fig):.4f}  {_fmt(fig)}", flush=True)
        return 0
    groups, start = GROUPS, None
    if args.from_defaults:
        # the multi-hop levers on top of today's defaults: the chain walks only the
        # groups (MULTIHOP_GROUPS), from ScoringConfig's defaults
        start = base
        groups = MULTIHOP_GROUPS
    if args.session7:
        start, groups = base, SESSION7_GROUPS
    if args.reread:
        # the three signals' weights read again, from today's defaults (a change of one
        # signal's vectors, as --e5 / --e5-compare make, may move its best weight)
        start, groups = base, REREAD_GROUPS
    if args.crosslang7:
        # session 7's cross-language groups, each on top of today's defaults
        start, groups = base, CROSSLANG7_GROUPS
    if args.sparse:
        groups = [*groups, SPARSE_GROUP]
    if args.groups:
        wanted = args.groups.split(",")
        groups = [g for g in groups if any(w in g[0] for w in wanted)]
    if args.e5_compare:
        folders = [Path(p) for p in args.e5_compare.split(",")]
        sets = {f.name: with_e5(datasets, f) for f in folders}
        found = compare_sets(sets, args.bar, groups, start)
        for label, got in found["sets"].items():
            print(f"{label} in-sample:  J {got['J']:.4f}  {_fmt(got['in_sample'])}")
            print(f"{label} cross-val.: {_fmt(got['cv'])}")
            print(
                f"{label} per conversation, in-sample / held out: "
                + ", ".join(
                    f"{k} {v:.3f} / {got['cv']['locomo']['by_conv'][k]:.3f}"
                    for k, v in got["in_sample"].get("locomo", {}).get("by_conv", {}).items()
                )
            )
        ch = found["chosen"]
        print(f"chosen in-sample: {ch['in_sample_set']}; per held-out fold: {json.dumps(ch['fold_sets'])}")
        print(f"chosen cross-val.: {_fmt(ch['cv'])}")
        if args.json:
            args.json.write_text(json.dumps(found, indent=1, default=str))
        return 0
    result = crossvalidate(ev, datasets, args.bar, groups, start)
    cv = cv_figures(ev, datasets, result["folds"])
    ins = figures(ev, datasets, result["in_sample"][-1]["cfg"])
    levers = lever_table(ev, datasets, result)
    print(f"default:    {_fmt(fig_default)}")
    print(f"in-sample:  {_fmt(ins)}")
    print(f"cross-val.: {_fmt(cv)}")
    print(f"in-sample configuration: {json.dumps(result['in_sample'][-1]['cfg'], sort_keys=True)}")
    for row in levers:
        print(json.dumps(row))
    if args.json:
        args.json.write_text(
            json.dumps(
                {"default": fig_default, "in_sample": ins, "cv": cv, "levers": levers, "chains": result},
                indent=1,
                default=str,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
