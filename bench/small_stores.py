"""Small stores: does relevance outrank the priors at 2–50 memories as at 3,000?

Issue #28. The fused score z-scores each signal over the user's N memories; a z over N
values is bounded by √(N − 1), so a 3-memory store ranked by the fixed priors. The
calibrated z (:mod:`souvenir.read.scoring.calibration`) shrinks each signal's per-query
mean and spread toward its irrelevant pairs' distribution, read from data here.

The measure: every question of the nine public folds (``bench/cv_data.py``: six LoCoMo
conversations, three multilingual files) asked of a *subsampled store* — its gold
memories kept, others drawn at random (seeded by fold, question and size) up to N memories
(at least one other) — for N in 2, 3, 5, 10, 20, 50; the product's :class:`Scorer` ranks
the store (its vectors, sessions, speakers as they are in the full store; an e5 window
vector keeps the neighbours it was embedded with). Reported per N: hit@1 (the first memory
is a gold one), recall@3 (|gold ∩ first 3| / min(|gold|, 3)), and the share of gold and of
other memories at or above the semantic floor (``SCORE_FLOOR``). Then the full-size
figures (``bench/cv_levers.py``'s: LoCoMo recall@24 pooled, each file overall / cross) with
and without the calibration.

Cross-validation: the priors are read on the eight other folds for each held-out fold
(``--cv``); in-sample they are read on all nine.

    .venv/bin/python -m bench.small_stores --data /tmp/cv --read      # the priors, all nine folds
    .venv/bin/python -m bench.small_stores --data /tmp/cv --cv --json F

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import zlib
from dataclasses import asdict, replace
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log  # noqa: E402
from bench.cv_evaluator import Evaluator, _split  # noqa: E402
from bench.cv_levers import objective  # noqa: E402

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens  # noqa: E402
from souvenir.read.scoring.calibration import Calibration, read_prior  # noqa: E402
from souvenir.read.scoring.levers import SCORE_FLOOR  # noqa: E402
from souvenir.read.scoring.memory_language import memory_language  # noqa: E402
from souvenir.read.selection import Pool, select  # noqa: E402

SIZES = (2, 3, 5, 10, 20, 50)


def gold_positions(ds: Dataset, qi: int) -> np.ndarray:
    q = ds.queries[qi]
    return np.array([i for i, m in enumerate(ds.memories) if ds.sources.get(m.id, set()) & q.gold], dtype=np.int64)


def irrelevant_values(ds: Dataset) -> dict[str, list[np.ndarray]]:
    """Per signal, per query: the values of the memories that are not its gold (USE and e5
    cosines, e5 split by the memory's language against the question's, BM25 over the full
    store with the product's k1 / b), and per dataset the memories' log(1 + content words)."""
    cfg = ScoringConfig()
    tokens = [bm25_tokens(m.text) for m in ds.memories]
    lexical = LexicalIndex(tokens, k1=cfg.bm25_k1, b=cfg.bm25_b)
    langs = np.array([memory_language(m.text) for m in ds.memories])
    with np.errstate(invalid="ignore"):
        cu = ds.q_use.astype(np.float64) @ ds.use.T.astype(np.float64)
        ce = ds.q_e5.astype(np.float64) @ ds.e5.T.astype(np.float64)
    out: dict[str, list[np.ndarray]] = {"dense": [], "window_same": [], "window_cross": [], "lexical": []}
    for qi, q in enumerate(ds.queries):
        other = np.ones(len(ds.memories), dtype=bool)
        other[gold_positions(ds, qi)] = False
        same = langs == memory_language(q.text)
        out["dense"].append(cu[qi][other])
        out["window_same"].append(ce[qi][other & same])
        if (other & ~same).any():
            out["window_cross"].append(ce[qi][other & ~same])
        out["lexical"].append(lexical.scores(bm25_tokens(q.text))[other])
    out["length"] = [np.log1p(np.array([len(t) for t in tokens], dtype=np.float64))]
    return out


def read_calibration(datasets: list[Dataset], cache: dict) -> Calibration:
    """The priors read on ``datasets`` (their per-query arrays pooled)."""
    pooled: dict[str, list[np.ndarray]] = {}
    for ds in datasets:
        if ds.name not in cache:
            cache[ds.name] = irrelevant_values(ds)
        for k, v in cache[ds.name].items():
            pooled.setdefault(k, []).extend(v)
    priors = {k: read_prior(v) for k, v in pooled.items()}
    length = pooled["length"]
    if len(length) >= 2:  # one array per user: the users' spread of mean lengths
        priors["length"] = read_prior(length)
    return Calibration(**priors)


def small_store(ds: Dataset, qi: int, size: int) -> np.ndarray | None:
    """Positions of the subsampled store of question ``qi`` (sorted), ``None`` without gold."""
    gold = gold_positions(ds, qi)
    if not gold.size:
        return None
    rng = np.random.default_rng(zlib.crc32(f"{ds.name}/{qi}/{size}".encode()))
    others = np.setdiff1d(np.arange(len(ds.memories)), gold)
    take = min(others.size, max(1, size - gold.size))
    return np.sort(np.r_[gold, rng.choice(others, take, replace=False)])


def rank_small(ds: Dataset, qi: int, where: np.ndarray, scorer: Scorer) -> tuple[np.ndarray, np.ndarray]:
    """(positions in ``where`` best first, their scores)."""
    memories = [ds.memories[i] for i in where]
    ids = [m.id for m in memories]
    pool = Pool(memories)
    scores = scorer.scores(
        0,
        pool,
        ds.queries[qi].text,
        ds.now,
        DenseInput.from_matrix(ds.q_use[qi], ids, ds.use[where]),
        DenseInput.from_matrix(ds.q_e5[qi], ids, ds.e5[where]),
    )
    values = np.asarray(scores.lookup(np.array(ids, dtype=np.int64)), dtype=np.float64)
    order = np.lexsort((np.arange(len(ids)), -values))
    return where[order], values[order]


def small_figures(ds: Dataset, scorer: Scorer, sizes=SIZES) -> dict[int, dict]:
    out = {}
    for size in sizes:
        hit1, rec3, gold_floor, other_floor = [], [], [], []
        for qi in range(len(ds.queries)):
            where = small_store(ds, qi, size)
            if where is None:
                continue
            gold = set(gold_positions(ds, qi).tolist())
            ranked, values = rank_small(ds, qi, where, scorer)
            hit1.append(float(int(ranked[0]) in gold))
            rec3.append(len(gold & set(ranked[:3].tolist())) / min(len(gold), 3))
            is_gold = np.array([int(p) in gold for p in ranked])
            gold_floor.extend((values[is_gold] >= SCORE_FLOOR).tolist())
            other_floor.extend((values[~is_gold] >= SCORE_FLOOR).tolist())
        out[size] = {
            "hit1": float(np.mean(hit1)),
            "recall3": float(np.mean(rec3)),
            "n": len(hit1),
            "gold_floor": float(np.mean(gold_floor)),
            "other_floor": float(np.mean(other_floor)),
        }
    return out


def full_recall(ev: Evaluator, ds: Dataset, cfg: dict, calibration: Calibration) -> np.ndarray:
    """Per query recall@24 of the selection (``Evaluator._run`` with this calibration)."""
    scoring, selection, _ = _split(cfg)
    pool, ids, cu, ce = ev._pre[ds.name]
    scorer = Scorer(scoring, calibration=calibration)
    out = np.zeros(len(ds.queries))
    for i, q in enumerate(ds.queries):
        scores = ev._scores(scorer, ds, pool, ids, cu[i], ce[i], q.text, i)
        result = select(pool, scores, selection, ds.now)
        found: set[str] = set()
        for s in result.memories:
            found |= ds.sources.get(s.memory.id, set())
        out[i] = len(q.gold & found) / len(q.gold)
    return out


def full_figures(per_fold: dict[str, np.ndarray], datasets: list[Dataset]) -> dict:
    out: dict = {}
    loc = [(ds, per_fold[ds.name]) for ds in datasets if ds.kind == "locomo"]
    if loc:
        allr = np.concatenate([r for _, r in loc])
        cats = np.concatenate([[q.group for q in ds.queries] for ds, _ in loc])
        out["locomo"] = {
            "overall": float(allr.mean()),
            **{c: float(allr[cats == c].mean()) for c in "1234" if (cats == c).any()},
            "by_conv": {ds.name: float(r.mean()) for ds, r in loc},
        }
    for ds in datasets:
        if ds.kind == "suite":
            r = per_fold[ds.name]
            cross = np.array([q.cross for q in ds.queries])
            out[ds.name] = {"overall": float(r.mean()), "cross": float(r[cross].mean())}
    out["J"] = objective(out)
    return out


def pooled_small(per_fold: dict[str, dict[int, dict]], datasets: list[Dataset]) -> dict:
    """Per size: LoCoMo pooled by questions, and the files' mean (each file weighs one)."""
    out = {}
    for size in SIZES:
        row = {}
        for kind in ("locomo", "suite"):
            folds = [per_fold[ds.name][size] for ds in datasets if ds.kind == kind and ds.name in per_fold]
            if not folds:
                continue
            if kind == "locomo":
                n = sum(f["n"] for f in folds)
                row[kind] = {k: sum(f[k] * f["n"] for f in folds) / n for k in ("hit1", "recall3")} | {"n": n}
            else:
                row[kind] = {k: float(np.mean([f[k] for f in folds])) for k in ("hit1", "recall3")}
            row[kind] |= {k: float(np.mean([f[k] for f in folds])) for k in ("gold_floor", "other_floor")}
        out[size] = row
    return out


def show(title: str, small: dict, full: dict) -> None:
    print(f"\n## {title}")
    print(
        "N | LoCoMo hit@1 | LoCoMo recall@3 | files hit@1 | files recall@3 | gold ≥ floor (L / f) | others ≥ floor (L / f)"
    )
    for size, row in small.items():
        L, f = row.get("locomo", {}), row.get("suite", {})
        print(
            f"{size} | {L.get('hit1', 0):.3f} | {L.get('recall3', 0):.3f} | {f.get('hit1', 0):.3f} | "
            f"{f.get('recall3', 0):.3f} | {L.get('gold_floor', 0):.3f} / {f.get('gold_floor', 0):.3f} | "
            f"{L.get('other_floor', 0):.3f} / {f.get('other_floor', 0):.3f}"
        )
    if full:
        loc = full.get("locomo", {})
        print(
            f"full size: LoCoMo {loc.get('overall', 0):.4f} (c1 {loc.get('1', 0):.3f}, c3 {loc.get('3', 0):.3f}); "
            + ", ".join(
                f"{k} {v['overall']:.3f} / {v['cross']:.3f}" for k, v in full.items() if k not in ("locomo", "J")
            )
            + f"; J {full['J']:.4f}"
        )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--read", action="store_true", help="print the priors read on all folds")
    ap.add_argument("--cv", action="store_true", help="priors read without each held-out fold")
    ap.add_argument("--no-full", action="store_true", help="skip the full-size figures")
    ap.add_argument(
        "--variants",
        default="dense,window,lexical",
        help="comma list: which signals carry priors (all, dense, window, lexical, length) — the others' plain z",
    )
    ap.add_argument("--grid", default="[{}]", help="JSON list of ScoringConfig overrides")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    datasets = load(args.data)
    cache: dict = {}
    everything = read_calibration(datasets, cache)
    if args.read:
        print(
            json.dumps(
                {k: asdict(v) if v else None for k, v in ((f, getattr(everything, f)) for f in everything.__slots__)},
                indent=1,
            )
        )
    keep = set(args.variants.split(","))

    def only(cal: Calibration) -> Calibration:
        if "all" in keep:
            return cal
        return Calibration(
            dense=cal.dense if "dense" in keep else None,
            window_same=cal.window_same if "window" in keep else None,
            window_cross=cal.window_cross if "window" in keep else None,
            lexical=cal.lexical if "lexical" in keep else None,
            length=cal.length if "length" in keep else None,
        )

    ev = Evaluator(datasets)
    report: dict = {
        "priors": {f: asdict(getattr(everything, f)) if getattr(everything, f) else None for f in everything.__slots__},
        "runs": [],
    }
    for over in json.loads(args.grid):
        base = ScoringConfig(**{k: v for k, v in over.items() if k in ScoringConfig.__dataclass_fields__})
        runs = {"plain": lambda ds: Calibration(), "calibrated, in-sample": lambda ds: only(everything)}
        if args.cv:
            runs["calibrated, cross-validated"] = lambda ds: only(
                read_calibration([d for d in datasets if d.name != ds.name], cache)
            )
        for label, cal_of in runs.items():
            small, full = {}, {}
            for ds in datasets:
                cal = cal_of(ds)
                scorer = Scorer(replace(base, calibrated=True), calibration=cal)
                small[ds.name] = small_figures(ds, scorer)
                if not args.no_full:
                    full[ds.name] = full_recall(ev, ds, over | {"calibrated": True}, cal)
                log(f"{label} {ds.name}")
            s, f = pooled_small(small, datasets), (full_figures(full, datasets) if full else {})
            show(f"{label} {over}", s, f)
            report["runs"].append({"label": label, "override": over, "small": s, "full": f, "small_by_fold": small})
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, default=float))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
