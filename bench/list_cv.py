"""Levers for list questions about one person, chosen by cross-validation (issue #28,
multi-hop): "What activities does Melanie partake in?", "Quels livres a-t-il lus ?".

A grid of variants (the defaults first) is measured on the nine folds of
``bench/cv_data.py``; each held-out fold takes the variant whose ``bench/cv_levers.py``
objective J is best on the eight others (a tie keeps the defaults). A variant is a
:class:`ScoringConfig` override, optionally with ``"_query"``: the questions naming one
speaker scored with other query vectors — ``"strip"``: the question without the person's
name (:func:`souvenir.read.scoring.person_query.without_person`), embedded by ``--embed``
with the runtime's USE and e5 (query role) into ``DIR/strip-NAME.npz`` (rows, use, e5,
texts); ``"blend"``: the normalised mean of those and the question's own vectors — and
``"_scope"``: ``"broad"`` to swap them only for broad questions
(:func:`~souvenir.read.scoring.breadth.broad_question`), ``"topic"`` for broad and
inference questions (:func:`~souvenir.read.scoring.inference.inference_question`), else
every question naming one speaker. Reported: every variant's
in-sample figures and its figures on the *touched* questions (broad, naming one speaker);
the held-out figures beside the defaults with a paired bootstrap interval (2,000 resamples
of the questions) of the change, overall, per category, on the touched questions.

    .venv/bin/python -m bench.list_cv --data /tmp/recall-cv --embed   # once: strip-NAME.npz
    .venv/bin/python -m bench.list_cv --data /tmp/recall-cv --grid '[{"_query": "strip"}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import copy
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log
from bench.cv_evaluator import Evaluator
from bench.cv_levers import figures, objective
from bench.small_cv import paired_interval

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.breadth import broad_question
from souvenir.read.scoring.fusion import named_speaker
from souvenir.read.scoring.inference import inference_question
from souvenir.read.scoring.person_query import without_person


def touched(ds: Dataset) -> np.ndarray:
    """Per query: a broad question that names one of the store's speakers."""
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([broad_question(q.text) and named_speaker(q.text, names) is not None for q in ds.queries])


def swapped(datasets: list[Dataset], folder: Path, how: str, scope: str) -> list[Dataset]:
    """Copies of ``datasets`` whose named-speaker questions carry the vectors of
    ``folder/strip-NAME.npz`` (``how`` "strip") or their mean with the original ("blend"),
    for every such question (``scope`` "all"), the broad ones ("broad"), or the broad and
    the inference ones ("topic")."""
    out = []
    for ds in datasets:
        path = folder / f"strip-{ds.name}.npz"
        if not path.exists():
            out.append(ds)
            continue
        data = np.load(path)
        new = copy.copy(ds)
        new.q_use, new.q_e5 = ds.q_use.copy(), ds.q_e5.copy()
        for j, i in enumerate(data["rows"].tolist()):
            text = ds.queries[i].text
            if scope == "broad" and not broad_question(text):
                continue
            if scope == "topic" and not (broad_question(text) or inference_question(text)):
                continue
            for side, key in ((new.q_use, "use"), (new.q_e5, "e5")):
                v = data[key][j].astype(np.float64)
                if how == "blend":
                    v = v + side[i].astype(np.float64)
                side[i] = (v / (np.linalg.norm(v) or 1.0)).astype(np.float32)
        out.append(new)
    return out


def embed(folder: Path) -> None:
    """``folder/strip-NAME.npz`` for each LoCoMo dataset of ``folder``: its questions that
    name one speaker, without the name, through the runtime's USE and e5 query embedders."""
    import tempfile

    from souvenir.config import Settings
    from souvenir.engine.runtime import open_runtime

    with tempfile.TemporaryDirectory(prefix="list-cv-") as tmp:
        settings = Settings(_env_file=None).model_copy(
            update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
        rt = open_runtime(settings)
        try:
            for ds in (d for d in load(folder) if d.kind == "locomo"):
                names = sorted({m.speaker for m in ds.memories if m.speaker})
                rows = [i for i, q in enumerate(ds.queries) if named_speaker(q.text, names) is not None]
                texts = [without_person(ds.queries[i].text, names) for i in rows]
                use = np.stack([np.asarray(rt.index.embed_query(t), np.float32) for t in texts])
                e5 = np.stack([np.asarray(rt.window_index.embed_query(t), np.float32) for t in texts])
                np.savez(folder / f"strip-{ds.name}.npz", rows=np.array(rows), use=use, e5=e5, texts=np.array(texts))
                log(f"{ds.name}: {len(rows)} questions naming one speaker, e.g. {texts[:2]}")
        finally:
            rt.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/strip-NAME.npz and stop")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed(args.data)
        return 0
    datasets = load(args.data)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    evaluators: dict[tuple[str, str], tuple[Evaluator, list[Dataset]]] = {}
    full: list[dict[str, np.ndarray]] = []
    figs: list[dict] = []
    for over in variants:
        key = (over.get("_query", ""), over.get("_scope", "all"))
        if key not in evaluators:
            ds = swapped(datasets, args.data, *key) if key[0] else datasets
            evaluators[key] = (Evaluator(ds), ds)
        ev, ds = evaluators[key]
        cfg = base | {k: v for k, v in over.items() if not k.startswith("_")}
        full.append({d.name: ev.recall(d, cfg) for d in ds})
        fig = figures(ev, ds, cfg)
        figs.append(fig)
        lo = fig["locomo"]
        hit = np.concatenate([touched(d) for d in ds if d.kind == "locomo"])
        r = np.concatenate([full[-1][d.name] for d in ds if d.kind == "locomo"])
        log(
            f"{json.dumps(over)}: J {objective(fig):.4f} LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f}"
            f" c3 {lo['3']:.3f} c4 {lo['4']:.3f}) touched {r[hit].mean():.3f} "
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
        )

    def j_on(v: int, train: list[Dataset]) -> float:
        ev, ds = evaluators[(variants[v].get("_query", ""), variants[v].get("_scope", "all"))]
        names = {d.name for d in train}
        cfg = base | {k: x for k, x in variants[v].items() if not k.startswith("_")}
        return objective(figures(ev, [d for d in ds if d.name in names], cfg))

    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [j_on(v, train) for v in range(len(variants))]
        chosen[held.name] = int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(variants[chosen[held.name]])} (J {max(scores):.4f})")
    loc = [d for d in datasets if d.kind == "locomo"]
    cv = np.concatenate([full[chosen[d.name]][d.name] for d in loc])
    b0 = np.concatenate([full[0][d.name] for d in loc])
    cats = np.concatenate([[q.group for q in d.queries] for d in loc])
    hit = np.concatenate([touched(d) for d in loc])

    def iv(a: np.ndarray, b: np.ndarray) -> list[float]:
        return [round(x, 4) for x in paired_interval(b - a)]

    report = {
        "chosen": {k: variants[v] for k, v in chosen.items()},
        "locomo": {"default": float(b0.mean()), "cv": float(cv.mean()), "delta": iv(b0, cv)},
        "by_category": {
            c: [float(b0[cats == c].mean()), float(cv[cats == c].mean()), iv(b0[cats == c], cv[cats == c])]
            for c in "1234"
        },
        "touched": [int(hit.sum()), float(b0[hit].mean()), float(cv[hit].mean()), iv(b0[hit], cv[hit])],
        "by_conv": {d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())] for d in loc},
        "suites": {
            d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())]
            for d in datasets
            if d.kind == "suite"
        },
    }
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps({"in_sample": list(zip(variants, figs)), **report}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
