"""Open-domain questions (LoCoMo category 3): what they miss, and the question read as its
asked person's own statement (issue #28, session 26, lane recall12).

``--misses``: for every category-3 question of the folds, under the defaults (the
two-name questions' vectors as the product embeds them, ``bench/pair_cv.py --embed``),
each missed evidence turn: its rank, its speaker against the person asked about, the
content words it shares with the question, its session against the question's other
evidence, whether it is a self-statement (:func:`~souvenir.read.scoring.inference.discloses_self`)
and what ranks first; then the turns sorted into kinds, with counts.

``--embed``: ``DIR/statement-NAME.npz`` (rows, use, e5, texts): every question naming one
speaker, rewritten by :func:`~souvenir.read.scoring.self_statement.as_statement`, through the
runtime's USE and e5 query embedders.

The grid (``--grid``; ``"_on"``: ``"inference"`` the inference questions
(:func:`~souvenir.read.scoring.inference.inference_question`), ``"wide"`` those and the ones
:func:`~souvenir.read.scoring.inference_wide.asks_about_person` reads, ``"all"`` every
question naming one speaker; ``"_how"``: ``"strip"`` the statement's vectors alone,
``"blend"`` their normalised mean with the question's) on the folds of
``bench/cv_data.py``; each held-out fold takes the variant whose J is best on the others (a
tie keeps the defaults). The files' memories carry no speaker: their questions are never
rewritten.

    .venv/bin/python -m bench.statement_cv --data DIR --misses
    .venv/bin/python -m bench.statement_cv --data DIR --embed
    .venv/bin/python -m bench.statement_cv --data DIR --grid '[{"_on": "inference", "_how": "strip"}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load
from bench.cv_evaluator import Evaluator, _split
from bench.pair_cv import swapped
from bench.query_swap_cv import embed, grid_cv

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.bm25 import bm25_tokens
from souvenir.read.scoring.calibration import calibration_for
from souvenir.read.scoring.fusion import named_speaker
from souvenir.read.scoring.inference import discloses_self, inference_question
from souvenir.read.scoring.inference_wide import asks_about_person
from souvenir.read.scoring.self_statement import as_statement
from souvenir.read.selection import select

PREFIX = "statement"
GATES = {
    "inference": inference_question,
    "wide": lambda text: inference_question(text) or asks_about_person(text),
    "all": lambda text: True,
}


def _speakers(ds: Dataset) -> list[str]:
    return sorted({m.speaker for m in ds.memories if m.speaker})


def kind_of(question: str, asked: str | None, turn, shared: set[str]) -> str:
    """One kind per missed turn, the first that holds: ``shares a word``; ``two names`` (the
    question names both speakers); ``other speaker`` (the turn is not the asked person's);
    ``self-statement`` (the asked person's own, :func:`discloses_self`); ``own event`` (the
    asked person's own turn telling what they did or do)."""
    if shared:
        return "shares a word"
    if asked is None:
        return "two names"
    if turn.speaker != asked:
        return "other speaker"
    return "self-statement" if discloses_self(turn.text) else "own event"


def misses(datasets: list[Dataset], show: bool) -> None:
    ev = Evaluator(datasets)
    default = ScoringConfig()
    scoring, selection, _ = _split({f.name: getattr(default, f.name) for f in fields(ScoringConfig)})
    kinds: Counter = Counter()
    forms: Counter = Counter()
    ranks: dict[str, list[int]] = {}
    recall = []
    for ds in (d for d in datasets if d.kind == "locomo"):
        names = _speakers(ds)
        stop = {t for n in names for t in bm25_tokens(n)}
        pool, ids, cu, ce = ev._pre[ds.name]
        scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        for i, q in enumerate(ds.queries):
            if q.group != "3":
                continue
            asked = named_speaker(q.text, names)
            scores = scorer.scores(
                0, pool, q.text, ds.now, ev._side(ds.q_use[i], ids, cu[i]), ev._side(ds.q_e5[i], ids, ce[i])
            )
            order = np.argsort(-scores.array, kind="stable")
            rank = np.empty(len(order), dtype=np.int64)
            rank[order] = np.arange(len(order))
            chosen = {s.memory.id for s in select(pool, scores, selection, ds.now).memories}
            gold = [j for j, m in enumerate(ds.memories) if ds.sources.get(m.id, set()) & q.gold]
            found = set().union(*[ds.sources[ds.memories[j].id] & q.gold for j in gold if ds.memories[j].id in chosen])
            recall.append(len(found) / len(q.gold))
            words = set(bm25_tokens(q.text)) - stop
            form = "inference" if inference_question(q.text) else "wide" if asks_about_person(q.text) else "other"
            sessions = {ds.memories[j].session for j in gold}
            for j in gold:
                m = ds.memories[j]
                if m.id in chosen:
                    continue
                shared = (set(bm25_tokens(m.text)) - stop) & words
                kind = kind_of(q.text, asked, m, shared)
                kinds[kind] += 1
                forms[f"{form} / {kind}"] += 1
                ranks.setdefault(kind, []).append(int(rank[j]))
                if show:
                    top = ds.memories[order[0]]
                    print(
                        f"{ds.name} rank {rank[j]} [{kind}; asked {asked}; by {m.speaker}; session {m.session} of "
                        f"{sorted(sessions)}; shared {sorted(shared)}]\n  Q: {q.text}\n  gold: {m.text[:160]!r}\n"
                        f"  first: {top.speaker}: {top.text[:100]!r}"
                    )
    total = sum(kinds.values())
    print(f"\ncategory 3: {len(recall)} questions, recall@24 {np.mean(recall):.3f}, {total} missed turns")
    for k, n in kinds.most_common():
        q = np.percentile(ranks[k], [25, 50, 75]).round().astype(int).tolist()
        print(f"  {k}: {n} ({n / total:.0%}), ranks {q}")
    print("by the question's form / kind:")
    for k, n in forms.most_common():
        print(f"  {k}: {n}")


def touched_by(gate: str):
    def touched(ds: Dataset) -> np.ndarray:
        names = _speakers(ds)
        return np.array([named_speaker(q.text, names) is not None and GATES[gate](q.text) for q in ds.queries])

    return touched


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/statement-NAME.npz and stop")
    ap.add_argument("--misses", action="store_true", help="the category-3 misses by kind and stop")
    ap.add_argument("--list", action="store_true", help="with --misses: every missed turn")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed(
            args.data,
            PREFIX,
            lambda text, names: named_speaker(text, names) is not None,
            lambda text, names: as_statement(text, named_speaker(text, names) or ""),
            "questions naming one speaker, as a statement",
            shown=4,
            again=False,
        )
        return 0
    base = swapped(load(args.data), args.data, "pair", "strip")  # the product's two-name questions
    if args.misses:
        misses(base, args.list)
        return 0

    def swap(key: tuple[str, str]) -> list[Dataset]:
        gate, how = key
        return swapped(base, args.data, PREFIX, how, keep=GATES[gate]) if gate else base

    grid = json.loads(args.grid)
    return grid_cv(
        base,
        grid,
        lambda over: (over.get("_on", ""), over.get("_how", "strip")),
        swap,
        touched_by(next((v["_on"] for v in grid if v.get("_on")), "inference")),
        count_touched=True,
        touched_by_category=True,
        json_path=args.json,
    )


if __name__ == "__main__":
    raise SystemExit(main())
