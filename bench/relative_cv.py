"""The relative a question asks about, chosen by cross-validation (issue #28, session 13:
``ScoringConfig.relative_bonus`` / ``relative_gated``; :mod:`souvenir.read.scoring.relatives`).

A grid of :class:`ScoringConfig` overrides (the defaults first) is measured on every fold
of ``--data`` (``bench/cv_data.py``: six LoCoMo conversations, three multilingual files;
``--only`` keeps some); each held-out fold takes the override whose ``bench/cv_levers.py``
objective J is best on the other folds (a tie keeps the defaults). With ``--only
ml,ml2a,ml2b`` the folds are the three files: each file measured with the weight chosen on
the two others (tune on suite and suite-b, test on suite-a, and the reverse).

Reported: every override's in-sample figures; the held-out figures beside the defaults
with a paired bootstrap interval (2,000 resamples of the questions, seeded) of the change:
LoCoMo pooled, per category, and each file overall and across languages; and the
questions the lever can touch (a relation named, no speaker named).

    .venv/bin/python -m bench.relative_cv --data /tmp/cv --base '{"relative_bonus": 0}' \
        --grid '[{"relative_bonus": 2.0}]' [--only …] [--json F]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path
from typing import Callable

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402
from bench.cv_levers import figures, objective  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402

from souvenir.read.scoring.kinship import kin_concepts  # noqa: E402
from souvenir.read.scoring import ScoringConfig  # noqa: E402
from souvenir.read.scoring.fusion import named_speaker  # noqa: E402


def touched(ds: Dataset) -> np.ndarray:
    """Per query: names a relation and none of the store's speakers."""
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([bool(kin_concepts(q.text)) and named_speaker(q.text, names) is None for q in ds.queries])


def _interval(a: np.ndarray, b: np.ndarray) -> list[float]:
    return [round(x, 4) for x in paired_interval(b - a)] if a.size else []


def run(touched: Callable[[Dataset], np.ndarray], description: str) -> int:
    """Run the cross-validation of ``--grid``; ``touched`` marks the questions a lever can move.

    Shared by the levers' benches (:mod:`bench.profile_cv`): the folds, the choice per
    held-out fold, and the report are the same for every class of questions.
    """
    ap = argparse.ArgumentParser(description=description.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", required=True, help="JSON list of ScoringConfig overrides (the defaults are added first)")
    ap.add_argument("--only", default="", help="comma list of dataset names (the folds)")
    ap.add_argument("--json", type=Path)
    ap.add_argument(
        "--base",
        default="{}",
        help="JSON overrides of the defaults under every row (the lever off: '{\"relative_bonus\": 0}')",
    )
    args = ap.parse_args()
    datasets = load(args.data)
    if args.only:
        keep = set(args.only.split(","))
        datasets = [d for d in datasets if d.name in keep]
    ev = Evaluator(datasets)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)} | json.loads(args.base)
    overrides = [{}] + [o for o in json.loads(args.grid) if o]
    full: dict[int, dict[str, np.ndarray]] = {}
    rows = []
    for v, over in enumerate(overrides):
        cfg = base | over
        full[v] = {ds.name: ev.recall(ds, cfg) for ds in datasets}
        fig = figures(ev, datasets, cfg)
        lo = fig.get("locomo")
        line = f"{json.dumps(over)}: J {objective(fig):.4f} "
        if lo:
            line += f"LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} c4 {lo['4']:.3f}) "
        line += " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
        log(line)
        rows.append({"override": over, "J": objective(fig), "figures": fig})
    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [objective(figures(ev, train, base | overrides[v])) for v in range(len(overrides))]
        best = max(scores)
        chosen[held.name] = 0 if scores[0] >= best else int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(overrides[chosen[held.name]])} (J {best:.4f})")
    loc = [d for d in datasets if d.kind == "locomo"]
    report: dict = {"in_sample": rows, "chosen": {k: overrides[v] for k, v in chosen.items()}}
    if loc:
        cv = np.concatenate([full[chosen[d.name]][d.name] for d in loc])
        b0 = np.concatenate([full[0][d.name] for d in loc])
        cats = np.concatenate([[q.group for q in d.queries] for d in loc])
        hit = np.concatenate([touched(d) for d in loc])
        report["locomo"] = {
            "default": float(b0.mean()),
            "cv": float(cv.mean()),
            "delta": _interval(b0, cv),
            "by_category": {
                c: {"default": float(b0[cats == c].mean()), "cv": float(cv[cats == c].mean())}
                | {"delta": _interval(b0[cats == c], cv[cats == c])}
                for c in "1234"
            },
            "touched": {"n": int(hit.sum())}
            | (
                {"default": float(b0[hit].mean()), "cv": float(cv[hit].mean()), "delta": _interval(b0[hit], cv[hit])}
                if hit.any()
                else {}
            ),
            "by_conv": {
                d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())] for d in loc
            },
        }
    suites = {}
    for d in datasets:
        if d.kind == "suite":
            cross = np.array([q.cross for q in d.queries])
            r0, r1 = full[0][d.name], full[chosen[d.name]][d.name]
            hit = touched(d)
            suites[d.name] = {
                "default": [round(float(r0.mean()), 4), round(float(r0[cross].mean()), 4)],
                "cv": [round(float(r1.mean()), 4), round(float(r1[cross].mean()), 4)],
                "delta": _interval(r0, r1),
                "delta_cross": _interval(r0[cross], r1[cross]),
                "touched": [int(hit.sum()), round(float(r0[hit].mean()), 4), round(float(r1[hit].mean()), 4)],
                "lost": [q.qid for q, a, b in zip(d.queries, r0, r1) if b < a],
            }
    report["suites"] = suites
    print(json.dumps({k: v for k, v in report.items() if k != "in_sample"}, indent=1, default=float))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=float))
    return 0


def main() -> int:
    return run(touched, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
