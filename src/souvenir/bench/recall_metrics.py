"""Evidence recall and its summaries for the recall benchmarks. Pure: numbers in, numbers out.

A question's recall is the share of its evidence turn ids found among what a method
returned; a method's figure is the mean over questions, with a 95% percentile bootstrap
interval resampling questions (2,000 draws, seed 0: the same interval on every run).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

#: Resamples and seed of the bootstrap intervals (fixed: a re-run gives the same interval).
BOOTSTRAP_REPS = 2000
BOOTSTRAP_SEED = 0


def recall(evidence: set[str], found: set[str]) -> float:
    """|evidence ∩ found| / |evidence| (evidence must not be empty)."""
    return len(evidence & found) / len(evidence)


def covered_by_rank(ranked: Sequence[int], sources: Mapping[int, set[str]], k: int) -> set[str]:
    """The turn ids held by the first ``k`` memory ids of a ranking."""
    found: set[str] = set()
    for mid in ranked[:k]:
        found |= sources.get(mid, set())
    return found


def rank_scores(scores: Mapping[int, float]) -> list[int]:
    """Memory ids by descending score, ties by ascending id (deterministic)."""
    return sorted(scores, key=lambda mid: (-scores[mid], mid))


def bootstrap_ci(
    values: Sequence[float], reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED
) -> tuple[float, float]:
    """95% percentile bootstrap interval of the mean of ``values``; (0, 0) when empty."""
    if not len(values):
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    arr = np.asarray(values, dtype=np.float64)
    means = arr[rng.integers(0, len(arr), size=(reps, len(arr)))].mean(axis=1)
    return (round(float(np.percentile(means, 2.5)), 4), round(float(np.percentile(means, 97.5)), 4))


def summarise(rows: Sequence[Mapping[str, float]], keys: Sequence[str]) -> dict:
    """``{key: mean, "ci95": [lo, hi] of the first key, "n": count}`` over ``rows``.

    Each row maps metric names ("recall@24", "recall@5"…) to one question's value; a key
    missing from the rows is left out.
    """
    out: dict = {}
    present = [k for k in keys if rows and k in rows[0]]
    for key in present:
        out[key] = round(float(np.mean([r[key] for r in rows])), 4)
    if present:
        out["ci95"] = list(bootstrap_ci([r[present[0]] for r in rows]))
    out["n"] = len(rows)
    return out


def by_category(
    rows: Sequence[Mapping[str, float]], categories: Sequence[int], category_of: Sequence[int], keys: Sequence[str]
) -> dict[str, dict]:
    """:func:`summarise` per category (``category_of[i]`` is row i's category), as
    ``{"1": {...}, ...}`` for the categories that have questions."""
    out = {}
    for cat in categories:
        picked = [r for r, c in zip(rows, category_of) if c == cat]
        if picked:
            out[str(cat)] = summarise(picked, keys)
    return out
