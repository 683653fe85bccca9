"""A memory's session neighbours and its rank within its session: the columns the scorer's
neighbour and session terms read (:func:`souvenir.read.scoring.fusion.fuse`). Pure numpy."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["neighbour_best", "neighbour_table", "session_ranks"]


def neighbour_table(ids: Sequence[int], sessions: Sequence[str | None], reach: int) -> np.ndarray | None:
    """For each memory, the positions of its session neighbours at −reach..−1, +1..+reach
    (sessions ordered by id): an int64 array (2·reach, N), −1 where there is none;
    ``None`` when no memory has a session."""
    groups: dict[str, list[int]] = {}
    for i, s in enumerate(sessions):
        if s is not None:
            groups.setdefault(s, []).append(i)
    if not groups or reach <= 0:
        return None
    table = np.full((2 * reach, len(ids)), -1, dtype=np.int64)
    for rows in groups.values():
        order = np.asarray(sorted(rows, key=lambda i: ids[i]), dtype=np.int64)
        n = len(order)
        for r in range(1, min(reach, n - 1) + 1):
            table[reach - r, order[r:]] = order[:-r]  # the one r before
            table[reach + r - 1, order[:-r]] = order[r:]  # the one r after
    return table


def neighbour_best(first: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Per memory: the best ``first`` score among its neighbours in ``table``, 0 if none."""
    vals = np.where(table >= 0, first[np.maximum(table, 0)], -np.inf)
    best = vals.max(axis=0)
    return np.where(np.isinf(best), 0.0, best)


def session_ranks(score: np.ndarray, sessions: np.ndarray, top: int) -> np.ndarray:
    """Per memory: 0, or k − 1 for the k-th best of its session among the ``top`` best
    scores (``sessions``: int64 codes, −1 = none)."""
    out = np.zeros(len(score), dtype=np.float64)
    n = len(score)
    if n == 0:
        return out
    best = np.argpartition(-score, top - 1)[:top] if top < n else np.arange(n)
    best = best[sessions[best] >= 0]
    if best.size < 2:
        return out
    order = best[np.lexsort((-score[best], sessions[best]))]
    codes = sessions[order]
    start = np.r_[0, np.flatnonzero(codes[1:] != codes[:-1]) + 1]
    counts = np.diff(np.r_[start, codes.size])
    out[order] = np.arange(codes.size) - np.repeat(start, counts)
    return out
