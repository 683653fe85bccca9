"""Fused-score levers measured through the product itself, on the suite and on LoCoMo raw.

Standalone research script (issue #7, "no language worse than the best baseline"). Unlike
the retired ``bench/levers.py`` (which re-implemented the score over bare memories), it runs
the real read path: the suite imported through ``Engine.remember`` (as ``souvenir bench
multilingual`` does) and LoCoMo's ``raw`` stores of ``souvenir bench recall --cache``; for
each lever the engine's scorer is replaced by ``Scorer(ScoringConfig(**lever))`` and every
question asks ``Engine.context``. The query vectors are computed once per question and
reused by every lever (a memo on each index's ``embed_query``).

    .venv/bin/python -m bench.ml_levers --diag q17          # per-signal z of a query
    .venv/bin/python -m bench.ml_levers [--no-locomo] [--only a,b]

The levers that changed nothing or cost recall and left the product (a cap on every
signal's z, a window weight of its own for stores without sessions) were measured by this
script at commit 542156f (docs/journal.md, "French and the baselines").

LoCoMo needs the stores built by
``souvenir bench recall ../shared/data/locomo --mode raw --baselines none --cache DIR``
(``--cache DIR`` here, default /work/cache/ml-locomo).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from souvenir.bench.shared import covered, embed_all  # noqa: E402
from souvenir.bench.locomo_stores import CHANNEL, open_store  # noqa: E402
from souvenir.bench.multilingual import NOW, splits  # noqa: E402
from souvenir.bench.recall import _questions, conversation_files, turn_sources  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.fusion import zscore  # noqa: E402
from souvenir.ground.timeutil import as_utc  # noqa: E402
from souvenir.ground.types import Candidate  # noqa: E402

SHARED = REPO.parent / "shared" / "data"

#: name → ScoringConfig overrides (the default first).
#: The levers that involved the feedback step (removed from the product afterwards) were
#: measured by this script at commit 7b30477 (docs/benchmarks.md, "French and the baselines").
LEVERS: dict[str, dict] = {
    "default": {},
    "window global 0 (z within each language only)": {"window_global": 0.0},
    "window global 0.25": {"window_global": 0.25},
    "window global 0.75": {"window_global": 0.75},
    "w_dense 1.25": {"w_dense": 1.25},
    "w_dense 1.25, window global 0.45": {"w_dense": 1.25, "window_global": 0.45},
    "w_dense 1.5": {"w_dense": 1.5},
    "w_dense 2.0": {"w_dense": 2.0},
}


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def _memo(index) -> None:
    """Memoise ``index.embed_query`` by text (research only: every lever asks the same)."""
    if index is None:
        return
    seen: dict[str, np.ndarray] = {}
    plain = index.embed_query

    def embed_query(text: str):
        if text not in seen:
            seen[text] = plain(text)
        return seen[text]

    index.embed_query = embed_query


def open_suite(path: Path, tmp: str):
    suite = json.loads(path.read_text(encoding="utf-8"))
    from souvenir.engine.runtime import open_runtime

    rt = open_runtime(
        Settings().model_copy(
            update={"database_url": f"sqlite:///{tmp}/ml.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
    )
    for memory in suite["memories"]:
        when = as_utc(memory["date"])
        rt.engine.remember(
            "bench", "suite", Candidate(text=memory["text"], kind="fact", source=memory["id"], time=when), now=when
        )
    embed_all(rt)
    _memo(rt.index)
    _memo(rt.window_index)
    return rt, suite


def suite_rows(rt, suite: dict, config: ScoringConfig) -> list[dict]:
    rt.engine.scorer = Scorer(config)
    sources = rt.store.sources(rt.store.find_user("bench", "suite"))
    rows = []
    for query in suite["queries"]:
        result = rt.engine.context("bench", "suite", query["text"], now=NOW, count=False)
        gold = set(query["gold"])
        rows.append(
            {
                "id": query["id"],
                "lang": query["lang"],
                "cross": query["cross_language"],
                "recall@24": len(gold & covered(result.memories, sources)) / len(gold),
                "scores": result.scores,
                "gold": gold,
            }
        )
    return rows


def diag(rt, suite: dict, qid: str, config: ScoringConfig) -> None:
    """Per-signal z-scores of a query's gold and of the top 30."""
    from souvenir.read.scoring.memory_language import memory_language

    query = next(q for q in suite["queries"] if q["id"] == qid)
    user_id = rt.store.find_user("bench", "suite")
    sources = rt.store.sources(user_id)
    src = {mid: next(iter(s)) for mid, s in sources.items()}
    eng = rt.engine
    eng.scorer = Scorer(config)
    candidates = rt.store.candidates(user_id, None)
    text = query["text"]
    dq, wq = rt.index.embed_query(text), rt.window_index.embed_query(text)
    static = eng.scorer._static(user_id, candidates)
    ids = static.ids
    from souvenir.read.scoring.bm25 import bm25_tokens
    from souvenir.read.scoring.scorer_input import aligned as _aligned

    lexical = static.lexical.scores(bm25_tokens(text))

    def side(index, q):
        from souvenir.read.scoring import DenseInput

        return DenseInput(q, lambda v, wanted=None: index.scores(user_id, v, wanted))

    d, w = side(rt.index, dq), side(rt.window_index, wq)
    U = _aligned(ids, d.cosines(dq))
    E = _aligned(ids, w.cosines(wq))
    from souvenir.read.scoring.fusion import fuse

    common = dict(languages=static.languages, neighbours=static.neighbours, speakers=static.speakers, days=static.days)
    plain = replace(config, neighbour_alpha=0.0, speaker_penalty=0.0, period_bonus=0.0)
    first = fuse(plain, dense=U, window=E, lexical=lexical, **common)
    langs = np.array([memory_language(m.text) for m in candidates])
    zu, zl = zscore(U), zscore(lexical)
    ze = zscore(E, static.languages)
    ze_all = zscore(E)
    final = eng.fused_scores(user_id, candidates, text, NOW, dq, wq)
    score = np.array([final[int(i)] for i in ids])
    order = np.argsort(-score, kind="stable")
    rank = {int(ids[j]): r + 1 for r, j in enumerate(order)}
    print(f"{qid} {text!r} gold {sorted(query['gold'])}")

    def rk(v, j):
        return int((v > v[j]).sum()) + 1

    for j in gold_pos0(ids, src, query):
        print(
            f"  gold {src[int(ids[j])]} ranks: USE {rk(U, j)} e5 {rk(E, j)} e5 in its language "
            f"{rk(np.where(langs == langs[j], E, -9), j)}/{(langs == langs[j]).sum()} first {rk(first, j)} final {rk(score, j)}"
        )
    print("rank  src   lang  S       zU    zE(lang) zE(all) zBM25 | cosU  cosE")
    gold_pos = [j for j, mid in enumerate(ids) if src.get(int(mid)) in query["gold"]]
    for j in list(order[:30]) + gold_pos:
        mid = int(ids[j])
        print(
            f"{rank[mid]:>4}  {src.get(mid):<5} {langs[j]:<4} {score[j]:6.2f} {zu[j]:6.2f} {ze[j]:7.2f} "
            f"{ze_all[j]:7.2f} {zl[j]:6.2f} | {U[j]:.3f} {E[j]:.3f}"
            f"  {candidates[j].text[:60]}"
        )
    for lang in np.unique(langs):
        m = langs == lang
        print(f"  e5 cos in {lang}: n {m.sum()} mean {E[m].mean():.3f} sd {E[m].std():.4f} max {E[m].max():.3f}")
    print(f"  e5 cos all: mean {E.mean():.3f} sd {E.std():.4f}; USE: mean {U.mean():.3f} sd {U.std():.4f}")


def gold_pos0(ids, src, query):
    return [j for j, mid in enumerate(ids) if src.get(int(mid)) in query["gold"]]


def locomo_rows(stores: list, config: ScoringConfig) -> list[dict]:
    rows = []
    for built, conv, questions in stores:
        rt = built.runtime
        rt.engine.scorer = Scorer(config)
        sources = turn_sources(rt.store.sources(built.user_id))
        now = conv.turns[-1].time if conv.turns else None
        for qa in questions:
            result = rt.engine.context(CHANNEL, conv.name, qa.question, now=now, count=False)
            ev = set(qa.evidence)
            rows.append(
                {
                    "conv": conv.name,
                    "cat": qa.category,
                    "recall@24": len(ev & covered(result.memories, sources)) / len(ev),
                }
            )
    return rows


def summary_suite(rows: list[dict]) -> dict:
    return splits(rows) | {"missed": [r["id"] for r in rows if r["recall@24"] < 1]}


def summary_locomo(rows: list[dict]) -> dict:
    out = {"overall": round(float(np.mean([r["recall@24"] for r in rows])), 4)}
    for cat in (1, 2, 3, 4):
        vals = [r["recall@24"] for r in rows if r["cat"] == cat]
        out[str(cat)] = round(float(np.mean(vals)), 4) if vals else None
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--suite", type=Path, default=SHARED / "multilingual" / "suite.json")
    ap.add_argument("--locomo", type=Path, default=SHARED / "locomo")
    ap.add_argument("--cache", type=Path, default=Path("/work/cache/ml-locomo"))
    ap.add_argument("--diag", default="")
    ap.add_argument("--lever", default="default", help="the lever --diag uses")
    ap.add_argument("--only", default="")
    ap.add_argument("--no-locomo", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--grid", default="", help="JSON list of ScoringConfig overrides to run instead of LEVERS")
    args = ap.parse_args(argv)
    levers = {k: v for k, v in LEVERS.items() if not args.only or k in args.only.split(",") or k == "default"}
    if args.grid:
        levers = {"default": {}} | {json.dumps(kw, sort_keys=True): kw for kw in json.loads(args.grid)}
    with tempfile.TemporaryDirectory(prefix="ml-levers-") as tmp:
        log("importing the suite…")
        rt, suite = open_suite(args.suite, tmp)
        try:
            if args.diag:
                for qid in args.diag.split(","):
                    diag(rt, suite, qid, ScoringConfig(**LEVERS[args.lever]))
                return 0
            results = {}
            for name, kw in levers.items():
                results[name] = {"suite": summary_suite(suite_rows(rt, suite, ScoringConfig(**kw)))}
                log(f"{name}: suite {results[name]['suite']['overall']} missed {results[name]['suite']['missed']}")
        finally:
            rt.close()
    if not args.no_locomo:
        stores = []
        settings = Settings()
        for path in conversation_files(args.locomo):
            conv = parse_locomo(path)
            built = open_store(conv, path, "raw", settings, args.cache, cached=True)
            _memo(built.runtime.index)
            _memo(built.runtime.window_index)
            stores.append((built, conv, _questions(conv)))
        try:
            for name, kw in levers.items():
                t0 = time.monotonic()
                results[name]["locomo"] = summary_locomo(locomo_rows(stores, ScoringConfig(**kw)))
                log(f"{name}: locomo {results[name]['locomo']} ({time.monotonic() - t0:.0f} s)")
        finally:
            for built, _, _ in stores:
                built.close()
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for name, r in results.items():
            s = r["suite"]
            langs = " / ".join(
                f"{lang} {v['all']:.3f} ({v['same']:.3f}/{v['cross']:.3f})" for lang, v in s["by_language"].items()
            )
            loc = r.get("locomo", {})
            print(
                f"{name:<24} suite {s['overall']:.3f} same {s['same']:.3f} cross {s['cross']:.3f} | {langs} "
                f"| missed {','.join(s['missed'])} | locomo {loc.get('overall')} "
                f"({', '.join(f'{k} {v}' for k, v in loc.items() if k != 'overall')})"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
