"""Every gold memory a dataset's fused ranking leaves out of its 24, with its rank under
each signal: which memory, which question, which signal saw it.

    .venv/bin/python -m bench.crosslang_misses --data /tmp/cv --only ml2a \
        [--sparse /tmp/cv-sparse] [--grid '{"w_sparse": 0.5}']

Per missed gold: the question (its language, cross-language or not), the memory (its
language), its rank (1 = first) by USE's cosine, e5's raw cosine, e5's z within memory
languages, BM25, the sparse latent terms (with ``--sparse``) and the fused score of the
defaults (with ``--grid``'s overrides). Research only.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load  # noqa: E402
from bench.cv_evaluator import Evaluator  # noqa: E402
from bench.cv_inputs import sparse_products, with_sparse  # noqa: E402

from souvenir.read.scoring import ScoringConfig  # noqa: E402
from souvenir.read.scoring.fusion import zscore  # noqa: E402
from souvenir.read.scoring.memory_language import memory_language  # noqa: E402
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens  # noqa: E402


def rank_of(values: np.ndarray, position: int) -> int:
    """1-based rank of ``values[position]`` in descending order (NaN last; ties: the
    better rank), as the stable sort of the selection reads it."""
    v = np.nan_to_num(values.astype(np.float64), nan=-np.inf)
    return int((v > v[position]).sum()) + 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--only", default="ml2a")
    ap.add_argument("--sparse", type=Path)
    ap.add_argument("--grid", default="{}", help="JSON overrides of the defaults")
    args = ap.parse_args()
    datasets = [d for d in load(args.data) if d.name in args.only.split(",")]
    if args.sparse:
        with_sparse(datasets, args.sparse)
    ev = Evaluator(datasets)
    default = ScoringConfig()
    cfg = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)} | json.loads(args.grid)
    for ds in datasets:
        langs = np.array([memory_language(m.text) for m in ds.memories])
        index = LexicalIndex([bm25_tokens(m.text) for m in ds.memories], k1=cfg["bm25_k1"], b=cfg["bm25_b"])
        by_source: dict[str, int] = {}
        for i, m in enumerate(ds.memories):
            for s in ds.sources.get(m.id, ()):
                by_source.setdefault(s, i)
        sp = sparse_products(ds.extra["sparse"], ds.extra["q_sparse"])["dot"] if "sparse" in ds.extra else None
        print(f"# {ds.name}  (ranks: USE, e5 raw, e5 z-lang, BM25{', sparse' if sp is not None else ''}, fused)")
        for qi, (q, (result, scores)) in enumerate(zip(ds.queries, ev.selections(ds, cfg))):
            chosen = {s.memory.id for s in result.memories}
            fused = scores.lookup(np.array([m.id for m in ds.memories], dtype=np.int64))
            use = ds.use @ ds.q_use[qi]
            e5 = ds.e5 @ ds.q_e5[qi]
            e5z = zscore(e5.astype(np.float64), langs)
            bm = index.scores(bm25_tokens(q.text))
            for gold in sorted(q.gold):
                pos = by_source.get(gold)
                if pos is None or ds.memories[pos].id in chosen:
                    continue
                ranks = [rank_of(x, pos) for x in (use, e5, e5z, bm)]
                if sp is not None:
                    ranks.append(rank_of(sp[qi], pos))
                ranks.append(rank_of(fused, pos))
                print(
                    f"{q.qid or qi} ({q.group}{', cross' if q.cross else ''}) {q.text[:70]!r} -> {gold} "
                    f"({langs[pos]}) {' / '.join(map(str, ranks))}  {ds.memories[pos].text[:80]!r}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
