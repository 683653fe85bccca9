"""Levers for one class of questions chosen by cross-validation, at full size, with paired
bootstrap intervals of the held-out change (issue #28: a person's profile for inference
questions, ``ScoringConfig.profile_bonus`` / ``inference_event_bonus``).

A grid of :class:`ScoringConfig` overrides (the defaults first) is measured on every fold
(six LoCoMo conversations, three multilingual files: ``bench/cv_data.py``); each held-out
fold takes the override whose ``bench/cv_levers.py`` objective J (½ LoCoMo recall@24 pooled
+ ½ the files' mean of ½ (overall + cross)) is best on the eight others (a tie keeps the
defaults). Reported: every override's in-sample figures; the cross-validated figures beside
the defaults with a paired bootstrap interval (2,000 resamples of the questions, seeded) of
the held-out change of LoCoMo recall@24, of each category, and of the questions the lever
can touch (``--touched``: the inference questions naming one speaker).

    .venv/bin/python -m bench.profile_cv --data /tmp/cv --grid '[{"profile_bonus": 2.0}]' [--json F]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_levers import Evaluator, figures, objective  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402

from souvenir.read.scoring import ScoringConfig  # noqa: E402
from souvenir.read.scoring.fusion import named_speaker  # noqa: E402
from souvenir.read.scoring.inference import inference_question  # noqa: E402


def touched(ds: Dataset) -> np.ndarray:
    """Per query: an inference question that names one of the store's speakers."""
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([inference_question(q.text) and named_speaker(q.text, names) is not None for q in ds.queries])


def _interval(a: np.ndarray, b: np.ndarray) -> list[float]:
    return [round(x, 4) for x in paired_interval(b - a)] if a.size else []


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
    rows = []
    for v, over in enumerate(overrides):
        cfg = base | over
        full[v] = {ds.name: ev.recall(ds, cfg) for ds in datasets}
        fig = figures(ev, datasets, cfg)
        lo = fig["locomo"]
        line = (
            f"{json.dumps(over)}: J {objective(fig):.4f} LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f}"
            f" c3 {lo['3']:.3f} c4 {lo['4']:.3f}) "
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
        )
        log(line)
        rows.append({"override": over, "J": objective(fig), "figures": fig})
    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [objective(figures(ev, train, base | overrides[v])) for v in range(len(overrides))]
        chosen[held.name] = int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(overrides[chosen[held.name]])} (J {max(scores):.4f})")
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
            "touched": {"n": int(hit.sum()), "default": float(b0[hit].mean()), "cv": float(cv[hit].mean())}
            | {"delta": _interval(b0[hit], cv[hit])},
            "by_conv": {
                d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())] for d in loc
            },
        }
    suites = {}
    for d in datasets:
        if d.kind == "suite":
            cross = np.array([q.cross for q in d.queries])
            r0, r1 = full[0][d.name], full[chosen[d.name]][d.name]
            suites[d.name] = {
                "default": [float(r0.mean()), float(r0[cross].mean())],
                "cv": [float(r1.mean()), float(r1[cross].mean())],
                "touched": int(touched(d).sum()),
            }
    report["suites"] = suites
    print(json.dumps({k: v for k, v in report.items() if k != "in_sample"}, indent=1, default=float))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=float))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
