"""The cross-validation harness of the benches whose lever swaps some questions' query
vectors for those of another text (``bench/list_cv.py``: a question naming one speaker,
without the name; ``bench/pair_cv.py``: one naming both, without the names).

``embed`` writes, for each LoCoMo dataset of the folder, ``DIR/PREFIX-NAME.npz`` (rows, use,
e5, texts): the chosen questions' other text through the runtime's USE and e5 (query role).
``swapped`` gives copies of the datasets whose chosen questions carry those vectors
(``"strip"``) or their normalised mean with the question's own (``"blend"``), and optionally
the other text for BM25. ``grid_cv`` measures a grid of variants (the defaults first) on the
folds of ``bench/cv_data.py``; each held-out fold takes the variant whose
``bench/cv_levers.py`` objective J is best on the others (a tie keeps the defaults); it
reports the held-out figures beside the defaults with a paired bootstrap interval
(:func:`bench.small_cv.paired_interval`) overall, per category and on the *touched*
questions.

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Hashable
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log
from bench.cv_evaluator import Evaluator
from bench.cv_levers import figures, objective
from bench.small_cv import paired_interval

from souvenir.read.scoring import ScoringConfig


def swapped(
    datasets: list[Dataset],
    folder: Path,
    prefix: str,
    how: str,
    keep: Callable[[str], bool] = lambda text: True,
    text: bool = False,
) -> list[Dataset]:
    """Copies of ``datasets`` whose questions in ``folder/PREFIX-NAME.npz`` (those ``keep``
    accepts, by their text) carry its vectors (``how`` "strip"), their mean with the
    original ("blend") or their own ("" ), and its text too when ``text``; a dataset
    without a file is left as it is."""
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
            if not keep(ds.queries[i].text):
                continue
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


def embed(
    folder: Path,
    prefix: str,
    chosen: Callable[[str, list[str]], bool],
    other: Callable[[str, list[str]], str],
    what: str,
    shown: int = 2,
    again: bool = True,
) -> None:
    """``folder/PREFIX-NAME.npz`` for each LoCoMo dataset of ``folder``: its questions that
    ``chosen(text, speakers)`` accepts, as ``other(text, speakers)``, through the runtime's
    USE and e5 query embedders; ``again=False`` leaves a file already there. Logs ``what``
    with the first ``shown`` texts."""
    import tempfile

    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime

    with tempfile.TemporaryDirectory(prefix=f"{prefix}-cv-") as tmp:
        settings = Settings(_env_file=None).model_copy(
            update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
        rt = open_runtime(settings)
        try:
            for ds in (d for d in load(folder) if d.kind == "locomo"):
                if not again and (folder / f"{prefix}-{ds.name}.npz").exists():
                    continue
                names = sorted({m.speaker for m in ds.memories if m.speaker})
                rows = [i for i, q in enumerate(ds.queries) if chosen(q.text, names)]
                texts = [other(ds.queries[i].text, names) for i in rows]
                use = np.stack([np.asarray(rt.index.embed_query(t), np.float32) for t in texts])
                e5 = np.stack([np.asarray(rt.window_index.embed_query(t), np.float32) for t in texts])
                np.savez(folder / f"{prefix}-{ds.name}.npz", rows=np.array(rows), use=use, e5=e5, texts=np.array(texts))
                log(f"{ds.name}: {len(rows)} {what}, e.g. {texts[:shown]}")
        finally:
            rt.close()


def grid_cv(
    datasets: list[Dataset],
    grid: list[dict],
    key_of: Callable[[dict], Hashable],
    swap: Callable[[Hashable], list[Dataset]],
    touched: Callable[[Dataset], np.ndarray],
    count_touched: bool = False,
    touched_by_category: bool = False,
    json_path: Path | None = None,
) -> int:
    """Measure the defaults and each variant of ``grid`` (its ``"_…"`` keys read by
    ``key_of`` → the datasets ``swap(key)`` gives; the others :class:`ScoringConfig`
    overrides), choose per held-out fold, print the report as
    JSON (and write it with the in-sample figures to ``json_path``). ``count_touched``: the
    log line counts the touched questions; ``touched_by_category``: the report splits them
    per category."""
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    variants = [{}] + [v for v in grid if v]
    evaluators: dict[Hashable, tuple[Evaluator, list[Dataset]]] = {}
    full: list[dict[str, np.ndarray]] = []
    figs: list[dict] = []
    for over in variants:
        key = key_of(over)
        if key not in evaluators:
            ds = swap(key)
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
                + (f"touched {hit.sum()} " if count_touched else "touched ")
                + f"{r[hit].mean():.3f} "
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

    report: dict = {
        "chosen": {k: variants[v] for k, v in chosen.items()},
        "locomo": {"default": float(b0.mean()), "cv": float(cv.mean()), "delta": iv(b0, cv)},
        "by_category": {
            c: [float(b0[cats == c].mean()), float(cv[cats == c].mean()), iv(b0[cats == c], cv[cats == c])]
            for c in "1234"
        },
        "touched": [int(hit.sum()), float(b0[hit].mean()), float(cv[hit].mean()), iv(b0[hit], cv[hit])],
    }
    if touched_by_category:
        report["touched_by_category"] = {
            c: [
                int((hit & (cats == c)).sum()),
                float(b0[hit & (cats == c)].mean()),
                float(cv[hit & (cats == c)].mean()),
            ]
            for c in "1234"
            if (hit & (cats == c)).any()
        }
    report["by_conv"] = {
        d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())] for d in loc
    }
    report["suites"] = {
        d.name: [float(full[0][d.name].mean()), float(full[chosen[d.name]][d.name].mean())]
        for d in datasets
        if d.kind == "suite"
    }
    print(json.dumps(report, indent=1))
    if json_path:
        json_path.write_text(json.dumps({"in_sample": list(zip(variants, figs)), **report}, indent=1))
    return 0
