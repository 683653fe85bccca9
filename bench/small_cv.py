"""A lever for small stores chosen by cross-validation: at 2–50 memories and at full size.

Issue #28, "relevance before priors". ``bench/small_stores.py`` measures one configuration
on stores subsampled to N memories; here a grid of :class:`ScoringConfig` overrides (the
defaults first) is measured on every fold, and each held-out fold takes the override whose
objective is best on the eight other folds:

    J = ½ · J_full + ½ · J_small
    J_full  = bench/cv_levers.py's objective (LoCoMo recall@24 pooled, the files' mean of
              ½ (overall + cross)) of the product's selection of 24 at full size
    J_small = ½ · LoCoMo hit@1 + ½ · the files' hit@1, each the mean over N = 2 … 50

Reported per override: in-sample figures; then the cross-validated figures (each fold
measured with the override its eight chose) beside the defaults, with a paired bootstrap
interval (2,000 resamples of the questions, seeded) of the held-out change of LoCoMo
recall@24 and of the small stores' hit@1 (every N pooled). The calibration is the
product's (``calibration_for("use-m3", "e5-small")``: its priors were read on the nine
folds; reading them per fold changes no figure, docs/journal.md "Calibrated small stores").

    .venv/bin/python -m bench.small_cv --data /tmp/cv --grid '[{"priors_gate": 1.0}]' --json F

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields, replace
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402
from bench.cv_levers import figures, objective  # noqa: E402
from bench.small_stores import SIZES, gold_positions, rank_small, small_store  # noqa: E402

from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402

_SCORING = {f.name for f in fields(ScoringConfig)}


def small_hits(ds: Dataset, cfg: dict, sizes=SIZES) -> np.ndarray:
    """hit@1 per (size, question with gold): array (len(sizes), q), NaN where no gold."""
    scoring = ScoringConfig(**{k: v for k, v in cfg.items() if k in _SCORING})
    scorer = Scorer(replace(scoring, calibrated=True), calibration=calibration_for("use-m3", "e5-small"))
    out = np.full((len(sizes), len(ds.queries)), np.nan)
    for s, size in enumerate(sizes):
        for qi in range(len(ds.queries)):
            where = small_store(ds, qi, size)
            if where is None:
                continue
            ranked, _ = rank_small(ds, qi, where, scorer)
            out[s, qi] = float(int(ranked[0]) in set(gold_positions(ds, qi).tolist()))
    return out


def small_objective(hits: dict[str, np.ndarray], datasets: list[Dataset]) -> tuple[float, dict]:
    """J_small and per size (LoCoMo pooled hit@1, files' mean hit@1)."""
    rows = {}
    for s, size in enumerate(SIZES):
        loc = [hits[d.name][s] for d in datasets if d.kind == "locomo"]
        suites = [hits[d.name][s] for d in datasets if d.kind == "suite"]
        lv = np.concatenate(loc) if loc else np.array([])
        rows[size] = (
            float(np.nanmean(lv)) if lv.size else None,
            float(np.mean([np.nanmean(x) for x in suites])) if suites else None,
        )
    parts = []
    for k in (0, 1):
        vals = [r[k] for r in rows.values() if r[k] is not None]
        if vals:
            parts.append(float(np.mean(vals)))
    return float(np.mean(parts)), rows


def paired_interval(delta: np.ndarray, seed: int = 0, n: int = 2000) -> tuple[float, float, float]:
    """Mean of ``delta`` and its 95 % bootstrap interval (resampling the items)."""
    d = delta[np.isfinite(delta)]
    rng = np.random.default_rng(seed)
    means = d[rng.integers(0, d.size, (n, d.size))].mean(axis=1)
    return float(d.mean()), float(np.percentile(means, 2.5)), float(np.percentile(means, 97.5))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", required=True, help="JSON list of ScoringConfig overrides (the defaults are added first)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    datasets = load(args.data)
    ev = Evaluator(datasets)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    overrides = [{}] + [o for o in json.loads(args.grid) if o]
    full: dict[int, dict[str, np.ndarray]] = {}
    small: dict[int, dict[str, np.ndarray]] = {}
    for v, over in enumerate(overrides):
        cfg = base | over
        full[v] = {ds.name: ev.recall(ds, cfg) for ds in datasets}
        small[v] = {ds.name: small_hits(ds, cfg) for ds in datasets}
        fig = figures(ev, datasets, cfg)
        js, rows = small_objective(small[v], datasets)
        lo = fig["locomo"]
        log(
            f"{json.dumps(over)}: LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c3 {lo['3']:.3f}) "
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
            + f"; J_full {objective(fig):.4f} J_small {js:.4f}; hit@1 by N (LoCoMo / files) "
            + ", ".join(f"{n}: {a or 0:.3f}/{b or 0:.3f}" for n, (a, b) in rows.items())
        )

    def j_of(v: int, train: list[Dataset]) -> float:
        fig = figures(ev, train, base | overrides[v])
        return 0.5 * objective(fig) + 0.5 * small_objective(small[v], train)[0]

    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [j_of(v, train) for v in range(len(overrides))]
        chosen[held.name] = int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(overrides[chosen[held.name]])} (J {max(scores):.4f})")
    # cross-validated figures: each fold with its choice, against the defaults
    loc = [d for d in datasets if d.kind == "locomo"]
    cv_full = np.concatenate([full[chosen[d.name]][d.name] for d in loc])
    base_full = np.concatenate([full[0][d.name] for d in loc])
    cats = np.concatenate([[q.group for q in d.queries] for d in loc])
    report: dict = {"overrides": overrides, "chosen": {k: overrides[v] for k, v in chosen.items()}}
    report["locomo"] = {
        "default": float(base_full.mean()),
        "cv": float(cv_full.mean()),
        "delta": paired_interval(cv_full - base_full),
        "by_category_cv": {c: float(cv_full[cats == c].mean()) for c in "1234"},
        "by_category_default": {c: float(base_full[cats == c].mean()) for c in "1234"},
    }
    suites = {}
    for d in datasets:
        if d.kind == "suite":
            cross = np.array([q.cross for q in d.queries])
            r0, r1 = full[0][d.name], full[chosen[d.name]][d.name]
            suites[d.name] = {
                "default": [float(r0.mean()), float(r0[cross].mean())],
                "cv": [float(r1.mean()), float(r1[cross].mean())],
            }
    report["suites"] = suites
    per_size = {}
    for s, size in enumerate(SIZES):
        row = {}
        for kind in ("locomo", "suite"):
            ds_k = [d for d in datasets if d.kind == kind]
            a = np.concatenate([small[0][d.name][s] for d in ds_k])
            b = np.concatenate([small[chosen[d.name]][d.name][s] for d in ds_k])
            row[kind] = {"default": float(np.nanmean(a)), "cv": float(np.nanmean(b)), "delta": paired_interval(b - a)}
        per_size[size] = row
    report["small"] = per_size
    for kind in ("locomo", "suite"):
        ds_k = [d for d in datasets if d.kind == kind]
        a = np.concatenate([small[0][d.name].ravel() for d in ds_k])
        b = np.concatenate([small[chosen[d.name]][d.name].ravel() for d in ds_k])
        report[f"small_all_{kind}"] = {"default": float(np.nanmean(a)), "cv": float(np.nanmean(b))} | {
            "delta": paired_interval(b - a)
        }
    print(json.dumps(report, indent=1, default=float))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=float))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
