"""Why a selected memory scored what it did: its rank and the score's parts (pure).

The diagnostics page shows, per selected memory, which pass admitted it (the selection's
reason) and — issue #18 — why its score is what it is: its rank among all the candidates
by score, and the terms of the fused score (:func:`souvenir.read.scoring.fusion.fuse`: USE,
e5, BM25, the second hop, neighbours, speaker, period, diversity; signed, they sum to the
score). Computed off the turn, in the engine's bookkeeping thread.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from souvenir.candidates import Scores

__all__ = ["explain", "never_served"]


def explain(
    scores: Mapping[int, float] | None, parts: Mapping[str, np.ndarray] | None, memory_ids: Sequence[int]
) -> dict[int, tuple[int | None, dict[str, float] | None]]:
    """Per memory of ``memory_ids``: ``(rank, parts)``.

    ``scores``: memory id → score (the turn's :class:`~souvenir.read.selection.Scores` or a
    dict; ``None`` = a degraded turn). ``rank``: 1 + the number of candidates scored
    strictly higher (ties share a rank); ``None`` for a memory without a score.
    ``parts``: ``{"ids": int64 array, name: float array aligned with ids…}`` as
    :meth:`souvenir.read.scoring.Scorer.scores` fills it; each memory's values rounded to 3
    decimals, ``None`` when not given or the memory is not in them.
    """
    out: dict[int, tuple[int | None, dict[str, float] | None]] = {}
    if isinstance(scores, Scores):
        ids, values = scores.ids, scores.array
    elif scores:
        ids = np.fromiter(scores.keys(), dtype=np.int64, count=len(scores))
        values = np.fromiter(scores.values(), dtype=np.float64, count=len(scores))
    else:
        ids, values = np.empty(0, np.int64), np.empty(0)
    known = values[np.isfinite(values)]
    wanted = np.fromiter(memory_ids, dtype=np.int64, count=len(memory_ids))
    where = _positions(ids, wanted)
    part_ids = None if not parts else parts.get("ids")
    part_pos = _positions(np.asarray(part_ids, dtype=np.int64), wanted) if part_ids is not None else None
    for n, mid in enumerate(memory_ids):
        rank = None
        k = int(where[n])
        if k >= 0 and np.isfinite(values[k]):
            rank = 1 + int(np.count_nonzero(known > values[k]))
        detail = None
        p = -1 if part_pos is None else int(part_pos[n])
        if p >= 0:
            detail = {
                name: round(float(arr[p]), 3)
                for name, arr in parts.items()  # type: ignore[union-attr]
                if name != "ids"
            }
        out[mid] = (rank, detail)
    return out


def _positions(ids: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """Per value of ``wanted``: its position in ``ids`` (the last one when an id is there
    twice, as a dict built over ``ids`` would say), −1 when absent. A sorted ``ids`` (the
    turn's :class:`~souvenir.read.selection.Scores` and candidates, 100,000 of them at a
    time) is searched without a pass over it; another is read once (argsort)."""
    if not ids.size or not wanted.size:
        return np.full(wanted.shape, -1, dtype=np.int64)
    order = None
    if ids.size > 1 and not (ids[1:] > ids[:-1]).all():
        order = np.argsort(ids, kind="stable")  # repeated ids: the last one ends its run
        ids = ids[order]
    pos = np.maximum(np.searchsorted(ids, wanted, side="right") - 1, 0)
    hit = ids[pos] == wanted
    if order is not None:
        pos = order[pos]
    return np.where(hit, pos, -1)


def never_served(memories: Sequence, limit: int = 200) -> list[dict]:
    """Seed 000's question, « quel souvenir existe mais ne remonte jamais ? »: the memories
    that were candidates and never served, most often passed over first (then the oldest
    id), at most ``limit``; rules are always served and never listed."""
    rows = [m for m in memories if m.kind != "rule" and m.candidate_count > 0 and m.served_count == 0]
    rows.sort(key=lambda m: (-m.candidate_count, m.id))
    return [
        {
            "id": m.id,
            "kind": m.kind,
            "text": m.text,
            "candidate": m.candidate_count,
            "date": (m.updated_at or m.created_at).isoformat() if (m.updated_at or m.created_at) else None,
        }
        for m in rows[:limit]
    ]
