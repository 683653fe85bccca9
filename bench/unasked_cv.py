"""Session 23's read-path levers on the nine public folds, cross-validated (issue #28, lane
recall9): the widened inference reading (``ScoringConfig.inference_wide``,
:mod:`souvenir.read.scoring.inference_wide`) and the comfort reading opening the mood term
(``comfort_read`` with ``mood_bonus``, :mod:`souvenir.read.scoring.comfort`).

The signals are ``bench/cv_data.py``'s with the two-name questions' vectors swapped for the
product's (``bench/pair_cv.py --embed``: ``pair_query`` is on), so the defaults row is the
product today. A grid of variants (the defaults first; any :class:`ScoringConfig`
override) is measured on the nine folds; each held-out fold takes the variant whose J
(``bench.cv_levers.objective``) is best on its eight (a tie keeps the defaults). Reported:
LoCoMo pooled and by category, open-domain by what the question asks
(``bench.miss_kinds.asks``), the three files overall / across languages, each in-sample
and held out, with a paired bootstrap interval of the held-out change.

    .venv/bin/python -m bench.pair_cv --data DIR --embed
    .venv/bin/python -m bench.unasked_cv --data DIR --grid '[{"inference_wide": true}]'
    .venv/bin/python -m bench.unasked_cv --data DIR --base '{"mood_bonus": 0.0}' --grid '[{"mood_bonus": 6.0}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import load, log
from bench.cv_evaluator import Evaluator
from bench.cv_levers import figures, objective
from bench.miss_kinds import asks
from bench.pair_cv import swapped
from bench.small_cv import paired_interval

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.person_query import named_people


def main(make_evaluator: Callable[[list], Evaluator] = Evaluator, doc: str | None = None) -> int:
    """The grid, the nine folds and the report (``make_evaluator``: the evaluator of the
    datasets, e.g. one that passes more inputs to the scorer: ``bench/aspect_cv.py``)."""
    ap = argparse.ArgumentParser(description=(doc or __doc__).splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--base", default="{}", help="JSON overrides of the defaults row (e.g. the levers off)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    datasets = swapped(load(args.data), args.data, "pair", "strip")
    ev = make_evaluator(datasets)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)} | json.loads(args.base)
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    full = []
    figs = []
    for over in variants:
        cfg = base | over
        full.append({d.name: ev.recall(d, cfg) for d in datasets})
        figs.append(figures(ev, datasets, cfg))
        lo = figs[-1].get("locomo", {})
        log(
            f"{json.dumps(over)}: J {objective(figs[-1]):.4f} LoCoMo {lo.get('overall', 0):.4f} "
            f"(c1 {lo.get('1', 0):.3f} c3 {lo.get('3', 0):.3f} c4 {lo.get('4', 0):.3f}) "
            + " ".join(f"{k} {x['overall']:.4f}/{x['cross']:.4f}" for k, x in figs[-1].items() if k != "locomo")
        )
    chosen = {}
    for held in datasets:
        names = {d.name for d in datasets if d is not held}
        scores = [objective(figures(ev, [d for d in datasets if d.name in names], base | v)) for v in variants]
        chosen[held.name] = 0 if scores[0] >= max(scores) else int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(variants[chosen[held.name]])}")
    loc = [d for d in datasets if d.kind == "locomo"]
    b0 = np.concatenate([full[0][d.name] for d in loc])
    cv = np.concatenate([full[chosen[d.name]][d.name] for d in loc])
    cats = np.concatenate([[q.group for q in d.queries] for d in loc])
    kind = []
    for d in loc:
        people = sorted({m.speaker for m in d.memories if getattr(m, "speaker", None)})
        kind += [asks(q.text, named_people(q.text, people)) for q in d.queries]
    kinds = np.array(kind)

    def iv(a: np.ndarray, b: np.ndarray) -> list[float]:
        return [round(x, 4) for x in paired_interval(b - a)]

    def row(mask: np.ndarray) -> list:
        ins = {
            json.dumps(v): round(float(np.concatenate([full[i][d.name] for d in loc])[mask].mean()), 4)
            for i, v in enumerate(variants)
        }
        return [
            int(mask.sum()),
            round(float(b0[mask].mean()), 4),
            round(float(cv[mask].mean()), 4),
            iv(b0[mask], cv[mask]),
            ins,
        ]

    report = {
        "chosen": {k: variants[v] for k, v in chosen.items()},
        "locomo": row(np.ones(len(b0), bool)),
        "by_category": {c: row(cats == c) for c in "1234"},
        "c3_by_asks": {k: row((cats == "3") & (kinds == k)) for k in sorted(set(kinds[cats == "3"]))},
        "by_conv": {
            d.name: [round(float(full[0][d.name].mean()), 4), round(float(full[chosen[d.name]][d.name].mean()), 4)]
            for d in loc
        },
        "suites": {
            d.name: {
                "default": [round(float(full[0][d.name].mean()), 4)],
                "held_out": round(float(full[chosen[d.name]][d.name].mean()), 4),
                "in_sample": {json.dumps(v): figs[i][d.name] for i, v in enumerate(variants)},
            }
            for d in datasets
            if d.kind == "suite"
        },
    }
    text = json.dumps(report, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
