"""A speaker named by a short form or a slip of their name ("Mel", "Jo", "Andew"), chosen by
cross-validation (issue #28, session 23: ``ScoringConfig.short_names``).

Matched as the store writes them, "How long have Mel and her husband been married?" names
no speaker (no speaker term) and "How many times did Audrey and Andew plan to hike
together?" names one (its query vectors keep both names). With ``short_names`` the speaker
terms and the pair's stripped query (:func:`~souvenir.read.scoring.person_query.without_people`)
read the short form. The stripped vectors of the questions naming two speakers either way
are embedded by ``--embed`` (``DIR/pairshort-NAME.npz``, beside ``bench/pair_cv.py``'s
``DIR/pair-NAME.npz`` of the names as written, which the defaults read: the engine's
``pair_query``).

A variant is a :class:`ScoringConfig` override; ``short_names`` true reads the short
npz. The nine folds of ``bench/cv_data.py``: each held-out fold takes the variant whose J
is best on its eight (a tie keeps the defaults).

    .venv/bin/python -m bench.names_cv --data /tmp/cv --embed
    .venv/bin/python -m bench.names_cv --data /tmp/cv --grid '[{"short_names": true}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log
from bench.cv_evaluator import Evaluator
from bench.cv_levers import figures, objective
from bench.pair_cv import embed_pairs
from bench.query_swap_cv import swapped
from bench.small_cv import paired_interval

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.fusion import named_speaker
from souvenir.read.scoring.person_query import named_people, without_people


def _names(ds: Dataset) -> list[str]:
    return sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})


def touched(ds: Dataset) -> np.ndarray:
    """The questions whose reading changes with short names (speaker or pair)."""
    names = _names(ds)
    return np.array(
        [
            named_speaker(q.text, names) != named_speaker(q.text, names, short=True)
            or named_people(q.text, names) != named_people(q.text, names, short=True)
            for q in ds.queries
        ]
    )


def two_names(ds: Dataset) -> np.ndarray:
    """The questions naming two speakers (short forms read)."""
    names = _names(ds)
    return np.array([len(named_people(q.text, names, short=True)) >= 2 for q in ds.queries])


def embed(folder: Path) -> None:
    import tempfile

    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime

    embed_pairs(folder)
    with tempfile.TemporaryDirectory(prefix="names-cv-") as tmp:
        settings = Settings(_env_file=None).model_copy(
            update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
        rt = open_runtime(settings)
        try:
            for ds in (d for d in load(folder) if d.kind == "locomo"):
                if (folder / f"pairshort-{ds.name}.npz").exists():
                    continue
                names = _names(ds)
                rows = [i for i, q in enumerate(ds.queries) if len(named_people(q.text, names, short=True)) >= 2]
                texts = [without_people(ds.queries[i].text, names, short=True) for i in rows]
                use = np.stack([np.asarray(rt.index.embed_query(t), np.float32) for t in texts])
                e5 = np.stack([np.asarray(rt.window_index.embed_query(t), np.float32) for t in texts])
                np.savez(
                    folder / f"pairshort-{ds.name}.npz", rows=np.array(rows), use=use, e5=e5, texts=np.array(texts)
                )
                log(f"{ds.name}: {len(rows)} questions naming both with short forms")
        finally:
            rt.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/pair[short]-NAME.npz and stop")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed(args.data)
        return 0
    datasets = load(args.data)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    base["short_names"] = False  # the defaults row: the names as written (pair_cv's npz)
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    views = {
        False: swapped(datasets, args.data, "pair", "strip"),
        True: swapped(datasets, args.data, "pairshort", "strip"),
    }
    evaluators = {k: Evaluator(v) for k, v in views.items()}
    full: list[dict[str, np.ndarray]] = []

    def cfg_of(over: dict) -> dict:
        return base | over

    for over in variants:
        cfg = cfg_of(over)
        short = bool(cfg["short_names"])
        ev, ds = evaluators[short], views[short]
        full.append({d.name: ev.recall(d, cfg) for d in ds})
        fig = figures(ev, ds, cfg)
        lo = fig.get("locomo", {})
        log(
            f"{json.dumps(over)}: J {objective(fig):.4f} "
            + (
                f"LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} c4 {lo['4']:.3f}) "
                if lo
                else ""
            )
            + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo")
        )

    def j_on(v: int, train: list[Dataset]) -> float:
        cfg = cfg_of(variants[v])
        short = bool(cfg["short_names"])
        names = {d.name for d in train}
        return objective(figures(evaluators[short], [d for d in views[short] if d.name in names], cfg))

    chosen = {}
    for held in datasets:
        train = [d for d in datasets if d is not held]
        scores = [j_on(v, train) for v in range(len(variants))]
        chosen[held.name] = 0 if scores[0] >= max(scores) else int(np.argmax(scores))
        log(f"held out {held.name}: chose {json.dumps(variants[chosen[held.name]])} (J {max(scores):.4f})")
    loc = [d for d in datasets if d.kind == "locomo"]
    cats = np.concatenate([[q.group for q in d.queries] for d in loc])
    hit = np.concatenate([touched(d) for d in loc])
    b0 = np.concatenate([full[0][d.name] for d in loc])
    cv = np.concatenate([full[chosen[d.name]][d.name] for d in loc])

    def iv(a: np.ndarray, b: np.ndarray) -> list[float]:
        return [round(x, 4) for x in paired_interval(b - a)]

    pair = np.concatenate([two_names(d) for d in loc])
    report = {
        "two_names": [
            int(pair.sum()),
            float(b0[pair].mean()),
            float(cv[pair].mean()),
            iv(b0[pair], cv[pair]),
            {
                c: [
                    int((pair & (cats == c)).sum()),
                    float(b0[pair & (cats == c)].mean()),
                    float(cv[pair & (cats == c)].mean()),
                ]
                for c in "1234"
                if (pair & (cats == c)).any()
            },
        ],
        "chosen": {k: variants[v] for k, v in chosen.items()},
        "in_sample": [
            {"variant": variants[v], "locomo": float(np.concatenate([full[v][d.name] for d in loc]).mean())}
            | {f"c{c}": float(np.concatenate([full[v][d.name] for d in loc])[cats == c].mean()) for c in "1234"}
            | {
                "touched": float(np.concatenate([full[v][d.name] for d in loc])[hit].mean()) if hit.any() else None,
                "two_names": float(np.concatenate([full[v][d.name] for d in loc])[pair].mean()),
                "suites": {d.name: float(full[v][d.name].mean()) for d in datasets if d.kind == "suite"},
            }
            for v in range(len(variants))
        ],
        "locomo": {"default": float(b0.mean()), "cv": float(cv.mean()), "delta": iv(b0, cv)},
        "by_category": {
            c: [float(b0[cats == c].mean()), float(cv[cats == c].mean()), iv(b0[cats == c], cv[cats == c])]
            for c in "1234"
        },
        "touched": [
            int(hit.sum()),
            float(b0[hit].mean()) if hit.any() else None,
            float(cv[hit].mean()) if hit.any() else None,
        ],
        "by_conv": {d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())] for d in loc},
        "suites": {
            d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())]
            for d in datasets
            if d.kind == "suite"
        },
    }
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
