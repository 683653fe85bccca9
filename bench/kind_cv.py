"""The kind a list question asks for, as a second query, chosen by cross-validation
(issue #28, session 18: the largest kind of LoCoMo's multi-hop misses names a kind in the
question and an instance of it in the turn — "What martial arts has John done?" ← "I'm
off to do some taekwondo!").

For each question with a kind (:func:`bench.kind_asked.kind_asked`; with
``"broad": true`` only the list questions of
:func:`souvenir.read.scoring.breadth.broad_question`), the kind alone ("martial arts") is
embedded as a query by USE and by e5 (the runtime's embedders, the product's query
path), and its cosine to each memory, z-scored over the store (e5 within each memory
language, as the product's e5 term), is added to the product's fused score with weights
``w_use`` / ``w_e5``; then the product's selection of 24. Each held-out fold (six LoCoMo
conversations, three multilingual files: ``bench/cv_data.py``) takes the variant whose
``bench/cv_levers.py`` objective J is best on the eight others (the defaults first, a tie
keeps them); paired bootstrap (2,000 resamples of the questions) of the held-out change.

    .venv/bin/python -m bench.kind_cv --data /tmp/cv --grid '[{"w_use": 1.0, "broad": true}]' [--json F]

The kind vectors are kept in ``--data``/kind_vectors.pickle (by phrase). Research only
(nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import pickle
import tempfile
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator, _split  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402
from bench.small_stores import full_figures  # noqa: E402

from souvenir.candidates.score_map import Scores  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.breadth import broad_question  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.fusion import zscore  # noqa: E402
from bench.kind_asked import kind_asked  # noqa: E402
from souvenir.read.scoring.memory_language import memory_language  # noqa: E402
from souvenir.read.selection import select  # noqa: E402


def kind_vectors(datasets: list[Dataset], path: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """phrase → (USE query vector, e5 query vector), embedded once and kept in ``path``."""
    held: dict = pickle.loads(path.read_bytes()) if path.exists() else {}
    wanted = {k for ds in datasets for q in ds.queries if (k := kind_asked(q.text))} - set(held)
    if wanted:
        with tempfile.TemporaryDirectory(prefix="kind-") as tmp:
            settings = Settings(_env_file=None, database_url=f"sqlite:///{tmp}/k.db", llm_base_url="")
            rt = open_runtime(settings.model_copy(update={"query_embedding_timeout_s": 120.0}))
            try:
                for phrase in sorted(wanted):
                    held[phrase] = (
                        np.asarray(rt.index.embed_query(phrase), dtype=np.float32),
                        np.asarray(rt.window_index.embed_query(phrase), dtype=np.float32),
                    )
            finally:
                rt.close()
        path.write_bytes(pickle.dumps(held))
        log(f"{len(wanted)} kinds embedded")
    return held


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", required=True, help='JSON list of {"w_use", "w_e5", "broad"} (the defaults added first)')
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    datasets = load(args.data)
    vectors = kind_vectors(datasets, args.data / "kind_vectors.pickle")
    ev = Evaluator(datasets)
    default = ScoringConfig()
    cfg = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    scoring, selection, _ = _split(cfg)
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    recall: dict[int, dict[str, np.ndarray]] = {v: {} for v in range(len(variants))}
    touched: dict[str, np.ndarray] = {}
    for ds in datasets:
        pool, ids, cu, ce = ev._pre[ds.name]
        scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        langs = np.array([memory_language(m.text) for m in ds.memories])
        groups = [np.flatnonzero(langs == g) for g in np.unique(langs)]
        out = {v: np.zeros(len(ds.queries)) for v in recall}
        hit = np.zeros(len(ds.queries), dtype=bool)
        for i, q in enumerate(ds.queries):
            base = ev._scores(scorer, ds, pool, ids, cu[i], ce[i], q.text, i)
            arr = np.asarray(base.lookup(ids), dtype=np.float64)
            phrase = kind_asked(q.text)
            z_use = z_e5 = None
            if phrase:
                vu, ve = vectors[phrase]
                with np.errstate(invalid="ignore"):
                    z_use = zscore(ds.use.astype(np.float64) @ vu.astype(np.float64))
                    z_e5 = zscore(ds.e5.astype(np.float64) @ ve.astype(np.float64), groups)
            for v, over in enumerate(variants):
                score = arr
                applies = phrase is not None and (not over.get("broad") or broad_question(q.text))
                if v and applies:
                    score = arr + over.get("w_use", 0.0) * z_use + over.get("w_e5", 0.0) * z_e5
                    hit[i] = True
                result = select(pool, Scores(ids, score), selection, ds.now)
                found: set[str] = set()
                for s in result.memories:
                    found |= ds.sources.get(s.memory.id, set())
                out[v][i] = len(q.gold & found) / len(q.gold)
        for v in recall:
            recall[v][ds.name] = out[v]
        touched[ds.name] = hit
        log(f"{ds.name}: " + " ".join(f"{out[v].mean():.4f}" for v in recall) + f"; touched {int(hit.sum())}")
    for v, over in enumerate(variants):
        fig = full_figures(recall[v], datasets)
        lo = fig["locomo"]
        log(
            f"{json.dumps(over)}: LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} "
            f"c4 {lo['4']:.3f}) "
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k not in ("locomo", "J"))
            + f"; J {fig['J']:.4f}"
        )
    chosen: dict[str, int] = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        js = [full_figures({d.name: recall[v][d.name] for d in train}, train)["J"] for v in range(len(variants))]
        best = int(np.argmax(js))
        chosen[held.name] = best if js[best] > js[0] else 0
        log(f"held out {held.name}: chose {json.dumps(variants[chosen[held.name]])}")
    cv = {d.name: recall[chosen[d.name]][d.name] for d in datasets}
    base = {d.name: recall[0][d.name] for d in datasets}
    loc = [d for d in datasets if d.kind == "locomo"]
    a = np.concatenate([base[d.name] for d in loc])
    b = np.concatenate([cv[d.name] for d in loc])
    cats = np.concatenate([[q.group for q in d.queries] for d in loc])
    report: dict = {
        "variants": variants,
        "chosen": {k: variants[v] for k, v in chosen.items()},
        "locomo": {
            "default": float(a.mean()),
            "cv": float(b.mean()),
            "delta": paired_interval(b - a),
            "by_category_default": {c: float(a[cats == c].mean()) for c in "1234"},
            "by_category_cv": {c: float(b[cats == c].mean()) for c in "1234"},
            "by_conv": {d.name: [float(base[d.name].mean()), float(cv[d.name].mean())] for d in loc},
            "c1_delta": paired_interval((b - a)[cats == "1"]),
            "c3_delta": paired_interval((b - a)[cats == "3"]),
        },
        "suites": {},
        "touched": {k: int(v.sum()) for k, v in touched.items()},
    }
    for d in datasets:
        if d.kind == "suite":
            cross = np.array([q.cross for q in d.queries])
            r0, r1 = base[d.name], cv[d.name]
            report["suites"][d.name] = {
                "default": [float(r0.mean()), float(r0[cross].mean())],
                "cv": [float(r1.mean()), float(r1[cross].mean())],
                "delta": paired_interval(r1 - r0),
            }
    print(json.dumps(report, indent=1, default=float))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=float))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
