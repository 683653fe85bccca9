"""``souvenir bench multilingual``: recall@24 of the product's selection on the multilingual
suite (../shared/data/multilingual/suite.json; its README defines the splits), beside the
baselines of the same run over the same store.

The suite's 200 memories are imported for one user through the write path (each dated by
its ``date``), embedded, and each query asks for a context at "now" = 2025-12-31. recall@k
= |gold ∩ selected| / |gold|, averaged over the queries of a split: overall,
same-language, cross-language, and per query language (each split same / cross).

Baselines (top 24 of a plain ranking, no selection), all over the same store's active
memories:

- ``bm25``, ``dense`` (the default embedder's cosine, USE), ``recency``:
  :mod:`souvenir.bench.baselines`, as in ``bench recall``;
- ``e5``: cosine of the window embedder's query vector (multilingual-e5, ``query:`` role) to
  the window index's vectors. The suite's memories are facts without a session, so their
  "window" is their text alone: these are e5's plain passage vectors.

A baseline whose vectors are missing (``--embedder none``, ``--window-embedder none``) is
left out. ``vs_best`` says, per split, whether the product reaches the best baseline.
"""

from __future__ import annotations

import json
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from statistics import mean

import numpy as np

from souvenir.bench.baselines import LOCAL_BASELINES, Bm25Ranking, dense_ranking, recency_ranking
from souvenir.bench.shared import covered, embed_all
from souvenir.bench.recall_metrics import covered_by_rank
from souvenir.ground.config import Settings
from souvenir.engine.runtime import Runtime, open_runtime
from souvenir.ground.timeutil import as_utc
from souvenir.ground.types import Candidate

NOW = datetime(2025, 12, 31, 12, 0, tzinfo=timezone.utc)
K = 24
#: The baselines of the report, in order: ``bench recall``'s local ones, then plain e5.
MULTILINGUAL_BASELINES: tuple[str, ...] = (*LOCAL_BASELINES, "e5")


def _mean(rows: list[dict]) -> float | None:
    return round(mean(r["recall@24"] for r in rows), 4) if rows else None


def splits(rows: list[dict]) -> dict:
    """``{"overall", "same", "cross", "by_language": {lang: {all, same, cross}}}`` of rows
    ``{"lang", "cross", "recall@24"}`` (a split without queries: ``None``)."""
    langs = sorted({r["lang"] for r in rows})
    return {
        "overall": _mean(rows),
        "same": _mean([r for r in rows if not r["cross"]]),
        "cross": _mean([r for r in rows if r["cross"]]),
        "by_language": {
            lang: {
                "all": _mean([r for r in rows if r["lang"] == lang]),
                "same": _mean([r for r in rows if r["lang"] == lang and not r["cross"]]),
                "cross": _mean([r for r in rows if r["lang"] == lang and r["cross"]]),
            }
            for lang in langs
        },
    }


def _flat(figures: dict) -> dict[str, float | None]:
    """One split name → value: overall, same, cross, ``fr``, ``fr same``, ``fr cross``…"""
    out = {key: figures[key] for key in ("overall", "same", "cross")}
    for lang, split in figures["by_language"].items():
        out[lang] = split["all"]
        out[f"{lang} same"] = split["same"]
        out[f"{lang} cross"] = split["cross"]
    return out


def versus_best(product: dict, baselines: dict[str, dict]) -> dict[str, dict]:
    """Per split: ``{"product", "best", "baseline", "ok"}`` (``ok``: product ≥ best baseline;
    the first baseline in report order wins a tie). Splits without queries are left out."""
    mine = _flat(product)
    theirs = {name: _flat(fig) for name, fig in baselines.items()}
    out = {}
    for split, value in mine.items():
        found = [(v, name) for name, fig in theirs.items() if (v := fig.get(split)) is not None]
        if value is None or not found:
            continue
        best = max(v for v, _ in found)
        name = next(n for v, n in found if v == best)
        out[split] = {"product": value, "best": best, "baseline": name, "ok": value >= best}
    return out


def _query_vectors(index, texts: list[str]) -> np.ndarray | None:
    if index is None:
        return None
    return np.stack([np.asarray(index.embedder.encode_query(t.strip()), dtype=np.float32) for t in texts])


def _cosine_rankings(rt, user_id: int, index, texts: list[str]) -> list[list[int]] | None:
    """Per query: the user's memory ids by descending cosine under ``index`` (``None``: no
    index or no vectors)."""
    if index is None:
        return None
    ids, matrix = rt.store.vectors(user_id, index.name)
    if matrix is None:
        return None
    cosines = np.round((_query_vectors(index, texts) @ matrix.T).astype(np.float64), 6)
    return [dense_ranking(dict(zip(ids, row.tolist()))) for row in cosines]


def write_suite(rt: Runtime, memories: list[dict]) -> None:
    """The suite's ``memories`` as facts of user ``suite`` (channel ``bench``), each written at
    its date, then embedded."""
    for memory in memories:
        when = as_utc(memory["date"])
        rt.engine.remember(
            "bench",
            "suite",
            Candidate(text=memory["text"], kind="fact", source=memory["id"], time=when),
            now=when,
        )
    embed_all(rt)


def run_multilingual(path: Path, settings: Settings) -> dict:
    """The report::

    {"overall", "same", "cross", "by_language": {lang: {all, same, cross}},   # the product
     "queries", "embedder", "missed": [query ids with recall < 1],
     "baselines": {name: {"overall", "same", "cross", "by_language", "missed"}},
     "vs_best": {split: {"product", "best", "baseline", "ok"}}, "k": 24}
    """
    suite = json.loads(Path(path).read_text(encoding="utf-8"))
    queries = suite["queries"]
    texts = [q["text"] for q in queries]
    with tempfile.TemporaryDirectory(prefix="souvenir-ml-") as tmp:
        rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{tmp}/ml.db"}))
        try:
            write_suite(rt, suite["memories"])
            user_id = rt.store.find_user("bench", "suite")
            assert user_id is not None  # remember() created it
            sources = rt.store.sources(user_id)
            memories = [m for m in rt.store.memories(user_id, "active") if m.kind != "rule"]
            bm25 = Bm25Ranking(memories)
            newest = recency_ranking(memories)
            rankings: dict[str, list[list[int]] | None] = {
                "bm25": [bm25.rank(t) for t in texts],
                "dense": _cosine_rankings(rt, user_id, rt.index, texts),
                "recency": [newest] * len(texts),
                "e5": _cosine_rankings(rt, user_id, rt.window_index, texts),
            }
            rows: dict[str, list[dict]] = {name: [] for name in ("product", *MULTILINGUAL_BASELINES)}
            for i, query in enumerate(queries):
                gold = set(query["gold"])
                base = {"id": query["id"], "lang": query["lang"], "cross": query["cross_language"]}
                result = rt.engine.context("bench", "suite", query["text"], now=NOW, count=False)
                picked = covered(result.memories, sources)
                rows["product"].append(base | {"recall@24": len(gold & picked) / len(gold)})
                for name, ranked in rankings.items():
                    if ranked is not None:
                        found = covered_by_rank(ranked[i], sources, K)
                        rows[name].append(base | {"recall@24": len(gold & found) / len(gold)})
        finally:
            rt.close()
    product = splits(rows["product"])
    baselines = {
        name: splits(found) | {"missed": [r["id"] for r in found if r["recall@24"] < 1]}
        for name, found in rows.items()
        if name != "product" and found
    }
    return product | {
        "queries": len(rows["product"]),
        "embedder": settings.embedder,
        "missed": [r["id"] for r in rows["product"] if r["recall@24"] < 1],
        "k": K,
        "baselines": baselines,
        "vs_best": versus_best(product, baselines),
    }


def _cell(value: float | None) -> str:
    return f"{value:.3f}" if value is not None else "  -  "


def format_report(report: dict) -> str:
    """A table: one line per method, one column per split; then the product against the
    best baseline of each split."""
    langs = list(report["by_language"])
    cols = ["overall", "same", "cross"] + [f"{lang} {part}" for lang in langs for part in ("", "same", "cross")]
    names = [c.strip() for c in cols]
    lines = [
        f"embedder {report['embedder']}, {report['queries']} queries: recall@24 "
        "(product: its selection; baselines: top 24 of their ranking)",
        f"{'method':<9} " + " ".join(f"{n:>8}" for n in names),
    ]
    methods = {"product": report} | report.get("baselines", {})
    for name, figures in methods.items():
        flat = _flat(figures)
        lines.append(f"{name:<9} " + " ".join(f"{_cell(flat.get(n)):>8}" for n in names))
    lines.append(f"missed by the product (recall < 1): {', '.join(report['missed']) or 'none'}")
    vs = report.get("vs_best", {})
    if vs:
        behind = [f"{s} ({v['product']:.3f} < {v['baseline']} {v['best']:.3f})" for s, v in vs.items() if not v["ok"]]
        lines.append("product >= best baseline: " + ("every split" if not behind else "no in " + "; ".join(behind)))
        for split, v in vs.items():
            lines.append(
                f"  {split:<9} product {v['product']:.3f}  best {v['baseline']:<7} "
                f"{v['best']:.3f}  {'ok' if v['ok'] else 'BELOW'}"
            )
    return "\n".join(lines)
