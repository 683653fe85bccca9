"""Cross-language levers of the fused score that are not linear weights (issue #18, pure numpy).

On ``multilingual2/suite-a.json`` the misses are gold memories written in another language
than the question that USE ranks high and e5 does not (or the reverse): a weighted sum of
z-scores lets one weak signal bury a strong one. These functions give the score other
views of the same signals; each is a separately named field of
:class:`~souvenir.read.scoring.fusion.ScoringConfig`, off by default unless the cross-validated
chain kept it (docs/journal.md, "Cross-language levers beyond weights (issue #18)").

- :func:`ranks`: 1-based rank of each value (the best first; NaN last).
- :func:`reciprocal_rank`: Σ over signals of 1 / (k + rank) — reciprocal-rank fusion: a
  memory that one signal ranks near the top keeps most of that credit whatever the others.
- :func:`centred`: each group's mean subtracted (a cosine centred per memory language, so
  that a language USE or e5 scores high as a whole for this query gains nothing from it).
- :func:`floored_by`: for the flagged memories, ``max(a, share · b)`` (a max-based fusion:
  across languages e5 missing a memory that USE finds costs it nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["centred", "floored_by", "ranks", "reciprocal_rank"]


def ranks(x: np.ndarray) -> np.ndarray:
    """1-based rank of each value of ``x`` (float64 array, same length): 1 for the largest;
    equal values share the best of their ranks (1, 2, 2, 4: BM25's many zeros all rank
    together, not in input order); NaN (no value) ranks after every finite value."""
    v = np.where(np.isfinite(x), x, -np.inf)
    desc = np.sort(-v)
    return np.searchsorted(desc, -v, side="left").astype(np.float64) + 1.0


def reciprocal_rank(signals: Sequence[np.ndarray], k: float) -> np.ndarray:
    """Reciprocal-rank fusion: Σ_s 1 / (k + rank_s) over the ``signals`` (arrays of one
    length, larger = better, NaN = no value), a float64 array; ``k`` > 0 (small k: the
    first ranks weigh much more than the rest). No signal → zeros."""
    if k <= 0:
        raise ValueError(f"k must be > 0, got {k}")
    signals = [s for s in signals if s is not None]
    if not signals:
        return np.zeros(0, dtype=np.float64)
    out = np.zeros(len(signals[0]), dtype=np.float64)
    for s in signals:
        out += 1.0 / (k + ranks(s))
    return out


def centred(x: np.ndarray, groups: Sequence[np.ndarray]) -> np.ndarray:
    """``x`` minus the mean of its group's finite values (``groups``: position arrays that
    partition the indices); NaN stays NaN; a position in no group is left as is."""
    out = np.array(x, dtype=np.float64, copy=True)
    for positions in groups:
        v = out[positions]
        ok = np.isfinite(v)
        if ok.any():
            out[positions] = v - v[ok].mean()
    return out


def floored_by(a: np.ndarray, b: np.ndarray, where: np.ndarray, share: float) -> np.ndarray:
    """``max(a, share · b)`` where ``where`` is true, ``a`` elsewhere (float64 arrays)."""
    return np.where(where, np.maximum(a, share * b), a)
