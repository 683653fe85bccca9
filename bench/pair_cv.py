"""Questions that name both speakers, embedded without the names, chosen by
cross-validation (issue #28, session 22: the two-name questions, multi-hop 0.38 /
open-domain 0.19).

"What do Jon and Gina both have in common?": in a two-person conversation every memory is
one of the two, and the turns that *address* the other by name ("Thanks, Gina!", "Hey Jon,
thanks for being there for me") hold both names, so USE, e5 and BM25 all rank those
vocatives first (the 24 places fill with them; the gold, "Lost my job as a banker…",
ranks 58–302). The speaker terms do not apply (two names: :func:`named_speaker` gives
none). The lever: such a question's query vectors are those of the question without the
names (:func:`souvenir.read.scoring.person_query.without_people`, the engine's
``ScoringConfig.pair_query``: "What do both have in common?"), or their normalised mean
with the question's own ("blend"); optionally BM25 reads the stripped text too
(``"_text": true``).

``--embed`` writes ``DIR/pair-NAME.npz`` (rows, use, e5, texts) with the runtime's USE and
e5 (query role); a grid of variants (the defaults first; ``"_query"``: ``"strip"`` /
``"blend"``, ``"_text"``, any :class:`ScoringConfig` override) is measured on the nine
folds of ``bench/cv_data.py``; each held-out fold takes the variant whose J is best on its
eight (a tie keeps the defaults). The files' memories carry no speaker: their questions are
never touched.

    .venv/bin/python -m bench.pair_cv --data /tmp/cv --embed
    .venv/bin/python -m bench.pair_cv --data /tmp/cv --grid '[{"_query": "strip"}]'

Research only (nothing in ``src/`` imports it). The evaluator scores the vectors of
``bench/cv_data.py`` (the question as written): the defaults row is the lever off.
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
from souvenir.read.scoring.person_query import named_people, without_people


def touched(ds: Dataset) -> np.ndarray:
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([len(named_people(q.text, names)) >= 2 for q in ds.queries])


def swapped(datasets: list[Dataset], folder: Path, how: str, text: bool, prefix: str = "pair") -> list[Dataset]:
    out = []
    for ds in datasets:
        path = folder / f"{prefix}-{ds.name}.npz"
        if not path.exists():
            out.append(ds)
            continue
        data = np.load(path)
        new = copy.copy(ds)
        new.q_use, new.q_e5 = ds.q_use.copy(), ds.q_e5.copy()
        new.queries = list(ds.queries)
        for j, i in enumerate(data["rows"].tolist()):
            if text:
                new.queries[i] = copy.copy(ds.queries[i])
                new.queries[i].text = str(data["texts"][j])
            if not how:
                continue
            for side, key in ((new.q_use, "use"), (new.q_e5, "e5")):
                v = data[key][j].astype(np.float64)
                if how == "blend":
                    v = v + side[i].astype(np.float64)
                side[i] = (v / (np.linalg.norm(v) or 1.0)).astype(np.float32)
        out.append(new)
    return out


def embed(folder: Path) -> None:
    import tempfile

    from souvenir.config import Settings
    from souvenir.engine.runtime import open_runtime

    with tempfile.TemporaryDirectory(prefix="pair-cv-") as tmp:
        settings = Settings(_env_file=None).model_copy(
            update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
        rt = open_runtime(settings)
        try:
            for ds in (d for d in load(folder) if d.kind == "locomo"):
                if (folder / f"pair-{ds.name}.npz").exists():
                    continue
                names = sorted({m.speaker for m in ds.memories if m.speaker})
                rows = [i for i, q in enumerate(ds.queries) if len(named_people(q.text, names)) >= 2]
                texts = [without_people(ds.queries[i].text, names) for i in rows]
                use = np.stack([np.asarray(rt.index.embed_query(t), np.float32) for t in texts])
                e5 = np.stack([np.asarray(rt.window_index.embed_query(t), np.float32) for t in texts])
                np.savez(folder / f"pair-{ds.name}.npz", rows=np.array(rows), use=use, e5=e5, texts=np.array(texts))
                log(f"{ds.name}: {len(rows)} questions naming both, e.g. {texts[:3]}")
        finally:
            rt.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/pair-NAME.npz and stop")
    ap.add_argument("--only", default="")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed(args.data)
        return 0
    datasets = load(args.data)
    if args.only:
        datasets = [d for d in datasets if d.name in set(args.only.split(","))]
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    evaluators: dict[tuple[str, bool], tuple[Evaluator, list[Dataset]]] = {}
    full: list[dict[str, np.ndarray]] = []
    figs: list[dict] = []

    def key_of(over: dict) -> tuple[str, bool]:
        return over.get("_query", ""), bool(over.get("_text", False))

    for over in variants:
        key = key_of(over)
        if key not in evaluators:
            ds = swapped(datasets, args.data, *key) if any(key) else datasets
            evaluators[key] = (Evaluator(ds), ds)
        ev, ds = evaluators[key]
        cfg = base | {k: v for k, v in over.items() if not k.startswith("_")}
        full.append({d.name: ev.recall(d, cfg) for d in ds})
        fig = figures(ev, ds, cfg)
        figs.append(fig)
        lo = fig.get("locomo", {})
        loc = [d for d in ds if d.kind == "locomo"]
        hit = np.concatenate([touched(d) for d in loc]) if loc else np.zeros(0, bool)
        r = np.concatenate([full[-1][d.name] for d in loc]) if loc else np.zeros(0)
        log(
            f"{json.dumps(over)}: J {objective(fig):.4f} "
            + (
                f"LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} c4 {lo['4']:.3f}) "
                f"touched {hit.sum()} {r[hit].mean():.3f} "
                if lo
                else ""
            )
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
        )

    def j_on(v: int, train: list[Dataset]) -> float:
        ev, ds = evaluators[key_of(variants[v])]
        names = {d.name for d in train}
        cfg = base | {k: x for k, x in variants[v].items() if not k.startswith("_")}
        return objective(figures(ev, [d for d in ds if d.name in names], cfg))

    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [j_on(v, train) for v in range(len(variants))]
        chosen[held.name] = 0 if scores[0] >= max(scores) else int(np.argmax(scores))
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
        "touched_by_category": {
            c: [
                int((hit & (cats == c)).sum()),
                float(b0[hit & (cats == c)].mean()),
                float(cv[hit & (cats == c)].mean()),
            ]
            for c in "1234"
            if (hit & (cats == c)).any()
        },
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
