"""``souvenir bench recall``: evidence recall on LoCoMo through the product's real path.

Each conversation file is replayed into a fresh store (every turn an ``episode`` memory
with its turn id as source), embedded, then every question of categories 1–4 asks for a
context. recall@24 counts the evidence turns among what the selection actually returned
(a memory counts for every turn id it absorbed); recall@5 and @10 are those of the plain
semantic ranking (cosine, no passes). Malformed evidence ids are normalised and counted.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from statistics import mean

import numpy as np

from souvenir.bench.common import covered, embed_all
from souvenir.config import Settings
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import parse_locomo
from souvenir.runtime import open_runtime

CATEGORIES = (1, 2, 3, 4)


def _recall(evidence: set[str], found: set[str]) -> float:
    return len(evidence & found) / len(evidence)


def run_conversation(path: Path, settings: Settings, workdir: Path) -> tuple[list[dict], int]:
    """Per-question rows for one file, and its count of malformed evidence ids."""
    conv = parse_locomo(path)
    db = workdir / f"{conv.name}.db"
    rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{db}"}))
    try:
        replay_locomo(rt.engine, conv, channel="bench")
        embed_all(rt)
        user_id = rt.store.find_user("bench", conv.name)
        sources = rt.store.sources(user_id)
        rows = []
        for qa in conv.questions:
            if qa.category not in CATEGORIES or not qa.evidence:
                continue
            evidence = set(qa.evidence)
            result = rt.engine.context("bench", conv.name, qa.question, count=False)
            picked = covered(result.memories, sources)
            row = {"file": conv.name, "category": qa.category, "recall@24": _recall(evidence, picked)}
            if rt.index is not None:
                scores = rt.index.scores(user_id, rt.index.embed_query(qa.question))
                ranked = sorted(scores, key=lambda mid: (-scores[mid], mid))
                for k in (5, 10):
                    top = set().union(*(sources.get(mid, set()) for mid in ranked[:k])) if ranked else set()
                    row[f"recall@{k}"] = _recall(evidence, top)
            rows.append(row)
        return rows, conv.malformed_evidence
    finally:
        rt.close()


def _summary(rows: list[dict]) -> dict:
    keys = [k for k in ("recall@5", "recall@10", "recall@24") if rows and k in rows[0]]
    return {k: round(mean(r[k] for r in rows), 4) for k in keys} | {"n": len(rows)}


def bootstrap_ci(values: list[float], reps: int = 2000, seed: int = 0) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean."""
    if not values:
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    arr = np.asarray(values)
    means = arr[rng.integers(0, len(arr), size=(reps, len(arr)))].mean(axis=1)
    return (round(float(np.percentile(means, 2.5)), 4), round(float(np.percentile(means, 97.5)), 4))


def run_recall(directory: Path, settings: Settings, limit_files: int = 0,
               progress_console=None) -> dict:
    """The report: ``{"overall", "by_category", "questions", "embedder", "files", ...}``."""
    files = sorted(Path(directory).glob("conv-*.json"))
    if limit_files:
        files = files[:limit_files]
    rows: list[dict] = []
    malformed = 0
    with tempfile.TemporaryDirectory(prefix="souvenir-bench-") as tmp:
        for path in files:
            if progress_console is not None:
                progress_console.print(f"replaying and asking {path.name}…")
            found, bad = run_conversation(path, settings, Path(tmp))
            rows += found
            malformed += bad
    by_category = {str(c): _summary([r for r in rows if r["category"] == c])
                   for c in CATEGORIES if any(r["category"] == c for r in rows)}
    return {
        "overall": _summary(rows),
        "ci95_recall@24": bootstrap_ci([r["recall@24"] for r in rows]),
        "by_category": by_category,
        "questions": len(rows),
        "embedder": settings.embedder,
        "files": [p.name for p in files],
        "malformed_evidence_ids": malformed,
    }


def format_report(report: dict) -> str:
    """A plain-text table of the report."""
    lines = [f"embedder {report['embedder']}, {report['questions']} questions, "
             f"files {', '.join(report['files'])}, malformed evidence ids {report['malformed_evidence_ids']}",
             f"{'split':<10} {'n':>5} {'@5':>7} {'@10':>7} {'@24':>7}"]
    def line(name: str, s: dict) -> str:
        return (f"{name:<10} {s['n']:>5} {s.get('recall@5', float('nan')):>7.3f} "
                f"{s.get('recall@10', float('nan')):>7.3f} {s['recall@24']:>7.3f}")
    lines.append(line("overall", report["overall"]))
    for cat, s in report["by_category"].items():
        lines.append(line(f"cat {cat}", s))
    lines.append(f"recall@24 95% CI {report['ci95_recall@24']}")
    return "\n".join(lines)
