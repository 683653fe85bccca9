"""LoCoMo's missed evidence turns by kind (issue #28, session 15): what open-domain and
multi-hop questions miss, on the conversations a lever is tuned on.

For every question of ``--categories`` (default multi-hop 1 and open-domain 3) of the
``--only`` conversations, under the defaults (``--base`` overrides them), each evidence
turn the selection of 24 misses is given the kinds it shows (a turn may show several):

- ``two names``: the question names both speakers (no speaker term applies);
- ``other speaker``: it names one, the evidence turn is the other's (the person the
  question asks about is "you" or "she" there);
- ``no shared word``: the turn shares no content word (BM25's tokens, the speakers' names
  left out) with the question — the answer is inferred from a fact said in other words;
- ``split``: the question's evidence spans two sessions or more;
- ``short``: the turn holds fewer than 8 content words (it leans on the turns around it);
- ``inference``: the question asks for an inference
  (:func:`souvenir.read.scoring.inference.inference_question`);
- ``when``: the question asks for a time ("when", "how long").

Reported per category: missed turns, each kind's count and its rank quartiles; with
``--list`` every missed turn, its rank and kinds. With ``--asks`` (session 18) the missed
turns are also counted by what the question asks (one form each: ``both`` — it names the
two speakers; ``inference``; ``list`` — :func:`souvenir.read.scoring.breadth.broad_question`;
``count`` — "how many"; ``fact`` — the rest), each with its rank quartiles and the score
parts on which the turn is furthest below the 24th memory (mean gap, z scale): which signal
misses it.

    .venv/bin/python -m bench.miss_kinds --data /tmp/cv --only conv-26,conv-30 [--list] [--asks]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import defaultdict
from dataclasses import fields
from pathlib import Path

import numpy as np

from bench.cv_data import load  # noqa: E402
from bench.cv_evaluator import Evaluator, _split  # noqa: E402

from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.bm25 import bm25_tokens  # noqa: E402
from souvenir.read.scoring.breadth import broad_question  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.fusion import holds_name  # noqa: E402
from souvenir.read.scoring.inference import inference_question  # noqa: E402
from souvenir.read.selection import select  # noqa: E402

_WHEN = re.compile(r"\b(?:when|how long)\b", re.I)
_COUNT = re.compile(r"\bhow many\b|\bcombien\b|多少|几|\bberapa\b", re.I)


def asks(question: str, named: list[str]) -> str:
    """What the question asks, one form (the module's ``--asks`` list, in that order)."""
    if len(named) == 2:
        return "both"
    if inference_question(question):
        return "inference"
    if _COUNT.search(question):
        return "count"
    if broad_question(question):
        return "list"
    return "fact"


def kinds_of(question: str, named: list[str], turn, words: set[str], sessions: int) -> list[str]:
    """The kinds a missed evidence turn shows (see the module's list)."""
    out = []
    if len(named) == 2:
        out.append("two names")
    elif len(named) == 1 and turn.speaker and turn.speaker != named[0]:
        out.append("other speaker")
    tokens = set(bm25_tokens(turn.text)) - words
    asked = set(bm25_tokens(question)) - words
    if not tokens & asked:
        out.append("no shared word")
    if sessions >= 2:
        out.append("split")
    if len(tokens) < 8:
        out.append("short")
    if inference_question(question):
        out.append("inference")
    if _WHEN.search(question):
        out.append("when")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--only", default="", help="comma list of conversations (default: every LoCoMo one)")
    ap.add_argument("--categories", default="1,3")
    ap.add_argument("--base", default="{}")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--asks", action="store_true", help="by what the question asks, with the part gaps")
    args = ap.parse_args()
    cats = set(args.categories.split(","))
    keep = set(filter(None, args.only.split(",")))
    datasets = [d for d in load(args.data) if d.kind == "locomo" and (not keep or d.name in keep)]
    ev = Evaluator(datasets)
    default = ScoringConfig()
    cfg = {f.name: getattr(default, f.name) for f in fields(ScoringConfig)} | json.loads(args.base)
    scoring, selection, _ = _split(cfg)
    ranks: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    questions: dict[str, list[float]] = defaultdict(list)
    forms: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    gaps: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    asked: dict[str, list[float]] = defaultdict(list)
    for ds in datasets:
        names = sorted({m.speaker for m in ds.memories if m.speaker})
        words = {t for n in names for t in bm25_tokens(n)}
        pool, ids, cu, ce = ev._pre[ds.name]
        scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        for i, q in enumerate(ds.queries):
            if q.group not in cats:
                continue
            named = [s for s in names if holds_name(q.text, s)]
            parts: dict = {}
            scores = scorer.scores(
                0,
                pool,
                q.text,
                ds.now,
                ev._side(ds.q_use[i], ids, cu[i]),
                ev._side(ds.q_e5[i], ids, ce[i]),
                parts=parts,
            )
            order = np.argsort(-scores.array, kind="stable")
            rank = np.empty(len(order), dtype=np.int64)
            rank[order] = np.arange(len(order))
            chosen = {s.memory.id for s in select(pool, scores, selection, ds.now).memories}
            gold_rows = [j for j, m in enumerate(ds.memories) if ds.sources.get(m.id, set()) & q.gold]
            sessions = len({ds.memories[j].session for j in gold_rows})
            found: set[str] = set()
            for j in gold_rows:
                if ds.memories[j].id in chosen:
                    found |= ds.sources.get(ds.memories[j].id, set()) & q.gold
            questions[f"c{q.group}"].append(len(found) / len(q.gold))
            form = f"c{q.group} {asks(q.text, named)}"
            asked[form].append(len(found) / len(q.gold))
            terms = {
                k: np.asarray(v) for k, v in parts.items() if k != "ids" and np.ndim(v) == 1 and len(v) == len(ids)
            }
            for j in gold_rows:
                m = ds.memories[j]
                if m.id in chosen:
                    continue
                got = kinds_of(q.text, named, m, words, sessions)
                forms[form]["turns"].append(int(rank[j]))
                for k, v in terms.items():
                    gaps[form][k].append(float(v[j] - v[order[23]]))
                key = f"c{q.group}"
                ranks[key]["(every missed turn)"].append(int(rank[j]))
                for k in got:
                    ranks[key][k].append(int(rank[j]))
                if args.list:
                    print(
                        f"{ds.name} c{q.group} rank {rank[j]} [{', '.join(got)}]: {q.text} <- {m.speaker}: {m.text[:140]!r}"
                    )
    for key in sorted(ranks):
        r = questions[key]
        print(f"{key}: {len(r)} questions, recall@24 {np.mean(r):.3f}")
        for kind, v in sorted(ranks[key].items(), key=lambda kv: -len(kv[1])):
            q = np.percentile(v, [25, 50, 75]).round().astype(int).tolist()
            print(f"  {kind}: {len(v)} turns, ranks {q}, 24–47: {sum(24 <= x < 48 for x in v)}")
    if args.asks:
        print("\nby what the question asks: questions, recall@24, missed turns, rank quartiles, 24–47, furthest parts")
        for form in sorted(asked):
            r, v = asked[form], forms[form]["turns"]
            if not v:
                print(f"{form}: {len(r)} questions, recall@24 {np.mean(r):.3f}, 0 missed")
                continue
            q = np.percentile(v, [25, 50, 75]).round().astype(int).tolist()
            top = sorted((float(np.mean(x)), k) for k, x in gaps[form].items())[:3]
            print(
                f"{form}: {len(r)} questions, recall@24 {np.mean(r):.3f}, {len(v)} missed, ranks {q}, "
                f"24–47: {sum(24 <= x < 48 for x in v)}; below the 24th: " + ", ".join(f"{k} {g:+.2f}" for g, k in top)
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
