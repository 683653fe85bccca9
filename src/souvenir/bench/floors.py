"""Read an embedder's semantic floor from its cosine distribution (``souvenir calibrate floor``).

Seed 000's rule, as ``bench/embedders.py`` read USE's 0.05 and e5's 0.77: a relevant pair
is (a query, one of its gold memories), an irrelevant one the query with any other memory
of the same data set; the floor is the highest cosine that still keeps at least 95% of
the relevant pairs eligible on *every* data set — min over data sets of P5(relevant),
rounded down to 2 decimals (eligible = cosine ≥ floor, inclusive). No floor is guessed
for an embedder nobody read (the 0.5 HTTP embedders used to get): run this on its own
vectors and set ``SOUVENIR_SEMANTIC_THRESHOLD``.

Data sets: files shaped like ``../shared/data/multilingual/suite.json`` (``{"memories":
[{id, text}], "queries": [{text, gold: [ids]}]}``) and LoCoMo conversations (turns
"Speaker: text", questions of categories 1–4 with their evidence turns).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from souvenir.ground.errors import FileFormatError, plain

__all__ = ["PairSet", "cosine_floor", "embed_pairs", "read_locomo", "read_suite"]

PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


@dataclass(frozen=True, slots=True)
class PairSet:
    """One data set: ``documents`` (texts), ``queries`` (texts) and per query the indexes of
    its relevant documents."""

    name: str
    documents: list[str]
    queries: list[str]
    relevant: list[set[int]]


def read_suite(path: str | Path) -> PairSet:
    """A multilingual-suite-shaped file. Raises :class:`FileFormatError`."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        index = {m["id"]: i for i, m in enumerate(data["memories"])}
        docs = [str(m["text"]) for m in data["memories"]]
        queries = [str(q["text"]) for q in data["queries"]]
        relevant = [{index[g] for g in q["gold"]} for q in data["queries"]]
    except (ValueError, KeyError, TypeError) as exc:
        raise FileFormatError(str(path), 0, f"not a suite file ({{memories, queries}}): {plain(exc)}") from exc
    return PairSet(path.stem, docs, queries, relevant)


def read_locomo(path: str | Path) -> PairSet:
    """A LoCoMo conversation: its turns, and its questions of categories 1–4."""
    from souvenir.replay.formats import parse_locomo

    conv = parse_locomo(path)
    position = {t.dia_id: i for i, t in enumerate(conv.turns)}
    qs = [q for q in conv.questions if q.category in (1, 2, 3, 4) and q.evidence]
    return PairSet(
        conv.name,
        [f"{t.speaker}: {t.text}" for t in conv.turns],
        [q.question for q in qs],
        [{position[e] for e in q.evidence if e in position} for q in qs],
    )


def embed_pairs(embedder, data: PairSet, batch: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """``(relevant cosines, irrelevant cosines)`` of ``data`` under ``embedder`` (documents
    through ``encode``, queries through ``encode_query``, as the product embeds them)."""
    docs = np.concatenate(
        [
            np.asarray(embedder.encode(data.documents[i : i + batch]), dtype=np.float64)
            for i in range(0, len(data.documents), batch)
        ]
    )
    rel, irr = [], []
    for text, gold in zip(data.queries, data.relevant):
        cos = docs @ np.asarray(embedder.encode_query(text), dtype=np.float64)
        mask = np.zeros(len(cos), dtype=bool)
        mask[list(gold)] = True
        rel.append(cos[mask])
        irr.append(cos[~mask])
    return np.concatenate(rel) if rel else np.empty(0), np.concatenate(irr) if irr else np.empty(0)


def cosine_floor(sets: Sequence[tuple[str, np.ndarray, np.ndarray]]) -> dict:
    """The floor read from ``(name, relevant cosines, irrelevant cosines)`` per data set::

        {"floor": float, "set_by": name, "data": {name: {"relevant": {P: value}, "irrelevant":
         {P: value}, "n": [relevant, irrelevant], "eligible": [share of relevant ≥ floor,
         share of irrelevant ≥ floor]}}}

    Raises ``ValueError`` when no data set has a relevant pair.
    """
    usable = [(n, r, i) for n, r, i in sets if len(r)]
    if not usable:
        raise ValueError("no relevant pair: nothing to read a floor from")
    p5 = {n: float(np.percentile(r, 5)) for n, r, _ in usable}
    set_by = min(p5, key=p5.__getitem__)
    floor = math.floor(p5[set_by] * 100 + 1e-9) / 100
    data = {}
    for name, rel, irr in usable:
        data[name] = {
            "relevant": {p: round(float(np.percentile(rel, p)), 4) for p in PERCENTILES},
            "irrelevant": {p: round(float(np.percentile(irr, p)), 4) for p in PERCENTILES} if len(irr) else {},
            "n": [int(len(rel)), int(len(irr))],
            "eligible": [
                round(float((rel >= floor).mean()), 4),
                round(float((irr >= floor).mean()), 4) if len(irr) else None,
            ],
        }
    return {"floor": floor, "set_by": set_by, "data": data}
