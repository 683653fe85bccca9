"""``souvenir bench multilingual``: recall@24 of the product's selection on the multilingual
suite (../shared/data/multilingual/suite.json; its README defines the splits).

The suite's 200 memories are imported for one user through the write path (each dated by
its ``date``), embedded, and each query asks for a context at "now" = 2025-12-31. recall@k
= |gold ∩ selected| / |gold|, averaged over the queries of a split: overall,
same-language, cross-language, and per query language (each split same / cross).
"""

from __future__ import annotations

import json
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from statistics import mean

from souvenir.bench.common import covered, embed_all
from souvenir.config import Settings
from souvenir.runtime import open_runtime
from souvenir.timeutil import as_utc
from souvenir.types import Candidate

NOW = datetime(2025, 12, 31, 12, 0, tzinfo=timezone.utc)


def _mean(rows: list[dict]) -> float | None:
    return round(mean(r["recall@24"] for r in rows), 4) if rows else None


def run_multilingual(path: Path, settings: Settings) -> dict:
    """The report: ``{"overall", "same", "cross", "by_language": {lang: {all, same, cross}},
    "queries", "embedder", "missed": [query ids with recall < 1]}``."""
    suite = json.loads(Path(path).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="souvenir-ml-") as tmp:
        rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{tmp}/ml.db"}))
        try:
            for memory in suite["memories"]:
                when = as_utc(memory["date"])
                rt.engine.remember("bench", "suite", Candidate(
                    text=memory["text"], kind="fact", source=memory["id"], time=when), now=when)
            embed_all(rt)
            sources = rt.store.sources(rt.store.find_user("bench", "suite"))
            rows = []
            for query in suite["queries"]:
                result = rt.engine.context("bench", "suite", query["text"], now=NOW, count=False)
                picked = covered(result.memories, sources)
                gold = set(query["gold"])
                rows.append({"id": query["id"], "lang": query["lang"], "cross": query["cross_language"],
                             "recall@24": len(gold & picked) / len(gold)})
        finally:
            rt.close()
    langs = sorted({r["lang"] for r in rows})
    return {
        "overall": _mean(rows),
        "same": _mean([r for r in rows if not r["cross"]]),
        "cross": _mean([r for r in rows if r["cross"]]),
        "by_language": {lang: {"all": _mean([r for r in rows if r["lang"] == lang]),
                               "same": _mean([r for r in rows if r["lang"] == lang and not r["cross"]]),
                               "cross": _mean([r for r in rows if r["lang"] == lang and r["cross"]])}
                        for lang in langs},
        "queries": len(rows),
        "embedder": settings.embedder,
        "missed": [r["id"] for r in rows if r["recall@24"] < 1],
    }


def format_report(report: dict) -> str:
    lines = [f"embedder {report['embedder']}, {report['queries']} queries: recall@24 of the selection",
             f"overall {report['overall']}, same-language {report['same']}, cross-language {report['cross']}"]
    for lang, split in report["by_language"].items():
        lines.append(f"  {lang}: {split['all']} (same {split['same']}, cross {split['cross']})")
    lines.append(f"missed (recall < 1): {', '.join(report['missed']) or 'none'}")
    return "\n".join(lines)
